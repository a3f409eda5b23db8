/// What a search asks for, in TMDb's terms.
public struct MovieQuery: Sendable, Hashable {
  /// The search text; surrounding whitespace is ignored.
  public var text: String
  /// The page, from 1 (TMDb serves at most page 500).
  public var page: Int
  /// An ISO 639-1 language for titles and overviews, e.g. `de`; `nil` for the default.
  public var language: String?
  /// Whether adult titles may be listed.
  public var includeAdult: Bool
  /// Only films first released in this year (TMDb's `primary_release_year`).
  public var year: Int?
  /// An ISO 3166-1 country whose release dates and titles to prefer, e.g. `DE` (TMDb's
  /// `region`); the offline catalog ignores it.
  public var region: String?
  /// The text is being typed (a search field's, at each key): its last word is unfinished
  /// unless a space follows it, so the offline catalog reads a last word that begins title
  /// words as their beginning, never as a typo — a letter added narrows the list, as in a
  /// finder, but for a word that begins none (read with its typos), a finished word's other
  /// forms, and the films that match some words when none matches them all. TMDb ignores it.
  public var isBeingTyped: Bool

  /// Creates a query.
  public init(
    _ text: String, page: Int = 1, language: String? = nil, includeAdult: Bool = false,
    year: Int? = nil, region: String? = nil, isBeingTyped: Bool = false
  ) {
    self.text = text
    self.page = page
    self.language = language
    self.includeAdult = includeAdult
    self.year = year
    self.region = region
    self.isBeingTyped = isBeingTyped
  }
}

/// What a movie service can do, so that code above ``MovieService`` adapts to it without
/// knowing which service it is.
public struct MovieServiceTraits: Sendable, Hashable {
  /// It answers at once, from this machine (a catalog): typing needs no debounce, a preview
  /// no rest, and virtual time nothing to wait for.
  public var answersInstantly: Bool
  /// It honours a query's language, region and adult flag (TMDb); a catalog has one
  /// language, no regions and no adult titles.
  public var honoursLanguageAndRegion: Bool
  /// It knows films' people, so a filter may name one (`by:kubrick`); a catalog built from
  /// a CSV without them does not.
  public var knowsPeople: Bool

  /// Creates traits.
  public init(answersInstantly: Bool, honoursLanguageAndRegion: Bool, knowsPeople: Bool = true) {
    self.answersInstantly = answersInstantly
    self.honoursLanguageAndRegion = honoursLanguageAndRegion
    self.knowsPeople = knowsPeople
  }

  /// A server on the network, such as TMDb: the default.
  public static let remote = MovieServiceTraits(
    answersInstantly: false, honoursLanguageAndRegion: true)
  /// A catalog on this machine.
  public static let local = MovieServiceTraits(
    answersInstantly: true, honoursLanguageAndRegion: false)
}

/// A source of movies: the TMDb API (``TMDbClient``) or the built-in ``OfflineCatalog``.
///
/// Nothing above this protocol knows which one it talks to: what differs is said by its
/// ``traits``.
public protocol MovieService: Sendable {
  /// What it can do; ``MovieServiceTraits/remote`` unless it says otherwise.
  var traits: MovieServiceTraits { get }
  /// One page of the films matching a query, best first. An empty query finds nothing.
  func searchMovies(_ query: MovieQuery) async throws(MovieServiceError) -> MoviePage
  /// One page of the films matching a query that pass `filter`, ordered by how well titles
  /// match — or, when the filter asks for another order, the full matches in that order
  /// (the offline catalog). A service that cannot filter or order a search says so
  /// (``MovieServiceError/invalidRequest(_:)``) unless the filter filters nothing.
  func searchMovies(_ query: MovieQuery, filter: MovieFilter) async throws(MovieServiceError)
    -> MoviePage
  /// One page of the films that pass `filter`, in its order (`discover`). A service that
  /// cannot list films by filters says so (``MovieServiceError/invalidRequest(_:)``).
  func discoverMovies(_ filter: MovieFilter, page: Int, language: String?)
    async throws(MovieServiceError) -> MoviePage
  /// The people called `name` (every word of it), the best known first. A service without
  /// people says so (``MovieServiceError/invalidRequest(_:)``).
  func people(named name: String, language: String?) async throws(MovieServiceError)
    -> [CatalogPerson]
  /// The films of one of those people, by year, with their parts.
  func films(of person: CatalogPerson, language: String?) async throws(MovieServiceError)
    -> [FilmCredit]
  /// Films like one film, for "more like this": a few, the most alike first. TMDb sends
  /// them with the details (``MovieDetails/recommendations``); a service that has none
  /// returns none.
  func moreLikeThis(id: Int, language: String?) async throws(MovieServiceError) -> [Movie]
  /// Everything known about one film.
  func movieDetails(id: Int, language: String?) async throws(MovieServiceError) -> MovieDetails
  /// The id of the film IMDb knows as `imdbID` (``MovieServiceError/notFound(message:)``
  /// when there is none, or the service cannot tell).
  func movieID(imdbID: IMDbID) async throws(MovieServiceError) -> Int
  /// One page of popular films, for a screen with nothing typed yet.
  func popularMovies(page: Int, language: String?) async throws(MovieServiceError) -> MoviePage
  /// Where posters are served, or `nil` when the service has no images.
  func imageConfiguration() async throws(MovieServiceError) -> ImageConfiguration?
  /// The genre names a filter may name, in English; none when the service does not say.
  func knownGenres() async throws(MovieServiceError) -> [String]
  /// Every film matching `query` that passes `filter`, in one answer, when the service finds
  /// them all at once (a catalog: one search); `nil` when it serves them page by page (TMDb),
  /// for the caller to page through.
  func searchEveryMovie(_ query: MovieQuery, filter: MovieFilter) async throws(MovieServiceError)
    -> [Movie]?
  /// What the service holds, when it is a fixed collection of films (a catalog: its source,
  /// films and years), so that a program can say a film may be missing from it; `nil` for a
  /// service that is current.
  var catalogCoverage: OfflineCatalog.Coverage? { get }
  /// Why `best`, the first film found for `query`, may not be the one asked for, when the
  /// service's coverage explains it (a year after its last, no close match); `nil` otherwise.
  func shortfall(_ query: MovieQuery, best: Movie?) -> OfflineCatalog.Shortfall?
}

extension MovieService {
  /// A service that does not know IMDb's ids.
  public func movieID(imdbID: IMDbID) async throws(MovieServiceError) -> Int {
    throw .notFound(message: "films cannot be looked up by IMDb id here")
  }

  /// A server on the network, unless the service says otherwise.
  public var traits: MovieServiceTraits { .remote }

  /// A service that cannot list films by filters.
  public func discoverMovies(
    _ filter: MovieFilter, page: Int, language: String?
  ) async throws(MovieServiceError) -> MoviePage {
    throw .invalidRequest("this service cannot list films by filters")
  }

  /// A service without people.
  public func people(named name: String, language: String?) async throws(MovieServiceError)
    -> [CatalogPerson]
  {
    throw .invalidRequest("this service has no people")
  }

  /// A service without people.
  public func films(of person: CatalogPerson, language: String?) async throws(MovieServiceError)
    -> [FilmCredit]
  {
    throw .invalidRequest("this service has no people")
  }

  /// None: the service does not say which genres it has.
  public func knownGenres() async throws(MovieServiceError) -> [String] { [] }

  /// `nil`: the service serves its films page by page.
  public func searchEveryMovie(
    _ query: MovieQuery, filter: MovieFilter
  ) async throws(MovieServiceError) -> [Movie]? { nil }

  /// `nil`: the service is current, not a fixed collection.
  public var catalogCoverage: OfflineCatalog.Coverage? { nil }

  /// `nil`: nothing about the service explains a poor match.
  public func shortfall(_ query: MovieQuery, best: Movie?) -> OfflineCatalog.Shortfall? { nil }

  /// None: the service sends films like one with its details, or has none.
  public func moreLikeThis(id: Int, language: String?) async throws(MovieServiceError) -> [Movie] {
    []
  }

  /// A search that cannot be filtered: the filter must filter nothing.
  public func searchMovies(
    _ query: MovieQuery, filter: MovieFilter
  ) async throws(MovieServiceError) -> MoviePage {
    guard filter.filtersNothing else { throw .filterRefused(.filteredSearch) }
    return try await searchMovies(query)
  }

  /// Details in the default language.
  public func movieDetails(id: Int) async throws(MovieServiceError) -> MovieDetails {
    try await movieDetails(id: id, language: nil)
  }

  /// Popular films in the default language.
  public func popularMovies(page: Int = 1) async throws(MovieServiceError) -> MoviePage {
    try await popularMovies(page: page, language: nil)
  }
}
