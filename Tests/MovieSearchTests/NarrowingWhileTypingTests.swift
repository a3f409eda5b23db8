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

  /// Over the first words of the most-voted films, from their first letter: no count grows
  /// while the word's letters are added — but where a finished word has other forms.
  @Test func typingTheFirstWordsOfFamousTitlesOnlyNarrows() throws {
    let catalog = try OfflineCatalog.builtIn()
    let famous = catalog.allMovies.sorted { $0.voteCount > $1.voteCount }.prefix(300)
    var words = Set<String>()
    for movie in famous {
      let word = TitleText.words(movie.title).map { String(decoding: $0.text, as: UTF8.self) }
      if let first = word.first, first.count > 1 { words.insert(first) }
    }
    var grown: [String] = []
    for word in words.sorted() {
      var previous = Int.max
      for length in 1...word.count {
        let typed = String(word.prefix(length))
        let found = try count(typed, typed: true, in: catalog)
        // A whole word's other forms are its own ("three" finds "3 Women"; see WordForms).
        let forms = WordForms.forms(of: Array(typed.utf8))
        if found > previous, forms.isEmpty { grown.append("\(typed): \(previous) → \(found)") }
        previous = found
      }
    }
    #expect(grown == [])
  }

  /// Whole titles of the most-voted films, typed key by key: a word added leaves out the
  /// films without it (when some film has every word) — but a one-letter word, which
  /// begins words of most titles, and a finished word's other forms ("sixth": "6th").
  @Test func typingWholeTitlesOnlyNarrows() throws {
    let catalog = try OfflineCatalog.builtIn()
    let famous = catalog.allMovies.sorted { $0.voteCount > $1.voteCount }.prefix(60)
    var grown: [String] = []
    for movie in famous {
      var previous = Int.max
      for length in 1...movie.title.count {
        let typed = String(movie.title.prefix(length))
        guard let last = TitleText.words(typed).last, typed.last != " " else { continue }
        let found = try count(typed, typed: true, in: catalog)
        defer { previous = found }
        guard last.text.count > 1, WordForms.forms(of: last.text).isEmpty else { continue }
        if found > previous { grown.append("\(typed): \(previous) → \(found)") }
      }
    }
    #expect(grown == [])
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
