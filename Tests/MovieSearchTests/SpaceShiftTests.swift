import Foundation
import Testing

@testable import MovieSearch
@testable import TestSupport

/// A space typed a letter early or late: the letter moved back, where that makes title
/// words, at a typo's cost, in a pass of its own.
@Suite(.onOwnThreads) struct SpaceShiftTests {
  @Test func theQueriesMeantAreThoseWithOneLetterMovedBackIntoTitleWords() throws {
    let catalog = try smallCatalog([
      ("Runner, The", 1990, 300), ("Green Man, The", 1990, 200), ("Sugar Town", 1999, 300),
    ])
    func variants(_ text: String) throws -> [String] {
      let query = try #require(TitleQuery(text))
      return SpaceShift.variants(of: query, store: catalog.searcher.store).map {
        $0.words.map { String(decoding: $0, as: UTF8.self) }.joined(separator: " ")
      }
    }
    #expect(try variants("ther unner") == ["the runner"])
    #expect(try variants("the greenm an") == ["the green man"])
    #expect(try variants("sugart own") == ["sugar town"])
    // Words that are title words as typed are left as they are…
    #expect(try variants("sugar town").isEmpty)
    // The last word may be a beginning (it may be being typed).
    #expect(try variants("sugart ow") == ["sugar tow"])
  }

  @Test func titleWordsAsTypedAreRepairedIntoCommonerOnes() throws {
    // A vocabulary of every name has a word for most letters typed: "thea" is a title
    // word, and "pple" begins one — but "the apple" reaches more titles than either.
    let catalog = try smallCatalog([
      ("Thea", 2000, 50_000), ("Pplewell Days", 1999, 20_000), ("Apple, The", 1980, 200),
      ("Apple Dumpling Gang, The", 1975, 735), ("Pledge, The", 2001, 9_852),
      ("Thes", 2001, 40_000), ("Son of Kong, The", 1933, 3_000),
      ("Son of Frankenstein", 1939, 9_000), ("Carry On", 1990, 100), ("Hold On", 1990, 100),
      ("On Golden Pond", 1981, 20_000),
    ])
    let query = try #require(TitleQuery("thea pple"))
    let repaired = SpaceShift.variants(of: query, store: catalog.searcher.store).map(\.words)
    #expect(repaired == [[Array("the".utf8), Array("apple".utf8)]])
    #expect(try catalog.titles("thea pple").first == "The Apple (1980)")
    // It is the rarer word typed that must get commoner: "on" reaches more titles than
    // "son", "thes" fewer than either.
    let son = try #require(TitleQuery("thes on of kong"))
    #expect(
      SpaceShift.variants(of: son, store: catalog.searcher.store).map(\.words).first?.prefix(2)
        == [Array("the".utf8), Array("son".utf8)])
    #expect(try catalog.titles("thes on of kong").first == "The Son of Kong (1933)")
    // Not into rarer words: "the apple" is not "thea pple".
    let typed = try #require(TitleQuery("the apple"))
    #expect(SpaceShift.variants(of: typed, store: catalog.searcher.store).isEmpty)
  }

  @Test func theFilmIsFoundAtATyposCost() throws {
    let catalog = try smallCatalog([
      ("Runner, The", 1990, 300), ("Indian Runner, The", 1991, 1_246),
      ("Rescuers Down Under, The", 1990, 1_649),
    ])
    #expect(try catalog.titles("ther unner").first == "The Runner (1990)")
    let explained = try #require(catalog.searcher.explain("ther unner", filmID: 1))
    #expect(explained.pass == .shiftedSpace)
    let typed = try #require(catalog.searcher.explain("the runner", filmID: 1))
    #expect(abs(explained.score - (typed.score + Ranking.spaceShift)) < 0.01)
  }
}
