import Foundation
import Streams
import Synchronization
import Testing

@testable import TestSupport

#if canImport(Glibc)
  import Glibc
#endif

/// Runs the built `movie-search` binary (through ``ProcessRunner``, in a pseudo-terminal
/// through ``PseudoTerminal``).
enum CLI {
  typealias Result = ProcessRunner.Result

  /// The binary, next to the test bundle in the build folder.
  static let binary: String = {
    let bundle = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    for directory in [bundle, bundle.deletingLastPathComponent()] {
      let candidate = directory.appendingPathComponent("movie-search").path
      if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
    }
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    return root.appendingPathComponent(".build/debug/movie-search").path
  }()

  /// A fixture file of the tests.
  static func fixture(_ name: String) -> URL {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("Fixtures").appendingPathComponent(name)
  }

  /// The built-in catalog's file, as committed (to copy and change in a test).
  static let builtInCatalog = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Sources/CatalogData/catalog.bin").path

  /// The environment of a run: no TMDb or catalog settings, no colour preference, plus
  /// `extra`.
  static func environment(_ extra: [String: String] = [:]) -> [String: String] {
    var environment = ProcessInfo.processInfo.environment
    for name in [
      "TMDB_API_KEY", "TMDB_ACCESS_TOKEN", "NO_COLOR", "COLUMNS", "MOVIE_SEARCH_CATALOG",
      "LC_ALL", "LC_MESSAGES",
    ] {
      environment[name] = nil
    }
    // The locale decides which other titles an IMDb build keeps: the same on every machine.
    environment["LANG"] = "C.UTF-8"
    return environment.merging(extra) { $1 }
  }

  /// Runs the binary with `arguments`, feeding `stdin` (or an empty input), then `later`
  /// once it is ready; its stdout goes to the file at `stdoutPath` instead of the result
  /// when one is given (`/dev/full`).
  static func run(
    _ arguments: [String], stdin: String = "", later: ProcessRunner.LaterInput? = nil,
    environment extra: [String: String] = [:], stdoutPath: String? = nil,
    limit: Duration = .seconds(120)
  ) async throws -> Result {
    try await ProcessRunner.run(
      executable: binary, arguments, stdin: Data(stdin.utf8), later: later,
      environment: environment(extra), stdoutPath: stdoutPath, limit: limit)
  }

  /// Runs another program (a shell, a script), as ``ProcessRunner`` does.
  static func run(
    executable: String, _ arguments: [String], stdin: Data, environment: [String: String],
    stdoutPath: String? = nil, limit: Duration = .seconds(120)
  ) async throws -> Result {
    try await ProcessRunner.run(
      executable: executable, arguments, stdin: stdin, environment: environment,
      stdoutPath: stdoutPath, limit: limit)
  }
}

extension PseudoTerminal {
  /// `movie-search` with `arguments` on a new pseudo-terminal, in ``CLI``'s environment
  /// (`TERM=xterm-256color` and `environment` added).
  static func movieSearch(
    _ arguments: [String], columns: UInt16 = 80, rows: UInt16 = 24,
    environment: [String: String] = [:], stdoutFile: String? = nil
  ) throws -> PseudoTerminal {
    try PseudoTerminal(
      arguments, columns: columns, rows: rows,
      environment: CLI.environment(["TERM": "xterm-256color"].merging(environment) { $1 }),
      stdoutFile: stdoutFile, executable: CLI.binary)
  }
}
