import Foundation
import TestSupport
import Testing

@testable import MovieSearch

/// A search whose best film matched every word asks whether reading its words as typos
/// could find a better one: only the titles with a term the typos add, among those its
/// rarest word finds, are tried — and the answer is the one trying every title gives.
@Suite(.onOwnThreads) struct TypoProbeTests {
  /// Words of the catalog and typos of them that are title words too ("kinx", "lovx"), so
  /// that a typed word's typos find more popular films.
  static let queries = [
    "lovx", "kinx", "stax wars", "the lorx", "matrix", "king", "love street", "lorx of the rings",
    "gladiatox", "the mood", "dead evil", "kubrick", "shining", "seven samurai", "west chinx",
    "aliex", "warx", "shininx", "samurax", "returx", "ringx", "streex", "womax", "traix",
    "crystax", "birx", "operx", "futurx", "spidex", "onlinx", "deax", "sainx", "the moox",
    // Typo films that win though longer titles' other words weigh a typo each after a typo.
    "the stax", "the rinx", "the evix", "nighx of the",
  ]

  @Test(arguments: [false, true])
  func tryingOnlyTheTitlesWithANewTermAnswersAsTryingEveryTitle(people: Bool) throws {
    let searcher = (people ? PruningTests.withPeople : PruningTests.catalog).searcher
    var asked = 0
    var found = 0
    try Self.forEachAsked(Self.queries, of: searcher) { asking in
      let (plan, retry, year) = (asking.plan, asking.retry, asking.year)
      let page = try SearchEngine(searcher: searcher, plan: plan).search(limit: 1, year: year)
      guard let best = page.hits.first?.score, best < Ranking.partialMatch / 2 else { return }
      let everyTitle = try retry.search(limit: 1, year: year, below: best)
      let answer = try searcher.typoMayWin(retry, over: plan, below: best, year: year, keep: nil)
      asked += 1
      if !everyTitle.hits.isEmpty { found += 1 }
      #expect(answer == !everyTitle.hits.isEmpty, "\(asking.text) in \(year ?? 0)")
    }
    // The queries ask both ways.
    #expect(asked > 40, "\(asked) asked, \(found) found")
    #expect(found > 0 && found < asked, "\(asked) asked, \(found) found")
  }

  /// Both ways of answering — scoring the titles popular enough, reading the postings of the
  /// terms the retry adds — answer as the whole retry does, whichever the probe would choose;
  /// also for a listing's films only.
  @Test(arguments: [false, true])
  func scoringThePopularTitlesAndReadingThePostingsAnswerAlike(people: Bool) throws {
    let searcher = (people ? PruningTests.withPeople : PruningTests.catalog).searcher
    let evenFilms: (Int) -> Bool = { $0 % 2 == 0 }
    let allFilms = PopularTitles(store: searcher.store, keptFilms: searcher.store.filmCount)
    var asked = 0
    var found = 0
    var answered = 0
    try Self.forEachAsked(Self.queries, of: searcher) { asking in
      let (plan, retry, year) = (asking.plan, asking.retry, asking.year)
      let beyond = retry.plan.termsBeyond(plan)
      let named = "\(asking.text) in \(year ?? 0)"
      for keep in [nil, evenFilms] {
        let page = try SearchEngine(searcher: searcher, plan: plan)
          .search(limit: 1, year: year, keep: keep)
        guard let best = page.hits.first?.score, best < Ranking.partialMatch / 2 else { continue }
        let expected = try !retry.search(limit: 1, year: year, keep: keep, below: best).hits
          .isEmpty
        let popular = searcher.typoMayWin(
          retry, among: searcher.popularTitles, atMost: .max, adding: beyond, over: plan,
          below: best, year: year, keep: keep)
        // Every film kept: every floor answered.
        let everyFilm = searcher.typoMayWin(
          retry, among: allFilms, atMost: .max, adding: beyond, over: plan, below: best,
          year: year, keep: keep)
        #expect(everyFilm == expected, "\(named)")
        let postings = try searcher.typoMayWin(
          retry, byPostingsOf: beyond, below: best, year: year, keep: keep)
        asked += 1
        if expected { found += 1 }
        // No answer when a film below the floor is not among the popular ones kept.
        if let popular {
          answered += 1
          #expect(popular == expected, "\(named)")
        }
        #expect(postings == expected, "\(named)")
      }
    }
    let counts =
      "\(asked) asked, \(found) found, \(answered) by the popular titles"
    #expect(asked > 80, "\(counts)")
    #expect(found > 0 && found < asked, "\(counts)")
    #expect(answered > asked / 4 && answered < asked, "\(counts)")
  }

  /// Below a best within a typo of the bound, a film through two typos in a word cannot win:
  /// the probe leaves second typos out (no walk for them) and answers as the whole retry.
  @Test func theProbeCloseToTheBoundLeavesSecondTyposOutAndAnswersTheSame() throws {
    var asked = 0
    var found = 0
    let extra = ["gladiatxr", "terminatxr of the ring", "samuraxx", "the shinixg"]
    for searcher in [PruningTests.catalog.searcher, PruningTests.withPeople.searcher] {
      try ask(searcher, Self.queries + extra, &asked, &found)
    }
    #expect(asked > 20, "\(asked) asked, \(found) found")
    #expect(found > 0 && found < asked, "\(asked) asked, \(found) found")
    // A word that is no title word, one typo from one, is looked up without its second
    // typos: "gladiatxr" reaches "gladiator" (one) but not "gladiators" (two).
    let searcher = PruningTests.catalog.searcher
    let query = try #require(TitleQuery("gladiatxr"))
    let full = SearchPlan(query, searcher: searcher, everyTypo: true)
    let probing = SearchPlan(query, searcher: searcher, everyTypo: true, oneTypoUnlessTyped: true)
    #expect(probing.leftSecondTyposOut && !full.leftSecondTyposOut)
    #expect(probing.termsBeyond(full).isEmpty && !full.termsBeyond(probing).isEmpty)
  }

  /// Asks the probe that leaves second typos out, and the whole retry, for each of `texts`
  /// in each year whose best is within a typo of the bound; counts the questions and the
  /// films found.
  private func ask(_ searcher: Searcher, _ texts: [String], _ asked: inout Int, _ found: inout Int)
    throws
  {
    try Self.forEachAsked(texts, of: searcher) { asking in
      let (plan, retry, year) = (asking.plan, asking.retry, asking.year)
      let probe = SearchEngine(
        searcher: searcher,
        plan: SearchPlan(
          asking.query, searcher: searcher, everyTypo: true, oneTypoUnlessTyped: true))
      let bound = Ranking.bestWithTypo(
        yearHinted: plan.year != nil, givesSlippedTitle: plan.givesSlippedTitle,
        maxPopularity: searcher.maxPopularity)
      let page = try SearchEngine(searcher: searcher, plan: plan).search(limit: 1, year: year)
      guard let best = page.hits.first?.score, best > bound, best <= bound + Ranking.typo
      else { return }
      let everyTitle = try retry.search(limit: 1, year: year, below: best)
      let answer = try searcher.typoMayWin(probe, over: plan, below: best, year: year, keep: nil)
      asked += 1
      if !everyTitle.hits.isEmpty { found += 1 }
      #expect(answer == !everyTitle.hits.isEmpty, "\(asking.text) in \(year ?? 0)")
    }
  }

  /// One question of the probe tests: a query, its plan and the retry that reads every word
  /// as typos, in one year (or none).
  struct Asking {
    let text: String
    let query: TitleQuery
    let plan: SearchPlan
    let retry: SearchEngine
    let year: Int?
  }

  /// Calls `body` for each of `texts` in no year and in every seventh from 1950 — each
  /// year's films apart too: more searches, some with a typo film to find.
  static func forEachAsked(
    _ texts: [String], of searcher: Searcher, _ body: (Asking) throws -> Void
  ) throws {
    let years: [Int?] = [nil] + Array(stride(from: 1950, to: 2010, by: 7))
    for text in texts {
      let query = try #require(TitleQuery(text))
      let plan = SearchPlan(query, searcher: searcher)
      let retry = SearchEngine(
        searcher: searcher, plan: SearchPlan(query, searcher: searcher, everyTypo: true))
      for year in years {
        try body(Asking(text: text, query: query, plan: plan, retry: retry, year: year))
      }
    }
  }

  @Test func theTermsBeyondAreTheRetrysRunsLessThoseThePlanHadAsCheap() throws {
    let searcher = PruningTests.catalog.searcher
    for text in Self.queries {
      let query = try #require(TitleQuery(text))
      let plan = SearchPlan(query, searcher: searcher)
      let retry = SearchPlan(query, searcher: searcher, everyTypo: true)
      let beyond = retry.termsBeyond(plan).flatMap { Array($0) }
      var expected = Set<Int>()
      for (word, before) in zip(retry.words, plan.words) {
        for choice in word.options.first?.first ?? [] {
          for term in choice.terms {
            let known = SearchPlan.choice(containing: term, in: before.options.first?.first ?? [])
            if (known?.cost).map({ $0 > choice.cost }) ?? true { expected.insert(term) }
          }
        }
      }
      #expect(Set(beyond) == expected, "\(text)")
    }
    // The typos of "lovx" are among them.
    let query = try #require(TitleQuery("lovx"))
    let beyond = SearchPlan(query, searcher: searcher, everyTypo: true)
      .termsBeyond(SearchPlan(query, searcher: searcher))
    #expect(
      beyond.contains {
        $0.contains { String(decoding: searcher.store.term($0), as: UTF8.self) == "love" }
      })
  }
}
