import Foundation
import MovieSearch
import Streams
import StreamsTesting
import Synchronization
import Testing

@testable import TestSupport

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The client's retry timing, on virtual time with a fake transport.
@Suite(.timeLimit(.minutes(5))) struct TMDbClientRetryTests {
  /// Answers from a script, recording the virtual time of each request.
  final class ScriptedTransport: HTTPTransport {
    let clock: VirtualClock
    let replies: Lock<[(Int, [String: String], String)]>
    let times = Lock<[Duration]>([])

    init(clock: VirtualClock, _ replies: [(Int, [String: String], String)]) {
      self.clock = clock
      self.replies = Lock(replies)
    }

    func send(_ request: URLRequest) async throws -> (Data, HTTPURLResponse) {
      // The genre names asked for beside the search are not part of the script.
      let (status, headers, body): (Int, [String: String], String) =
        request.url!.path.hasSuffix("/genre/movie/list")
        ? (200, [:], Fixtures.genreList)
        : replies.withLock {
          times.withLock { $0.append(clock.now.offset) }
          return $0.count > 1 ? $0.removeFirst() : $0[0]
        }
      let response = HTTPURLResponse(
        url: request.url!, statusCode: status, httpVersion: "HTTP/1.1", headerFields: headers)!
      return (Data(body.utf8), response)
    }
  }

  static let limited = Fixtures.tmdbError(25, "Your request count is over the allowed limit.")

  func run(_ replies: [(Int, [String: String], String)]) async throws -> (
    Result<MoviePage, MovieServiceError>, [Duration]
  ) {
    try await withVirtualTime { clock in
      let transport = ScriptedTransport(clock: clock, replies)
      let client = TMDbClient(credentials: .apiKey("k"), transport: transport, clock: clock)
      let result: Result<MoviePage, MovieServiceError>
      do throws(MovieServiceError) {
        result = .success(try await client.searchMovies(MovieQuery("matrix")))
      } catch {
        result = .failure(error)
      }
      return (result, transport.times.withLock { $0 })
    }
  }

  @Test func retryAfterIsHonouredOnTheInjectedClock() async throws {
    let (result, times) = try await run([
      (429, ["Retry-After": "3"], Self.limited), (200, [:], Fixtures.searchPage),
    ])
    #expect(try result.get().results.count == 2)
    #expect(times == [.zero, .seconds(3)])
  }

  @Test func withoutRetryAfterItBacksOffThenGivesUp() async throws {
    let (result, times) = try await run([(429, [:], Self.limited)])
    #expect(times == [.zero, .seconds(1), .seconds(3), .seconds(7)])
    #expect(
      throws: MovieServiceError.rateLimited(
        message: "Your request count is over the allowed limit. (code 25)")
    ) {
      try result.get()
    }
  }

  @Test func aLongRetryAfterIsCapped() async throws {
    let (_, times) = try await run([
      (429, ["Retry-After": "3600"], Self.limited), (200, [:], Fixtures.searchPage),
    ])
    #expect(times == [.zero, .seconds(10)])
  }
}
