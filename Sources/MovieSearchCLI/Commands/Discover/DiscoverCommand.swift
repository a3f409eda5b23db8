import Foundation
import MovieSearch

/// `movie-search discover [filters]`: films listed by what they are rather than by title —
/// the best-rated comedies of the 1990s, a director's films, the longest westerns — from the
/// offline catalog.
struct DiscoverCommand: Command {
  struct Options: BackendCommandOptions, ListingCommandOptions {
    let year = Option.year
    let filters = FilterOptions()
    let listing = ListingOptions()
    let backend = BackendOptions()
  }

  static let name = "discover"
  static let abstract =
    "List films by genre, years, rating, votes, runtime, certification or person, in the order asked for."
  static let summary = "List films by genre, years, rating, people…"
  static let arguments = Arguments.none
  static var exclusive: [[KeyPath<Options, Flag>]] { [[\.listing.json, \.listing.ndjson]] }
  static var groupsInUsage: [PartialKeyPath<Options>] { [\.filters, \.listing] }
  static let discussion: String? = """
    With no filter it lists the most popular films. For example:
      movie-search discover --genre comedy --years 1990..1999 --min-votes 1000 --sort rating
    A film whose year, rating or runtime is not known does not pass a filter on it, and comes
    last when sorted by it. It reads the offline catalog — the built-in one (films to 2005,
    no people), or one built from IMDb's files with build-catalog, which has people — or,
    with a TMDb key, TMDb's /discover/movie (its pages of 20 joined for --limit and --all;
    no sorting by runtime).
    """

  static func run(_ invocation: Invocation<Self>) async throws -> Int32 {
    var filter = invocation[\.filters]
    if let year = invocation[\.year] {
      guard invocation[\.filters.years] == nil else {
        throw invocation.usageError("Give '--year' or '--years', not both.")
      }
      (filter.fromYear, filter.toYear) = (year, year)
    }
    let listing = try ListingOptions.checked(invocation)
    let source = try Backend.source(for: invocation)
    if case .tmdb(let client) = source {
      return try await discover(filter, listing, with: client, invocation)
    }
    guard case .catalog(let catalog) = source else { return 1 }
    filter = try FilterOptions.checked(filter, in: source, invocation)
    if listing.every {
      let (movies, _) = try catalog.discoverAllMovies(filter)
      for (offset, movie) in movies.enumerated() {
        try SearchOutput.line(movie, rank: offset + 1, ndjson: listing.ndjson)
      }
      return 0
    }
    let page = listing.number
    let answer = try catalog.discoverMovies(filter, page: page, pageSize: listing.size)
    let output = listing.output
    if page > 1, answer.results.isEmpty, answer.totalResults > 0 {
      Output.error(
        "Page \(page) is past the last page (\(answer.totalPages)) of \(Format.count(answer.totalResults, "film"))."
      )
      if output == .table { return 0 }
    }
    try output.print(
      answer, firstRank: listing.firstRank,
      nothing: filter.filtersNothing
        ? "The catalog has no films." : "No films match these filters.",
      runtimes: SearchOutput.showsRuntimes(filter))
    return 0
  }

  /// The listing from TMDb's `/discover/movie`: TMDb serves pages of 20; a page of up to
  /// 100 is made of those it spans, and `--all` asks for one after another.
  static func discover(
    _ filter: MovieFilter, _ listing: Listing, with client: TMDbClient,
    _ invocation: Invocation<Self>
  ) async throws -> Int32 {
    let language = invocation[\.backend.language]
    let fetch: ListingPages.Fetch = { number in
      try await client.discoverMovies(filter, page: number, language: language)
    }
    if listing.every {
      var rank = 0
      do {
        try await ListingPages.every(fetch: fetch) { movie in
          rank += 1
          try SearchOutput.line(movie, rank: rank, ndjson: listing.ndjson)
        }
      } catch let error as MovieServiceError {
        guard let text = Backend.usageText(error, service: client) else { throw error }
        throw invocation.usageError(text)
      }
      return 0
    }
    let (page, limit) = (listing.number, listing.size)
    let fetched: Result<MoviePage, MovieServiceError>
    do {
      fetched = .success(
        try await ListingPages.window(
          number: page, offset: (page - 1) * limit, count: limit, fetch: fetch))
    } catch let error as MovieServiceError {
      fetched = .failure(error)
    } catch let error as ListingPages.PastTheServedFilms {
      throw invocation.usageError(error.description)
    }
    var answer: MoviePage
    switch fetched {
    case .success(let page): answer = page
    case .failure(let error):
      // A filter TMDb cannot take (an unknown genre, a sort by runtime): the command line's.
      guard let text = Backend.usageText(error, service: client) else { throw error }
      throw invocation.usageError(text)
    }
    try listing.output.print(
      answer, firstRank: listing.firstRank, nothing: "No films match these filters.",
      runtimes: SearchOutput.showsRuntimes(filter))
    return 0
  }
}
