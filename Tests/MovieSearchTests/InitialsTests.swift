import Foundation
import MovieSearchBuiltInCatalog
import Testing

@testable import MovieSearch
@testable import TestSupport

/// Titles found by their words' initials ("bttf", "gwtw"): the rules on a catalog made for
/// them, and famous titles of the built-in catalog.
@Suite(.onOwnThreads) struct InitialsTests {
  @Test func initialsSpellATitleAnArticleOptionalALongerTitleFromThreeLetters() throws {
    let catalog = try smallCatalog([
      ("Back to the Future", 1985, 68_000), ("Shawshank Redemption, The", 1994, 100_000),
      ("Lord of the Rings: The Two Towers, The", 2002, 90_000), ("Big Top", 1990, 50_000),
    ])
    #expect(try catalog.titles("bttf") == ["Back to the Future (1985)"])
    #expect(try catalog.titles("tsr") == ["The Shawshank Redemption (1994)"])
    #expect(try catalog.titles("ttsr") == [])
    #expect(try catalog.titles("sr") == ["The Shawshank Redemption (1994)"])
    #expect(try catalog.titles("lotr") == ["The Lord of the Rings: The Two Towers (2002)"])
    #expect(try catalog.titles("tlotr") == ["The Lord of the Rings: The Two Towers (2002)"])
    // Two letters spell a whole title only.
    #expect(try catalog.titles("bt") == ["Big Top (1990)"])
    // The letters shown are the initials.
    let found = try catalog.searchMovies(MovieQuery("bttf")).results[0]
    #expect(found.titleMatches == [0..<1, 5..<6, 8..<9, 12..<13])
    #expect(!found.isPartialMatch)
  }

  @Test func aRealWordWinsOverInitialsOfEqualStrengthAndATitleWordIsNoInitials() throws {
    let catalog = try smallCatalog([
      ("Saw", 2004, 10_000), ("It's a Wonderful Life", 1946, 10_000), ("Jaws", 1975, 500),
      ("Just Another Wild Summer", 1990, 900_000),
    ])
    // "iaw" is one typo from "Saw" and the initials of It's a Wonderful Life.
    #expect(try catalog.titles("iaw").prefix(2) == ["Saw (2004)", "It's a Wonderful Life (1946)"])
    // "jaws" is a title word: it is not read as initials, however popular those are.
    #expect(try catalog.titles("jaws") == ["Jaws (1975)"])
  }

  @Test func onlyKnownFilmsAreFoundByInitials() throws {
    let catalog = try smallCatalog([
      ("Back to the Future", 1985, 68_000), ("Bring the Tall Fellow", 1990, 50),
    ])
    #expect(try catalog.titles("bttf") == ["Back to the Future (1985)"])
  }

  @Test func initialsKeepTheYearAndTheFilter() throws {
    let catalog = try smallCatalog([
      ("King Kong", 1933, 10_000), ("King Kong", 1976, 3_000), ("Kill Kill", 1990, 5_000),
    ])
    #expect(try catalog.titles("kk 1976").first == "King Kong (1976)")
    #expect(try catalog.titles("kk", year: 1990) == ["Kill Kill (1990)"])
  }

  /// The catalog's initials order finds, by a binary search, what a scan of every title
  /// finds: the known films' titles whose initials spell a word or begin with it.
  @Test func theInitialsOrderFindsWhatAScanOfEveryTitleFinds() throws {
    let store = try OfflineCatalog.builtIn().searcher.store
    let floor = (0..<store.filmCount).map { store.summary($0).popularity }.max()! * 2 / 3
    func initials(_ title: Int) -> [UInt8] {
      let words = store.titleWords(title)
      return (0..<words.count).map { store.term(words[$0]).first! }
    }
    let index = InitialsIndex(store: store)
    for typed in ["bttf", "lotr", "tsr", "gwtw", "sw", "ab", "t", "zzzz", "12"] {
      let word = Array(typed.utf8)
      var expected: [String] = []
      for title in 0..<store.titleCount where store.summary(title).popularity >= floor {
        let letters = initials(title)
        guard letters.count >= 2 else { continue }
        let article = store.summary(title).flags & CatalogFile.leadingArticle != 0
        for from in article && letters.count >= 3 ? [0, 1] : [0] {
          let key = Array(letters.dropFirst(from).prefix(InitialsKey.depth))
          if key.starts(with: word) { expected.append("\(title) \(from) \(key == word)") }
        }
      }
      let found = index.titles(spelling: word).map { "\($0.title) \($0.from) \($0.whole)" }
      #expect(found.sorted() == expected.sorted(), "\(typed)")
    }
  }

  /// The goal: at least 80 % of famous titles' initials find them in the first three.
  @Test func famousTitlesAreFoundByTheirInitials() throws {
    let catalog = try OfflineCatalog.builtIn()
    let famous = [
      ("bttf", "Back to the Future"), ("gwtw", "Gone with the Wind"),
      ("tsr", "The Shawshank Redemption"), ("fmj", "Full Metal Jacket"),
      ("sotl", "The Silence of the Lambs"), ("mib", "Men in Black"), ("jp", "Jurassic Park"),
      ("twotw", "The War of the Worlds"), ("tbl", "The Big Lebowski"), ("fc", "Fight Club"),
      ("lotr", "The Lord of the Rings: The Two Towers"), ("tpb", "The Princess Bride"),
      ("fg", "Forrest Gump"), ("tmf", "The Maltese Falcon"), ("ttm", "The Third Man"),
      ("iawl", "It's a Wonderful Life"), ("aco", "A Clockwork Orange"),
      ("potc", "Pirates of the Caribbean: The Curse of the Black Pearl"),
      ("tgtbatu", "Il Buono, il brutto, il cattivo"), ("ij", "The Italian Job"),
    ]
    var found = 0
    for (initials, title) in famous {
      let titles = try catalog.searchMovies(MovieQuery(initials)).results.prefix(3).map(\.title)
      if titles.contains(title) { found += 1 }
    }
    #expect(found * 100 >= famous.count * 90, "\(found) of \(famous.count)")
  }
}
