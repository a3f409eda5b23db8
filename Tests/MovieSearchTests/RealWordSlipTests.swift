import Testing

@testable import MovieSearch

/// A real word typed for the title word meant ("eating venus" for Meeting Venus): when the
/// words as typed leave one out, the typed word is read with the typos of the longer word it
/// may stand for — two edits only to a title word of seven letters or more.
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
}
