import Testing

@testable import MovieSearch

/// A real word typed for the title word meant ("eating venus" for Meeting Venus): when the
/// words as typed leave one out, the typed word is read with the typos of the longer word it
/// may stand for — two edits only to a title word of seven letters or more; and when films
/// that miss a word are among the first few, a title that is the query's words but for that
/// slip comes before them.
@Suite struct RealWordSlipTests {
  @Test func aRealWordTwoEditsFromALongerTitleWordFindsTheWholeTitle() throws {
    let catalog = try smallCatalog([
      ("Meeting Venus", 1991, 500), ("What's Eating Gilbert Grape", 1993, 100_000),
      ("Eating Raoul", 1982, 5_000),
    ])
    #expect(try catalog.titles("eating venus").first == "Meeting Venus (1991)")
    let explained = try #require(catalog.searcher.explain("eating venus", filmID: 1))
    #expect(!explained.isPartial && explained.pass == .realWords)
    #expect(explained.matches == [0..<7, 8..<13])
    // Two words only: in a longer query the word left out is most often one people add.
    #expect(Forgiveness.realWordSlipsUpTo == 2)
    let longer = try #require(catalog.searcher.explain("eating venus tonight", filmID: 1))
    #expect(longer.isPartial)
  }

  @Test func twoEditsNeverReachATitleWordOfSixLetters() throws {
    // "comedy" to "remedy": two edits, both six letters — a real word is trusted that far.
    let catalog = try smallCatalog([("Remedy Venus", 1991, 500), ("Venus", 1990, 50)])
    let explained = try #require(catalog.searcher.explain("comedy venus", filmID: 1))
    #expect(explained.isPartial)
    #expect(Forgiveness.maxTypos("meeting".utf8.count) == 2)
    #expect(Forgiveness.maxTypos("remedy".utf8.count) == 1)
  }

  /// Read as a typo, a real word names the title whose words the query's are: each other
  /// word of a longer title costs a typo, so a film thirty times more voted that holds the
  /// words among others comes after.
  @Test func aWordReadAsATypoNamesTheTitleOfThoseWords() throws {
    let catalog = try smallCatalog([
      ("Last Summer", 1969, 500), ("I Know What You Did Last Summer", 1997, 16_000),
    ])
    #expect(try catalog.titles("past summer").first == "Last Summer (1969)")
    #expect(try catalog.titles("last summer").first == "Last Summer (1969)")
    // Words that are the longer title's (one read as a typo) still name it.
    #expect(
      try catalog.titles("i know what you did past summer").first
        == "I Know What You Did Last Summer (1997)")
    // A search typed with no typo keeps the title word's usual cost: the famous film is
    // first for a word of both titles.
    #expect(try catalog.titles("summer").first == "I Know What You Did Last Summer (1997)")
  }

  @Test func aRealWordAsTypedStillWinsWhenTheTitleHasIt() throws {
    let catalog = try smallCatalog([("Meeting Venus", 1991, 100_000), ("Eating Venus", 1995, 10)])
    #expect(try catalog.titles("eating venus").first == "Eating Venus (1995)")
  }

  /// The words as typed find a longer title whole, then films that miss a word: the title
  /// that is the query's words with one slipped, and nothing else, comes before those.
  @Test func aTitleOneSlipAwayComesBeforeFilmsThatMissAWord() throws {
    let catalog = try smallCatalog([
      ("The Boys of St. Vincent: 15 Years Later", 1993, 54), ("The Violent Years", 1956, 213),
      ("Vincent & Theo", 1990, 473), ("Vincent", 1982, 2_076),
    ])
    #expect(
      try catalog.titles("the vincent years").prefix(2) == [
        "The Boys of St. Vincent: 15 Years Later (1993)", "The Violent Years (1956)",
      ])
    // Its film's own search explains it so (the best it finds is a partial match).
    let explained = try #require(catalog.searcher.explain("the vincent years", filmID: 2))
    #expect(!explained.isPartial && explained.pass == .realWords)
    #expect(explained.matches == [0..<3, 4..<11, 12..<17])
    // Not in a listing that leaves the film out, nor for another year.
    #expect(
      try !catalog.titles("the vincent years", year: 1990).contains("The Violent Years (1956)"))
  }

  /// A word being typed is the beginning of title words, never a slip: the finder's list
  /// only narrows.
  @Test func theWordBeingTypedIsNoSlip() throws {
    let catalog = try smallCatalog([
      ("The Boys of St. Vincent: 15 Years Later", 1993, 54), ("The Violent Years", 1956, 213),
      ("Vincent & Theo", 1990, 473),
    ])
    let titles = { (typed: Bool) in
      try catalog.searchMovies(MovieQuery("years vincent", isBeingTyped: typed)).results.map(
        \.title)
    }
    #expect(
      try titles(false).prefix(2) == [
        "The Boys of St. Vincent: 15 Years Later", "The Violent Years",
      ])
    // Typed, every word is needed: the films that miss one are not listed either.
    #expect(try titles(true) == ["The Boys of St. Vincent: 15 Years Later"])
  }

  @Test func aLookAlikeWithAWordMoreIsNoSlip() throws {
    let catalog = try smallCatalog([
      ("The Boys of St. Vincent: 15 Years Later", 1993, 54),
      ("The Violent Years Again", 1956, 213), ("Vincent & Theo", 1990, 473),
      ("The Violent Years", 1957, 5), ("Violent Years of Love", 1960, 9_000),
    ])
    let titles = try catalog.titles("the vincent years")
    #expect(
      titles.prefix(2) == [
        "The Boys of St. Vincent: 15 Years Later (1993)", "The Violent Years (1957)",
      ])
    // Titles that add a word to the slip are not listed before a film that misses a word.
    let theo = try #require(titles.firstIndex(of: "Vincent & Theo (1990)"))
    for lookAlike in ["The Violent Years Again (1956)", "Violent Years of Love (1960)"] {
      #expect(titles.firstIndex(of: lookAlike).map { $0 > theo } ?? true)
    }
  }

  /// A query that is a title, every word of it, names that film: no title a slip away is
  /// looked for ("pulp fiction" lists Pulp before Pulp Diction).
  @Test func aQueryThatIsTheFirstTitleNamesItsFilm() throws {
    let catalog = try smallCatalog([
      ("Pulp Fiction", 1994, 132_745), ("Pulp Diction", 2003, 14), ("Pulp", 1972, 188),
    ])
    #expect(
      try catalog.titles("pulp fiction").prefix(2) == ["Pulp Fiction (1994)", "Pulp (1972)"])
  }

  /// A title of the query's words in another order is a match, not the title named: the one
  /// a slip away still comes before the films that miss a word.
  @Test func aTitleOfTheWordsReorderedNamesNoFilm() throws {
    let catalog = try smallCatalog([
      ("Meeting Venus", 1991, 500), ("Venus Eating", 2000, 50_000), ("Venus", 1990, 100),
      ("Eating Raoul", 1982, 5_000),
    ])
    #expect(
      try catalog.titles("eating venus").prefix(2) == [
        "Venus Eating (2000)", "Meeting Venus (1991)",
      ])
  }

  /// The look-alikes are read among the titles of the query's rarest other word, up to
  /// ``Forgiveness/slipLookAlikesReadUpTo``: beyond, reading them costs more than the
  /// search, and the words say too little.
  @Test(arguments: [false, true])
  func theLookAlikesAreReadAmongAFewTitlesOnly(tooMany: Bool) throws {
    // Two more titles hold "years": The Boys of St. Vincent…, The Violent Years.
    let years = Forgiveness.slipLookAlikesReadUpTo - 2 + (tooMany ? 1 : 0)
    let catalog = try smallCatalog(
      [
        ("The Boys of St. Vincent: 15 Years Later", 1993, 54), ("The Violent Years", 1956, 213),
        ("Vincent & Theo", 1990, 473),
      ] + (0..<years).map { ("Years of Film \($0)", 2000, 5) })
    #expect(
      try catalog.titles("the vincent years").dropFirst().first
        == (tooMany ? "Vincent & Theo (1990)" : "The Violent Years (1956)"))
  }
}
