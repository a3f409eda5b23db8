import Foundation
import MovieSearchBuiltInCatalog
import Testing

@testable import MovieSearch
@testable import MovieSearchCLI
@testable import TestSupport

/// A query being typed (a finder's field, a view model's keystrokes) reads its unfinished
/// last word as the beginning of title words when it is one, never as a typo: each letter
/// added narrows the list, as a finder's user expects — while a search typed whole still
/// forgives a typo in its last word.
@Suite(.onOwnThreads) struct NarrowingWhileTypingTests {
  /// The number of films a query finds, typed or whole.
  func count(_ text: String, typed: Bool, in catalog: OfflineCatalog) throws -> Int {
    try catalog.searchMovies(MovieQuery(text, isBeingTyped: typed)).totalResults
  }

  @Test func typingAlienLetterByLetterOnlyNarrows() throws {
    let catalog = try OfflineCatalog.builtIn()
    let counts = try ["a", "al", "ali", "alie", "alien"].map {
      try count($0, typed: true, in: catalog)
    }
    // Whole, "alie" is read with typos too (alive, alike, allie…): 563 films, more than "ali".
    #expect(try count("alie", typed: false, in: catalog) > counts[2])
    #expect(counts == counts.sorted(by: >))
    #expect(counts.last == (try count("alien", typed: false, in: catalog)))
  }

  /// The most-voted films, most first.
  func famous(_ count: Int, in catalog: OfflineCatalog) -> ArraySlice<Movie> {
    catalog.allMovies.sorted { $0.voteCount > $1.voteCount }.prefix(count)
  }

  /// Where the count grew while `text` was typed key by key ("typed: before → after") — but
  /// where the last word is one letter, which begins words of most titles, or a finished word
  /// with other forms ("three" finds "3 Women", "sixth" "6th"; see WordForms).
  func growth(typing text: String, in catalog: OfflineCatalog) throws -> [String] {
    var grown: [String] = []
    var previous = Int.max
    for length in 1...text.count {
      let typed = String(text.prefix(length))
      guard let last = TitleText.words(typed).last, typed.last != " " else { continue }
      let found = try count(typed, typed: true, in: catalog)
      defer { previous = found }
      guard last.text.count > 1, WordForms.forms(of: last.text).isEmpty else { continue }
      if found > previous { grown.append("\(typed): \(previous) → \(found)") }
    }
    return grown
  }

  /// Over the first words of the most-voted films, letter by letter: no count grows.
  @Test func typingTheFirstWordsOfFamousTitlesOnlyNarrows() throws {
    let catalog = try OfflineCatalog.builtIn()
    let words = Set(
      famous(300, in: catalog).compactMap { movie in
        TitleText.words(movie.title).first.map { String(decoding: $0.text, as: UTF8.self) }
      })
    #expect(try words.sorted().flatMap { try growth(typing: $0, in: catalog) } == [])
  }

  /// Whole titles of the most-voted films, key by key: a word added leaves out the films
  /// without it (when some film has every word).
  @Test func typingWholeTitlesOnlyNarrows() throws {
    let catalog = try OfflineCatalog.builtIn()
    #expect(try famous(60, in: catalog).flatMap { try growth(typing: $0.title, in: catalog) } == [])
  }

  @Test func theFinderCountsWhatTheTypedWordBegins() async throws {
    let catalog = try OfflineCatalog.builtIn()
    let films = try count("alie", typed: true, in: catalog)
    let terminal = try FinderSession(["--offline", "--debounce", "0"])
    await terminal.waitFor("Type a title.")
    terminal.type("alie")
    await terminal.waitFor("20/\(films) films")
    #expect(films < (try count("ali", typed: true, in: catalog)))
    terminal.type("\u{03}")
    #expect(await terminal.waitForExit() == 130)
  }

  @Test func aSpaceOrAMarkAfterTheLastWordFinishesIt() throws {
    #expect(TitleQuery("the misso", beingTyped: true)?.lastWordBeingTyped == true)
    #expect(TitleQuery("the misso ", beingTyped: true)?.lastWordBeingTyped == false)
    #expect(TitleQuery("the misso:", beingTyped: true)?.lastWordBeingTyped == false)
    #expect(TitleQuery("amél", beingTyped: true)?.lastWordBeingTyped == true)
    #expect(TitleQuery("the misso", beingTyped: false)?.lastWordBeingTyped == false)
  }

  @Test func aSearchTypedWholeStillReadsItsLastWordWithTypos() throws {
    let catalog = try OfflineCatalog.builtIn()
    // "misso" begins "Missouri": being typed, it is that beginning; whole, The Mission is
    // found through the typo too.
    let whole = try catalog.searchMovies(MovieQuery("the misso")).results.prefix(3).map(\.title)
    #expect(whole.contains("The Mission"))
    let typed = try catalog.searchMovies(MovieQuery("the misso", isBeingTyped: true)).results
    #expect(typed.first?.title == "The Missouri Breaks")
    #expect(!typed.contains { $0.title == "The Mission" && !$0.isPartialMatch })
    // A last word that begins no title word is still read with its typos, typed or not.
    let slip = try catalog.searchMovies(MovieQuery("the matirx", isBeingTyped: true)).results
    #expect(slip.first?.title == "The Matrix")
  }
}
