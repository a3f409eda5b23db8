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
    // …unless the longer title is a thousand times more popular: its other word costs a
    // typo, and the one-word title gets half a typo back.
    let famous = try smallCatalog([("Final", 2001, 10), ("Final Destination", 2000, 16_504)])
    #expect(try famous.titles("finla").first == "Final Destination (2000)")
    // From four letters: "gtor" is Gator, not the more popular Gator Bait.
    let four = try smallCatalog([("Gator", 1976, 500), ("Gator Bait", 1974, 10_000)])
    #expect(try four.titles("gtor").first == "Gator (1976)")
  }

  @Test func aOneWordTitleOneSlipAwayComesBeforeTitlesHoldingTheWordTyped() throws {
    // "fatto" is a word of "Ecco fatto"; one word typed, one slip from "Fatso", means Fatso.
    let catalog = try smallCatalog([
      ("Fatso", 1980, 302), ("Ecco fatto", 1998, 61), ("Seven", 1979, 213),
      ("Setenta veces siete", 1962, 5), ("Biscuit Eater", 1940, 40), ("Cookie", 1989, 312),
    ])
    #expect(try catalog.titles("fatto").first == "Fatso (1980)")
    #expect(try catalog.titles("seten").first == "Seven (1979)")
    // A synonym is a slip of memory: one word remembered otherwise, a film called that
    // (here as popular as the title holding the word typed).
    #expect(try catalog.titles("biscuit").first == "Cookie (1989)")
    // Typed exactly, the title holding the word as typed is first.
    #expect(try catalog.titles("ecco").first == "Ecco fatto (1998)")
    // A title a hundred times more popular still comes first.
    let famous = try smallCatalog([("Fatso", 1980, 302), ("Patton", 1970, 40_000)])
    #expect(try famous.titles("fatto").first == "Patton (1970)")
  }

  @Test func fourLettersAreASlippedOneWordTitleOnlyALetterShort() throws {
    // A letter dropped from a five-letter title ("jsus" for "Jesus")…
    #expect(Forgiveness.slippedTitleFrom == 5 && Forgiveness.slippedShortTitleFrom == 4)
    let dropped = try smallCatalog([("Jesus", 1979, 316), ("Suspiria", 1977, 1_200)])
    #expect(try dropped.titles("jsus").first == "Jesus (1979)")
    // …but "flec" begins Fletch with a typo as much as it is Fled with one: popularity decides.
    let catalog = try smallCatalog([("Fletch", 1985, 7_562), ("Fled", 1996, 1_943)])
    #expect(try catalog.titles("flec").first == "Fletch (1985)")
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
