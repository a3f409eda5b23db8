import Foundation
import Testing

@testable import MovieSearchCLI
@testable import TestSupport

/// A completion script offers the genres of a catalog — outside text. Genres that a shell
/// would expand, substitute or split are left out of every script, so that completing
/// `--genre` in a real bash, zsh or fish never runs a command a catalog named.
@Suite(.timeLimit(.minutes(2))) struct CompletionScriptSafetyTests {
  /// Genres that run `touch` if a shell ever evaluates them, each in its shell's syntax (a
  /// tab between the words: the old scripts left out only names with spaces, and offered
  /// names lower-cased, so `${IFS}` would not do).
  static let hostileGenres = [
    "x$(touch\tpwned1)", "y`touch\tpwned2`", "z'$(touch\tpwned3)'", "(touch\tpwned4)",
    "w\"$(touch\tpwned5)\"", "v\\'(touch\tpwned6)",
  ]

  /// A folder holding a catalog whose films have `hostileGenres` beside Western and Drama.
  func catalogWithHostileGenres() async throws -> (folder: URL, catalog: String) {
    let folder = try temporaryDirectory()
    let genres = (["Western", "Drama"] + Self.hostileGenres).map {
      "\"" + $0.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
    let csv =
      "title,year,genres\n"
      + genres.enumerated().map { "Film \($0.offset),1990,\($0.element)" }.joined(separator: "\n")
    let source = folder.appendingPathComponent("films.csv")
    try csv.write(to: source, atomically: false, encoding: .utf8)
    let catalog = folder.appendingPathComponent("films.bin").path
    let built = try await CLI.run(["build-catalog", source.path, catalog])
    #expect(built.status == 0, "\(built.stderr)")
    return (folder, catalog)
  }

  func script(_ shell: String, catalog: String) async throws -> String {
    let made = try await CLI.run(
      ["--generate-completion-script", shell], environment: ["MOVIE_SEARCH_CATALOG": catalog])
    #expect(made.status == 0)
    return made.stdout
  }

  func expectNothingRan(in folder: URL) throws {
    let files = try FileManager.default.contentsOfDirectory(atPath: folder.path)
    #expect(!files.contains { $0.hasPrefix("pwned") }, "\(files)")
  }

  @Test func onlyPlainWordsAreOffered() {
    for word in ["drama", "sci-fi", "film-noir", "ciencia-ficción", "アニメ", "1990s"] {
      #expect(Completions.isPlainWord(word), "\(word)")
    }
    for word in Self.hostileGenres + ["", "-x", "a b", "a;b", "a|b", "a*", "a~", "{a,b}"] {
      #expect(!Completions.isPlainWord(word), "\(word)")
    }
  }

  @Test(arguments: ["bash", "zsh", "fish"])
  func noScriptHoldsAHostileGenre(_ shell: String) async throws {
    let (folder, catalog) = try await catalogWithHostileGenres()
    defer { try? FileManager.default.removeItem(at: folder) }
    let text = try await script(shell, catalog: catalog)
    #expect(text.contains("western"))
    for marker in 1...6 { #expect(!text.contains("pwned\(marker)")) }
  }

  @Test func bashCompletesGenresAndRunsNothing() async throws {
    let (folder, catalog) = try await catalogWithHostileGenres()
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("movie-search.bash")
    try await script("bash", catalog: catalog).write(to: path, atomically: false, encoding: .utf8)
    let driver = """
      cd "$1" && source "$2" || exit 9
      for typed in '' w x y z '(' v; do
        COMP_WORDS=(movie-search --genre "$typed"); COMP_CWORD=2; COMPREPLY=(); _movie_search
        echo "$typed=${COMPREPLY[*]}"
      done
      """
    let result = try await CLI.run(
      executable: "/bin/bash", ["-c", driver, "bash", folder.path, path.path], stdin: Data(),
      environment: CLI.environment())
    #expect(result.status == 0, "\(result.stderr)")
    let lines = result.stdout.split(separator: "\n").map(String.init)
    #expect(lines.first?.hasPrefix("=") == true && lines.first?.contains("western") == true)
    #expect(lines.dropFirst().contains("w=war western"))
    #expect(lines.contains("x="))
    try expectNothingRan(in: folder)
  }

  @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/fish")))
  func fishCompletesGenresAndRunsNothing() async throws {
    let (folder, catalog) = try await catalogWithHostileGenres()
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("movie-search.fish")
    try await script("fish", catalog: catalog).write(to: path, atomically: false, encoding: .utf8)
    let result = try await CLI.run(
      executable: "/usr/bin/fish",
      [
        "--no-config", "-c",
        "cd $argv[1]; and source $argv[2]; and complete -C 'movie-search --genre w'", folder.path,
        path.path,
      ],
      stdin: Data(), environment: CLI.environment(["HOME": folder.path]))
    #expect(result.status == 0, "\(result.stderr)")
    let offered: [String] = result.stdout.split(separator: "\n").map {
      String($0.prefix { $0 != "\t" })
    }
    #expect(offered == ["war", "western"])
    try expectNothingRan(in: folder)
  }

  @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/zsh")))
  func zshCompletesGenresAndRunsNothing() async throws {
    let (folder, catalog) = try await catalogWithHostileGenres()
    defer { try? FileManager.default.removeItem(at: folder) }
    let functions = folder.appendingPathComponent("functions")
    try FileManager.default.createDirectory(at: functions, withIntermediateDirectories: true)
    try await script("zsh", catalog: catalog).write(
      to: functions.appendingPathComponent("_movie-search"), atomically: false, encoding: .utf8)
    let shell = try PseudoTerminal(
      ["-f", "-i"], columns: 100, rows: 30,
      environment: CLI.environment(["HOME": folder.path, "TERM": "xterm-256color", "PS1": "%% "]),
      executable: "/usr/bin/zsh")
    shell.type(
      "cd '\(folder.path)' && fpath=('\(functions.path)' $fpath) && autoload -Uz compinit && compinit -u -D && echo READY\n"
    )
    await shell.waitFor("READY")
    shell.clearOutput()
    shell.type("movie-search --genre weste\t")
    await shell.waitFor("western")
    shell.type("\u{15}exit\n")  // the line killed, then exit
    #expect(await shell.waitForExit() == 0)
    try expectNothingRan(in: folder)
  }
}
