import Foundation
import MovieSearch

/// `movie-search interactive` (and no arguments on a terminal): search as you type. The
/// command takes the terminal and runs ``FinderLoop`` on it; see there how events flow.
struct InteractiveCommand: Command {
  struct Options: BackendCommandOptions {
    let finder = FinderOptions()
    let year = Option.year
    let filters = FilterOptions()
    let backend = BackendOptions()
  }

  static var groupsInUsage: [PartialKeyPath<Options>] { [\Options.finder, \Options.filters] }
  static let name = "interactive"
  static let abstract = "Search as you type: results update under the prompt; Enter shows details."
  static let summary = "Search as you type, in the terminal."
  static let arguments = Arguments.none
  static let discussion: String? = """
    KEYS: type to search; Up/Down (Ctrl-P/Ctrl-N), PgUp/PgDn, the mouse wheel choose a film
    (a click highlights one, a double click opens it), and the list loads more as it is
    scrolled; Enter shows its details (with --print-id: prints its id and leaves); Tab and
    Shift-Tab mark films (--multi); Ctrl-R searches again; Esc goes back, and leaves from the
    list; Ctrl-C leaves at once. Editing: Left/Right (Ctrl-B/Ctrl-F), Home/End
    (Ctrl-A/Ctrl-E), Alt-B/Alt-F by word, Backspace, Delete, Ctrl-D (on an empty line: leave),
    Ctrl-U, Ctrl-K, Ctrl-W, Alt-Backspace; Ctrl-L redraws, Ctrl-Z suspends. In the details:
    Up/Down, PgUp/PgDn, Home/End and the wheel scroll; Esc, Backspace or q go back. On
    terminals 140 columns wide or more the highlighted film's details show beside the list
    (--no-preview: not), scrolled with Shift-Up/Down or the wheel; PgDn presses made while a
    page loads are kept.

    FZF'S FLAGS: --bind 'ctrl-o:execute(echo {})' gives keys other actions ({} is the film's
    id); --expect and --print-query print the key and the text before the ids; --filter
    (-f) prints the matches without an interface; --layout, --prompt, --header, --border,
    --cycle, --no-mouse and -q -1 -0 -m as in fzf.

    FILTERS, typed in the field beside the title as fzf reads its own: genre:comedy
    (genre:comedy,drama any of, genre:comedy+drama all of), year:1994, year:1990..1999,
    year:90s, rating:>7.5, votes:>10k, runtime:<100, by:kubrick (by:"stanley kubrick"),
    cert:pg-13, sort:rating (sort:year:asc). They show in colour and in the status line; a
    token that cannot be read says why there and filters nothing. With filters alone the
    films that pass are listed in their order. The filter flags (--genre, --years, …) set the
    filters the field starts from.

    EXIT STATUS, as fzf: 0 a film was chosen (or the finder was left without --print-id), 1
    no match (--exit-0, or Enter on an empty list with --print-id), 130 aborted (Esc or
    Ctrl-C with --print-id; Ctrl-C always). Needs a terminal on stdin or stdout; when the
    other is a pipe, the screen is drawn on /dev/tty.
    """

  static func run(_ invocation: Invocation<Self>) async throws -> Int32 {
    let (source, finder) = try finder(invocation)
    return try await start(
      service: source.service, language: invocation[\.backend.language], finder: finder)
  }

  /// Where the films come from and what the finder's options and filter flags ask for.
  static func finder(_ invocation: Invocation<Self>) throws -> (Backend.Source, Finder) {
    let source = try Backend.source(for: invocation)
    var finder = invocation[\.finder]
    finder.filter = try startFilter(
      invocation[\.filters], year: invocation[\.year], source, invocation)
    return (source, finder)
  }

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
  /// what was chosen on stdout and returns the status.
  static func start(service: any MovieService, language: String?, finder: Finder) async throws
    -> Int32
  {
    if let query = finder.filterQuery {
      return try await printMatches(query, service: service, finder: finder)
    }
    guard let terminal = PosixTerminal.attach() else {
      throw UsageError(
        message:
          "Interactive search needs a terminal; give a query to search, e.g. 'movie-search the matrix'.",
        usage: Help.usage(of: InteractiveCommand.self))
    }
    let recorder = try finder.record.map(SessionRecorder.init(path:))
    terminal.reportsMouse = finder.look.mouse
    let mode = finder.mode(on: terminal.size)
    guard terminal.enter(mode) else {
      throw UsageError(
        message: "The terminal cannot be switched to raw mode.",
        usage: Help.usage(of: InteractiveCommand.self))
    }
    let outcome = await FinderLoop(
      terminal: terminal, service: service, language: language, options: finder,
      recorder: recorder, mode: mode
    ).run()
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
    return lines + outcome.chosen.map(String.init)
  }

  /// `--filter`: no interface — the films that match `text` (its filter tokens read as in
  /// the field), one line each as a piped search prints them; status 1 when none, as fzf.
  static func printMatches(_ text: String, service: any MovieService, finder: Finder)
    async throws -> Int32
  {
    let genres = try? await service.knownGenres()
    let request = FilteredText(
      text, base: finder.filter, genres: genres?.isEmpty == false ? genres : nil)
    guard !request.title.trimmingCharacters(in: .whitespaces).isEmpty else {
      throw UsageError(
        message:
          "'--filter' needs words of a title; 'movie-search discover' lists films by filters alone.",
        usage: Help.usage(of: InteractiveCommand.self))
    }
    if let problem = request.tokens.first(where: \.isProblem) {
      throw UsageError(
        message: "'--filter': \(problem.summary)", usage: Help.usage(of: InteractiveCommand.self))
    }
    let search = SearchRequest(
      query: MovieQuery(request.title), limit: MoviePage.pageSize, filter: request.filter)
    let printed = try await search.printEvery(from: service, ndjson: false)
    return printed > 0 ? 0 : 1
  }
}
