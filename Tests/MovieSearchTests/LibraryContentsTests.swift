import Foundation
import Testing

@testable import TestSupport

/// What each program carries, read from its symbols: an app linking only `Streams` and
/// `MovieSearch` (`link-probe`) carries none of the built-in catalog (GPL data), the test
/// machinery (the main-actor stand-in and the runtime hook it patches) or the tool's start
/// (a constructor that reopens descriptors); `movie-search` carries the catalog and its start
/// but no test machinery; only `movie-search-replay`, which plays `stream --virtual-time`,
/// has virtual time.
@Suite(.timeLimit(.minutes(1))) struct LibraryContentsTests {
  /// A program built beside `movie-search`.
  static func program(_ name: String) -> String {
    (CLI.binary as NSString).deletingLastPathComponent + "/" + name
  }

  /// What `program` holds: its defined symbols that name each part, and whether its bytes
  /// hold the runtime hook's name (looked up with `dlsym`, so a string, not a symbol).
  static func contents(of name: String) async throws -> (
    catalog: Bool, standIn: Bool, start: Bool, hook: Bool
  ) {
    let path = program(name)
    let symbols = try await CLI.run(
      executable: "/usr/bin/env", ["nm", path], stdin: Data(),
      environment: ProcessInfo.processInfo.environment
    ).stdout
    let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
    return (
      symbols.contains("movie_catalog_start"), symbols.contains("MainActorStandIn"),
      symbols.contains("ms_guard_startup_ran"),
      bytes.range(of: Data("swift_task_getMainExecutor_hook".utf8)) != nil
    )
  }

  @Test func anAppWithTheTwoLibrariesCarriesNoCatalogNoTestMachineryNoStart() async throws {
    let probe = try await Self.contents(of: "link-probe")
    #expect(!probe.catalog && !probe.standIn && !probe.start && !probe.hook)
    // It runs, with a catalog of its own.
    let run = try await CLI.run(
      executable: Self.program("link-probe"), [], stdin: Data(),
      environment: ProcessInfo.processInfo.environment)
    #expect(run.stdout == "[\"The Matrix\"]\n")
  }

  @Test func theToolCarriesTheCatalogAndItsStartButNoTestMachinery() async throws {
    let tool = try await Self.contents(of: "movie-search")
    #expect(tool.catalog && tool.start)
    #expect(!tool.standIn && !tool.hook)
    let replay = try await Self.contents(of: "movie-search-replay")
    #expect(replay.catalog && replay.start && replay.standIn && replay.hook)
  }

  @Test func virtualTimeIsHandedOverToTheReplayTool() async throws {
    // Through movie-search: it runs movie-search-replay in its place.
    let replayed = try await CLI.run(
      ["stream", "--virtual-time"], stdin: "matrix\n{\"select\":32710,\"at\":500}\n")
    #expect(replayed.status == 0)
    #expect(
      replayed.stdout.hasPrefix(
        "{\"at\":0,\"state\":\"idle\"}\n{\"at\":300,\"query\":\"matrix\",\"state\":\"loading\"}\n"))
    #expect(replayed.stdout.contains("{\"at\":500,\"details\":\"loading\",\"id\":32710}\n"))
    // Alone, in a folder without the replay tool, it says how to have it.
    let folder = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let alone = folder.appendingPathComponent("movie-search").path
    try FileManager.default.copyItem(atPath: CLI.binary, toPath: alone)
    let missing = try await CLI.run(
      executable: alone, ["stream", "--virtual-time"], stdin: Data("matrix\n".utf8),
      environment: CLI.environment())
    #expect(missing.status == 1)
    #expect(
      missing.stderr
        == "Error: 'stream --virtual-time' is played by movie-search-replay, which is not beside this program: build it with 'swift build --product movie-search-replay'.\n"
    )
  }
}
