import Synchronization

/// The built-in catalog of 58,788 films (1893–2005) with their IMDb ratings, searchable
/// without a network or an API key.
///
/// Search works as a person types: case- and accent-insensitive; "the matrix" finds
/// "Matrix, The" (shown as "The Matrix"); every word may be the beginning of a title's word
/// ("matr" finds it). Results are ranked by match quality — the whole title, then the
/// beginning of the title, then words in order, then words in any order — and then by
/// number of votes. Pages hold 20 rows, as TMDb's do. A film's id is its row number in
/// the source data, stable across runs.
///
/// The data is ggplot2movies' `movies` (GPL-2 | GPL-3; facts from IMDb).
public struct OfflineCatalog: MovieService {
  let store: CatalogStore

  /// The catalog built into the binary, loaded once per process.
  public static func builtIn() throws(MovieServiceError) -> OfflineCatalog {
    switch shared {
    case .success(let catalog): return catalog
    case .failure(let error): throw .badResponse(error.description)
    }
  }

  private static let shared: Result<OfflineCatalog, CatalogFile.FormatError> = Result {
    () throws(CatalogFile.FormatError) in OfflineCatalog(store: try CatalogStore.embedded())
  }

  init(store: CatalogStore) {
    self.store = store
  }

  /// Builds a catalog from CSV text in the format of `movies.csv` (for tests and tools).
  public init(csv: String) throws {
    store = try CatalogStore(bytes: Self.catalogFile(fromCSV: csv))
  }

  /// Converts `movies.csv` into the compact file embedded in the binary
  /// (`scripts/build-catalog.sh` runs this through `movie-search build-catalog`).
  public static func catalogFile(fromCSV csv: String) throws -> [UInt8] {
    try CatalogFile.encode(CatalogFile.entries(fromCSV: csv))
  }

  /// The number of films.
  public var count: Int { store.count }

  /// Searches titles; see the type's description for the ranking.
  public func searchMovies(_ query: MovieQuery) throws(MovieServiceError) -> MoviePage {
    guard (1...MoviePage.maxPage).contains(query.page) else {
      throw .invalidRequest("page must be between 1 and \(MoviePage.maxPage), not \(query.page)")
    }
    guard let matcher = TitleMatcher(query.text) else { return .empty }
    // The best quality of each record over the forms of the query (`none` when it does not
    // match), and the records that match at all.
    let none = UInt8.max
    var qualities = [UInt8](repeating: none, count: store.count)
    var matches: [Int32] = []
    // Every match of a form has a word in each of the form's buckets: only the records in
    // all of them need a look, and only for that form.
    for form in matcher.forms {
      for record in store.records(inAll: form.buckets) {
        let index = Int(record)
        if let year = query.year, store.year(index) != year { continue }
        let quality: TitleMatcher.Quality
        if let letter = form.letter {
          // A one-letter form: every record of its bucket matches; the summary tells how.
          let summary = store.summary(index)
          quality =
            summary.first != letter ? .wordsInOrder : summary.keyLength == 1 ? .exact : .titlePrefix
        } else {
          guard let match = form.quality(of: store.key(index)) else { continue }
          quality = match
        }
        if qualities[index] == none { matches.append(record) }
        qualities[index] = min(qualities[index], UInt8(quality.rawValue))
      }
    }
    var best = BestRanks(limit: query.page * MoviePage.pageSize)
    for match in matches {
      let index = Int(match)
      best.insert(
        rank(quality: Int(qualities[index]), votes: store.summary(index).votes, index: index))
    }
    let total = matches.count
    return page(query.page, of: best.sorted(), total: total)
  }

  /// The details of the film with id `id`.
  public func movieDetails(id: Int, language: String?) throws(MovieServiceError) -> MovieDetails {
    guard (1...store.count).contains(id) else {
      throw .notFound(message: "the catalog has no film with id \(id)")
    }
    let record = store.record(id - 1)
    return MovieDetails(
      movie: movie(record), genres: genres(record.genreFlags),
      runtime: record.minutes > 0 ? record.minutes : nil, status: "Released",
      budget: record.budget > 0 ? record.budget : nil)
  }

  /// The films with the most votes.
  public func popularMovies(page: Int, language: String?) throws(MovieServiceError) -> MoviePage {
    guard (1...MoviePage.maxPage).contains(page) else {
      throw .invalidRequest("page must be between 1 and \(MoviePage.maxPage), not \(page)")
    }
    var best = BestRanks(limit: page * MoviePage.pageSize)
    for index in 0..<store.count {
      best.insert(rank(quality: 0, votes: store.votes(index), index: index))
    }
    return self.page(page, of: best.sorted(), total: store.count)
  }

  /// The catalog has no images.
  public func imageConfiguration() -> ImageConfiguration? { nil }

  /// Orders by quality, then votes (more first), then id: smaller is better.
  private func rank(quality: Int, votes: Int, index: Int) -> UInt64 {
    let fewerVotes = UInt64(0x3FFF_FFFF - min(votes, 0x3FFF_FFFF))
    return UInt64(quality) << 62 | fewerVotes << 32 | UInt64(index)
  }

  private func page(_ number: Int, of ranks: [UInt64], total: Int) -> MoviePage {
    let start = (number - 1) * MoviePage.pageSize
    let rows = ranks.dropFirst(start).map { movie(store.record(Int($0 & 0xFFFF_FFFF))) }
    let pages = min((total + MoviePage.pageSize - 1) / MoviePage.pageSize, MoviePage.maxPage)
    return MoviePage(page: number, results: rows, totalPages: pages, totalResults: total)
  }

  private func movie(_ record: CatalogStore.Record) -> Movie {
    let title = store.title(of: record)
    return Movie(
      id: record.id, title: title, originalTitle: title,
      releaseDate: record.year > 0 ? ReleaseDate(year: record.year) : nil,
      genreIDs: genres(record.genreFlags).map(\.id), popularity: Double(record.votes),
      voteAverage: record.rating, voteCount: record.votes)
  }

  private func genres(_ flags: UInt8) -> [Genre] {
    CatalogFile.genres.enumerated().compactMap { bit, entry in
      flags & (1 << bit) != 0 ? entry.genre : nil
    }
  }
}

/// The `limit` smallest ranks seen, kept in a max-heap so that most candidates are rejected
/// with one comparison.
struct BestRanks {
  private var heap: [UInt64] = []
  let limit: Int

  init(limit: Int) {
    self.limit = limit
    heap.reserveCapacity(min(limit, 1024))
  }

  mutating func insert(_ rank: UInt64) {
    if heap.count < limit {
      heap.append(rank)
      var child = heap.count - 1
      while child > 0 {
        let parent = (child - 1) / 2
        guard heap[parent] < heap[child] else { break }
        heap.swapAt(parent, child)
        child = parent
      }
    } else if let worst = heap.first, rank < worst {
      heap[0] = rank
      var parent = 0
      while true {
        let left = 2 * parent + 1
        let right = left + 1
        var largest = parent
        if left < heap.count, heap[left] > heap[largest] { largest = left }
        if right < heap.count, heap[right] > heap[largest] { largest = right }
        guard largest != parent else { break }
        heap.swapAt(parent, largest)
        parent = largest
      }
    }
  }

  func sorted() -> [UInt64] { heap.sorted() }
}
