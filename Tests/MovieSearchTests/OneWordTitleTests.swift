import Foundation
import Testing

@testable import MovieSearch
@testable import TestSupport

/// One word typed with a slip means the film called that word: its other titles' words weigh
/// a typo each, so that a longer, more popular title holding the word comes after it.
@Suite(.onOwnThreads) struct OneWordTitleTests {
  @Test func aOneWordTitleOneSlipAwayComesFirst() throws {
    let catalog = try smallCatalog([
      ("Final", 2001, 330), ("Final Destination", 2000, 16_504), ("Cowboy", 1958, 207),
      ("Space Cowboys", 2000, 11_887),
    ])
    #expect(try catalog.titles("finla").first == "Final (2001)")
    #expect(try catalog.titles("coswboy").first == "Cowboy (1958)")
    // …unless the longer title is a hundred times more popular, as with any typo.
    let famous = try smallCatalog([("Final", 2001, 30), ("Final Destination", 2000, 16_504)])
    #expect(try famous.titles("finla").first == "Final Destination (2000)")
  }

  @Test func wordsAsTypedOrBeingTypedAndShortWordsKeepTheirRules() throws {
    let catalog = try smallCatalog([("Final", 2001, 330), ("Final Destination", 2000, 16_504)])
    // Typed exactly, or as a beginning, the popular longer title keeps its place.
    #expect(try catalog.titles("final").first == "Final Destination (2000)")
    #expect(try catalog.titles("fina").first == "Final Destination (2000)")
    // Under five letters a word is as likely initials or another word one key away.
    #expect(Forgiveness.oneWordThroughTypoFrom == 5)
    #expect(Ranking.extraWordAfterTypo == Ranking.typo)
  }
}
