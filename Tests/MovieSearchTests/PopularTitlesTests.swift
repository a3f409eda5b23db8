import Testing

@testable import MovieSearch

/// The most popular films' titles, which a probe for a better film through a typo scores
/// instead of reading every typo's postings: kept most popular first, every title of a film
/// kept, and a floor answered only when no title above it is left out.
@Suite struct PopularTitlesTests {
  @Test func theTitlesKeptAreThoseOfTheMostPopularFilmsAndAFloorIsAnsweredOnlyWhenNoneIsLeftOut()
    throws
  {
    // Its films have other titles too.
    let store = PruningTests.withPeople.searcher.store
    #expect(store.titleCount > store.filmCount)
    // The films by popularity, the more popular first, then by index.
    var films: [(popularity: Float, film: Int)] = []
    for film in 0..<store.filmCount { films.append((store.summary(film).popularity, film)) }
    films.sort {
      $0.popularity != $1.popularity ? $0.popularity > $1.popularity : $0.film < $1.film
    }
    let kept = 100
    let popular = PopularTitles(store: store, keptFilms: kept)
    var expected: [Int] = []
    for entry in films.prefix(kept) {
      expected.append(entry.film)
      expected += store.otherTitles(of: entry.film)
    }
    #expect(popular.titles.map(Int.init) == expected)
    #expect(popular.greatest == films[0].popularity)
    let least = films[kept - 1].popularity
    // Films share popularities: floors at, between and below the kept ones'.
    let floors: [Float] = [
      films[0].popularity + 1, films[0].popularity, films[9].popularity,
      films[50].popularity - 0.001, least, least - 0.001, -.infinity,
    ]
    var answered = 0
    for floor in floors {
      let titles: [Int]? = popular.above(floor).map { $0.map(Int.init) }
      if floor < least {
        #expect(titles == nil, "\(floor)")
        continue
      }
      answered += 1
      // Every title of the catalog more popular than the floor, whichever film it is of.
      let above: [Int] = (0..<store.titleCount).filter { store.summary($0).popularity > floor }
      #expect(Set(titles ?? []) == Set(above), "\(floor)")
      #expect(Array(expected.prefix(titles?.count ?? 0)) == titles, "\(floor)")
    }
    #expect(answered >= 4)
    // Every film kept: every floor is answered.
    let every = PopularTitles(store: store, keptFilms: store.filmCount)
    #expect(every.above(-.infinity)?.count == store.titleCount)
  }
}
