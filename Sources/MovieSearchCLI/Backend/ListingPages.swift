import MovieSearch

/// Listings longer than the service's page of 20 films: a page of up to 100 (`--limit`)
/// made of consecutive service pages, and every film (`--all`), page after page as they
/// come — for any service, TMDb included. A server that misbehaves cannot make either loop
/// or repeat a film: a page other than the one asked for or an empty page ends the listing,
/// as do (for every film) pages in a row with no new film (see ``MoviePages``); pages past
/// 500 (TMDb's last) are never asked for.
enum ListingPages {
  /// One service page, by number.
  typealias Fetch = (Int) async throws -> MoviePage

  /// A page asked for begins past the films a service serves in pages of 20 (TMDb, and a
  /// catalog's search): the command line's mistake.
  struct PastTheServedFilms: Error, CustomStringConvertible {
    let number: Int
    let count: Int
    var description: String {
      "Searches and TMDb list \(Format.count(MoviePage.maxPage * MoviePage.pageSize, "film")) at most: page \(number) at \(count) a page would begin at film \(Format.count((number - 1) * count + 1))."
    }
  }

  /// Films `offset ..< offset + count` of a listing served in pages of 20, as one page
  /// numbered `number` of `count` films (its totals as the service said them).
  static func window(
    number: Int, offset: Int, count: Int, fetch: Fetch
  ) async throws -> MoviePage {
    let size = MoviePage.pageSize
    let first = offset / size + 1
    guard first <= MoviePage.maxPage else { throw PastTheServedFilms(number: number, count: count) }
    let last = min((offset + count - 1) / size + 1, MoviePage.maxPage)
    var films: [Movie] = []
    var seen: Set<Int> = []
    var answer = MoviePage.empty
    var skipped = 0
    var unreadable = 0
    for asked in first...max(first, last) {
      let page = try await fetch(asked)
      if asked == first { answer = page }
      guard page.page == asked else { break }
      answer.totalResults = page.totalResults
      answer.totalPages = page.totalPages
      (skipped, unreadable) = (skipped + page.skippedRows, unreadable + page.unreadableRows)
      let start = asked == first ? offset - (first - 1) * size : 0
      films += page.results.dropFirst(start).filter { seen.insert($0.id).inserted }
      if page.results.isEmpty || asked >= page.totalPages { break }
    }
    let total = answer.totalResults
    return MoviePage(
      page: number, results: Array(films.prefix(count)),
      totalPages: max(1, min((total + count - 1) / count, MoviePage.maxPage)),
      totalResults: total, skippedRows: skipped, unreadableRows: unreadable)
  }

  /// Every film of the listing, in order and each once, handed to `each` as its page
  /// arrives; returns how many. The list ends by ``MoviePages``' rules. A page that fails
  /// ends it with that error, after the films before it were handed on.
  @discardableResult
  static func every(fetch: Fetch, _ each: (Movie) throws -> Void) async throws -> Int {
    var pages = MoviePages()
    var asked = 1
    while asked <= MoviePage.maxPage {
      let before = pages.movies.count
      let ended = pages.add(try await fetch(asked), asked: asked)
      for movie in pages.movies[before...] { try each(movie) }
      if ended != nil || pages.isComplete { break }
      asked += 1
    }
    return pages.movies.count
  }
}
