import Foundation
import MovieSearch
import Streams
import Testing

@testable import movie_search

/// Issue 20 in a pseudo-terminal, through the binary: the finder at fzf's speed and with fzf's
/// habits — no debounce offline, the whole screen, the mouse, fzf's flags and exit codes,
/// details that scroll, Ctrl-R.
@Suite(.timeLimit(.minutes(5))) struct FinderFzfTests {
  @Test func aLocalCatalogIsSearchedWithoutDebounceAServerWithIt() throws {
    let offline = try OfflineCatalog.builtIn()
    let server = TMDbClient(credentials: .none)
    #expect(InteractiveCommand.debounce(Finder(), offline) == .zero)
    #expect(InteractiveCommand.debounce(Finder(), server) == .milliseconds(300))
    #expect(InteractiveCommand.debounce(Finder(debounce: 120), offline) == .milliseconds(120))
    #expect(InteractiveCommand.debounce(Finder(debounce: 0), server) == .zero)
  }

  @Test func theDefaultCommandTakesTheFindersOptions() async throws {
    // `movie-search --debounce 100` starts the finder (it was refused).
    let terminal = try PseudoTerminal(["--debounce", "100", "--offline"])
    await terminal.waitFor("Type a title.")
    terminal.type("matrix")
    await terminal.waitFor("> The Matrix (1999)")
    terminal.type("\u{03}")
    #expect(await terminal.waitForExit() == 130)
    // Given a query, they are refused: they are the finder's.
    let refused = try await CLI.run(["--multi", "matrix"])
    #expect(refused.status == 64)
  }

  @Test func theListFillsTheScreenAndCountsAsFzfDoes() async throws {
    let terminal = try PseudoTerminal(["interactive", "--offline"], columns: 80, rows: 30)
    terminal.type("love")
    // 27 rows of list: two pages are loaded without a key.
    await terminal.waitFor("40/")
    #expect(terminal.visible.contains(" films"))
    terminal.type("\u{03}")
    #expect(await terminal.waitForExit() == 130)
  }

  @Test func theMouseHighlightsOpensAndScrollsAndIsTurnedOffOnTheWayOut() async throws {
    let terminal = try PseudoTerminal(["interactive", "--offline"], columns: 80, rows: 20)
    await terminal.waitFor("\u{1B}[?1000h\u{1B}[?1006h", raw: true)
    terminal.type("matrix")
    await terminal.waitFor("> The Matrix (1999)")
    // Row 5 of the screen is the third film.
    terminal.type("\u{1B}[<0;5;5M\u{1B}[<0;5;5m")
    await terminal.waitFor("> The Matrix Revolutions (2003)")
    terminal.type("\u{1B}[<65;5;5M")
    await terminal.waitFor("> Sex Files: Sexual Matrix (1999)")
    terminal.type("\u{1B}[<0;5;3M\u{1B}[<0;5;3m\u{1B}[<0;5;3M\u{1B}[<0;5;3m")
    await terminal.waitFor("136 min · Action")
    terminal.type("q")
    await terminal.waitFor("↑/↓ choose")
    terminal.type("\u{03}")
    #expect(await terminal.waitForExit() == 130)
    #expect(
      terminal.output.hasSuffix("\u{1B}[?1000l\u{1B}[?1006l\u{1B}[?2004l\u{1B}[?25h\u{1B}[?1049l"))
  }

  func directory() throws -> URL {
    let directory = URL(fileURLWithPath: NSTemporaryDirectory())
      .appendingPathComponent("movie-search-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    return directory
  }

  @Test func fzfsFlagsMeanWhatTheyMeanInFzf() async throws {
    let directory = try directory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = directory.appendingPathComponent("out").path
    func read() throws -> String { try String(contentsOfFile: file, encoding: .utf8) }
    // --query and --select-1: one film matches every word; it is chosen without a key.
    let one = try PseudoTerminal(
      ["--print-id", "--select-1", "--query", "matrix reloaded", "--offline"], stdoutFile: file)
    #expect(await one.waitForExit() == 0)
    #expect(try read() == "32708\n")
    // --exit-0: nothing matches; leave at once, status 1.
    let none = try PseudoTerminal(
      ["--print-id", "--exit-0", "--query", "zzzzqqqq", "--offline"], stdoutFile: file)
    #expect(await none.waitForExit() == 1)
    // Enter on an empty list: no match, status 1.
    let empty = try PseudoTerminal(["--print-id", "--offline"], stdoutFile: file)
    empty.type("zzzzqqqq")
    await empty.waitFor("No films match")
    empty.type("\r")
    #expect(await empty.waitForExit() == 1)
    // --multi: Tab marks (or unmarks) and moves down, Shift-Tab the same and moves up, as in
    // fzf; Enter prints the marked ids in the order marked.
    let multi = try PseudoTerminal(
      ["--print-id", "--multi", "--query", "matrix", "--offline"], stdoutFile: file)
    // (A column for the mark: ">+ Title", "   Title".)
    await multi.waitFor(">  The Matrix (1999)")
    multi.type("\t\t")  // the first two, the third highlighted
    await multi.waitFor("2 marked")
    multi.type("\u{1B}[Z")  // the third marked, the second highlighted
    await multi.waitFor("3 marked")
    multi.type("\u{1B}[Z")  // the second unmarked
    await multi.waitFor("2 marked")
    multi.type("\r")
    #expect(await multi.waitForExit() == 0)
    #expect(try read() == "32710\n32709\n")
  }

  @Test func heightDrawsInlineAndLeavesTheScreenAsItWas() async throws {
    let terminal = try PseudoTerminal(
      ["interactive", "--offline", "--height", "8", "--query", "matrix"], columns: 60, rows: 24)
    await terminal.waitFor("> The Matrix (1999)")
    terminal.type("\u{1B}")
    #expect(await terminal.waitForExit() == 0)
    // Never the alternate screen; the rows drawn are cleared from where they started.
    #expect(!terminal.output.contains("\u{1B}[?1049h"))
    #expect(terminal.output.contains("\u{1B}7"))
    #expect(
      terminal.output.hasSuffix("\u{1B}[?1000l\u{1B}[?1006l\u{1B}[?2004l\u{1B}8\u{1B}[J\u{1B}[?25h")
    )
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
    let terminal = try PseudoTerminal(
      [
        "interactive", "--debounce", "0", "--base-url", server.baseURL.absoluteString,
        "--token", "t",
      ], columns: 40, rows: 14)
    terminal.type("matrix")
    await terminal.waitFor("> The Matrix (1999)")
    terminal.type("\r")
    await terminal.waitFor("Sentence 1 of a")
    #expect(!terminal.visible.contains("Sentence 30"))
    terminal.type("\u{1B}[F")  // End
    await terminal.waitFor("Sentence 30 of a")
    await terminal.waitFor("id 603 · IMDb tt0133093")
    terminal.type("\u{1B}[H")  // Home
    terminal.clearOutput()
    await terminal.waitFor("The Matrix (1999)")
    terminal.type("q")
    await terminal.waitFor("> The Matrix (1999)")
    terminal.type("\u{03}")
    #expect(await terminal.waitForExit() == 130)
  }

  @Test func ctrlRSearchesAgainAfterAFailure() async throws {
    let calls = Atomic(0)
    let server = try LoopbackServer { request in
      guard request.path == "/3/search/movie" else { return .json(404, "") }
      // The first search fails; the next one works.
      return calls.add(1) == 1
        ? .json(503, Fixtures.tmdbError(11, "Internal error")) : .json(200, Fixtures.searchPage)
    }
    defer { server.stop() }
    let terminal = try PseudoTerminal(
      [
        "interactive", "--debounce", "0", "--base-url", server.baseURL.absoluteString,
        "--token", "t",
      ], columns: 100, rows: 20)
    terminal.type("matrix")
    await terminal.waitFor("Ctrl-R retries")
    terminal.type("\u{12}")
    await terminal.waitFor("> The Matrix (1999)")
    terminal.type("\u{03}")
    #expect(await terminal.waitForExit() == 130)
  }
}

/// A counter for handlers that run on the server's threads.
final class Atomic: Sendable {
  private let value: Lock<Int>
  init(_ value: Int) { self.value = Lock(value) }
  /// Adds `amount` and returns the new value.
  func add(_ amount: Int) -> Int {
    value.withLock {
      $0 += amount
      return $0
    }
  }
}
