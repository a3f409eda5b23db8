import Foundation
import MovieSearch

/// Starting the finder from a command line — `interactive`, and `movie-search` alone on a
/// terminal (the search command): its starting filter, the run on this process's terminal,
/// what it prints when it ends, and `--filter` without an interface.
enum FinderRun {
  /// The filter the finder starts from: the flags', checked against the catalog; `--year`
  /// is one year of `--years`.
  static func startFilter<C: Command>(
    _ flags: MovieFilter, year: Int?, _ source: Backend.Source, _ invocation: Invocation<C>
  ) throws -> MovieFilter {
    var filter = flags
    if let year {
      guard filter.fromYear == nil, filter.toYear == nil else {
        throw invocation.usageError("Give '--year' or '--years', not both.")
      }
      (filter.fromYear, filter.toYear) = (year, year)
    }
    return try FilterOptions.checked(filter, in: source, invocation)
  }

  /// Runs the finder on this process's terminal (also what `movie-search` alone does on a
  /// terminal): takes the terminal, runs the loop, gives the terminal back, then prints
  /// what was chosen on stdout and returns the status. A usage error shows `usage`: the
  /// interactive search's, whichever command started it.
  static func start(
    _ sources: Backend.Sources, language: String?, finder: Finder,
    usage: String = Help.usage(of: InteractiveCommand.self)
  ) async throws -> Int32 {
    let (service, online, ids) = (sources.main.service, sources.online, FilmIDs(sources))
    if let query = finder.filterQuery {
      return try await printMatches(
        query, service: service, online: online, ids: ids, finder: finder, usage: usage)
    }
    guard let terminal = PosixTerminal.attach() else {
      throw UsageError(
        message:
          "Interactive search needs a terminal; give a query to search, e.g. 'movie-search the matrix'.",
        usage: usage)
    }
    let recorder = try finder.record.map(SessionRecorder.init(path:))
    terminal.reportsMouse = finder.look.mouse
    let mode = finder.mode(on: terminal.size)
    guard terminal.enter(mode) else {
      throw UsageError(
        message: "The terminal cannot be switched to raw mode.",
        usage: usage)
    }
    let outcome = await FinderLoop(
      terminal: terminal, service: service, language: language, options: finder,
      recorder: recorder, mode: mode, online: online, ids: ids
    ).run()
    if let command = outcome.become { return terminal.runInPlace(command) }
    terminal.restore()
    if let message = outcome.message { Output.error(message) }
    Output.print(output(of: outcome, finder).map { $0 + "\n" }.joined())
    return outcome.status
  }

  /// What the finder prints when it ends, as fzf does: the field's text (`--print-query`),
  /// the key that chose (`--expect`; empty for Enter), then the films chosen. An abort
  /// prints nothing.
  static func output(of outcome: FinderOutcome, _ finder: Finder) -> [String] {
    guard outcome.status != 130, outcome.message == nil else { return [] }
    var lines: [String] = []
    if finder.printQuery { lines.append(outcome.query.printable) }
    if !finder.look.expected.isEmpty, outcome.status == 0 { lines.append(outcome.key ?? "") }
    return lines + outcome.chosen
  }

  /// `--filter`: no interface — the films that match `text` (its filter tokens read as in
  /// the field), one line each as a piped search prints them; status 1 when none, as fzf.
  static func printMatches(
    _ text: String, service: any MovieService, online: (any MovieService)? = nil,
    ids: FilmIDs = .plain, finder: Finder, usage: String
  ) async throws -> Int32 {
    let genres = try? await service.knownGenres()
    let request = FilteredText(
      text, base: finder.filter, genres: genres?.isEmpty == false ? genres : nil,
      knowsPeople: service.traits.knowsPeople)
    if let problem = request.tokens.first(where: \.isProblem) {
      throw UsageError(
        message: "'--filter': \(problem.summary)", usage: usage)
    }
    let title = request.title.trimmingCharacters(in: .whitespaces)
    if title.isEmpty {
      // Filters alone list the films that pass them, as the field does.
      guard request.filter != MovieFilter() else {
        throw UsageError(
          message: "'--filter' needs words of a title or a filter token (genre:…, year:…).",
          usage: usage)
      }
      var rank = 0
      func line(_ movie: Movie) throws {
        rank += 1
        try SearchOutput.line(movie, rank: rank, ndjson: false, ids: ids)
      }
      let filter = request.filter
      try await ListingPages.every(
        fetch: { page in try await service.discoverMovies(filter, page: page, language: nil) },
        line)
      return rank > 0 ? 0 : 1
    }
    let search = SearchRequest(
      query: MovieQuery(request.title), limit: MoviePage.pageSize, filter: request.filter)
    let printed = try await search.printEvery(
      from: service, online: online, ids: ids, ndjson: false)
    return printed > 0 ? 0 : 1
  }
}
