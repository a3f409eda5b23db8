import Foundation
import Testing

@testable import MovieSearch
@testable import TestSupport

/// A word remembered as a synonym ("the large sleep" for The Big Sleep): the table, its
/// source file, and the pass that reads it.
@Suite struct SynonymsTests {
  /// `data/synonyms.tsv`'s rows: word, synonym, source.
  func fileRows() throws -> [[String]] {
    let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("../../data/synonyms.tsv").standardized.path
    return try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")
      .filter { !$0.hasPrefix("#") && !$0.hasPrefix("word\t") }
      .map { $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init) }
  }

  @Test func theTableIsTheFileAndEveryPairHasASource() throws {
    let rows = try fileRows()
    #expect(rows.map { [$0[0], $0[1]] } == Synonyms.pairs.map { [$0.0, $0.1] })
    #expect(rows.allSatisfy { $0.count == 3 && $0[2].hasPrefix("WordNet 3.0 synset ") })
    // A few hundred reviewed pairs at most, each once, of lower-case single words.
    #expect(rows.count <= 400)
    #expect(Set(rows.map { [$0[0], $0[1]].sorted() }).count == rows.count)
    #expect(rows.allSatisfy { $0[0].allSatisfy(\.isLowercase) && $0[1].allSatisfy(\.isLowercase) })
  }

  @Test func aSynonymFindsTheFilmInAPassOfItsOwn() throws {
    let catalog = try smallCatalog([
      ("Big Sleep, The", 1946, 1000), ("Sleep", 2001, 50_000), ("Large", 2001, 50_000),
    ])
    #expect(try catalog.titles("the large sleep").first == "The Big Sleep (1946)")
    #expect(try catalog.titles("a house of the forest").isEmpty == false)
    let explained = try #require(catalog.searcher.explain("the large sleep", filmID: 1))
    #expect(explained.pass == .synonyms && explained.matches == [0..<3, 4..<7, 8..<13])
    // Both ways: "big" for a title's "large".
    let other = try smallCatalog([("Large Hearts", 1990, 10), ("Hearts", 1990, 10_000)])
    #expect(try other.titles("big hearts").first == "Large Hearts (1990)")
  }

  @Test func aTitleAsTypedWinsOverItsSynonym() throws {
    // A synonym costs what a typo costs: the title as typed comes first unless the other is a
    // hundred times more popular.
    let closer = try smallCatalog([("Big Sleep, The", 1946, 500), ("Large Sleep, The", 2001, 10)])
    #expect(
      try closer.titles("the large sleep") == ["The Large Sleep (2001)", "The Big Sleep (1946)"])
    let famous = try smallCatalog([
      ("Big Sleep, The", 1946, 100_000), ("Large Sleep, The", 2001, 10),
    ])
    #expect(try famous.titles("the large sleep").first == "The Big Sleep (1946)")
    #expect(Ranking.synonym == Ranking.typo)
  }

  @Test func aFilmATypoFindsFirstLeavesTheSynonymsFilmWholeBelowIt() throws {
    // The synonyms are looked for before every typo: a typo's film that comes first joins
    // the synonym's, which stays the whole match it is (not the partial one the typos'
    // search sees in it).
    let catalog = try smallCatalog([
      ("Big Sleep, The", 1946, 100), ("Large Sheep, The", 2001, 1_000_000),
    ])
    #expect(
      try catalog.titles("the large sleep") == ["The Large Sheep (2001)", "The Big Sleep (1946)"])
    let hits = try #require(try catalog.searcher.search("the large sleep", limit: 20, year: nil))
      .hits
    #expect(hits.map(\.pass) == [.typos, .synonyms])
    #expect(hits.allSatisfy { !Ranking.isPartial($0.score) })
  }

  @Test func aWordBeingTypedIsNotReadAsASynonym() throws {
    let catalog = try smallCatalog([
      ("Ocean Waves", 1993, 10), ("Sea Inside, The", 2004, 3_000), ("Oceans Apart", 1990, 10),
    ])
    // Typed whole, "ocean" is remembered as "sea" too…
    #expect(try catalog.titles("ocean").contains("The Sea Inside (2004)"))
    // …but a word being typed is a beginning only: typing it on only narrows.
    let typed = try catalog.searchMovies(MovieQuery("ocean", isBeingTyped: true))
    #expect(typed.results.map(\.title) == ["Ocean Waves", "Oceans Apart"])
    #expect(typed.totalResults == 2)
    let before = try catalog.searchMovies(MovieQuery("the sea", isBeingTyped: true))
    #expect(before.results.map(\.title) == ["The Sea Inside"])
  }
}
