import Foundation
import Testing

@testable import TestSupport

/// Started with stdin, stdout or stderr closed (`>&-`), movie-search opens them on
/// `/dev/null` before anything else, so no file it opens takes their numbers; output meant
/// for a closed stdout is discarded, as for a closed pipe, and a success stays a success.
@Suite(.timeLimit(.minutes(2))) struct ClosedDescriptorsTests {
  /// Runs `movie-search arguments` from a shell with `redirections` (e.g. `>&-`).
  func run(_ arguments: [String], _ redirections: String) async throws -> CLI.Result {
    try await CLI.run(
      executable: "/bin/sh", ["-c", "exec \"$@\" \(redirections)", "sh", CLI.binary] + arguments,
      stdin: Data(), environment: CLI.environment())
  }

  @Test func aSearchWithStdoutClosedEndsQuietlyWithSuccess() async throws {
    let result = try await run(["love"], ">&-")
    #expect(result.status == 0)
    #expect(result.stderr == "")
  }

  @Test func aSearchWithStdinAndStderrClosedStillAnswers() async throws {
    let closed = try await run(["--limit", "1", "love", "actually"], "<&- 2>&-")
    let open = try await CLI.run(["--limit", "1", "love", "actually"])
    #expect(closed.status == 0)
    #expect(closed.stdout == open.stdout)
    #expect(open.stdout.hasPrefix("1\tLove Actually\t2003"))
  }

  @Test func buildCatalogWithStdoutClosedWritesAGoodCatalogAndSucceeds() async throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("closed-stdout-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let source = folder.appendingPathComponent("small.csv").path
    let catalog = folder.appendingPathComponent("small.bin").path
    try "title,year,rating,votes\nThe Quiet Film,1999,7.1,1200\n".write(
      toFile: source, atomically: true, encoding: .utf8)
    let built = try await run(["build-catalog", source, catalog], ">&-")
    #expect(built.status == 0)
    #expect(built.stderr == "")
    let search = try await CLI.run(["--catalog", catalog, "quiet"])
    #expect(search.status == 0)
    #expect(search.stdout.hasPrefix("1\tThe Quiet Film\t1999\t7.1\t1200\t"))
  }
}
