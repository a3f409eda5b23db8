import Foundation
import MovieSearch

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// `movie-search <query…>`: one search, as a table, TSV, JSON or NDJSON.
struct SearchCommand: Command {
  struct Options: BackendCommandOptions, ListingCommandOptions {
    let listing = ListingOptions()
    let year = Option.year
    let region = Option.region
    let includeAdult = Flag("include-adult", "Include adult titles (TMDb only).")
    let finder = FinderOptions()
    let backend = BackendOptions()
    let filters = FilterOptions()
  }

  static let name = "search"
  static let abstract = "Search films by title: the built-in catalog, or TMDb with a key."
  static let summary = "Search films by title."
  static let arguments = Arguments.words(
    name: "<query>", help: "Words of the title; 'the matrix' finds \"Matrix, The\".")
  static var exclusive: [[KeyPath<Options, Flag>]] { [[\.listing.json, \.listing.ndjson]] }
  static var groupsInUsage: [PartialKeyPath<Options>] { [\.listing] }
  static var sections: [(heading: String, group: PartialKeyPath<Options>)] {
    [("WITHOUT A QUERY (the interactive search; see 'movie-search help interactive'):", \.finder)]
  }
  static let discussion: String? = """
    On a terminal the results are an aligned table; piped, they are tab-separated lines:
    rank, title, year, rating, votes, id. Finding nothing is an answer, not a failure: the
    exit status is 0 (a page past the last one says so on stderr); it is 1 when the server
    fails or none of a page's results can be read. With no arguments on a terminal, movie-search
    starts the interactive search (see 'movie-search interactive --help'). To search for a
    film titled like a subcommand, name the search: 'movie-search search help'.
    """

  static func run(_ invocation: Invocation<Self>) async throws -> Int32 {
    if var finder = try finderAskedFor(invocation) {
      let source = try Backend.source(for: invocation)
      finder.filter = try InteractiveCommand.startFilter(
        invocation[\.filters], year: invocation[\.year], source, invocation)
      return try await InteractiveCommand.start(
        service: source.service, language: invocation[\.backend.language], finder: finder)
    }
    let filter = try SearchRequest.filter(invocation)
    if !filter.filtersNothing, invocation.positionals.isEmpty {
      throw invocation.usageError(
        "Filters other than --year need a title to search; 'movie-search discover' lists films by them alone."
      )
    }
    let request = try SearchRequest(invocation)
    let source = try Backend.source(for: invocation)
    let service = source.service
    if !service.traits.honoursLanguageAndRegion {
      Backend.noteNoEffect(
        ["region": invocation[\.region] != nil, "include-adult": invocation[\.includeAdult]])
    }
    let listing = try ListingOptions.checked(invocation)
    if listing.every {
      try await request.printEvery(from: source, ndjson: listing.ndjson)
      return 0
    }
    let answer: SearchAnswer
    do {
      answer = try await request.answer(from: service)
    } catch MovieServiceError.invalidRequest(let reason) where request.filter != MovieFilter() {
      // A filter the catalog cannot apply (an unknown genre, a person where it has no
      // people): the command line's mistake.
      throw invocation.usageError(reason.prefix(1).uppercased() + reason.dropFirst() + ".")
    }
    for note in answer.notes { Output.error(note) }
    if isatty(STDERR_FILENO) == 1, request.page == 1,
      let note = CoverageNote(service)?.note(for: request.query, best: answer.page.results.first)
    {
      Output.error(note)
    }
    // The search never comes back empty-handed when some word matches, so the hint cannot
    // wait for an empty page: a first word a typo away from a subcommand always gets it,
    // unless the search was named.
    if !invocation.named, let hint = Commands.suggestion(for: invocation.positionals) {
      Output.error(hint)
    }
    try SearchOutput(invocation).print(answer, for: request)
    return 0
  }

  /// The finder's options when the command line asks for the interactive search: no
  /// arguments at all, or options but no query on a terminal — or the finder's own options
  /// without a query, even when stdout is a pipe (it draws on /dev/tty). `nil` for a search;
  /// the finder's options with a query are a usage error.
  private static func finderAskedFor(_ invocation: Invocation<Self>) throws -> Finder? {
    let arguments = invocation.positionals
    let nothingGiven =
      !invocation.named && arguments.isEmpty && invocation.flags.isEmpty
      && invocation.values.isEmpty
    let onTerminal = isatty(STDIN_FILENO) == 1 && isatty(STDOUT_FILENO) == 1
    let finder = invocation[\.finder]
    let forFinder = finder != Finder()
    if nothingGiven
      || (arguments.isEmpty && (onTerminal || forFinder) && !invocation[\.listing.json]
        && !invocation[\.listing.ndjson])
    {
      return finder
    }
    if forFinder {
      throw invocation.usageError(
        "The finder's options (--query, --print-id, --multi, --height, …) are for the interactive search: give no query (--query starts it with one)."
      )
    }
    return nil
  }
}

/// What a one-shot search asks for, checked: the query's text, the page and how many of
/// its films to show.
struct SearchRequest {
  let query: MovieQuery
  let limit: Int
  /// The films to keep (genres, years, rating…), beside the query's year.
  let filter: MovieFilter

  var text: String { query.text }
  var page: Int { query.page }

  init(query: MovieQuery, limit: Int, filter: MovieFilter) {
    (self.query, self.limit, self.filter) = (query, limit, filter)
  }

  init(_ invocation: Invocation<SearchCommand>) throws {
    let arguments = invocation.positionals
    let text = arguments.joined(separator: " ").trimmingCharacters(in: .whitespacesAndNewlines)
    guard !text.isEmpty else {
      throw invocation.usageError(arguments.isEmpty ? "No query given." : "The query is empty.")
    }
    query = MovieQuery(
      text, page: invocation[\.listing].number, language: invocation[\.backend.language],
      includeAdult: invocation[\.includeAdult], year: invocation[\.year],
      region: invocation[\.region])
    limit = invocation[\.listing].size
    filter = try Self.filter(invocation)
  }

  /// The filters beside the title, checked; `--year` is the query's own (TMDb takes it), so
  /// it is not among them. `--sort` orders the films that match every word (offline).
  static func filter(_ invocation: Invocation<SearchCommand>) throws -> MovieFilter {
    if invocation[\.year] != nil, invocation[\.filters.years] != nil {
      throw invocation.usageError("Give '--year' or '--years', not both.")
    }
    return invocation[\.filters]
  }

  /// One page of the service's search (of 20 films).
  func servicePage(_ number: Int, from service: any MovieService) async throws -> MoviePage {
    var query = query
    query.page = number
    return filter == MovieFilter()
      ? try await service.searchMovies(query)
      : try await service.searchMovies(query, filter: filter)
  }

  /// The page of `limit` films, from as many of the service's pages as it spans, and what
  /// to say about it: a page past the last, rows that could not be read. A page none of
  /// whose rows could be read is an error, not "no films".
  func answer(from service: any MovieService) async throws -> SearchAnswer {
    let results = try await ListingPages.window(
      number: page, offset: (page - 1) * limit, count: limit
    ) { number in try await servicePage(number, from: service) }
    let pastTheLast =
      results.results.isEmpty && results.totalResults > 0 && page > results.totalPages
    if results.results.isEmpty, results.unreadableRows > 0, !pastTheLast {
      throw MovieServiceError.badResponse(
        results.unreadableRows == 1
          ? "the one result on page \(page) could not be read"
          : "none of the \(Format.count(results.unreadableRows, "result")) on page \(page) could be read"
      )
    }
    var notes: [String] = []
    if pastTheLast {
      notes.append(
        "Page \(page) is past the last: '\(text)' has \(Format.count(results.totalPages, "page")) (\(Format.count(results.totalResults, "film")))."
      )
    } else if results.unreadableRows > 0 {
      notes.append(
        "Note: \(Format.count(results.unreadableRows, "result")) on this page could not be read and \(results.unreadableRows == 1 ? "is" : "are") left out."
      )
    }
    return SearchAnswer(page: results, pastTheLast: pastTheLast, notes: notes)
  }
}

extension SearchRequest {
  /// Every film found, one TSV (or NDJSON) line each, as the service's pages come; a closed
  /// pipe ends it quietly (as every output does).
  /// A catalog finds them all in one search; TMDb serves them page after page.
  func printEvery(from source: Backend.Source, ndjson: Bool) async throws {
    try await printEvery(from: source.service, ndjson: ndjson)
  }

  /// ``printEvery(from:ndjson:)`` from a service; returns how many lines were printed.
  @discardableResult
  func printEvery(from service: any MovieService, ndjson: Bool) async throws -> Int {
    var rank = 0
    func line(_ movie: Movie) throws {
      rank += 1
      try SearchOutput.line(movie, rank: rank, ndjson: ndjson)
    }
    if let catalog = service as? OfflineCatalog {
      for movie in try catalog.searchAllMovies(query, filter: filter).results { try line(movie) }
      return rank
    }
    try await ListingPages.every(
      fetch: { number in try await servicePage(number, from: service) }, line)
    return rank
  }
}

/// A search's page, and what is said about it on stderr.
struct SearchAnswer {
  var page: MoviePage
  /// The page asked for is past the last one (the page is empty).
  var pastTheLast: Bool
  var notes: [String]
}
