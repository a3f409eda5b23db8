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
      let sources = try Backend.sources(for: invocation)
      finder.filter = try FinderRun.startFilter(
        invocation[\.filters], year: invocation[\.year], sources.main, invocation)
      return try await FinderRun.start(
        sources, language: invocation[\.backend.language], finder: finder)
    }
    let filter = try SearchRequest.filter(invocation)
    if !filter.filtersNothing, invocation.positionals.isEmpty {
      throw invocation.usageError(
        "Filters other than --year need a title to search; 'movie-search discover' lists films by them alone."
      )
    }
    let request = try SearchRequest(invocation)
    let sources = try Backend.sources(for: invocation)
    let (service, online) = (sources.main.service, sources.online)
    if !service.traits.honoursLanguageAndRegion {
      Backend.noteNoEffect(
        ["region": invocation[\.region] != nil, "include-adult": invocation[\.includeAdult]])
    }
    let listing = try ListingOptions.checked(invocation)
    if listing.every {
      try await request.printEvery(from: sources, ndjson: listing.ndjson)
      return 0
    }
    var answer: SearchAnswer
    do {
      answer = try await request.answer(from: service)
      if let online { answer = await answer.merged(with: request, from: online) }
    } catch let error as MovieServiceError where request.filter != MovieFilter() {
      // A filter the service cannot apply (an unknown genre, a person where it has no
      // people, a search TMDb cannot filter): the command line's mistake.
      guard let text = Backend.usageText(error, service: service) else { throw error }
      throw invocation.usageError(text)
    } catch let error as ListingPages.PastTheServedFilms {
      throw invocation.usageError(error.description)
    }
    for note in answer.notes { Output.error(note) }
    // With TMDb beside the catalog, what the catalog lacks is not missing.
    if isatty(STDERR_FILENO) == 1, request.page == 1, online == nil,
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
    try SearchOutput(invocation).print(answer, for: request, ids: FilmIDs(sources))
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
