import Foundation
import MovieSearch
import Streams
import StreamsTesting
import Synchronization

/// A movie service on virtual time: each call takes `latency(query)` on the clock, then
/// answers with `answer(query)`. It logs calls and cancellations with their virtual times.
final class FakeMovieService: MovieService {
  let clock: VirtualClock
  let latency: @Sendable (String) -> Duration
  let answer: @Sendable (String) -> Result<MoviePage, MovieServiceError>
  /// The answer for a page past the first, when a test pages; by default the first page's.
  let pageAnswer: (@Sendable (String, Int) -> Result<MoviePage, MovieServiceError>)?
  private let entries = Lock<[String]>([])

  init(
    clock: VirtualClock,
    latency: @escaping @Sendable (String) -> Duration = { _ in .milliseconds(100) },
    answer: @escaping @Sendable (String) -> Result<MoviePage, MovieServiceError> = {
      .success(FakeMovieService.page(for: $0))
    },
    pageAnswer: (@Sendable (String, Int) -> Result<MoviePage, MovieServiceError>)? = nil
  ) {
    self.clock = clock
    self.latency = latency
    self.answer = answer
    self.pageAnswer = pageAnswer
  }

  /// "search mat @500", "cancelled mat @800", …
  var log: [String] { entries.withLock { $0 } }

  private func note(_ text: String) {
    let now = clock.now.offset
    entries.withLock { $0.append("\(text) @\(now.milliseconds)") }
  }

  /// A page with one film titled after the query; the ids are the same on every run.
  static func page(for query: String, count: Int = 1) -> MoviePage {
    let movies = (0..<count).map {
      Movie(id: id(for: query) + $0, title: "\(query.capitalized) \($0 + 1)")
    }
    return MoviePage(page: 1, results: movies, totalPages: 1, totalResults: count)
  }

  private func call(_ what: String, _ key: String) async throws(MovieServiceError) {
    note("\(what) \(key)")
    do {
      try await clock.sleep(for: latency(key))
    } catch {
      note("cancelled \(key)")
      throw .cancelled
    }
  }

  func searchMovies(_ query: MovieQuery) async throws(MovieServiceError) -> MoviePage {
    try await call("search", query.text + (query.page > 1 ? " p\(query.page)" : ""))
    if let pageAnswer { return try pageAnswer(query.text, query.page).get() }
    return try answer(query.text).get()
  }

  /// A filtered search, logged as "search text [filter]"; its films are named after both.
  func searchMovies(_ query: MovieQuery, filter: MovieFilter) async throws(MovieServiceError)
    -> MoviePage
  {
    let key = "\(query.text) [\(Self.describe(filter))]"
    try await call("search", key + (query.page > 1 ? " p\(query.page)" : ""))
    if let pageAnswer { return try pageAnswer(key, query.page).get() }
    return try answer(key).get()
  }

  /// A listing, logged as "discover [filter]"; its films are named after the filter.
  func discoverMovies(_ filter: MovieFilter, page: Int, language: String?)
    async throws(MovieServiceError) -> MoviePage
  {
    let key = "[\(Self.describe(filter))]"
    try await call("discover", key + (page > 1 ? " p\(page)" : ""))
    if let pageAnswer { return try pageAnswer(key, page).get() }
    return try answer(key).get()
  }

  /// A filter in a few words: "Comedy 1990-1999 7.5+ by rating".
  static func describe(_ filter: MovieFilter) -> String {
    var parts = filter.genres
    if filter.fromYear != nil || filter.toYear != nil {
      parts.append(
        "\(filter.fromYear.map(String.init) ?? "")-\(filter.toYear.map(String.init) ?? "")")
    }
    if let rating = filter.minRating { parts.append("\(rating)+") }
    if filter.sort != MovieFilter.Sort() { parts.append("by \(filter.sort.key.rawValue)") }
    return parts.joined(separator: " ")
  }

  func movieDetails(id: Int, language: String?) async throws(MovieServiceError) -> MovieDetails {
    try await call("details", String(id))
    guard id != 404 else {
      throw .notFound(message: "The resource you requested could not be found.")
    }
    return MovieDetails(
      movie: Movie(id: id, title: "Film \(id)", posterPath: "/\(id).jpg"), runtime: 100)
  }

  func popularMovies(page: Int, language: String?) async throws(MovieServiceError) -> MoviePage {
    try await call("popular", String(page))
    // Two pages of two films.
    let movies = (0..<2).map {
      Movie(
        id: Self.id(for: "popular") + (page - 1) * 2 + $0,
        title: "Popular \((page - 1) * 2 + $0 + 1)")
    }
    return MoviePage(page: page, results: movies, totalPages: 2, totalResults: 4)
  }

  func imageConfiguration() async throws(MovieServiceError) -> ImageConfiguration? {
    ImageConfiguration(secureBaseURL: "https://img.test/", posterSizes: ["w342"])
  }

  /// A film id made from the query (FNV-1a of its bytes): unlike `hashValue`, which is
  /// seeded per process, the same on every run.
  static func id(for query: String) -> Int {
    var hash: UInt32 = 2_166_136_261
    for byte in query.utf8 { hash = (hash ^ UInt32(byte)) &* 16_777_619 }
    return Int(hash & 0xFFFF) + 1
  }
}

extension Duration {
  var milliseconds: Int64 {
    let (seconds, attoseconds) = components
    return seconds * 1000 + attoseconds / 1_000_000_000_000_000
  }
}
