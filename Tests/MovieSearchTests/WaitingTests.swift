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
    let server = try LoopbackServer(genreList: nil) { request in
      .slow(seconds: 2, then: Data(Fixtures.searchPage.utf8))
    }
    defer { server.stop() }
    let result = try await CLI.run(
      ["--base-url", server.baseURL.absoluteString, "--token", "t", "matrix"],
      environment: ["MOVIE_SEARCH_REPORT_CPU": "1"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.hasPrefix("1\tThe Matrix\t1999"))
    let line = try #require(
      result.stderr.split(separator: "\n").last { $0.hasPrefix("cpu time: ") })
    let milliseconds = try #require(Int(line.dropFirst("cpu time: ".count).prefix { $0.isNumber }))
    // Measured: about 10 ms (2.5 s before, for the two requests' waits). A tenth of the
    // wait leaves room for a loaded machine and a debug build.
    #expect(milliseconds < 200, "\(line)")
  }
}
