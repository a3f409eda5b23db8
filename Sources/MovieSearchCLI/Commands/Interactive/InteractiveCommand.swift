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
  static let arguments = Arguments.optionalWords(
    name: "<text>", help: "Start with this text in the search field (as --query does).")
  static let discussion: String? = """
    KEYS: type to search; Up/Down (Ctrl-P/Ctrl-N, Ctrl-K/Ctrl-J), PgUp/PgDn, the mouse wheel choose a film
    (a click highlights one, a double click opens it), and the list loads more as it is
    scrolled; Enter shows its details (with --print-id: prints its id and leaves); Tab and
    Shift-Tab mark films (--multi); Ctrl-R searches again; Esc goes back, and leaves from the
    list; Ctrl-C leaves at once. Editing: Left/Right (Ctrl-B/Ctrl-F), Home/End
    (Ctrl-A/Ctrl-E), Alt-B/Alt-F by word, Backspace, Delete, Ctrl-D (on an empty line: leave),
    Ctrl-U, Ctrl-W, Alt-Backspace (kill-line can be bound); Ctrl-L redraws, Ctrl-Z suspends. In the details:
    Up/Down, PgUp/PgDn, Home/End and the wheel scroll; Esc, Backspace or q go back. On
    terminals 140 columns wide or more the highlighted film's details show beside the list
    (--no-preview: not; on narrower ones toggle-preview shows them below the list), scrolled
    with Shift-Up/Down or the wheel; PgDn presses made while a page loads are kept.

    FZF'S FLAGS: --bind 'ctrl-o:execute(echo {} {q})' gives keys other actions ({} is the
    film's id, {+} the marked films' ids, {q} the field's text, quoted); --expect and --print-query print the key and
    the text before the ids; --filter (-f) prints the matches without an interface;
    --preview 'CMD {}' shows what a command prints for the highlighted film, --preview-window
    right|left|up|down[:SIZE[%]][:hidden][:wrap][:noborder] places it; --layout, --prompt,
    --pointer, --marker, --header, --border, --cycle, --no-mouse and -q -1 -0 -m as in fzf.

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
    let (sources, finder) = try finder(invocation)
    return try await FinderRun.start(
      sources, language: invocation[\.backend.language], finder: finder)
  }

  /// Where the films come from (and TMDb beside a catalog, see
  /// ``Backend/sources(for:searchingBoth:)``) and what the finder's options and filter flags
  /// ask for.
  static func finder(_ invocation: Invocation<Self>) throws -> (Backend.Sources, Finder) {
    let sources = try Backend.sources(for: invocation)
    var finder = invocation[\.finder]
    // `interactive matrix` starts with that text, as `--query matrix` does.
    let text = invocation.positionals.joined(separator: " ")
    if !text.isEmpty {
      guard finder.query == nil else {
        throw invocation.usageError("Give the text or '--query', not both.")
      }
      finder.query = text
    }
    finder.filter = try FinderRun.startFilter(
      invocation[\.filters], year: invocation[\.year], sources.main, invocation)
    return (sources, finder)
  }
}
