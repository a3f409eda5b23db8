import Foundation
import Testing

@testable import MovieSearch
@testable import TestSupport

/// The titles that have a split word's halves one after the other ("spiderman" as "Spider
/// Man") are remembered once read, and the page they give is the one reading every title's
/// words gives.
@Suite(.onOwnThreads) struct RememberedSplitsTests {
  /// An engine searching "spiderman" in `catalog`, and the option that splits it in two.
  func spiderman(in catalog: OfflineCatalog) throws -> (SearchEngine, SearchPlan.Option) {
    let searcher = catalog.searcher
    let query = try #require(TitleQuery("spiderman"))
    let engine = SearchEngine(searcher: searcher, plan: SearchPlan(query, searcher: searcher))
    let pair = try #require(engine.plan.words.first?.options.first { $0.second != nil })
    return (engine, pair)
  }

  @Test func aSplitWordsRememberedTitlesGiveTheSamePage() throws {
    let catalog = try smallCatalog([
      ("Spider Man", 2002, 500), ("Man Spider", 1990, 900), ("Spider and the Man", 1980, 700),
      ("Spiderman", 2001, 100), ("Man", 1999, 50), ("Spider", 1995, 80),
    ])
    let searcher = catalog.searcher
    var (engine, pair) = try spiderman(in: catalog)
    let met = try #require(SearchPlan.candidateSource(pair, store: searcher.store).first)
    let key = SearchEngine.PairKey(pair, metThrough: met.terms)

    engine.rememberPairsFrom = .max
    let read = try engine.search(limit: 10, year: nil)
    #expect(searcher.titles(paired: key) == nil)

    engine.rememberPairsFrom = 0
    let remembering = try engine.search(limit: 10, year: nil)
    // Only "Spider Man" has the halves one after the other.
    let remembered = try #require(searcher.titles(paired: key))
    #expect(remembered.count == 1)
    let spiderMan = try #require(
      read.hits.first { hit in
        catalog.searcher.store.film(ofTitle: hit.index) == 0
      })
    #expect(remembered.contains(spiderMan.index))
    let again = try engine.search(limit: 10, year: nil)

    for page in [remembering, again] {
      #expect(page.hits.map(\.index) == read.hits.map(\.index))
      #expect(page.hits.map(\.score) == read.hits.map(\.score))
      #expect(page.total == read.total)
    }
  }

  /// A half met through two of its choices ("man" and the beginning "man…" of the last word)
  /// remembers each one's titles apart: one's are not the other's.
  @Test func eachChoiceAHalfIsMetThroughRemembersItsOwnTitles() throws {
    let catalog = try smallCatalog(
      [("Spider Man", 2002, 500), ("Spider Manhunt", 1990, 900)]
        + (1...6).map { ("Spider \($0)", 1990 + $0, 100) })
    let searcher = catalog.searcher
    var (engine, pair) = try spiderman(in: catalog)
    // The rarer half, "man", is met through two choices: the word and its beginning.
    #expect(SearchPlan.candidateSource(pair, store: searcher.store).count == 2)
    engine.rememberPairsFrom = .max
    let read = try engine.search(limit: 10, year: nil)
    #expect(read.hits.count == 2)
    engine.rememberPairsFrom = 0
    for _ in 0..<2 {
      let page = try engine.search(limit: 10, year: nil)
      #expect(page.hits.map(\.index) == read.hits.map(\.index))
      #expect(page.hits.map(\.score) == read.hits.map(\.score))
    }
  }
}
