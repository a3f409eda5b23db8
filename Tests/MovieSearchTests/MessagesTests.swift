import Foundation
import Testing

@testable import TestSupport

#if canImport(Glibc)
  import Glibc
#endif

/// Messages, completions and ways out, through the binary: each says what is so.
@Suite(.timeLimit(.minutes(5))) struct MessagesTests {
  @Test func numbersTooLargeAreSaidToBeTooLarge() async throws {
    let details = try await CLI.run(["details", "99999999999999999999999"])
    #expect(details.status == 64)
    #expect(
      details.stderr.hasPrefix("Error: '99999999999999999999999' is too large to be a film id.\n"))
    let page = try await CLI.run(["matrix", "--page", "99999999999999999999"])
    #expect(page.status == 64)
    #expect(
      page.stderr.hasPrefix(
        "Error: The value of '--page' is too large: it must be between 1 and 21474836.\n"))
  }

  @Test func helpHasHelpAndSearchWithoutAQueryIsAUsageError() async throws {
    let help = try await CLI.run(["help", "help"])
    #expect(help.status == 0)
    #expect(help.stdout.hasPrefix("OVERVIEW: Show the help of movie-search or of one subcommand."))
    let search = try await CLI.run(["search"])
    #expect(search.status == 64)
    #expect(search.stderr.hasPrefix("Error: No query given.\n"))
  }

  @Test func aMistypedOptionIsAnsweredWithTheNearestOne() async throws {
    let cases = [
      (["--jsn", "matrix"], "Error: Unknown option '--jsn'. Did you mean '--json'?"),
      (["-json", "matrix"], "Error: Unknown option '-json'. Did you mean '--json'?"),
      (
        ["discover", "--min-ratng", "7"],
        "Error: Unknown option '--min-ratng'. Did you mean '--min-rating'?"
      ),
      (["--zzz", "matrix"], "Error: Unknown option '--zzz'."),
    ]
    for (arguments, message) in cases {
      let result = try await CLI.run(arguments)
      #expect(result.status == 64, "\(arguments)")
      #expect(result.stderr.split(separator: "\n").first.map(String.init) == message)
    }
  }

  @Test func searchHelpListsTheFinderOptionsApartAsTheyNeedNoQuery() async throws {
    let help = try await CLI.run(["help", "search"])
    let heading = "WITHOUT A QUERY (the interactive search; see 'movie-search help interactive'):"
    let parts = help.stdout.components(separatedBy: heading)
    #expect(parts.count == 2)
    for option in ["--print-id", "--multi", "--query <text>", "--height <n[%]>"] {
      #expect(!parts[0].contains("\(option) "), "\(option) is listed with the search's own")
      #expect(parts.last?.contains("\(option) ") == true, "\(option) is not under the heading")
    }
    let rejected = try await CLI.run(["search", "--print-id", "matrix"])
    #expect(rejected.status == 64)
  }

  @Test func everyHelpFitsEightyColumnsAndNamesTheCompletionScript() async throws {
    for command in ["search", "details", "stream", "interactive", "build-catalog"] {
      let help = try await CLI.run([command, "--help"])
      let wide = help.stdout.split(separator: "\n").filter { $0.count > 80 }
      #expect(wide.isEmpty, "\(command): \(wide)")
    }
    let help = try await CLI.run(["--help"])
    #expect(help.stdout.contains("--generate-completion-script <shell>"))
  }

  @Test func optionsThatDoNothingOfflineSaySoAndDetailsRefusesIncludeAdult() async throws {
    let search = try await CLI.run(["matrix", "--limit", "1", "--language", "de", "--region", "at"])
    #expect(search.status == 0)
    #expect(
      search.stderr
        == "Note: --language has no effect on the offline catalog (TMDb only).\nNote: --region has no effect on the offline catalog (TMDb only).\n"
    )
    let details = try await CLI.run(["details", "32710", "--include-adult"])
    #expect(details.status == 64)
    #expect(details.stderr.hasPrefix("Error: Unknown option '--include-adult'.\n"))
  }

  @Test func offlineJSONSaysWhatTheCatalogKnowsOnly() async throws {
    let empty = try await CLI.run(["zzzzzzzzqq", "--json"])
    #expect(empty.stdout == #"{"page":1,"results":[],"total_pages":1,"total_results":0}"# + "\n")
    let details = try await CLI.run(["details", "32710", "--json"])
    #expect(!details.stdout.contains(#""status""#))
    #expect(!details.stdout.contains(#""revenue""#))
    #expect(details.stdout.contains(#""budget":63000000"#))
  }

  @Test func completionScriptsCompleteFileNames() async throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    try Data().write(to: directory.appendingPathComponent("films.bin"))
    let script = try await CLI.run(["--generate-completion-script", "bash"])
    let cases = [
      "--catalog f": "films.bin", "build-catalog f": "films.bin",
      "interactive --record f": "films.bin",
      "--generate-completion-script z": "zsh", "--gen": "--generate-completion-script",
    ]
    let driver = cases.keys.sorted().map { typed in
      #"W=(movie-search \#(typed)); COMP_WORDS=("${W[@]}"); COMP_CWORD=$((${#W[@]}-1)); COMPREPLY=(); _movie_search; echo "\#(typed)=${COMPREPLY[*]}""#
    }.joined(separator: "\n")
    let result = try await CLI.run(
      executable: "/bin/bash", ["-c", "cd '\(directory.path)'\n" + script.stdout + "\n" + driver],
      stdin: Data(), environment: CLI.environment())
    #expect(result.stderr == "")
    // Typed, not inferred inside `#expect`: that took the type checker seconds.
    let lines: [String] = result.stdout.split(separator: "\n").map(String.init)
    let offered: [String] = cases.keys.sorted().map { "\($0)=\(cases[$0] ?? "?")" }
    #expect(lines == offered)
    let zsh = try await CLI.run(["--generate-completion-script", "zsh"])
    #expect(zsh.stdout.contains("'--catalog[") && zsh.stdout.contains("]:file:_files'"))
    #expect(zsh.stdout.contains("--generate-completion-script"))
    let fish = try await CLI.run(["--generate-completion-script", "fish"])
    #expect(fish.stdout.contains("-l catalog -r -F"))
    #expect(fish.stdout.contains("-l generate-completion-script -x -a 'bash zsh fish'"))
  }

  @Test func aYearWithNoFilmsIsNamed() async throws {
    let terminal = try PseudoTerminal.movieSearch(["--year", "1850", "matrix"])
    #expect(await terminal.waitForExit() == 0)
    #expect(terminal.lines == ["No films from 1850 match 'matrix'."])
  }

  @Test func aRecordingThatCannotBeWrittenEndsTheSession() async throws {
    let terminal = try PseudoTerminal.movieSearch([
      "interactive", "--offline", "--record", "/dev/full",
    ])
    #expect(await terminal.waitForExit() == 1)
    #expect(terminal.isRestored)
    #expect(
      terminal.visible.contains(
        "Error: cannot write the recording '/dev/full': No space left on device."))
  }

  @Test func ctrlZStopsTheWholePipeline() async throws {
    // The finder piped into a program that reports on the terminal the SIGTSTP it gets:
    // the finder's Ctrl-Z reaches its whole process group, not only itself. (The group is
    // orphaned here — its session leader's parent is outside — so the stop itself is
    // ignored by the system; the signal is what is tested.)
    let reporter = """
      import os, signal, sys
      tty = os.open('/dev/tty', os.O_WRONLY)
      signal.signal(signal.SIGTSTP, lambda *_: os.write(tty, b'pipeline got SIGTSTP\\n'))
      os.write(tty, b'reporter ready\\n')
      sys.stdin.read()
      """
    let terminal = try PseudoTerminal(
      [
        "-c",
        "'\(CLI.binary)' interactive --offline --print-id | python3 -c \"$REPORTER\"",
      ],
      environment: CLI.environment(["REPORTER": reporter, "TERM": "xterm-256color"]),
      executable: "/bin/sh")
    await terminal.waitFor("reporter ready")
    await terminal.waitFor("Type a title.")
    terminal.type("\u{1A}")
    await terminal.waitFor("pipeline got SIGTSTP")
    terminal.type("\u{03}")
    #expect(await terminal.waitForExit() == 0)
  }
}
