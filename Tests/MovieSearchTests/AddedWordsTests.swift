import Foundation
import Testing

@testable import MovieSearch
@testable import TestSupport

/// A word people add to a title — "the" before one that has none, "movie", "film", "dvd"
/// after: it costs a typo when the title lacks it — never the film — and the media words
/// stand for one another.
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
