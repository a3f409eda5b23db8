import Foundation
import MovieSearch
import Testing

@testable import MovieSearchCLI
@testable import TestSupport

/// The rest of fzf's habits — layouts, prompt, header, pointer and marker, border, --cycle, --bind,
/// --expect, --print-query, PgDn queued behind the pages, first/last, a preview that
/// follows the list — on the finder's state (exact screens) and on a fake terminal.
@Suite(.timeLimit(.minutes(2))) struct FinderHabitsTests {
  func films(_ range: Range<Int>) -> [Movie] {
    range.map { Movie(id: 100 + $0, title: "Love \($0)") }
  }

  func pad(_ count: Int) -> String { String(repeating: " ", count: count) }

  func screen(_ look: FinderLook, columns: Int = 30, rows: Int = 8) -> FinderState {
    var screen = FinderState(size: look.inner(columns: columns, rows: rows))
    screen.look = look
    screen.handle("love".map { .character($0) })
    screen.show(.success(query: "love", movies: films(0..<3), total: 3))
    return screen
  }

  @Test func eachLayoutPlacesThePromptAndRunsTheListItsWay() {
    var look = FinderLook()
    look.prompt = "> "
    look.header = ["Pick one"]
    #expect(
      screen(look).lines(colour: false) == [
        "> love", "3 films", "Pick one", "> Love 0" + pad(22), "  Love 1", "  Love 2",
        "↑/↓ choose · Enter details ·…",
      ])
    look.layout = .default
    #expect(
      screen(look).lines(colour: false) == [
        "↑/↓ choose · Enter details ·…", "", "  Love 2", "  Love 1", "> Love 0" + pad(22),
        "Pick one",
        "3 films", "> love",
      ])
    look.layout = .reverseList
    let reverseList = screen(look)
    #expect(
      reverseList.lines(colour: false) == [
        "↑/↓ choose · Enter details ·…", "> Love 0" + pad(22), "  Love 1", "  Love 2", "",
        "Pick one",
        "3 films", "> love",
      ])
    #expect(reverseList.promptRow == 7)
    #expect(reverseList.cursorColumn == 6)
    // A click reads the row back in each layout.
    for (layout, row) in [(FinderLook.Layout.reverse, 5), (.default, 2), (.reverseList, 3)] {
      look.layout = layout
      var clicked = screen(look)
      clicked.handle([.mouse(Mouse(action: .click, column: 3, row: row))])
      #expect(clicked.selected == 2, "\(layout)")
    }
  }

  @Test func aBorderBoxesTheFinderAndClicksCountFromInsideIt() {
    var look = FinderLook()
    look.border = true
    var boxed = screen(look, columns: 24, rows: 7)
    #expect(boxed.size.columns == 20 && boxed.size.rows == 5)
    let frame = boxed.frame(
      after: nil, in: Viewport(terminal: TerminalSize(columns: 24, rows: 7), mode: .fullScreen),
      colour: false)
    #expect(
      frame.lines == [
        "╭──────────────────────╮", "│ Search: love         │", "│ 3 films              │",
        "│ > Love 0             │", "│   Love 1             │", "│ ↑/↓ choose · Enter…  │",
        "╰──────────────────────╯",
      ])
    boxed.handle([.mouse(Mouse(action: .click, column: 4, row: 4))])
    #expect(boxed.selected == 1)
  }

  @Test func pageDownQueuesBehindThePagesAndLastLoadsThemAll() {
    var screen = FinderState(size: (columns: 40, rows: 13))  // 10 rows of list
    screen.handle("love".map { .character($0) })
    screen.show(.success(query: "love", movies: films(0..<20), total: 45))
    #expect(screen.handle([.pageDown]) == [])
    #expect(screen.selected == 10)
    // Past the films loaded: the highlight waits on the last one, the next page is asked.
    #expect(screen.handle([.pageDown]) == [.more])
    #expect(screen.selected == 19)
    #expect(screen.handle([.pageDown, .pageDown]) == [.more])  // pressed while it loads
    screen.show(.loadingMore(query: "love", movies: films(0..<20), total: 45))
    // 10 + 3 × 10 is row 40: the highlight goes to the last loaded, and asks for more…
    #expect(screen.show(.success(query: "love", movies: films(0..<40), total: 45)) == [.more])
    #expect(screen.selected == 39)
    #expect(screen.wantedRow == 40)
    #expect(screen.show(.success(query: "love", movies: films(0..<45), total: 45)) == [])
    #expect(screen.selected == 40)  // …the queued press arrives when its page does
    #expect(screen.wantedRow == nil)
    // first and last (fzf's actions, bound to keys).
    screen.look.bindings = [.control("g"): [.first], .control("t"): [.last]]
    screen.handle([.control("g")])
    #expect(screen.selected == 0)
    screen.handle([.control("t")])
    #expect(screen.selected == 44)
    // Up, Down with --cycle wrap around once the list is complete.
    screen.look.cycle = true
    screen.handle([.down])
    #expect(screen.selected == 0)
    screen.handle([.up])
    #expect(screen.selected == 44)
  }

  @Test func bindingsExpectAndPrintQueryEndAsFzfDoes() {
    var screen = FinderState(size: (columns: 40, rows: 10))
    screen.printsID = true
    screen.multi = true
    screen.look.bindings = [
      .control("o"): [.execute("echo {} >> list")], .control("x"): [.clearQuery],
      .alt("a"): [.toggle, .down], .control("p"): [.pageDown],
      .control("e"): [.execute("echo {+} {} {q}")],
    ]
    screen.look.expected = [.control("v"): "ctrl-v"]
    screen.handle("love".map { .character($0) })
    screen.show(.success(query: "love", movies: films(0..<3), total: 3))
    #expect(screen.handle([.control("o")]) == [.execute("echo 100 >> list")])
    // `{+}`: the marked films, or — none marked — the highlighted one, as fzf's.
    #expect(screen.handle([.control("e")]) == [.execute("echo 100 100 'love'")])
    screen.handle([.alt("a")])
    #expect(screen.marked == ["100"])
    #expect(screen.selected == 1)
    screen.handle([.alt("a")])
    #expect(screen.handle([.control("e")]) == [.execute("echo 100 101 102 'love'")])
    screen.handle([.up, .alt("a")])
    #expect(screen.marked == ["100"])
    #expect(
      screen.handle([.control("v")])
        == [.finish(FinderOutcome(status: 0, chosen: ["100"], key: "ctrl-v"))])
    #expect(screen.handle([.control("x")]) == [.search("")])
    // What is printed: the query, the key (empty for Enter), the ids; an abort prints nothing.
    var finder = Finder(printID: true, printQuery: true)
    finder.look.expected = [.control("v"): "ctrl-v"]
    let chosen = FinderOutcome(status: 0, chosen: ["100", "101"], key: "ctrl-v", query: "love")
    #expect(FinderRun.output(of: chosen, finder) == ["love", "ctrl-v", "100", "101"])
    let entered = FinderOutcome(status: 0, chosen: ["100"], query: "love")
    #expect(FinderRun.output(of: entered, finder) == ["love", "", "100"])
    #expect(FinderRun.output(of: FinderOutcome(status: 1, query: "zz"), finder) == ["zz"])
    #expect(FinderRun.output(of: FinderOutcome(status: 130, query: "x"), finder) == [])
  }

  @Test func thePreviewFollowsTheListAndThePopularListIsCounted() {
    var screen = FinderState(size: (columns: 150, rows: 10))
    screen.show(.idle(popular: films(0..<20)))
    #expect(screen.lines(colour: false)[1] == "Popular films · 20")
    screen.handle("alien".map { .character($0) })
    screen.show(.success(query: "alien", movies: films(0..<2), total: 2))
    #expect(screen.preview?.pick == MoviePick(id: 100))
    screen.handle("zz".map { .character($0) })
    screen.show(.noResults(query: "alienzz"))
    #expect(screen.preview == nil)
    #expect(screen.lines(colour: false)[2].hasSuffix("│ "))  // the pane is empty
    // fzf's default layout runs the list upwards, never the preview beside it.
    screen.look.layout = .default
    screen.handle([.backspace, .backspace])
    screen.show(.success(query: "alien", movies: films(0..<2), total: 2))
    screen.show(
      .success(MovieDetails(movie: films(0..<1)[0]), posterURL: nil), for: MoviePick(id: 100))
    let lines = screen.lines(colour: false)
    #expect(lines[1].hasSuffix("│ Love 0"))  // the pane's first line at the top
    #expect(lines[7].hasPrefix("> Love 0"))  // the first film just above the status
  }

  @Test func keysAndActionsAreReadAsFzfNamesThem() throws {
    #expect(KeyName.key("ctrl-o") == .control("o"))
    #expect(KeyName.key("ctrl-a") == .home)
    #expect(KeyName.key("alt-x") == .alt("x"))
    #expect(KeyName.key("pgdn") == .pageDown)
    #expect(KeyName.key("f2") == .function(2))
    #expect(KeyName.key("hyper-q") == nil)
    let bound = try FinderOptions.bindings(
      "ctrl-o:execute(open 'https://x/{}',now),ctrl-g:first,alt-t:toggle+down+accept"
    ).get()
    #expect(bound[.control("o")] == [.execute("open 'https://x/{}',now")])
    #expect(bound[.control("g")] == [.first])
    #expect(bound[.alt("t")] == [.toggleDown, .accept])
  }

  @Test func thePointerAndTheMarkerAreDrawnAsGiven() throws {
    var look = FinderLook()
    (look.pointer, look.marker) = ("▶▶", "✓")
    var finder = screen(look)
    finder.multi = true
    finder.handle([.tab])  // Love 0 marked, the highlight on Love 1
    let lines = finder.lines(colour: false)
    #expect(lines.contains("  ✓ Love 0"))
    #expect(lines.contains("▶▶  Love 1" + pad(20)))
    #expect(lines.contains("    Love 2"))
    // One or two columns of text, as fzf's; nothing the terminal would read as a command.
    #expect(try FinderOptions.glyph("👉", of: "pointer").get() == "👉")
    for refused in ["", "abc", "\u{1B}[31m>", "\u{7}"] {
      guard case .failure(let message) = FinderOptions.glyph(refused, of: "marker") else {
        Issue.record("'\(refused)' was taken")
        continue
      }
      #expect(message.text.hasSuffix("of '--marker' is not one or two columns of text."))
    }
  }

  @Test func ctrlJAndCtrlKMoveAsInFzfAndKillLineCanBeBound() throws {
    var parser = KeyParser()
    // Enter is 0x0D in raw mode; 0x0A is Ctrl-J.
    #expect(parser.feed(Array("\n\u{0B}\r".utf8)) == [.down, .up, .enter])
    #expect(KeyName.key("ctrl-j") == .down && KeyName.key("ctrl-k") == .up)
    var finder = screen(FinderLook())
    finder.handle([.down, .down])
    #expect(finder.selected == 2)
    finder.handle(Array(parser.feed(Array("\u{0B}".utf8))))
    #expect(finder.selected == 1)
    // Ctrl-K no longer deletes; kill-line does, where it is bound.
    #expect(finder.text == "love")
    var look = FinderLook()
    look.bindings = try FinderOptions.bindings("ctrl-x:kill-line").get()
    var bound = screen(look)
    bound.handle([.home, .right, .right, .control("x")])
    #expect(bound.text == "lo")
  }

  @Test func anExecuteBindingRunsOnTheTerminalWithTheFilmsIdAndTheFieldQuoted() async throws {
    let session = try FinderSession([
      "--offline", "--query", "the 'matrix' $(id)", "--bind",
      "ctrl-o:execute(echo {} {q} >> picked)",
    ])
    await session.waitFor("> The Matrix (1999)")
    // One burst: the command runs (the terminal given back and taken again), then Esc.
    session.type("\u{0F}\u{1B}")
    #expect(await session.outcome().status == 0)
    // The field's text as one word of the shell's, as a preview command's `{q}` is.
    #expect(session.terminal.executed == [#"echo 32710 'the '\''matrix'\'' $(id)' >> picked"#])
  }
}
