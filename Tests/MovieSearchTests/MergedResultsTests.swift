import Testing

@testable import MovieSearch

/// The catalog's list and TMDb's as one: which rows are one film, and the order of rank
/// fusion.
@Suite struct MergedResultsTests {
  func film(_ id: Int, _ title: String, _ year: Int?, original: String? = nil) -> Movie {
    Movie(
      id: id, title: title, originalTitle: original,
      releaseDate: year.map { ReleaseDate(year: $0) })
  }

  func merged(_ local: [Movie], _ online: [Movie]) -> [String] {
    var matched = 0
    return MergedResults.merge(local: local, online: online, matched: &matched).map {
      "\($0.id) \($0.source?.rawValue ?? "-")"
    }
  }

  @Test func rowsAreOneFilmWhenTheirTitlesReadTheSameAndTheirYearsAreAtMostOneApart() {
    // Accents, case, punctuation, "&", a leading article; a year off by one; the original
    // title; no year at all.
    #expect(merged([film(1, "Amelie", 2001)], [film(9, "Amélie", 2001)]) == ["9 both"])
    #expect(merged([film(1, "Matrix", 1999)], [film(9, "The Matrix", 1999)]) == ["9 both"])
    #expect(
      merged([film(1, "Fast & Furious", 2009)], [film(9, "Fast and Furious", 2009)]) == ["9 both"])
    #expect(merged([film(1, "Heat", 1995)], [film(9, "Heat", 1996)]) == ["9 both"])
    #expect(
      merged([film(1, "Léon", 1994)], [film(9, "Leon: The Professional", 1994, original: "Léon")])
        == ["9 both"])
    #expect(merged([film(1, "Heat", nil)], [film(9, "Heat", 1995)]) == ["9 both"])
    // A remake, or another title, is another film.
    #expect(merged([film(1, "Heat", 1986)], [film(9, "Heat", 1995)]) == ["9 tmdb", "1 catalog"])
    #expect(merged([film(1, "A Heat", 1995)], [film(9, "Heat Wave", 1995)]).count == 2)
    // Each catalog row is one TMDb row at most: the first TMDb ranks.
    #expect(
      merged([film(1, "Heat", 1995)], [film(9, "Heat", 1995), film(10, "Heat", 1995)])
        == ["9 both", "10 tmdb"])
  }

  @Test func aMergedRowKeepsWhatTheCatalogMatchedInItsTitleWhenTheTitlesAreWrittenAlike() {
    var local = film(1, "The Matrix", 1999)
    local.titleMatches = [4..<10]
    var matched = 0
    let alike = MergedResults.merge(
      local: [local], online: [film(603, "The Matrix", 1999)], matched: &matched)
    #expect(alike.map(\.titleMatches) == [[4..<10]] && alike.map(\.id) == [603])
    // Written otherwise, the catalog's ranges would point elsewhere in TMDb's title.
    let otherwise = MergedResults.merge(
      local: [local], online: [film(603, "THE MATRIX", 1999)], matched: &matched)
    #expect(otherwise.map(\.titleMatches) == [[]])
  }

  @Test func aFilmBothRankHighStaysOnTopAndTMDbsAloneEnterByItsRank() {
    let local = [film(1, "A", 1), film(2, "B", 2), film(3, "C", 3)]
    let online = [film(12, "B", 2), film(20, "New", 2024), film(11, "A", 1)]
    // B: 1/62 + 1/61; A: 1/61 + 1/63; New: 1/62; C: 1/63.
    #expect(merged(local, online) == ["12 both", "11 both", "20 tmdb", "3 catalog"])
    #expect(MergedResults.fusionConstant == 60)
  }

  @Test func laterPagesAppendOnlyFilmsNotListedAndNothingListedMoves() {
    var list = MergedResults()
    list.add(
      local: MoviePage(page: 1, results: [film(1, "A", 1)], totalPages: 2, totalResults: 2),
      online: MoviePage(page: 1, results: [film(11, "A", 1)], totalPages: 2, totalResults: 2))
    #expect(list.movies.map(\.id) == [11] && list.total == 3 && !list.isComplete)
    // TMDb's second page repeats A (its list changed): it is not listed twice.
    list.add(
      local: MoviePage(page: 2, results: [film(2, "B", 2)], totalPages: 2, totalResults: 2),
      online: MoviePage(
        page: 2, results: [film(11, "A", 1), film(12, "C", 3)], totalPages: 2, totalResults: 2))
    // B and C rank first in their lists: equal scores keep TMDb's first.
    #expect(list.movies.map(\.id) == [11, 12, 2] && list.isComplete)
  }
}
