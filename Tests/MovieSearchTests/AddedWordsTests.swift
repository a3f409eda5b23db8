import Foundation
import Testing

@testable import MovieSearch
@testable import TestSupport

/// A word people add after a title ("movie", "film", "dvd"): it costs a typo when the title
/// lacks it — never the film — and the media words stand for one another.
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
}
