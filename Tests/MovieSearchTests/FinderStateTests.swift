import Foundation
import MovieSearch
import Testing

@testable import MovieSearchCLI
@testable import TestSupport

@Suite struct FinderStateTests {
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
    var screen = FinderState(size: (columns: 40, rows: 10))
    #expect(screen.handle(typed("m")) == [.search("m")])
    #expect(screen.handle(typed("atr") + [.backspace]) == [.search("mat")])
    screen.show(.success(query: "mat", movies: films, total: 2))
    #expect(screen.handle([.up]) == [])
    #expect(screen.selected == 0)
    screen.handle([.down, .down])
    #expect(screen.selected == 1)  // not past the last film
    #expect(screen.handle([.enter]) == [.select(MoviePick(id: 2))])
    #expect(screen.handle([.left, .home]) == [])  // the cursor moves, nothing is searched
    #expect(screen.handle([.killToEnd]) == [.search("")])
    #expect(screen.handle([.interrupt]) == [.finish(FinderOutcome(status: 130))])
    // Ctrl-D on an empty line: leave.
    #expect(screen.handle([.deleteOrLeave]) == [.finish(FinderOutcome(status: 0))])
    #expect(screen.handle([.paste("star wars")]) == [.search("star wars")])
    #expect(screen.handle([.redraw]) == [.redraw])
    #expect(screen.handle([.suspend]) == [.suspend])
  }

  @Test func enterBeforeTheResultsArriveOpensTheFirstOfThemNeverAStaleOne() {
    var screen = FinderState(size: (columns: 60, rows: 10))
    screen.show(.idle(popular: popular))
    // Typed "jaws" and Enter at once: the popular list is not the answer to "jaws".
    #expect(screen.handle(typed("jaws") + [.enter]) == [.search("jaws")])
    #expect(screen.enterPending)
    #expect(
      screen.lines(colour: false)[1].contains("Searching “jaws”… Enter opens the first result."))
    #expect(screen.show(.loading(query: "jaws")) == [])
    #expect(
      screen.show(.success(query: "jaws", movies: films, total: 2)) == [.select(MoviePick(id: 1))])
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
    #expect(screen.handle([.enter]) == [.select(MoviePick(id: 7))])
  }

  @Test func thePreviousListStaysDimmedUntilTheNewOneArrives() {
    var screen = FinderState(size: (columns: 40, rows: 8))
    screen.handle(typed("matrix"))
    screen.show(.success(query: "matrix", movies: films, total: 2))
    #expect(screen.lines(colour: true)[2].hasPrefix("\u{1B}[7m> The Matrix"))
    screen.handle(typed(" r"))
    screen.show(.loading(query: "matrix r"))
    let lines = screen.lines(colour: true)
    #expect(lines[2].hasPrefix("\u{1B}[2;7m> The Matrix"))
    #expect(lines[3].hasPrefix("\u{1B}[2m  The Matrix Reloaded"))
    screen.show(.success(query: "matrix r", movies: [films[1]], total: 1))
    #expect(screen.lines(colour: true)[2].hasPrefix("\u{1B}[7m> The Matrix Reloaded"))
    #expect(screen.lines(colour: true)[3].hasPrefix("\u{1B}[2m↑/↓"))
  }

  @Test func aNewQuerysListStartsAtItsFirstFilmASameQuerysKeepsTheHighlight() {
    let fellowship = Movie(id: 30, title: "The Lord of the Rings: The Fellowship of the Ring")
    let towers = Movie(id: 31, title: "The Lord of the Rings: The Two Towers")
    let cartoon = Movie(id: 32, title: "The Lord of the Rings")
    var screen = FinderState(size: (columns: 60, rows: 10))
    screen.handle(typed("the lord of the r"))
    screen.show(.success(query: "the lord of the r", movies: [fellowship, towers], total: 2))
    #expect(screen.selected == 0)
    // One more key: its loading state, then its list, where the film highlighted is third.
    screen.handle(typed("ings"))
    screen.show(.loading(query: "the lord of the rings"))
    let longer = [cartoon, towers, fellowship]
    screen.show(.success(query: "the lord of the rings", movies: longer, total: 3))
    #expect(screen.selected == 0)
    #expect(screen.lines(colour: false)[2] == "> The Lord of the Rings".padded(to: 60))
    // The same query's list again (TMDb's films merged in): the highlight stays on its film.
    screen.handle([.down])
    screen.show(
      .success(query: "the lord of the rings", movies: [fellowship] + longer.prefix(2), total: 3))
    #expect(screen.selected == 2)
  }

  @Test func aNarrowRowKeepsItsYearAndRating() {
    var screen = FinderState(size: (columns: 40, rows: 8))
    let long = Movie(
      id: 3, title: "Star Wars: Episode V - The Empire Strikes Back",
      releaseDate: ReleaseDate("1980-05-21"), voteAverage: 8.8, voteCount: 9)
    screen.handle(typed("star"))
    screen.show(.success(query: "star", movies: [long, films[0]], total: 2))
    let lines = screen.lines(colour: false)
    // Cut in the middle: the end tells the films of a series apart.
    #expect(lines[2] == "> Star Wars: Ep…Strikes Back (1980)  8.8")
    #expect(lines[3] == "  The Matrix (1999)  8.5")
    #expect(lines.allSatisfy { $0.columns <= 40 })
  }

  @Test func aLongQueryScrollsSoThatTheCursorStaysInView() {
    var screen = FinderState(size: (columns: 30, rows: 6))
    screen.handle([.paste(String(repeating: "star wars ", count: 10))])
    #expect(screen.lines(colour: false)[0] == "Search: …star wars star wars ")
    #expect(screen.cursorColumn == 29)
    screen.handle([.home])
    #expect(screen.lines(colour: false)[0] == "Search: star wars star wars s…")
    #expect(screen.cursorColumn == 8)
  }

  @Test func scrollingPastTheLastLoadedRowAsksForMore() {
    var screen = FinderState(size: (columns: 40, rows: 8))
    screen.handle(typed("mat"))
    screen.show(.success(query: "mat", movies: page("Mat", 0..<20), total: 45))
    #expect(screen.lines(colour: false)[1] == "20/45 films")
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
    #expect(screen.lines(colour: false).contains { $0.hasPrefix("> Mat 20") })
    // The last page: nothing more to ask.
    screen.show(.success(query: "mat", movies: page("Mat", 0..<45), total: 45))
    #expect(screen.handle([.pageDown, .pageDown, .pageDown, .pageDown, .pageDown]) == [])
    #expect(screen.selected == 44)
  }

  @Test func theEndOfThePopularListAsksForMoreOncePerLength() {
    var screen = FinderState(size: (columns: 40, rows: 8))
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
    var screen = FinderState(size: (columns: 40, rows: 8))
    screen.handle(typed("mat"))
    screen.show(
      .moreFailed(query: "mat", movies: page("Mat", 0..<20), total: 45, message: "Offline."))
    #expect(screen.lines(colour: false)[1] == "Offline.")
    #expect(screen.handle([.end]) == [])
    screen.selected = 18
    #expect(screen.handle([.down]) == [.more])
  }

  @Test func wideTerminalsPreviewTheHighlightedFilm() {
    var screen = FinderState(size: (columns: 150, rows: 10))
    screen.handle(typed("matrix"))
    #expect(
      screen.show(.success(query: "matrix", movies: films, total: 2)) == [
        .preview(MoviePick(id: 1))
      ])
    #expect(screen.lines(colour: false)[2].hasSuffix("│ ⠋ Loading details…"))
    let details = MovieDetails(movie: films[0], runtime: 136)
    screen.show(.success(details, posterURL: nil), for: MoviePick(id: 1))
    #expect(screen.lines(colour: false)[2].hasSuffix("│ The Matrix (1999)"))
    #expect(screen.lines(colour: false)[3].hasSuffix("│ 136 min · rated 8.5/10 by 10"))
    #expect(screen.handle([.down]) == [.preview(MoviePick(id: 2))])
    // Back to a film already fetched: no new request.
    #expect(screen.handle([.up]) == [])
    #expect(screen.lines(colour: false)[2].hasSuffix("│ The Matrix (1999)"))
    // Shift-Down and the wheel over the preview scroll it; the list stays.
    screen.handle([.shiftDown])
    #expect(screen.lines(colour: false)[2].hasSuffix("│ 136 min · rated 8.5/10 by 10"))
    #expect(screen.lines(colour: false)[2].hasPrefix("> The Matrix (1999)"))
    screen.handle([.shiftUp])
    #expect(screen.lines(colour: false)[2].hasSuffix("│ The Matrix (1999)"))
    screen.handle([.mouse(Mouse(action: .wheelDown, column: 120, row: 4))])
    #expect(!screen.lines(colour: false)[2].hasSuffix("│ The Matrix (1999)"))
    #expect(screen.selected == 0)
    screen.handle([.mouse(Mouse(action: .wheelUp, column: 120, row: 4))])
    #expect(screen.lines(colour: false)[2].hasSuffix("│ The Matrix (1999)"))
    // Narrower, or turned off: no preview.
    screen.size = (columns: 139, rows: 10)
    #expect(!screen.lines(colour: false)[2].contains("│"))
    screen.size = (columns: 150, rows: 10)
    screen.previewAllowed = false
    #expect(screen.handle([.down]) == [])
    #expect(!screen.lines(colour: false)[2].contains("│"))
  }

  @Test func linesFitTheWidthAndSayWhatIsGoingOn() {
    var screen = FinderState(size: (columns: 30, rows: 6))
    screen.handle(typed("matrix"))
    screen.show(.loading(query: "matrix"))
    #expect(screen.lines(colour: false)[1].hasSuffix("Searching “matrix”…"))
    screen.show(.success(query: "matrix", movies: films, total: 45))
    let lines = screen.lines(colour: false)
    #expect(lines[0] == "Search: matrix")
    #expect(lines[1] == "2/45 films")
    #expect(lines[2].hasPrefix("> The Matrix (1999)  8.5"))
    #expect(lines.allSatisfy { $0.columns <= 30 })
    #expect(lines.count <= 6)
    screen.printsID = true
    #expect(screen.lines(colour: false).last == "↑/↓ choose · Enter prints the…")
  }

  @Test func matchedPartsOfTitlesAreMarkedWhenColourIsAllowed() {
    var matched = films
    matched[0].titleMatches = [4..<10]
    matched[1].titleMatches = [4..<8, 11..<19]
    var screen = FinderState(size: (columns: 60, rows: 6))
    screen.handle(typed("matr reloaded"))
    screen.show(.success(query: "matr reloaded", movies: matched, total: 2))
    #expect(screen.lines(colour: false)[2].hasPrefix("> The Matrix (1999)  8.5  "))
    let (on, off) = ("\u{1B}[1;4m", "\u{1B}[22;24m")
    #expect(screen.lines(colour: true)[2].hasPrefix("\u{1B}[7m> The \(on)Matrix\(off) (1999)  8.5"))
    #expect(
      screen.lines(colour: true)[3]
        == "  The \(on)Matr\(off)ix \(on)Reloaded\(off) With A Very Long Title Indeed")
    // Cut to fit, the "…" is never marked.
    screen.size = (columns: 12, rows: 6)
    #expect(screen.lines(colour: true)[3] == "  The \(on)M\(off)…deed")
  }
}
