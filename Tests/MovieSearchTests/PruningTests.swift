import Foundation
import Testing

@testable import MovieSearch
@testable import TestSupport

/// The search scores only the films whose lowest possible score can enter the page: the
/// page it returns is the one scoring every film found would give, whatever the query.
@Suite(.onOwnThreads) struct PruningTests {
  /// Titles of one to six words drawn from a vocabulary where a few words are very common
  /// (so that they are marked rather than visited) and most are rare; popularity from a long
  /// tail. Deterministic.
  static let catalog = made(people: false)
  /// The same titles, each film with a director and two actors whose names share words with
  /// the titles ("Love", "Street", "King"), and an alternative title now and then: a query
  /// word may match a person's name, and a film several titles.
  static let withPeople = made(people: true)

  static func made(people: Bool) -> OfflineCatalog {
    let common = ["the", "of", "love", "man", "night", "in"]
    let rare = [
      "matrix", "alien", "godfather", "star", "wars", "terminator", "shining", "samurai",
      "seven", "return", "king", "ring", "rings", "lord", "gladiator", "spider", "online",
      "line", "on", "live", "die", "evil", "dead", "street", "saint", "st", "mood", "woman",
      "train", "crystal", "bird", "plumage", "opera", "west", "china", "future", "back",
    ]
    // Made-up words besides, so that each rare word is in fewer than one title in fifty.
    let syllables = ["ka", "lo", "mi", "ren", "tu", "sha", "vor", "di", "pel", "qua", "zen", "bri"]
    let words = rare + syllables.flatMap { a in syllables.map { b in a + b } }
    var random = SeededGenerator(seed: 26)
    let first = ["steven", "stanley", "anna", "king", "mary", "love", "john", "kalo", "sha"]
    let last = ["kubrick", "street", "stone", "love", "lord", "mirenx", "qua", "west", "dead"]
    var films: [(String, Int, Int)] = []
    var entries: [CatalogFile.Entry] = []
    for index in 0..<2_400 {
      let length = 1 + Int(random.next() % 6)
      let words = (0..<length).map { _ in
        random.next() % 3 == 0
          ? common[Int(random.next() % 6)] : words[Int(random.next() % UInt64(words.count))]
      }
      // Now and then a typo of a word, so that typos have films to find.
      let title = words.map { word in
        random.next() % 11 == 0 ? String(word.dropLast()) + "x" : word
      }.joined(separator: " ")
      let votes = Int(pow(10, Double(random.next() % 600) / 100))
      films.append((title.capitalized, 1950 + index % 60, votes))
      var entry = CatalogFile.Entry(
        id: index + 1, title: title.capitalized, year: 1950 + index % 60, votes: votes)
      // Ranked by its votes, as the CSV's films are.
      entry.popularity = Double(votes)
      func name() -> String {
        (first[Int(random.next() % 9)] + " " + last[Int(random.next() % 9)]).capitalized
      }
      entry.directors = [name()]
      entry.cast = [name(), name()]
      if random.next() % 4 == 0 {
        entry.alternativeTitles = [words.reversed().joined(separator: " ")]
      }
      entries.append(entry)
    }
    // Long titles too: a summary counts fifteen of a title's words at most, so that a bound
    // made from it is lower than the title's score.
    for index in 0..<40 {
      let title = (0..<(16 + index % 7)).map { position in
        position % 4 == 0 ? common[position % 6] : words[(index * 7 + position * 3) % words.count]
      }.joined(separator: " ")
      let votes = Int(pow(10, Double(random.next() % 600) / 100))
      films.append((title.capitalized, 1990, votes))
      var entry = CatalogFile.Entry(
        id: 2_401 + index, title: title.capitalized, year: 1990, votes: votes)
      entry.popularity = Double(votes)
      entries.append(entry)
    }
    guard people else { return try! smallCatalog(films) }
    return OfflineCatalog(store: try! CatalogStore(bytes: CatalogFile.encode(entries)))
  }

  static let queries = [
    "the", "love", "the man", "in the mood for love", "matrix", "matirx", "star wars",
    "the lord of the rings", "lord of the rnigs", "gladiat", "evil dead online", "the st",
    "live and let die", "a woman is a woman", "the bird with the crystal plumage",
    "samurai seven", "spiderman", "on line", "kalo the", "mirenx", "sha vor of the",
    "pelqua love", "the zenbri", "dikalo", "night of the living dead", "retrun of the king",
    "back to the future 1955", "west china", "love man night the of in", "kubrick",
    "the st", "stanley kubrick shining", "king", "mary love", "anna street", "sha qua",
    "steven sto", "love dead", "lord kubrik", "ka lo", "mire nx", "st one love", "sha qua kalo",
    "the matrix seven saint", "the godfather king future", "terminator return west",
    // Six rare words or more: a film needs a third of them when some film has that many.
    "matrix alien godfather star wars terminator", "star wars king ring lord spider back future",
    "kubrick shining street saint mood woman train crystal bird",
  ]

  /// A long query needs a third of its words but the commonest when some film has that many
  /// (one being typed, all of them): the titles met only in the groups a film that does need
  /// not be in are never met — the page, its scores and its count are still those of the
  /// search that scores every film (and, when no film has enough, of the one that meets every
  /// title).
  @Test(arguments: queries)
  func titlesThatCannotMatchEnoughWordsAreNotMet(query text: String) throws {
    for typed in [false, true] {
      let query = try #require(TitleQuery(text, beingTyped: typed))
      for searcher in [Self.catalog.searcher, Self.withPeople.searcher] {
        let plan = SearchPlan(query, searcher: searcher)
        let engine = SearchEngine(searcher: searcher, plan: plan)
        for limit in [1, 20] {
          let pruned = try engine.search(limit: limit, year: nil)
          let every = try engine.search(limit: limit, year: nil, exhaustive: true)
          #expect(pruned.hits.map(\.index) == every.hits.map(\.index), "\(text), \(typed)")
          #expect(pruned.hits.map(\.score) == every.hits.map(\.score), "\(text), \(typed)")
          #expect(pruned.total == every.total, "\(text), \(typed), \(limit)")
          let films = try engine.search(limit: limit, year: nil, countFilms: true)
          let allFilms = try engine.search(
            limit: limit, year: nil, countFilms: true, exhaustive: true)
          #expect(films.hits.map(\.index) == allFilms.hits.map(\.index), "\(text), \(typed)")
          #expect(films.total == allFilms.total, "\(text), \(typed), \(limit)")
        }
      }
    }
  }

  /// Words of as many postings are visited in the order they were typed: the same query
  /// finds the same films every time — when every word is common, the first group alone
  /// finds them. (Six words in three titles each: an order by anything else, a dictionary's,
  /// would be the typed one once in 720.)
  @Test func wordsOfEqualPostingsAreVisitedInTheOrderTyped() throws {
    let words = ["alpha", "bravo", "charlie", "delta", "echo", "foxtrot"]
    let catalog = try smallCatalog(
      (0..<18).map { index in
        ("\(words[index % 6]) \(words[(index + 1 + index / 6) % 6]) tale", 1990 + index, 10 + index)
      })
    let searcher = catalog.searcher
    for typed in [words, words.reversed()] {
      let query = try #require(TitleQuery(typed.joined(separator: " ")))
      let engine = SearchEngine(searcher: searcher, plan: SearchPlan(query, searcher: searcher))
      let order = engine.visitingOrder().groups
      #expect(Set(order.map(\.postings)).count == 1, "\(order.map(\.postings))")
      #expect(order.map(\.positions) == (0..<6).map { [$0] })
    }
    // A query of the commonest words of a larger catalog, two of them of as many postings.
    let common = Self.catalog.searcher
    let query = try #require(TitleQuery("love man night the of in"))
    let engine = SearchEngine(searcher: common, plan: SearchPlan(query, searcher: common))
    let first = try engine.search(limit: 5, year: nil).hits.map(\.index)
    for _ in 0..<20 {
      #expect(try engine.search(limit: 5, year: nil).hits.map(\.index) == first)
    }
  }

  @Test(arguments: queries, [false, true])
  func thePageIsTheOneScoringEveryFilmGives(query text: String, people: Bool) throws {
    let searcher = (people ? Self.withPeople : Self.catalog).searcher
    let query = try #require(TitleQuery(text))
    for everyTypo in [false, true] {
      var engine = SearchEngine(
        searcher: searcher, plan: SearchPlan(query, searcher: searcher, everyTypo: everyTypo))
      for limit in [1, 5, 20] {
        // The commonest words marked late as soon as scoring starts, too: the page is the same.
        engine.lateMarking = .always
        let late = try engine.search(limit: limit, year: nil)
        engine.lateMarking = .standard
        let pruned = try engine.search(limit: limit, year: nil)
        #expect(late.hits.map(\.index) == pruned.hits.map(\.index), "\(text), \(limit)")
        #expect(late.hits.map(\.score) == pruned.hits.map(\.score), "\(text), \(limit)")
        #expect(late.total == pruned.total, "\(text), \(limit)")
        let every = try engine.search(limit: limit, year: nil, exhaustive: true)
        #expect(pruned.hits.map(\.index) == every.hits.map(\.index), "\(text), \(limit)")
        #expect(!pruned.hits.isEmpty || every.hits.isEmpty)
        #expect(pruned.hits.map(\.score) == every.hits.map(\.score), "\(text), \(limit)")
        #expect(pruned.total == every.total, "\(text), \(limit)")
        // Every split word's titles remembered, then read from memory: the same page.
        engine.rememberPairsFrom = 0
        for _ in 0..<2 {
          let remembered = try engine.search(limit: limit, year: nil)
          #expect(remembered.hits.map(\.index) == every.hits.map(\.index), "\(text), \(limit)")
          #expect(remembered.hits.map(\.score) == every.hits.map(\.score), "\(text), \(limit)")
          #expect(remembered.total == every.total, "\(text), \(limit)")
        }
        engine.rememberPairsFrom = SearchEngine.pairsRememberedFrom
        // Every search's films bucketed by popularity tier too (a large catalog's searches
        // that meet many titles are): the same page, the same count, the same films.
        engine.tieredFrom = 0
        let tiered = try engine.search(limit: limit, year: nil)
        #expect(tiered.hits.map(\.index) == every.hits.map(\.index), "\(text), \(limit)")
        #expect(tiered.hits.map(\.score) == every.hits.map(\.score), "\(text), \(limit)")
        #expect(tiered.total == every.total, "\(text), \(limit)")
        let tieredFilms = try engine.search(limit: limit, year: nil, countFilms: true)
        engine.tieredFrom = SearchEngine.titlesTieredFrom
        // A probe below the page's best finds nothing; below its worst, what scores less.
        if let best = every.hits.first, let worst = every.hits.last {
          #expect(try engine.search(limit: 1, year: nil, below: best.score).hits.isEmpty)
          let probe = try engine.search(limit: 1, year: nil, below: worst.score)
          #expect(probe.hits.first?.index == (best.score < worst.score ? best.index : nil))
        }
        // Counting films, the page is the films of every title scored, each by its best
        // title, in order: one search, however many titles a film has.
        let films = try engine.search(limit: limit, year: nil, countFilms: true)
        let all = try engine.search(limit: 100_000, year: nil, exhaustive: true).hits
        var seen = Set<Int>()
        let byFilm = all.filter { seen.insert(searcher.store.film(ofTitle: $0.index)).inserted }
        #expect(films.hits.map(\.index) == byFilm.prefix(limit).map(\.index), "\(text), \(limit)")
        #expect(films.hits.map(\.score) == byFilm.prefix(limit).map(\.score), "\(text), \(limit)")
        #expect(tieredFilms.hits.map(\.index) == films.hits.map(\.index), "\(text), \(limit)")
        #expect(tieredFilms.total == films.total, "\(text), \(limit)")
      }
    }
  }
}
