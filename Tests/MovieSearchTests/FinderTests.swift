import Foundation
import MovieSearch
import Testing

@testable import movie_search

/// The interactive finder's pieces: keys from bytes, the search field, the screen.
@Suite struct KeyParserTests {
  func keys(_ chunks: String...) -> [Key] {
    var parser = KeyParser()
    return chunks.flatMap { parser.feed(Array($0.utf8)) } + parser.flush()
  }

  @Test func controlKeysAndSequencesAreKeys() {
    #expect(
      keys("a\u{01}\u{02}\u{04}\u{05}\u{06}\u{0B}\u{0C}\u{0E}\u{10}\u{15}\u{17}\u{1A}\r\u{7F}")
        == [
          .character("a"), .home, .left, .deleteOrLeave, .end, .right, .killToEnd, .redraw, .down,
          .up, .killToStart, .killSpaceWord, .suspend, .enter, .backspace,
        ])
    #expect(
      keys("\u{1B}[A\u{1B}[B\u{1B}[C\u{1B}[D\u{1B}OA\u{1B}OB") == [
        .up, .down, .right, .left, .up, .down,
      ])
    #expect(
      keys("\u{1B}[H\u{1B}[F\u{1B}[1~\u{1B}[4~\u{1B}[7~\u{1B}[8~\u{1B}OH\u{1B}OF")
        == [.home, .end, .home, .end, .home, .end, .home, .end])
    #expect(
      keys("\u{1B}[3~\u{1B}[5~\u{1B}[6~\u{1B}[1;5C") == [.delete, .pageUp, .pageDown, .right])
    #expect(keys("\u{1B}b\u{1B}f\u{1B}\u{7F}") == [.wordLeft, .wordRight, .killWord])
  }

  @Test func unboundSequencesAreDroppedWholeNeverReadAsEsc() {
    // F1–F4 (two encodings), F5, F12, Alt-letters, Alt-é, Shift-F1, a mouse release, a
    // right click.
    let unbound = [
      "\u{1B}OP", "\u{1B}OQ", "\u{1B}OR", "\u{1B}OS", "\u{1B}[11~", "\u{1B}[15~", "\u{1B}[24~",
      "\u{1B}x", "\u{1B}q", "\u{1B}é", "\u{1B}[1;2P", "\u{1B}[<0;10;5m", "\u{1B}[<2;10;5M",
    ]
    // A click and the wheel are keys of their own (columns and rows from 0).
    #expect(
      keys("\u{1B}[<0;10;5M\u{1B}[<64;1;1M\u{1B}[<65;3;4M\u{1B}[1;2A\u{1B}[1;2B\t\u{1B}[Z\u{12}")
        == [
          .mouse(Mouse(action: .click, column: 9, row: 4)),
          .mouse(Mouse(action: .wheelUp, column: 0, row: 0)),
          .mouse(Mouse(action: .wheelDown, column: 2, row: 3)), .shiftUp, .shiftDown, .tab,
          .backTab, .retry,
        ])
    for sequence in unbound {
      #expect(keys(sequence + "z") == [.character("z")], "\(sequence.debugDescription)")
    }
  }

  @Test func mouseReportsOutsideAnyTerminalAreIgnored() {
    // A terminal has at most 65,535 columns and rows: larger positions (which would overflow
    // the list's arithmetic) and position 0 are no report.
    for position in ["0;1", "1;0", "65536;1", "1;9223372036854775807", "99999999999999999999;1"] {
      #expect(keys("\u{1B}[<0;\(position)Mz") == [.character("z")], "\(position)")
    }
    #expect(
      keys("\u{1B}[<0;65535;65535M") == [.mouse(Mouse(action: .click, column: 65534, row: 65534))])
  }

  @Test func aLoneEscIsKnownBySilenceAndSequencesMaySpanReads() {
    var parser = KeyParser()
    #expect(parser.feed(Array("\u{1B}".utf8)) == [])
    #expect(parser.isWaiting)
    #expect(parser.flush() == [.escape])
    // A sequence and a character split across reads.
    #expect(parser.feed([0x1B, UInt8(ascii: "[")]) == [])
    #expect(parser.feed([UInt8(ascii: "A"), 0xC3]) == [.up])
    #expect(parser.feed([0xA9]) == [.character("é")])
    // Esc, Esc: the first is a key; Esc then Ctrl-C: both.
    #expect(keys("\u{1B}\u{1B}") == [.escape, .escape])
    #expect(keys("\u{1B}\u{03}") == [.escape, .interrupt])
  }

  @Test func aBracketedPasteIsOneKeyWhateverItHolds() {
    #expect(
      keys("a\u{1B}[200~one\r\ntwo\tthree\u{1B}[A\u{1B}[201~b")
        == [.character("a"), .paste("one  two three[A"), .character("b")])
    // Split anywhere, even inside the end marker.
    var parser = KeyParser()
    #expect(parser.feed(Array("\u{1B}[200~star w".utf8)) == [])
    #expect(parser.feed(Array("ars\u{1B}[20".utf8)) == [])
    #expect(parser.feed(Array("1~".utf8)) == [.paste("star wars")])
    // A paste whose end marker never comes ends at the reader's silence, keeping its text;
    // keys after it are keys again.
    parser = KeyParser()
    #expect(parser.feed(Array("\u{1B}[200~alien".utf8)) == [])
    #expect(parser.isPasting)
    #expect(parser.flush() == [.paste("alien")])
    #expect(parser.feed([0x03]) == [.interrupt])
    let long = String(repeating: "matrix ", count: 2_000)
    #expect(keys("\u{1B}[200~" + long + "\u{1B}[201~b") == [.paste(long), .character("b")])
  }

  @Test func aHugePasteKeepsItsFirstBytesAndTheKeysAfterIt() {
    // Ten megabytes in 64 KB reads, as the terminal hands them over, then Ctrl-C: the paste
    // keeps its first 16 KB (more than the field holds), and the key after it is a key.
    var parser = KeyParser()
    var keys = parser.feed(Array("\u{1B}[200~".utf8))
    let chunk = [UInt8](repeating: UInt8(ascii: "x"), count: 65_536)
    for _ in 0..<160 { keys += parser.feed(chunk) }
    keys += parser.feed(Array("\u{1B}[201~\u{03}".utf8))
    #expect(keys.count == 2)
    #expect(keys.first == .paste(String(repeating: "x", count: KeyParser.pasteLimit)))
    #expect(keys.last == .interrupt)
  }
}

@Suite struct LineEditorTests {
  func edited(_ text: String, cursor: Int? = nil, _ keys: Key...) -> (String, Int) {
    var editor = LineEditor(text)
    if let cursor { for _ in 0..<(text.count - cursor) { _ = editor.apply(.left) } }
    for key in keys { _ = editor.apply(key) }
    return (editor.text, editor.cursor)
  }

  @Test func theFieldHoldsAThousandCharactersAndSaysWhenMoreWereDropped() {
    var editor = LineEditor()
    var changed = editor.apply(.paste(String(repeating: "a", count: 999) + "bcd"))
    #expect(changed && editor.text == String(repeating: "a", count: 999) + "b")
    #expect(editor.wasCut)
    changed = editor.apply(.character("z"))
    #expect(!changed && editor.wasCut)
    changed = editor.apply(.backspace)
    #expect(changed && !editor.wasCut)
    changed = editor.apply(.character("z"))
    #expect(changed && editor.text.count == LineEditor.capacity && !editor.wasCut)
    #expect(LineEditor(String(repeating: "q", count: 5_000)).text.count == LineEditor.capacity)
  }

  @Test func editingKeysWorkAtTheCursor() {
    #expect(edited("matrx", cursor: 4, .character("i")) == ("matrix", 5))
    #expect(edited("matrix", .home, .delete) == ("atrix", 0))
    #expect(edited("matrix", .home, .deleteOrLeave) == ("atrix", 0))
    #expect(edited("matrix", .backspace) == ("matri", 5))
    #expect(edited("matrix", .home, .backspace) == ("matrix", 0))
    #expect(edited("the matrix", cursor: 4, .killToStart) == ("matrix", 0))
    #expect(edited("the matrix", cursor: 3, .killToEnd) == ("the", 3))
    #expect(edited("star wars: episode", .killSpaceWord) == ("star wars: ", 11))
    #expect(edited("star wars: episode", .killSpaceWord, .killSpaceWord) == ("star ", 5))
    #expect(edited("star wars:", .killWord) == ("star ", 5))
    #expect(edited("star wars", .wordLeft) == ("star wars", 5))
    #expect(edited("star wars", .home, .wordRight) == ("star wars", 4))
    #expect(edited("star wars", .home, .wordRight, .wordRight) == ("star wars", 9))
    #expect(edited("ab", .left, .left, .left, .right) == ("ab", 1))
    #expect(edited("ab", .home, .end) == ("ab", 2))
    #expect(edited("ab", cursor: 1, .paste("12")) == ("a12b", 3))
  }

  @Test func theWindowKeepsTheCursorInView() {
    var editor = LineEditor(String(repeating: "abcdefghij", count: 3))
    var scroll = 0
    var window = editor.window(width: 12, scroll: &scroll)
    #expect(window.text == "…abcdefghij")
    #expect(window.cursorColumn == 11)
    #expect(scroll == 20)
    // Back to the start: the window follows.
    _ = editor.apply(.home)
    window = editor.window(width: 12, scroll: &scroll)
    #expect(scroll == 0)
    #expect(window.text == "abcdefghija…")
    #expect(window.cursorColumn == 0)
    // Short text: no scrolling at all.
    editor = LineEditor("matrix")
    window = editor.window(width: 12, scroll: &scroll)
    #expect(window.text == "matrix" && window.cursorColumn == 6 && scroll == 0)
  }
}

@Suite struct InteractiveScreenTests {
  let films = [
    Movie(
      id: 1, title: "The Matrix", releaseDate: ReleaseDate("1999-03-31"), voteAverage: 8.5,
      voteCount: 10),
    Movie(id: 2, title: "The Matrix Reloaded With A Very Long Title Indeed", voteCount: 0),
  ]
  let popular = [Movie(id: 7, title: "The Lord of the Rings"), Movie(id: 8, title: "Jaws 2")]

  func page(_ query: String, _ range: Range<Int>) -> [Movie] {
    range.map { Movie(id: 100 + $0, title: "\(query) \($0)") }
  }

  func typed(_ text: String) -> [Key] { text.map { .character($0) } }

  @Test func keysEditTheQueryAndABurstIsOneSearch() {
    var screen = InteractiveScreen(size: (columns: 40, rows: 10))
    #expect(screen.handle(typed("m")) == [.search("m")])
    #expect(screen.handle(typed("atr") + [.backspace]) == [.search("mat")])
    screen.show(.success(query: "mat", movies: films, total: 2))
    #expect(screen.handle([.up]) == [])
    #expect(screen.selected == 0)
    screen.handle([.down, .down])
    #expect(screen.selected == 1)  // not past the last film
    #expect(screen.handle([.enter]) == [.select(2)])
    #expect(screen.handle([.left, .home]) == [])  // the cursor moves, nothing is searched
    #expect(screen.handle([.killToEnd]) == [.search("")])
    #expect(screen.handle([.interrupt]) == [.quit(130)])
    #expect(screen.handle([.deleteOrLeave]) == [.quit(0)])  // on an empty line: leave
    #expect(screen.handle([.paste("star wars")]) == [.search("star wars")])
    #expect(screen.handle([.redraw]) == [.redraw])
    #expect(screen.handle([.suspend]) == [.suspend])
  }

  @Test func enterBeforeTheResultsArriveOpensTheFirstOfThemNeverAStaleOne() {
    var screen = InteractiveScreen(size: (columns: 60, rows: 10))
    screen.show(.idle(popular: popular))
    // Typed "jaws" and Enter at once: the popular list is not the answer to "jaws".
    #expect(screen.handle(typed("jaws") + [.enter]) == [.search("jaws")])
    #expect(screen.enterPending)
    #expect(screen.lines()[1].contains("Searching “jaws”… Enter opens the first result."))
    #expect(screen.show(.loading(query: "jaws")) == [])
    #expect(screen.show(.success(query: "jaws", movies: films, total: 2)) == [.select(1)])
    #expect(!screen.enterPending)
    // An edit after Enter cancels it.
    screen.handle(typed("x") + [.enter] + typed("y"))
    #expect(!screen.enterPending)
    #expect(screen.show(.success(query: "jawsxy", movies: films, total: 2)) == [])
    // Nothing found: nothing opens.
    screen.handle(typed("z") + [.enter])
    #expect(screen.show(.noResults(query: "jawsxyz")) == [])
    // On the current list, Enter opens at once.
    screen.handle([.killToStart])
    screen.show(.idle(popular: popular))
    #expect(screen.handle([.enter]) == [.select(7)])
  }

  @Test func thePreviousListStaysDimmedUntilTheNewOneArrives() {
    var screen = InteractiveScreen(size: (columns: 40, rows: 8))
    screen.colour = true
    screen.handle(typed("matrix"))
    screen.show(.success(query: "matrix", movies: films, total: 2))
    #expect(screen.lines()[2].hasPrefix("\u{1B}[7m> The Matrix"))
    screen.handle(typed(" r"))
    screen.show(.loading(query: "matrix r"))
    let lines = screen.lines()
    #expect(lines[2].hasPrefix("\u{1B}[2;7m> The Matrix"))
    #expect(lines[3].hasPrefix("\u{1B}[2m  The Matrix Reloaded"))
    screen.show(.success(query: "matrix r", movies: [films[1]], total: 1))
    #expect(screen.lines()[2].hasPrefix("\u{1B}[7m> The Matrix Reloaded"))
    #expect(screen.lines()[3].hasPrefix("\u{1B}[2m↑/↓"))
  }

  @Test func aNarrowRowKeepsItsYearAndRating() {
    var screen = InteractiveScreen(size: (columns: 40, rows: 8))
    screen.colour = false
    let long = Movie(
      id: 3, title: "Star Wars: Episode V - The Empire Strikes Back",
      releaseDate: ReleaseDate("1980-05-21"), voteAverage: 8.8, voteCount: 9)
    screen.handle(typed("star"))
    screen.show(.success(query: "star", movies: [long, films[0]], total: 2))
    let lines = screen.lines()
    #expect(lines[2] == "> Star Wars: Episode V - Th… (1980)  8.8")
    #expect(lines[3] == "  The Matrix (1999)  8.5")
    #expect(lines.allSatisfy { $0.columns <= 40 })
  }

  @Test func aLongQueryScrollsSoThatTheCursorStaysInView() {
    var screen = InteractiveScreen(size: (columns: 30, rows: 6))
    screen.colour = false
    screen.handle([.paste(String(repeating: "star wars ", count: 10))])
    #expect(screen.lines()[0] == "Search: …star wars star wars ")
    #expect(screen.cursorColumn == 29)
    screen.handle([.home])
    #expect(screen.lines()[0] == "Search: star wars star wars s…")
    #expect(screen.cursorColumn == 8)
  }

  @Test func scrollingPastTheLastLoadedRowAsksForMore() {
    var screen = InteractiveScreen(size: (columns: 40, rows: 8))
    screen.handle(typed("mat"))
    screen.show(.success(query: "mat", movies: page("Mat", 0..<20), total: 45))
    #expect(screen.lines()[1] == "20/45 films")
    #expect(screen.handle([.pageDown]) == [])
    #expect(screen.selected == 5)
    #expect(screen.handle([.pageDown, .pageDown, .pageDown]) == [.more])
    #expect(screen.selected == 19)
    screen.show(.loadingMore(query: "mat", movies: page("Mat", 0..<20), total: 45))
    #expect(screen.handle([.down]) == [])  // one page at a time
    screen.show(.success(query: "mat", movies: page("Mat", 0..<40), total: 45))
    #expect(screen.selected == 19)  // the highlight stays on its film
    screen.handle([.down])
    #expect(screen.selected == 20)
    #expect(screen.lines().contains { $0.hasPrefix("> Mat 20") })
    // The last page: nothing more to ask.
    screen.show(.success(query: "mat", movies: page("Mat", 0..<45), total: 45))
    #expect(screen.handle([.pageDown, .pageDown, .pageDown, .pageDown, .pageDown]) == [])
    #expect(screen.selected == 44)
  }

  @Test func theEndOfThePopularListAsksForMoreOncePerLength() {
    var screen = InteractiveScreen(size: (columns: 40, rows: 8))
    screen.show(.idle(popular: page("Popular", 0..<20)))
    #expect(screen.handle([.pageDown, .pageDown, .pageDown, .pageDown]) == [.more])
    #expect(screen.handle([.down]) == [])
    screen.show(.idle(popular: page("Popular", 0..<40)))
    #expect(screen.selected == 19)
    #expect(screen.handle([.end, .pageDown, .pageDown, .pageDown, .pageDown]) == [.more])
    screen.show(.idle(popular: page("Popular", 0..<45)))  // a short page: the last
    #expect(screen.handle([.pageDown]) == [])
  }

  @Test func aFailedPageIsToldAndScrollingOnTriesAgain() {
    var screen = InteractiveScreen(size: (columns: 40, rows: 8))
    screen.handle(typed("mat"))
    screen.show(
      .moreFailed(query: "mat", movies: page("Mat", 0..<20), total: 45, message: "Offline."))
    #expect(screen.lines()[1] == "Offline.")
    #expect(screen.handle([.end]) == [])
    screen.selected = 18
    #expect(screen.handle([.down]) == [.more])
  }

  @Test func wideTerminalsPreviewTheHighlightedFilm() {
    var screen = InteractiveScreen(size: (columns: 150, rows: 10))
    screen.colour = false
    screen.handle(typed("matrix"))
    #expect(screen.show(.success(query: "matrix", movies: films, total: 2)) == [.preview(1)])
    #expect(screen.lines()[2].hasSuffix("│ ⠋ Loading details…"))
    let details = MovieDetails(movie: films[0], runtime: 136)
    screen.show(.success(details, posterURL: nil), id: 1)
    #expect(screen.lines()[2].hasSuffix("│ The Matrix (1999)"))
    #expect(screen.lines()[3].hasSuffix("│ 136 min · rated 8.5/10 by 10"))
    #expect(screen.handle([.down]) == [.preview(2)])
    // Back to a film already fetched: no new request.
    #expect(screen.handle([.up]) == [])
    #expect(screen.lines()[2].hasSuffix("│ The Matrix (1999)"))
    // Shift-Down and the wheel over the preview scroll it; the list stays.
    screen.handle([.shiftDown])
    #expect(screen.lines()[2].hasSuffix("│ 136 min · rated 8.5/10 by 10"))
    #expect(screen.lines()[2].hasPrefix("> The Matrix (1999)"))
    screen.handle([.shiftUp])
    #expect(screen.lines()[2].hasSuffix("│ The Matrix (1999)"))
    screen.handle([.mouse(Mouse(action: .wheelDown, column: 120, row: 4))])
    #expect(!screen.lines()[2].hasSuffix("│ The Matrix (1999)"))
    #expect(screen.selected == 0)
    screen.handle([.mouse(Mouse(action: .wheelUp, column: 120, row: 4))])
    #expect(screen.lines()[2].hasSuffix("│ The Matrix (1999)"))
    // Narrower, or turned off: no preview.
    screen.size = (columns: 139, rows: 10)
    #expect(!screen.lines()[2].contains("│"))
    screen.size = (columns: 150, rows: 10)
    screen.previewAllowed = false
    #expect(screen.handle([.down]) == [])
    #expect(!screen.lines()[2].contains("│"))
  }

  @Test func linesFitTheWidthAndSayWhatIsGoingOn() {
    var screen = InteractiveScreen(size: (columns: 30, rows: 6))
    screen.colour = false
    screen.handle(typed("matrix"))
    screen.show(.loading(query: "matrix"))
    #expect(screen.lines()[1].hasSuffix("Searching “matrix”…"))
    screen.show(.success(query: "matrix", movies: films, total: 45))
    let lines = screen.lines()
    #expect(lines[0] == "Search: matrix")
    #expect(lines[1] == "2/45 films")
    #expect(lines[2].hasPrefix("> The Matrix (1999)  8.5"))
    #expect(lines.allSatisfy { $0.columns <= 30 })
    #expect(lines.count <= 6)
    screen.printsID = true
    #expect(screen.lines().last == "↑/↓ choose · Enter prints the…")
  }

  @Test func matchedPartsOfTitlesAreMarkedWhenColourIsAllowed() {
    var matched = films
    matched[0].titleMatches = [4..<10]
    matched[1].titleMatches = [4..<8, 11..<19]
    var screen = InteractiveScreen(size: (columns: 60, rows: 6))
    screen.handle(typed("matr reloaded"))
    screen.show(.success(query: "matr reloaded", movies: matched, total: 2))
    screen.colour = false
    #expect(screen.lines()[2].hasPrefix("> The Matrix (1999)  8.5  "))
    screen.colour = true
    let (on, off) = ("\u{1B}[1;4m", "\u{1B}[22;24m")
    #expect(screen.lines()[2].hasPrefix("\u{1B}[7m> The \(on)Matrix\(off) (1999)  8.5"))
    #expect(
      screen.lines()[3]
        == "  The \(on)Matr\(off)ix \(on)Reloaded\(off) With A Very Long Title Indeed")
    // Cut to fit, the "…" is never marked.
    screen.size = (columns: 12, rows: 6)
    #expect(screen.lines()[3] == "  The \(on)Matr\(off)i…")
  }
}
