import Dispatch
import Foundation
import MovieSearch

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// A TMDb server whose every answer is the input (after its first byte, which picks the
/// status: mostly 200, else an error TMDb sends), through each call of the client.
enum TMDbHarness {
  struct Answer: HTTPTransport {
    let status: Int
    let body: Data

    func send(_ request: URLRequest) async throws -> (Data, HTTPURLResponse) {
      let response = HTTPURLResponse(
        url: request.url!, statusCode: status, httpVersion: "HTTP/1.1",
        headerFields: ["Content-Type": "application/json"])!
      return (body, response)
    }
  }

  /// Statuses other than 200 (429 is left out: its retries wait on the real clock).
  static let errors = [400, 401, 404, 500, 503]

  static func run(_ bytes: [UInt8]) {
    guard let first = bytes.first else { return }
    let status = first < 0xF0 ? 200 : errors[Int(first) % errors.count]
    let client = TMDbClient(
      credentials: .apiKey("fuzz"),
      transport: Answer(status: status, body: Data(bytes.dropFirst())),
      retryPolicy: RetryPolicy(maxRetries: 0))
    blocking {
      _ = try? await client.searchMovies(MovieQuery("matrix"))
      _ = try? await client.movieDetails(id: 603, language: "de")
      _ = try? await client.popularMovies(page: 2, language: nil)
      var filter = MovieFilter()
      filter.genres = ["Drama"]
      filter.person = "kubrick"
      _ = try? await client.discoverMovies(filter, page: 1, language: nil)
      if let person = try? await client.people(named: "kubrick", language: nil).first {
        _ = try? await client.films(of: person, language: nil)
      }
      if let id = IMDbID("tt0133093") { _ = try? await client.movieID(imdbID: id) }
      _ = try? await client.imageConfiguration()
      _ = try? await client.knownGenres()
      _ = try? await client.moreLikeThis(id: 603, language: nil)
    }
  }

  /// Runs `work` on the concurrency pool and waits on this thread (the fuzzer's) until it
  /// has ended *and* been released. Waiting for its end alone raced with the task letting go
  /// of what `work` holds (the client, the input's bytes): LeakSanitizer, checking right after
  /// the input, now and then saw them still allocated and reported a leak.
  static func blocking(_ work: @escaping @Sendable () async -> Void) {
    let done = DispatchSemaphore(value: 0)
    do {
      let job = Job(work, done: done)
      Task { await job.run() }
    }
    done.wait()
  }

  /// `work`, released before it signals that it is gone.
  final class Job: @unchecked Sendable {
    var work: (@Sendable () async -> Void)?
    let done: DispatchSemaphore

    init(_ work: @escaping @Sendable () async -> Void, done: DispatchSemaphore) {
      self.work = work
      self.done = done
    }

    func run() async { await work?() }

    deinit {
      work = nil
      done.signal()
    }
  }
}
