import Foundation
import Testing

@testable import MovieSearch
@testable import TestSupport

/// An article or a media word the query may leave out is read late, like the commonest
/// words: a title that lacks it pays what leaving it out costs before it is scored, and is
/// no partial match for it — so a search typed "the r" need not score every title with a
/// word beginning "r".
@Suite(.onOwnThreads) struct OptionalWordBoundsTests {
  /// The late group of a query's optional words, and its marks read at once.
  func lateMarks(_ text: String, in catalog: OfflineCatalog) throws -> (
    [SearchEngine.LateGroup], SearchEngine.LateMarks?
  ) {
    let searcher = catalog.searcher
    let query = try #require(TitleQuery(text))
    var engine = SearchEngine(searcher: searcher, plan: SearchPlan(query, searcher: searcher))
    engine.lateMarking = .always
    let late = SearchEngine.LateGroup.optionalWords(of: engine.plan)
    return (late, engine.lateMarks(late, remaining: 1))
  }

  /// The title at each index, as stored.
  func titles(of catalog: OfflineCatalog) -> [String] {
    let store = catalog.store
    return (0..<store.titleCount).map { store.record(store.film(ofTitle: $0)).title }
  }

  /// What a title lacking an article or a media word pays at least beyond its bound: the
  /// word's cost, less what a title that is the query but for it gets back beyond the
  /// literal title's bonus its bound may have counted.
  static func leastPaid(_ cost: Float) -> Float {
    cost - (Ranking.literalTitle - Ranking.literalButForAnAddedWord)
  }

  @Test func aTitleWithoutTheArticlePaysForItAndIsNoPartialMatch() throws {
    let catalog = try smallCatalog([
      ("The Rock", 1996, 1000), ("Rocky", 1976, 900), ("Rock the Boat", 2000, 10),
    ])
    let (late, marks) = try lateMarks("the rock", in: catalog)
    #expect(late.count == 1)
    #expect(
      late.first?.optional == true && late.first?.penalty == Self.leastPaid(Ranking.missingArticle))
    let read = try #require(marks)
    var penalties: [String: Float] = [:]
    for (index, title) in titles(of: catalog).enumerated() {
      // Whatever the mask and the bound: the article is in no mask.
      penalties[title] = read.penalty(Int32(index), mask: 0, partial: false)
    }
    // "the" anywhere in the title is the article matched; without it, about a typo's cost,
    // never a partial match's.
    let rocky = Self.leastPaid(Ranking.missingArticle)
    #expect(penalties == ["The Rock": 0, "Rocky": rocky, "Rock the Boat": 0])
  }

  @Test func aMediaWordIsReadLikeAnArticle() throws {
    let catalog = try smallCatalog([("Alien", 1979, 1000), ("Alien: The Movie", 1990, 10)])
    let (late, marks) = try lateMarks("alien movie", in: catalog)
    #expect(late.map(\.penalty) == [Self.leastPaid(Ranking.missingMediaWord)])
    let read = try #require(marks)
    let penalties = titles(of: catalog).indices.map {
      read.penalty(Int32($0), mask: 0, partial: false)
    }
    #expect(penalties == [Self.leastPaid(Ranking.missingMediaWord), 0])
  }

  @Test func anArticleTheQueryAlsoNeedsIsNotReadTwice() throws {
    let catalog = try smallCatalog([("The Good, the Bad and the Ugly", 1966, 1000)])
    // "the" is required where it is not first or last: the titles without it miss it already.
    #expect(try lateMarks("the good the bad", in: catalog).0.isEmpty)
    // A year is no word a title lacks.
    #expect(try lateMarks("good bad 1966", in: catalog).0.isEmpty)
  }

  @Test func theSamePageWithTheArticleReadLateOrNot() throws {
    // Many titles with a word beginning "r", few with "the": the page is the one scoring
    // every title gives, with the article's postings read at once or never.
    let words = ["rock", "road", "rose", "river", "ring", "red", "rain", "run"]
    let films = (0..<400).map { index in
      (
        (index % 7 == 0 ? "The " : "") + words[index % words.count].capitalized + " \(index)",
        1950 + index % 70, 10 + (index * 37) % 5_000
      )
    }
    let searcher = try smallCatalog(films).searcher
    for text in ["the r", "the ro", "the river"] {
      let query = try #require(TitleQuery(text, beingTyped: true))
      var engine = SearchEngine(searcher: searcher, plan: SearchPlan(query, searcher: searcher))
      engine.lateMarking = .always
      let late = try engine.search(limit: 20, year: nil)
      engine.lateMarking = .standard
      let every = try engine.search(limit: 20, year: nil, exhaustive: true)
      #expect(late.hits.map(\.index) == every.hits.map(\.index), "\(text)")
      #expect(late.hits.map(\.score) == every.hits.map(\.score), "\(text)")
      #expect(late.total == every.total, "\(text)")
    }
  }
}
