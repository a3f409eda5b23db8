extension OfflineCatalog {
  /// Films like the film with id `id` (see ``MovieService/moreLikeThis(id:language:)``): the
  /// same director's first, then the films that share the most of its genres within five
  /// years of it, the best rated first (of those with 1,000 votes or more).
  public func moreLikeThis(id: Int, language: String?) throws(MovieServiceError) -> [Movie] {
    guard let index = store.index(ofID: id) else {
      throw .notFound(message: "the catalog has no film with id \(id)")
    }
    return moreLikeThis(index)
  }

  /// How many films "more like this" lists.
  static let moreLikeThisCount = 5
  /// The years either side of a film within which films of its genres are like it.
  static let moreLikeThisYears = 5
  /// The fewest votes a film needs to be offered: a rating of 9 from 12 people says little.
  static let moreLikeThisVotes = 1_000

  /// Films like film `film`: the same director's first, then the films that share the most
  /// of its genres within a few years of it; within each, the best rated first. One pass
  /// over the catalog's records, nothing allocated per film.
  func moreLikeThis(_ film: Int) -> [Movie] {
    var directors: Set<Int> = []
    store.forEachPerson(of: film) { person, isDirector in
      if isDirector { directors.insert(person) }
    }
    var genres: Set<Int> = []
    _ = store.anyGenre(of: film) {
      genres.insert($0)
      return false
    }
    let directorMatcher = directors.isEmpty ? nil : PeopleMatcher(directors, in: store)
    let records = store.recordReader
    let mine = records.filterFields(film)
    // (same director, shared genres, rating, votes, film): the larger the better.
    var candidates: [(Int, Int, Double, Int, Int)] = []
    for other in 0..<store.filmCount where other != film {
      let fields = records.filterFields(other)
      guard fields.votes >= Self.moreLikeThisVotes else { continue }
      var sameDirector = false
      if let directorMatcher {
        store.forEachPerson(of: other, among: directorMatcher) { _, isDirector in
          if isDirector { sameDirector = true }
        }
      }
      var shared = (mine.genreFlags & fields.genreFlags).nonzeroBitCount
      if !genres.isEmpty {
        _ = store.anyGenre(of: other) {
          if genres.contains($0) { shared += 1 }
          return false
        }
      }
      let near =
        mine.year > 0 && fields.year > 0 && abs(mine.year - fields.year) <= Self.moreLikeThisYears
      guard sameDirector || (near && shared > 0) else { continue }
      candidates.append((sameDirector ? 1 : 0, shared, fields.rating, fields.votes, other))
    }
    return candidates.sorted { a, b in
      (a.0, a.1, a.2, a.3, -a.4) > (b.0, b.1, b.2, b.3, -b.4)
    }.prefix(Self.moreLikeThisCount).map { movie($0.4) }
  }
}
