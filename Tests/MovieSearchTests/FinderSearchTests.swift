import Foundation
import MovieSearch
import Streams
import Testing

@testable import MovieSearchCLI
@testable import TestSupport

/// The finder as a person uses it — typing, the list and its pages, the preview, the
/// details, Ctrl-R, a resize — run in process on a fake terminal (``FinderSession``): the
/// same loop, state and view as on a real one, in milliseconds. What only a real terminal
/// shows (raw mode, signals, Ctrl-Z, /dev/tty) is in ``FinderTerminalTests``.
@Suite(.timeLimit(.minutes(2))) struct FinderSearchTests {

  @Test func keysThatMeanNothingNeverLeave() async throws {
    let terminal = try FinderSession(["--offline", "--debounce", "0"])
    await terminal.waitFor("Type a title.")
    // F1 (both encodings), F5, Shift-F1, Alt-x, Alt-q: ignored, the query intact.
    terminal.type("ma\u{1B}OP\u{1B}[11~\u{1B}[15~\u{1B}[1;2P\u{1B}x\u{1B}qtr")
    await terminal.waitFor("> The Matrix (1999)  8.5")
    #expect(terminal.visible.contains("Search: matr"))
    terminal.type("\u{03}")
    #expect(await terminal.waitForExit() == 130)
  }

  @Test func enterDuringTheDebounceOpensTheResultForTheTextOnScreen() async throws {
    let terminal = try FinderSession(["--offline"])
    await terminal.waitFor("Popular films")
    // The popular list starts with The Fellowship of the Ring (178 min): never opened.
    terminal.type("jaws\r")
    await terminal.waitFor("130 min · rated 8.2/10 by 46,978")
    #expect(!terminal.visible.contains("178 min"))
    terminal.type("\u{1B}")
    await terminal.waitFor("↑/↓ choose")
    terminal.type("\u{03}")
    #expect(await terminal.waitForExit() == 130)
  }

  @Test func aLongPasteIsOneEditAndCtrlCStillLeavesAtOnce() async throws {
    let terminal = try FinderSession(["--offline"], columns: 60, rows: 10)
    await terminal.waitFor("Type a title.")
    terminal.type("\u{1B}[200~" + String(repeating: "star wars ", count: 1_000) + "\u{1B}[201~")
    // The prompt scrolls to the cursor: the end of the text, after a "…".
    await terminal.waitFor("Search: …star wars star wars")
    // Its first 16 words are searched: Star Wars matches two of them.
    await terminal.waitFor("> Star Wars (1977)")
    terminal.clearOutput()
    terminal.type("\u{15}star wars")  // Ctrl-U, then a short query
    await terminal.waitFor("> Star Wars (1977)")
    terminal.type("\u{03}")
    #expect(await terminal.waitForExit(limit: .seconds(5)) == 130)
  }

  @Test func scrollingPastTheLastRowLoadsTheNextPage() async throws {
    let terminal = try FinderSession(["--offline", "--debounce", "0"], columns: 80, rows: 12)
    await terminal.waitFor("Type a title.")
    terminal.type("love")
    await terminal.waitFor("20/")
    for _ in 0..<3 { terminal.type("\u{1B}[6~") }  // PgDn: 9 rows each
    await terminal.waitFor("40/")
    terminal.type("\u{1B}")
    #expect(await terminal.waitForExit() == 0)
  }

  @Test func theListFillsTheScreenAndCountsAsFzfDoes() async throws {
    let terminal = try FinderSession(["--offline"], columns: 80, rows: 30)
    await terminal.waitFor("Popular films")
    terminal.type("love")
    // 27 rows of list: two pages are loaded without a key.
    await terminal.waitFor("40/")
    #expect(terminal.visible.contains(" films"))
    terminal.type("\u{03}")
    #expect(await terminal.waitForExit() == 130)
  }

  @Test func wideTerminalsShowTheHighlightedFilmBesideTheList() async throws {
    let terminal = try FinderSession(["--offline", "--debounce", "0"], columns: 150, rows: 14)
    await terminal.waitFor("Type a title.")
    terminal.type("matrix")
    await terminal.waitFor("│ 136 min · Action · R (US) · rated 8.5/10 by 143,853")
    terminal.type("\u{0E}")  // Ctrl-N: the next film
    await terminal.waitFor("│ The Matrix Reloaded (2003)")
    terminal.type("\u{1B}")
    #expect(await terminal.waitForExit() == 0)

    let plain = try FinderSession(
      ["--offline", "--debounce", "0", "--no-preview"], columns: 150, rows: 14)
    plain.type("matrix")
    await plain.waitFor("> The Matrix (1999)  8.5")
    plain.type("\u{1B}")
    #expect(await plain.waitForExit() == 0)
    #expect(!plain.visible.contains("│"))
  }

  @Test func aNewerHighlightCancelsThePreviewOnTheWire() async throws {
    let server = try LoopbackServer { request in
      switch request.path {
      case "/3/movie/603": .slow(seconds: 10, then: Data(Fixtures.details.utf8))
      case "/3/movie/604":
        .json(200, Fixtures.details.replacingOccurrences(of: "The Matrix", with: "Reloaded"))
      default: .json(200, Fixtures.searchPage)
      }
    }
    defer { server.stop() }
    let terminal = try FinderSession(
      [
        "--online", "--base-url", server.baseURL.absoluteString, "--token", "t", "--debounce",
        "0",
      ], columns: 150, rows: 14)
    await terminal.waitFor("Search: ")
    terminal.type("matrix")
    await terminal.waitFor("Loading details…")
    try await server.wait { $0 == .received(path: "/3/movie/603") }
    terminal.type("\u{0E}")  // Ctrl-N: the highlight moves on before the answer came
    try await server.wait { $0 == .clientClosed(path: "/3/movie/603") }
    await terminal.waitFor("│ Reloaded (1999)")
    terminal.type("\u{1B}")
    #expect(await terminal.waitForExit() == 0)
  }

  @Test func theDetailsScrollAndTheWayBackIsQOrEsc() async throws {
    let overview = (1...30).map { "Sentence \($0) of a long overview." }.joined(separator: " ")
    let server = try LoopbackServer { request in
      switch request.path {
      case "/3/search/movie": .json(200, Fixtures.searchPage)
      case "/3/movie/603":
        .json(
          200,
          #"{"id":603,"title":"The Matrix","release_date":"1999-03-31","runtime":136,"overview":"\#(overview)","vote_average":8.2,"vote_count":26000,"imdb_id":"tt0133093"}"#
        )
      default: .json(404, "")
      }
    }
    defer { server.stop() }
    let terminal = try FinderSession(
      [
        "--debounce", "0", "--online", "--base-url", server.baseURL.absoluteString,
        "--token", "t",
      ], columns: 40, rows: 14)
    await terminal.waitFor("Search: ")
    terminal.type("matrix")
    await terminal.waitFor("> The Matrix (1999)")
    terminal.type("\r")
    await terminal.waitFor("Sentence 1 of a")
    #expect(!terminal.visible.contains("Sentence 30"))
    terminal.type("\u{1B}[F")  // End
    await terminal.waitFor("Sentence 30 of a")
    await terminal.waitFor("id 603 · IMDb tt0133093")
    // The output forgotten before the key, not after: the redraw it causes may come first.
    terminal.clearOutput()
    terminal.type("\u{1B}[H")  // Home
    await terminal.waitFor("The Matrix (1999)")
    terminal.type("q")
    await terminal.waitFor("> The Matrix (1999)")
    terminal.type("\u{03}")
    #expect(await terminal.waitForExit() == 130)
  }

  @Test func ctrlRSearchesAgainAfterAFailure() async throws {
    let calls = Counter()
    let server = try LoopbackServer { request in
      guard request.path == "/3/search/movie" else { return .json(404, "") }
      // The first search fails; the next one works.
      return calls.add(1) == 1
        ? .json(503, Fixtures.tmdbError(11, "Internal error")) : .json(200, Fixtures.searchPage)
    }
    defer { server.stop() }
    let terminal = try FinderSession(
      [
        "--debounce", "0", "--online", "--base-url", server.baseURL.absoluteString,
        "--token", "t",
      ], columns: 100, rows: 20)
    // Typed once the finder shows its first state, as its sibling tests do: typed before,
    // it was lost twice in about 40 full runs (the field drawn empty).
    await terminal.waitFor("Type a title.")
    terminal.type("matrix")
    await terminal.waitFor("Ctrl-R retries")
    terminal.type("\u{12}")
    await terminal.waitFor("> The Matrix (1999)")
    terminal.type("\u{03}")
    #expect(await terminal.waitForExit() == 130)
  }

  @Test func aFailingBackendShowsItsErrorAndLeavingRestores() async throws {
    let server = try LoopbackServer { _ in .reset }
    defer { server.stop() }
    let terminal = try FinderSession([
      "--online", "--base-url", server.baseURL.absoluteString, "--token", "t", "--debounce", "0",
    ])
    await terminal.waitFor("Search: ")
    terminal.type("matrix")
    await terminal.waitFor("Could not reach 127.0.0.1")
    terminal.type("\u{1B}")
    #expect(await terminal.waitForExit() == 0)
  }

  @Test func aResizeRedrawsForTheNewWidth() async throws {
    let terminal = try FinderSession(["--offline", "--debounce", "0"], columns: 80, rows: 12)
    await terminal.waitFor("Search: ")
    terminal.type("star wars")
    await terminal.waitFor("Star Wars: Episode V - The Empire Strikes Back (1980)  8.8")
    terminal.clearOutput()
    terminal.resize(columns: 30, rows: 12)
    // Cut in the middle to the new width, keeping the year and the rating.
    await terminal.waitFor("Star War…es Back (1980)  8.8")
    terminal.type("\u{03}")
    #expect(await terminal.waitForExit() == 130)
  }
}
