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
    // From four letters: "gtor" is Gator, not the more popular Gator Bait.
    let four = try smallCatalog([("Gator", 1976, 500), ("Gator Bait", 1974, 10_000)])
    #expect(try four.titles("gtor").first == "Gator (1976)")
  }

  @Test func wordsAsTypedOrBeingTypedAndShortWordsKeepTheirRules() throws {
    let catalog = try smallCatalog([("Final", 2001, 330), ("Final Destination", 2000, 16_504)])
    // Typed exactly, or as a beginning, the popular longer title keeps its place.
    #expect(try catalog.titles("final").first == "Final Destination (2000)")
    #expect(try catalog.titles("fina").first == "Final Destination (2000)")
    // Under four letters a word is as likely initials or another word one key away.
    #expect(Forgiveness.throughTypoFrom == 4)
    let three = try smallCatalog([("Gat", 1976, 500), ("Gat Bait", 1974, 10_000)])
    #expect(try three.titles("gst").first == "Gat Bait (1974)")
    #expect(Ranking.extraWordAfterTypo == Ranking.typo)
  }
}
