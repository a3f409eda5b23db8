import Foundation
import Testing

@testable import MovieSearch
@testable import TestSupport

/// A word people add to a title — "the" before one that has none, "movie", "film", "dvd"
/// after: it costs a typo when the title lacks it — never the film — but a title that is the
/// query without it ranks as one a word longer would; the media words stand for one another.
@Suite(.onOwnThreads) struct AddedWordsTests {
  @Test func aMediaWordTheTitleLacksDoesNotLoseTheFilm() throws {
    let catalog = try smallCatalog([
      ("Maze", 2000, 266), ("How to Make Movies", 1990, 11), ("Scary Movie", 2000, 40_000),
      ("Scary", 2000, 40_000), ("Sweet Movie", 1974, 277), ("Sweet Dreams", 1985, 5_000),
    ])
    // The film without the word, before a title that has "movie" but needs a typo.
    #expect(try catalog.titles("maze movie").first == "Maze (2000)")
    // A title that has the word comes first at equal popularity.
    #expect(try catalog.titles("scary movie").first == "Scary Movie (2000)")
    // "film" for the title's "movie".
    #expect(try catalog.titles("sweet film").first == "Sweet Movie (1974)")
    #expect(Ranking.missingMediaWord == Ranking.typo)
  }

  /// "the anzio" finds Anzio before the longer titles that have "the": a title that is the
  /// query but for an added word costs one ``Ranking/extraWord`` — as one a word longer —
  /// and the title as typed still comes first.
  @Test func theTitleButForAnAddedWordRanksAsOneAWordLonger() throws {
    let catalog = try smallCatalog([
      ("Anzio", 1968, 3_000), ("The Anzio Beach Head", 2001, 5_000), ("The Anzio", 1990, 300),
      ("Honest", 2000, 243), ("Honest Letio Most", 2014, 400),
      ("The Undead", 1957, 261), ("Undead", 2003, 1_350),
      ("La Story", 1991, 9_000), ("The Straight Story", 1999, 3_000),
    ])
    // The title as typed, then the one without "the", then two words more.
    #expect(
      try catalog.titles("the anzio").prefix(3)
        == ["The Anzio (1990)", "Anzio (1968)", "The Anzio Beach Head (2001)"])
    #expect(
      try catalog.titles("honest dvd").prefix(2) == ["Honest (2000)", "Honest Letio Most (2014)"])
    // Once: a title lacking both the article and the media word pays the second in full.
    #expect(try catalog.titles("the undead film").first == "The Undead (1957)")
    // A title with an article of its own is not the title without one.
    #expect(try catalog.titles("the story").first == "The Straight Story (1999)")
    let anzio = try #require(catalog.searcher.explain("the anzio", filmID: 1))
    let longer = try #require(catalog.searcher.explain("the anzio", filmID: 2))
    // What Anzio pays, its popularity aside: the article, less all but an extra word of it.
    let paid = anzio.score + Ranking.popularity * catalog.store.summary(0).popularity
    let expected = Ranking.missingArticle + Ranking.literalButForAnAddedWord + Ranking.titleStart
    #expect(abs(paid - expected) < 0.001)
    #expect(Ranking.missingArticle + Ranking.literalButForAnAddedWord == Ranking.extraWord)
    #expect(anzio.score < longer.score)
  }

  /// "congo soundtrack", "awakenings cast": a word saying what about the film is looked for
  /// is read as a media word is, but stands only for itself.
  @Test func aWordSayingWhatAboutTheFilmIsReadAsAMediaWord() throws {
    let catalog = try smallCatalog([
      ("Congo", 1995, 2_000), ("Soundtrack", 2011, 9_000), ("Congo Trailer", 2000, 50),
      ("Awakenings", 1990, 3_000), ("Cast Away", 2000, 90_000),
    ])
    #expect(try catalog.titles("congo soundtrack").first == "Congo (1995)")
    #expect(try catalog.titles("awakenings cast").first == "Awakenings (1990)")
    // A title that has the word matches it.
    #expect(try catalog.titles("congo trailer").first == "Congo Trailer (2000)")
    // Not one for another: "soundtrack" is not Congo Trailer's "trailer".
    let trailer = try #require(catalog.searcher.explain("congo soundtrack", filmID: 3))
    #expect(trailer.matches == [0..<5])
    #expect(SearchPlan.aboutWords.isDisjoint(with: SearchPlan.mediaWords))
  }

  /// "the movie" after a title: the article is the media word's, as optional as it.
  @Test func theArticleBeforeAnAddedWordIsOptionalToo() throws {
    let catalog = try smallCatalog([
      ("Hollow Man", 2000, 3_000), ("Man Who Fell to Earth, The", 1976, 9_000),
      ("Pokemon: The Movie", 1999, 500), ("Pokemon Heroes", 2002, 5_000),
    ])
    let hollow = try catalog.searchMovies(MovieQuery("hollow man the movie")).results
    #expect(hollow.first?.title == "Hollow Man")
    #expect(hollow.first?.isPartialMatch == false)
    #expect(try catalog.titles("pokemon the movie").first == "Pokemon: The Movie (1999)")
    // Not before any other word: "man the" is no title's end.
    let plan = SearchPlan(try #require(TitleQuery("man the earth")), searcher: catalog.searcher)
    #expect(plan.words.map(\.optional) == [nil, nil, nil])
  }

  /// A genre added after a title ("bean comedy"), "watch" before one: read as media words,
  /// and still a title's own word where it has it.
  @Test func aGenreAfterATitleAndWatchBeforeItAreAddedWords() throws {
    let catalog = try smallCatalog([
      ("Bean", 1997, 3_000), ("Comedy", 2008, 9_000), ("Rope", 1948, 2_000),
      ("Watch Out", 2008, 40), ("Out", 1982, 900), ("Amityville Horror, The", 1979, 400),
      ("Amityville Curse, The", 1990, 4_000),
    ])
    #expect(try catalog.titles("bean comedy").first == "Bean (1997)")
    #expect(try catalog.titles("watch rope").first == "Rope (1948)")
    #expect(try catalog.titles("watch out").first == "Watch Out (2008)")
    #expect(
      try catalog.titles("the amityville horror").prefix(2)
        == ["The Amityville Horror (1979)", "The Amityville Curse (1990)"])
  }

  @Test func aMediaWordAloneIsSearchedAsAWord() throws {
    let catalog = try smallCatalog([("Movie Movie", 1978, 900), ("Maze", 2000, 266)])
    #expect(try catalog.titles("movie") == ["Movie Movie (1978)"])
  }

  @Test func anAddedTheDoesNotTakeTheTitlesOwn() throws {
    // The title has one "the", the query two: the one added first is the one it lacks.
    let catalog = try smallCatalog([
      ("Who's the Man?", 1993, 272), ("Man Who Wasn't There, The", 2001, 500),
      ("Day of the Fight", 1951, 272), ("Night of the Following Day, The", 1968, 159),
    ])
    let man = try catalog.searchMovies(MovieQuery("the who's the man?")).results
    #expect(man.first?.title == "Who's the Man?")
    #expect(man.first?.isPartialMatch == false)
    #expect(try catalog.titles("the day of the fight").first == "Day of the Fight (1951)")
    let explained = try #require(catalog.searcher.explain("the who's the man?", filmID: 1))
    #expect(!explained.isPartial && explained.matches == [0..<5, 6..<9, 10..<13])
  }
}
