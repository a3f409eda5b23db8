import Foundation
import MovieSearch
import Streams
import Synchronization
import Testing

@testable import TestSupport

/// Waiting costs nothing: a server that thinks for two seconds costs the process almost no
/// processor time (URLSession on Linux spun a core for the length of any wait).
@Suite struct WaitingTests {
  @Test func waitingForASlowServerDoesNotSpin() async throws {
    // The same search against a server that answers at once, then one that thinks for two
    // seconds: what the wait adds is compared, not the whole process's time (a build under
    // a sanitizer takes a few hundred milliseconds to start and end on a slow machine). Each
    // is the least of two runs: a process's own time grows, never shrinks, when others
    // crowd the machine.
    var (prompt, slow) = (Int.max, Int.max)
    for _ in 0..<2 {
      prompt = min(prompt, try await processorTime(replying: .json(200, Fixtures.searchPage)))
      slow = min(
        slow,
        try await processorTime(
          replying: .slow(seconds: 2, then: Data(Fixtures.searchPage.utf8))))
    }
    // Measured: about 10 ms more (a spinning wait: 2.5 s more for the two requests' waits).
    // Under ThreadSanitizer, beside CI's other tests, one run each differed by up to 225 ms
    // with no wait spinning (its start alone is 250 ms): a quarter of the wait is the limit.
    #expect(slow - prompt < 500, "\(slow) ms waiting, \(prompt) ms answered at once")
  }

  /// The processor time, in milliseconds, of `movie-search matrix` against a server that
  /// gives `reply` to each request.
  private func processorTime(replying reply: LoopbackServer.Reply) async throws -> Int {
    let server = try LoopbackServer(genreList: nil) { _ in reply }
    defer { server.stop() }
    let result = try await CLI.run(
      ["--base-url", server.baseURL.absoluteString, "--token", "t", "matrix"],
      environment: ["MOVIE_SEARCH_REPORT_CPU": "1"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.hasPrefix("1\tThe Matrix\t1999"))
    let line = try #require(
      result.stderr.split(separator: "\n").last { $0.hasPrefix("cpu time: ") })
    return try #require(Int(line.dropFirst("cpu time: ".count).prefix { $0.isNumber }))
  }
}
