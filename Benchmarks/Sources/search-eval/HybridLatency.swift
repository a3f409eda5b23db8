import Foundation
import MovieSearch
import MovieSearchBuiltInCatalog
import Streams

/// TMDb as a slow connection sees it: every search answers after `latency` (real time), with
/// the film the catalog has and one newer than it.
struct SlowTMDb: MovieService {
  let latency: Duration

  func searchMovies(_ query: MovieQuery) async throws(MovieServiceError) -> MoviePage {
    do { try await Task.sleep(for: latency) } catch { throw .cancelled }
    let films = [
      Movie(id: 238, title: "The Godfather", releaseDate: ReleaseDate(year: 1972)),
      Movie(id: 9_999_001, title: "The Godfather Part IV", releaseDate: ReleaseDate(year: 2030)),
    ]
    return MoviePage(page: 1, results: films, totalPages: 1, totalResults: films.count)
  }

  func movieDetails(id: Int, language: String?) async throws(MovieServiceError) -> MovieDetails {
    throw .notFound(message: "not here")
  }

  func popularMovies(page: Int, language: String?) async throws(MovieServiceError) -> MoviePage {
    .empty
  }

  func imageConfiguration() async throws(MovieServiceError) -> ImageConfiguration? { nil }
}

/// The hybrid view model in process, on the real clock: "godfather" typed at 60 ms a key into
/// the built-in catalog with a TMDb answering in 200 ms; from the last key to the catalog's
/// list (`complete: false`) and to the merged list (`complete: true`), median and max of
/// `runs`.
func hybridLatency(runs: Int) async throws {
  let catalog = try OfflineCatalog.builtIn()
  let debounce = Duration.milliseconds(300)
  let latency = Duration.milliseconds(200)
  var first: [Duration] = []
  var merged: [Duration] = []
  for _ in 0..<runs {
    let (search, typed) = AsyncStream.makeStream(of: String.self)
    let viewModel = MoviesSearchViewModel(
      catalog: catalog, online: SlowTMDb(latency: latency), clock: ContinuousClock(),
      debounce: debounce)
    let output = viewModel.transform(
      input: MoviesSearchInput(appear: Empty<Void>(), search: search, selection: Empty<Int>()))
    let lastKey = Lock<ContinuousClock.Instant?>(nil)
    let typing = Task {
      let query = "godfather"
      for end in query.indices {
        if end != query.startIndex { try? await Task.sleep(for: .milliseconds(60)) }
        if end == query.index(before: query.endIndex) {
          lastKey.withLock { $0 = .now }
        }
        typed.yield(String(query[...end]))
      }
    }
    for await state in output.states {
      guard case .success("godfather", _, _, _, let complete, _) = state,
        let key = lastKey.withLock({ $0 })
      else { continue }
      if complete {
        merged.append(.now - key)
        break
      }
      first.append(.now - key)
    }
    typing.cancel()
    typed.finish()
  }
  func summary(_ values: [Duration]) -> String {
    let sorted = values.sorted()
    let ms = { (value: Duration) in
      String(format: "%.1f ms", Double(value / .microseconds(1)) / 1000)
    }
    return "median \(ms(sorted[sorted.count / 2])), max \(ms(sorted.last ?? .zero))"
  }
  print(
    "hybrid view model in process (built-in catalog, TMDb answering in 200 ms, debounce 300 ms, \(runs) runs):"
  )
  print("  last key → catalog's list: \(summary(first))  (goal ≤ 5 ms)")
  print("  last key → merged list:    \(summary(merged))  (goal ≤ 510 ms)")
}

/// A lock for the benchmark's few shared values.
// @unchecked Sendable: `value` is read and written only inside `withLock`, under `lock`.
final class Lock<Value: Sendable>: @unchecked Sendable {
  private var value: Value
  private let lock = NSLock()
  init(_ value: Value) { self.value = value }
  func withLock<T>(_ body: (inout Value) -> T) -> T {
    lock.lock()
    defer { lock.unlock() }
    return body(&value)
  }
}
