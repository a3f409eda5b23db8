import Foundation
import Testing

@testable import MovieSearch
@testable import TestSupport

/// A catalog of a few films, built in the test: (title as IMDb spells it, year, votes).
func smallCatalog(_ films: [(String, Int, Int)]) throws -> OfflineCatalog {
  let header =
    #""","title","year","length","budget","rating","votes","r1","mpaa","Action","Animation","Comedy","Drama","Documentary","Romance","Short""#
  let rows = films.enumerated().map { index, film in
    let title = film.0.replacingOccurrences(of: "\"", with: "\"\"")
    return #""\#(index + 1)","\#(title)",\#(film.1),100,NA,7.0,\#(film.2),0,"",0,0,0,0,0,0,0"#
  }
  return try OfflineCatalog(csv: ([header] + rows).joined(separator: "\n"))
}

extension OfflineCatalog {
  /// The titles found for `text`, best first, as "Title (year)".
  func titles(_ text: String, year: Int? = nil) throws -> [String] {
    try searchMovies(MovieQuery(text, year: year)).results.map { "\($0.title) (\($0.year ?? 0))" }
  }
}

/// The rules of the offline search, each on a catalog made for it.
@Suite(.onOwnThreads) struct SearchRulesTests {
  @Test func oneTypoOfEachKindFindsTheFilm() throws {
    let catalog = try smallCatalog([
      ("Matrix, The", 1999, 100), ("Alien", 1979, 100), ("Mars Attacks!", 1996, 100),
    ])
    for typed in ["matrx", "matrixx", "matrox", "mtarix", "alein", "alien"] {
      let found = try catalog.titles(typed).first
      #expect(found == (typed.hasPrefix("al") ? "Alien (1979)" : "The Matrix (1999)"), "\(typed)")
    }
  }

  @Test func longWordsForgiveTwoTyposShortOnesNone() throws {
    let catalog = try smallCatalog([
      ("Terminator, The", 1984, 100), ("Up", 2009, 100), ("Cat", 1990, 100),
    ])
    #expect(try catalog.titles("termnatr") == ["The Terminator (1984)"])  // 2 edits, 8 letters
    #expect(try catalog.titles("trmnatr") == [])  // 3 edits
    #expect(try catalog.titles("ip") == [])  // 2 letters: exact or a beginning only
    #expect(try catalog.titles("cst") == ["Cat (1990)"])  // 3 letters: one edit, whole word
    #expect(try catalog.titles("ca") == ["Cat (1990)"])
    // Two typos are looked for when one makes another word ("instinto") that finds nothing.
    // (Instinto matches one of the two words: after.)
    let two = try smallCatalog([("Basic Instinct", 1992, 1_000), ("Instinto", 2000, 10)])
    #expect(try two.titles("basic instinte") == ["Basic Instinct (1992)", "Instinto (2000)"])
  }

  @Test func aWordBeingTypedMayHaveATypo() throws {
    let catalog = try smallCatalog([("Terminator, The", 1984, 100), ("Termite", 1990, 100)])
    #expect(try catalog.titles("termina") == ["The Terminator (1984)"])
    #expect(try catalog.titles("temrina") == ["The Terminator (1984)"])  // swapped, unfinished
  }

  @Test func exactAndPrefixMatchesRankAboveTyposOfEqualPopularity() throws {
    let catalog = try smallCatalog([
      ("Alien", 1979, 500), ("Alen", 2000, 500), ("Aliens", 1986, 500),
    ])
    #expect(try catalog.titles("alen").first == "Alen (2000)")
    #expect(try catalog.titles("alien").prefix(2) == ["Alien (1979)", "Aliens (1986)"])
  }

  @Test func aYearFirstOrLastRanksThatYearFirst() throws {
    let catalog = try smallCatalog([
      ("King Kong", 2005, 50_000), ("King Kong", 1933, 20_000), ("King Kong Lives", 1986, 900),
      ("Matrix, The", 1999, 140_000), ("Matrix", 1993, 30), ("2001: A Space Odyssey", 1968, 80_000),
    ])
    #expect(try catalog.titles("king kong").first == "King Kong (2005)")
    #expect(try catalog.titles("king kong 1933").first == "King Kong (1933)")
    #expect(try catalog.titles("1993 matrix").first == "Matrix (1993)")
    // A number of a title still matches as text.
    #expect(try catalog.titles("2001 space odyssey") == ["2001: A Space Odyssey (1968)"])
    #expect(try catalog.titles("2001") == ["2001: A Space Odyssey (1968)"])
  }

  @Test func digitsAndRomanNumeralsMatchEachOther() throws {
    let catalog = try smallCatalog([
      ("Godfather, The", 1972, 120_000), ("Godfather: Part II, The", 1974, 70_000),
      ("Godfather: Part III, The", 1990, 40_000), ("Rocky III", 1982, 9_000),
      ("Rocky", 1976, 30_000), ("Rambo 3", 1988, 5_000),
    ])
    #expect(try catalog.titles("godfather 2").first == "The Godfather: Part II (1974)")
    #expect(try catalog.titles("godfather ii").first == "The Godfather: Part II (1974)")
    #expect(try catalog.titles("godfathr 3").first == "The Godfather: Part III (1990)")
    #expect(try catalog.titles("rocky 3").first == "Rocky III (1982)")
    #expect(try catalog.titles("rambo iii").first == "Rambo 3 (1988)")
  }

  @Test func ampersandIsAnd() throws {
    let catalog = try smallCatalog([("Fast & Furious", 2009, 100), ("Tom and Jerry", 1992, 100)])
    // (The other title shares "and": it follows, as a partial match.)
    #expect(
      try catalog.titles("fast and furious") == ["Fast & Furious (2009)", "Tom and Jerry (1992)"])
    #expect(try catalog.titles("tom & jerry") == ["Tom and Jerry (1992)", "Fast & Furious (2009)"])
  }

  @Test func wordsJoinedOrSplitAtPunctuationMatch() throws {
    let catalog = try smallCatalog([
      ("Spider-Man", 2002, 60_000), ("X-Men", 2000, 50_000), ("Superman", 1978, 30_000),
      ("Spider", 2002, 3_000),
    ])
    #expect(try catalog.titles("spiderman").first == "Spider-Man (2002)")
    #expect(try catalog.titles("xmen").first == "X-Men (2000)")
    #expect(try catalog.titles("super man").first == "Superman (1978)")
    #expect(try catalog.titles("spider-man").first == "Spider-Man (2002)")
  }

  /// The titles with a split word's other half are remembered by that half: a search with
  /// another half finds its own films, as a catalog that never searched the first would.
  @Test func aRememberedOtherHalfIsThatHalfsOnly() throws {
    let films = [
      ("Spider Man", 2002, 60_000), ("Spider Cave", 2001, 50_000), ("Iron Man", 2008, 90_000),
      ("Bat Cave", 1999, 9_000), ("Cave Spider", 2003, 8_000),
    ]
    let searched = try smallCatalog(films)
    for query in ["spiderman", "spidercave friday", "ironman", "batcave", "spidercave"] {
      #expect(try searched.titles(query) == smallCatalog(films).titles(query), "\(query)")
    }
    #expect(try searched.titles("spidercave").first == "Spider Cave (2001)")
  }

  @Test func aFinishedWordSplitsIntoWholeWordsTheLastMayEndInABeginning() throws {
    let catalog = try smallCatalog([
      ("Spider Manhunt", 2002, 60_000), ("Dead Zone", 1983, 50_000), ("Dea Dragonfly", 1990, 9_000),
    ])
    // "spiderman" typed last may be "Spider Man…" being typed.
    #expect(try catalog.titles("spiderman").first == "Spider Manhunt (2002)")
    // Followed by another word it is finished: "dead" is not "Dea D…".
    #expect(try catalog.titles("dead zone") == ["Dead Zone (1983)"])
    #expect(try catalog.titles("spiderman 2002").first == "Spider Manhunt (2002)")
  }

  @Test func articlesMayBeDroppedButALiteralTitleWins() throws {
    let catalog = try smallCatalog([
      ("O Brother, Where Art Thou?", 2000, 40_000), ("Brother", 2000, 90_000),
      ("Boot, Das", 1981, 30_000), ("Booty Call", 1997, 60_000),
      ("Matrix, The", 1999, 140_000),
    ])
    // Brother is the query but for its article (as a title a word longer would rank) and
    // more popular; O Brother, Where Art Thou? has three words more.
    #expect(
      try catalog.titles("o brother").prefix(2)
        == ["Brother (2000)", "O Brother, Where Art Thou? (2000)"])
    #expect(try catalog.titles("brother").first == "Brother (2000)")
    #expect(try catalog.titles("das boot").first == "Das Boot (1981)")
    // A whole word before the beginning of one: "boot" is Das Boot's word, Booty Call's start.
    #expect(try catalog.titles("boot").first == "Das Boot (1981)")
    #expect(try catalog.titles("booty").first == "Booty Call (1997)")
    #expect(try catalog.titles("matrix").first == "The Matrix (1999)")
    #expect(try catalog.titles("matrix the").first == "The Matrix (1999)")
    // An article alone is a word to match.
    #expect(try catalog.titles("the") == ["The Matrix (1999)"])
  }

  @Test func rankingWeighsMatchAgainstPopularityAsDocumented() throws {
    // Same match, popularity 10× apart: 6 points, so the more voted comes first.
    let votes = try smallCatalog([("Heat", 1995, 999), ("Heat", 1986, 99)])
    #expect(try votes.titles("heat") == ["Heat (1995)", "Heat (1986)"])
    // A typo (12) is outweighed only by more than a hundred times the votes (12 points)…
    // ("marti" begins "Martian"; with one typo it begins "Martyrs")
    let typo = try smallCatalog([("Martyrs", 2008, 200_000), ("Martian", 2000, 999)])
    #expect(try typo.titles("marti") == ["Martyrs (2008)", "Martian (2000)"])
    // …and not by less.
    let near = try smallCatalog([("Martyrs", 2008, 50_000), ("Martian", 2000, 999)])
    #expect(try near.titles("marti") == ["Martian (2000)", "Martyrs (2008)"])
    // A typo in a word being typed counts from four letters in the last word, five in others.
    let short = try smallCatalog([("Maryland", 1940, 900)])
    #expect(try short.titles("mrp").isEmpty)
    #expect(try short.titles("marp") == ["Maryland (1940)"])
    #expect(try short.titles("marp heights").isEmpty)
    #expect(try short.titles("maryl") == ["Maryland (1940)"])
    #expect(try short.titles("marul") == ["Maryland (1940)"])
    // Each title word not typed costs 1.5: at equal votes the shorter title comes first.
    let shorter = try smallCatalog([("Big Fish, The", 2003, 100), ("Big", 1988, 100)])
    #expect(try shorter.titles("big") == ["Big (1988)", "The Big Fish (2003)"])
  }

  @Test func resultsCarryTheMatchedPartsOfTheirTitles() throws {
    let catalog = try smallCatalog([
      ("Matrix Reloaded, The", 2003, 100), ("Godfather: Part II, The", 1974, 100),
      ("Amélie", 2001, 100),
    ])
    func matches(_ text: String) throws -> [Range<Int>] {
      try #require(catalog.searchMovies(MovieQuery(text)).results.first).titleMatches
    }
    #expect(try matches("matr rel") == [4..<8, 11..<14])
    #expect(try matches("reloaded matrix") == [4..<10, 11..<19])
    #expect(try matches("matrx") == [4..<10])  // a typo marks the whole word
    #expect(try matches("godfather 2") == [4..<13, 20..<22])
    #expect(try matches("ame") == [0..<3])
  }

  @Test func aBroadQueryCountsEveryMatchAndRanksThePagesByPopularity() throws {
    // 300 films match "lo" (most are counted without being scored: they cannot make the
    // page); 50 do not.
    let films =
      (0..<300).map { ("Love \($0)", 1990, ($0 * 7_919) % 1_000 + 1) }
      + (0..<50).map { ("Hate \($0)", 1990, 5_000) }
    let catalog = try smallCatalog(films)
    var seen: [String] = []
    for page in 1...15 {
      let found = try catalog.searchMovies(MovieQuery("lo", page: page))
      #expect(found.totalResults == 300)
      seen += found.results.map(\.title)
    }
    let expected = films.prefix(300).sorted { $0.2 > $1.2 }.map(\.0)
    #expect(seen == expected)
  }

  @Test func manyShortWordsCostNoMoreThanSixteen() throws {
    let catalog = try smallCatalog([("A Is A", 2000, 100), ("Boat", 1990, 100)])
    let many = try catalog.searchMovies(MovieQuery(String(repeating: "a ", count: 5_000)))
    let sixteen = try catalog.searchMovies(MovieQuery(String(repeating: "a ", count: 16)))
    #expect(many == sixteen)
    let query = try #require(TitleQuery(String(repeating: "a ", count: 5_000)))
    let plan = SearchPlan(query, searcher: catalog.searcher)
    #expect(plan.words.count == TitleQuery.maxWords)
  }

  @Test func aCancelledSearchStopsWhileItScans() async throws {
    // 20,000 films share a word: the scan checks for cancellation as it goes.
    let films = (0..<20_000).map { ("Love Story \($0)", 1990, $0) }
    let catalog = try smallCatalog(films)
    let task = Task {
      withUnsafeCurrentTask { $0?.cancel() }
      return try catalog.searchMovies(MovieQuery("love"))
    }
    await #expect(throws: MovieServiceError.cancelled) { try await task.value }
    // Not cancelled, the same search finishes.
    #expect(try catalog.searchMovies(MovieQuery("love")).totalResults == 20_000)
  }

  @Test func explainSaysHowAFilmMatchedAndWhy() throws {
    let catalog = try smallCatalog([("The Matrix", 1999, 1000), ("The Shining", 1980, 900)])
    let matrix = try #require(catalog.searcher.explain("matrix", filmID: 1))
    #expect(matrix.matches == [4..<10])
    #expect(!matrix.isPartial)
    // A word the title lacks: partial, and it costs the missed word's 1,000 and more.
    let partial = try #require(catalog.searcher.explain("matrix kubrick", filmID: 1))
    #expect(partial.isPartial)
    #expect(partial.score > matrix.score + Ranking.partialMatch)
    // A typed year: a film of that year is explained with the year's bonus.
    let year = try #require(catalog.searcher.explain("matrix 1999", filmID: 1))
    #expect(year.score == matrix.score + Ranking.sameYear)
    #expect(catalog.searcher.explain("zzzz", filmID: 1) == nil)
    #expect(catalog.searcher.explain("matrix", filmID: 99) == nil)
  }

  @Test func eachPassExplainsTheFilmsItFound() throws {
    let catalog = try smallCatalog([
      ("Star Wars", 1977, 5000), ("Back to the Future", 1985, 4000), ("The Thing", 1982, 3000),
    ])
    // The words as typed.
    let typed = try #require(catalog.searcher.explain("star wars", filmID: 1))
    #expect(typed.pass == .words && typed.matches == [0..<4, 5..<9])
    // Two words typed together are among the words' own forms (at the compound's cost)…
    let joined = try #require(catalog.searcher.explain("starwars", filmID: 1))
    #expect(joined.pass == .words && joined.matches == [0..<4, 5..<9])
    #expect(abs(joined.score - (typed.score + Ranking.compound)) < 0.01)
    // …more are split by their own pass, its cost in the score, every word shown.
    let run = try #require(catalog.searcher.explain("backtothefuture", filmID: 2))
    #expect(run.pass == .splitWords && run.matches == [0..<4, 5..<7, 8..<11, 12..<18])
    let spaced = try #require(catalog.searcher.explain("back to the future", filmID: 2))
    #expect(abs(run.score - (spaced.score + 3 * Ranking.compound)) < 0.01)
    // The initials of the title's words: their first letters shown.
    let initials = try #require(catalog.searcher.explain("bttf", filmID: 2))
    #expect(initials.pass == .initials && initials.matches == [0..<1, 5..<6, 8..<9, 12..<13])
    // A typo that makes another title word ("ting" is no word here but "thing" is one away).
    let typo = try #require(catalog.searcher.explain("the thinh", filmID: 3))
    #expect(typo.pass == .words && typo.matches == [0..<3, 4..<9])
  }

  @Test func theRankingsRelationsHold() {
    // A typo is outweighed by a film a hundred times more popular, and by no less.
    #expect(Ranking.typo == Ranking.popularity * 2)
    #expect(Ranking.typedPrefix < Ranking.typo)
    // A year typed outweighs a film a million times more popular.
    #expect(-Ranking.sameYear > Ranking.popularity * 6)
    // The engine's masks hold a certain and a maybe bit for every query word.
    #expect(2 * TitleQuery.maxWords <= UInt32.bitWidth)
    #expect(WordMask.possible(WordMask.maybe(3) | WordMask.certain(3)).nonzeroBitCount == 1)
  }
}
