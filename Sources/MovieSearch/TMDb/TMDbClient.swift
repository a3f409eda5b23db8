import Foundation
import Streams
import Synchronization

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// How requests prove who is asking.
public enum TMDbCredentials: Sendable, Hashable {
  /// A v3 API key, sent as the `api_key` query parameter.
  case apiKey(String)
  /// A v4 read-access token, sent as `Authorization: Bearer …`.
  case bearerToken(String)
  /// No credentials, for a TMDb-shaped server that needs none.
  case none

  /// The secret itself, to keep it out of every message.
  var secret: String {
    switch self {
    case .apiKey(let key): key
    case .bearerToken(let token): token
    case .none: ""
    }
  }
}

/// How the client retries a request answered with HTTP 429.
public struct RetryPolicy: Sendable, Hashable {
  /// How many times a request is retried before ``MovieServiceError/rateLimited(message:)``.
  public var maxRetries: Int
  /// The longest wait, whatever `Retry-After` asks for.
  public var maxDelay: Duration
  /// The first wait when the server gives no `Retry-After`; it doubles on each retry.
  public var initialBackoff: Duration

  /// Creates a policy.
  public init(
    maxRetries: Int = 3, maxDelay: Duration = .seconds(10), initialBackoff: Duration = .seconds(1)
  ) {
    self.maxRetries = maxRetries
    self.maxDelay = maxDelay
    self.initialBackoff = initialBackoff
  }

  /// How long to wait before retry number `attempt` (from 0), given the server's `Retry-After`.
  func delay(retryAfter: String?, attempt: Int) -> Duration {
    min(asked(retryAfter) ?? initialBackoff * (1 << min(attempt, 20)), maxDelay)
  }

  /// The wait a `Retry-After` header asks for, in seconds (its date form is not used by TMDb).
  func asked(_ retryAfter: String?) -> Duration? {
    retryAfter.flatMap { Double($0.trimmingCharacters(in: .whitespaces)) }
      .map { Duration.milliseconds(Int64(min(max(0, $0), 1e9) * 1000)) }
  }
}

/// A wait before retrying a request the server rate-limited, as ``TMDbClient`` reports it.
public struct RetryWait: Sendable, Hashable {
  /// How long the client waits.
  public var delay: Duration
  /// What the server's `Retry-After` asked for, if it said; longer than `delay` when capped.
  public var asked: Duration?
  /// Which retry this is, from 1.
  public var retry: Int

  /// Creates a report of a wait.
  public init(delay: Duration, asked: Duration?, retry: Int) {
    self.delay = delay
    self.asked = asked
    self.retry = retry
  }
}

/// A client of the TMDb v3 API — or of any server that answers in its shape.
///
/// ```swift
/// let tmdb = TMDbClient(credentials: .bearerToken(token))
/// let page = try await tmdb.searchMovies(MovieQuery("the matrix"))
/// ```
///
/// Errors are ``MovieServiceError``s built from TMDb's error body where there is one. A
/// request answered with HTTP 429 is retried after `Retry-After` (capped), or with an
/// exponential back-off, waiting on the injected clock. Cancelling the calling task cancels
/// the HTTP request. The credentials never appear in an error message.
public struct TMDbClient: MovieService {
  /// The largest answer accepted: TMDb's pages are a few kilobytes; anything near this size
  /// is not a TMDb answer.
  public static let maxResponseSize = 4 << 20

  /// TMDb's own API.
  public static let defaultBaseURL = URL(string: "https://api.themoviedb.org/3")!

  private let baseURL: URL
  private let credentials: TMDbCredentials
  private let transport: any HTTPTransport
  private let clock: any Clock<Duration>
  private let retryPolicy: RetryPolicy
  private let timeout: TimeInterval
  private let userAgent: String
  private let onWait: (@Sendable (RetryWait) -> Void)?
  /// `/configuration`'s images, under the key "".
  private let configuration = FetchOnce<ImageConfiguration?>()
  /// Genre names by id, under the language's code ("" for the default).
  private let genres = FetchOnce<[Int: String]>()

  /// Creates a client.
  ///
  /// - Parameters:
  ///   - credentials: A v3 API key or a v4 read-access token.
  ///   - baseURL: The API root; any TMDb-shaped server works.
  ///   - transport: How requests are sent; ``HTTPTransports/standard`` by default.
  ///   - clock: The clock that times retry waits.
  ///   - retryPolicy: How HTTP 429 is retried.
  ///   - timeout: How long a request may wait for the server, in seconds.
  ///   - userAgent: The `User-Agent` of every request, e.g. `movie-search/0.1.0`.
  ///   - onWait: Called before each wait for a rate-limited request's retry, so that a
  ///     person can be told why nothing happens.
  public init(
    credentials: TMDbCredentials,
    baseURL: URL = TMDbClient.defaultBaseURL,
    transport: any HTTPTransport = HTTPTransports.standard,
    clock: any Clock<Duration> = ContinuousClock(),
    retryPolicy: RetryPolicy = RetryPolicy(),
    timeout: TimeInterval = 15,
    userAgent: String = "MovieSearch",
    onWait: (@Sendable (RetryWait) -> Void)? = nil
  ) {
    self.userAgent = userAgent
    self.onWait = onWait
    self.credentials = credentials
    self.baseURL = baseURL
    self.transport = transport
    self.clock = clock
    self.retryPolicy = retryPolicy
    self.timeout = timeout
  }

  /// `GET /search/movie`. An empty or whitespace query finds nothing without a request.
  public func searchMovies(_ query: MovieQuery) async throws(MovieServiceError) -> MoviePage {
    let text = query.text.trimmingCharacters(in: .whitespacesAndNewlines)
    guard !text.isEmpty else { return .empty }
    guard (1...MoviePage.maxPage).contains(query.page) else {
      throw .invalidRequest("page must be between 1 and \(MoviePage.maxPage), not \(query.page)")
    }
    var parameters = [("query", text), ("page", String(query.page))]
    parameters.append(("include_adult", query.includeAdult ? "true" : "false"))
    if let language = query.language { parameters.append(("language", language)) }
    if let year = query.year { parameters.append(("primary_release_year", String(year))) }
    if let region = query.region { parameters.append(("region", region)) }
    return try await namingGenres(language: query.language) { () async throws(MovieServiceError) in
      try await get("search/movie", parameters)
    }
  }

  /// `GET /movie/{id}`, with its credits and release dates in the same request.
  public func movieDetails(id: Int, language: String?) async throws(MovieServiceError)
    -> MovieDetails
  {
    // One request for all of it: who made it, its certifications, more like it, its
    // trailer and where to watch it.
    let parts = "credits,release_dates,recommendations,videos,watch/providers"
    var parameters = [("append_to_response", parts)]
    if let language { parameters.append(("language", language)) }
    return try await get("movie/\(id)", parameters)
  }

  /// `GET /find/{imdb_id}?external_source=imdb_id`: the TMDb id of the film IMDb knows as
  /// `imdbID`.
  public func movieID(imdbID: IMDbID) async throws(MovieServiceError) -> Int {
    let found: FoundByExternalID = try await get(
      "find/\(imdbID)", [("external_source", "imdb_id")])
    guard let id = found.movies.first?.id else {
      throw .notFound(message: "TMDb has no film with IMDb id \(imdbID)")
    }
    return id
  }

  /// `GET /movie/popular`.
  public func popularMovies(page: Int, language: String?) async throws(MovieServiceError)
    -> MoviePage
  {
    var parameters = [("page", String(page))]
    if let language { parameters.append(("language", language)) }
    return try await namingGenres(language: language) { () async throws(MovieServiceError) in
      try await get("movie/popular", parameters)
    }
  }

  /// `GET /genre/movie/list`: the names of TMDb's film genres in `language`.
  ///
  /// Search results wait for these names the first time, so the request is kept short: it is
  /// not retried when rate-limited and waits for the server at most 5 seconds (or the
  /// client's timeout, if shorter) — names are an extra, not worth a long wait.
  public func movieGenres(language: String?) async throws(MovieServiceError) -> [Genre] {
    let list: GenreList = try await get(
      "genre/movie/list", language.map { [("language", $0)] } ?? [], retrying: false,
      timeout: min(timeout, 5))
    return list.genres
  }

  /// A page of films with their genre names (``FetchOnce``: asked for once per language;
  /// none when they cannot be had — a search never fails for them): once the names are known,
  /// at no cost; before, asked for beside the page, not after it.
  func namingGenres(
    language: String?, _ page: () async throws(MovieServiceError) -> MoviePage
  ) async throws(MovieServiceError) -> MoviePage {
    if let names = genres.known(language ?? "") { return try await page().naming(names) }
    async let names = genres.value(for: language ?? "") { () async throws(MovieServiceError) in
      var names: [Int: String] = [:]
      for genre in try await movieGenres(language: language) { names[genre.id] = genre.name }
      return names
    }
    let loaded = try await page()
    return loaded.naming((try? await names.get()) ?? [:])
  }

  /// TMDb's genre names, in English (its genre list, fetched once per client).
  public func knownGenres() async throws(MovieServiceError) -> [String] {
    let names = await genres.value(for: "") { () async throws(MovieServiceError) in
      var names: [Int: String] = [:]
      for genre in try await movieGenres(language: nil) { names[genre.id] = genre.name }
      return names
    }
    return try names.get().values.sorted()
  }

  /// `GET /configuration`'s images part, fetched once per client (several calls at once share one request).
  public func imageConfiguration() async throws(MovieServiceError) -> ImageConfiguration? {
    try await configuration.value(for: "") { () async throws(MovieServiceError) in
      let fetched: APIConfiguration = try await get("configuration", [])
      return fetched.images
    }.get()
  }

  // MARK: Requests

  func get<Response: Decodable>(
    _ path: String, _ parameters: [(String, String)], retrying: Bool = true,
    timeout: TimeInterval? = nil
  ) async throws(MovieServiceError) -> Response {
    let request = makeRequest(path, parameters, timeout: timeout ?? self.timeout)
    var attempt = 0
    while true {
      let (data, response) = try await send(request)
      switch response.statusCode {
      case 200..<300 where data.count > Self.maxResponseSize:
        throw .badResponse(
          "the answer is \(data.count) bytes, more than the \(Self.maxResponseSize) a TMDb answer can be"
        )
      case 200..<300:
        return try decode(Response.self, from: data)
      case 429 where retrying && attempt < retryPolicy.maxRetries:
        let retryAfter = response.value(forHTTPHeaderField: "Retry-After")
        let delay = retryPolicy.delay(retryAfter: retryAfter, attempt: attempt)
        attempt += 1
        onWait?(RetryWait(delay: delay, asked: retryPolicy.asked(retryAfter), retry: attempt))
        do {
          try await clock.sleep(for: delay)
        } catch {
          throw .cancelled
        }
      case 404 where !baseURL.path.hasSuffix("/3") && !baseURL.path.hasSuffix("/3/"):
        // A base URL without TMDb's version is the likelier cause than a missing resource.
        let error = MovieServiceError(status: 404, body: data, redact: redact)
        throw .notFound(
          message:
            "\(error.message) — is '/3' missing from the base URL '\(redact(Self.withoutCredentials(baseURL)))'? TMDb's is \(Self.defaultBaseURL.absoluteString)"
        )
      default:
        throw MovieServiceError(status: response.statusCode, body: data, redact: redact)
      }
    }
  }

  private func makeRequest(
    _ path: String, _ parameters: [(String, String)], timeout: TimeInterval
  ) -> URLRequest {
    var parameters = parameters
    if case .apiKey(let key) = credentials { parameters.insert(("api_key", key), at: 0) }
    var url = baseURL.appendingPathComponent(path)
    if !parameters.isEmpty, var components = URLComponents(url: url, resolvingAgainstBaseURL: false)
    {
      components.percentEncodedQuery = parameters.map { "\(Self.encode($0))=\(Self.encode($1))" }
        .joined(separator: "&")
      url = components.url ?? url
    }
    var request = URLRequest(url: url, timeoutInterval: timeout)
    request.setValue("application/json", forHTTPHeaderField: "Accept")
    request.setValue(userAgent, forHTTPHeaderField: "User-Agent")
    if case .bearerToken(let token) = credentials {
      request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
    }
    return request
  }

  private func send(_ request: URLRequest) async throws(MovieServiceError) -> (
    Data, HTTPURLResponse
  ) {
    if Task.isCancelled { throw .cancelled }
    do {
      return try await transport.send(request)
    } catch {
      if Task.isCancelled || error is CancellationError { throw .cancelled }
      throw MovieServiceError(
        transport: error, host: request.url?.host ?? baseURL.host ?? "the server", redact: redact)
    }
  }

  private func decode<Response: Decodable>(
    _ type: Response.Type, from data: Data
  ) throws(MovieServiceError) -> Response {
    do {
      return try JSONDecoder().decode(Response.self, from: data)
    } catch let error as DecodingError {
      throw .badResponse(MovieServiceError.excerpt(redact(Self.describe(error))))
    } catch {
      throw .badResponse(MovieServiceError.excerpt(redact(String(describing: error))))
    }
  }

  /// `url` as text without a user name or password (`http://user:pw@host/` → `http://host/`):
  /// credentials in a URL are never printed.
  static func withoutCredentials(_ url: URL) -> String {
    guard var components = URLComponents(url: url, resolvingAgainstBaseURL: false),
      components.user != nil || components.password != nil
    else { return url.absoluteString }
    components.user = nil
    components.password = nil
    return components.string ?? url.host ?? "the base URL"
  }

  /// Keeps the credential out of a text that may be shown or logged.
  private func redact(_ text: String) -> String {
    let secret = credentials.secret
    guard !secret.isEmpty else { return text }
    return text.replacingOccurrences(of: secret, with: "***")
  }

  /// Says which field could not be decoded, e.g. `results[3].id: expected Int, found a string`.
  static func describe(_ error: DecodingError) -> String {
    func path(_ codingPath: [any CodingKey]) -> String {
      let text = codingPath.map { key in key.intValue.map { "[\($0)]" } ?? ".\(key.stringValue)" }
        .joined()
      let trimmed = text.hasPrefix(".") ? String(text.dropFirst()) : text
      return trimmed.isEmpty ? "the document" : "'\(trimmed)'"
    }
    switch error {
    case .keyNotFound(let key, let context):
      return "\(path(context.codingPath + [key])) is missing"
    case .typeMismatch(let type, let context):
      return "\(path(context.codingPath)) is not \(Self.describe(type))"
    case .valueNotFound(let type, let context):
      return "\(path(context.codingPath)) is null, expected \(Self.describe(type))"
    case .dataCorrupted(let context):
      return context.codingPath.isEmpty
        ? "it is not valid JSON"
        : "\(path(context.codingPath)) is invalid: \(context.debugDescription)"
    @unknown default:
      return "\(error)"
    }
  }

  private static func describe(_ type: Any.Type) -> String {
    switch type {
    case is Int.Type, is Double.Type: "a number"
    case is String.Type: "a string"
    case is Bool.Type: "a boolean"
    default: "\(type)".contains("Array") ? "a list" : "an object"
    }
  }

  /// Percent-encodes everything but RFC 3986's unreserved characters: `&`, `#`, `+`, `=`,
  /// spaces and non-Latin letters all arrive as sent.
  private static func encode(_ text: String) -> String {
    text.addingPercentEncoding(withAllowedCharacters: unreserved) ?? text
  }

  private static let unreserved = CharacterSet(
    charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
}

/// What `GET /find/{external_id}` answers: the films among the things with that id (its
/// people, series and episodes are not asked for).
struct FoundByExternalID: Decodable {
  let movies: [Movie]

  enum CodingKeys: String, CodingKey {
    case movies = "movie_results"
  }
}
