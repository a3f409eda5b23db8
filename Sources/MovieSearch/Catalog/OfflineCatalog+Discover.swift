import Foundation

extension OfflineCatalog {
  /// The films that pass `filter`, in its order: one page of `pageSize` (1–100), of as many
  /// pages as they fill (not TMDb's 500 at most).
  ///
  /// Every film's record is read once (no search index is needed); the page is chosen from a
  /// heap of its size, so that listing every film of a million-film catalog costs one pass.
  /// An unknown genre, or a person filter on a catalog without people, is
  /// ``MovieServiceError/invalidRequest(_:)`` saying so.
  public func discoverMovies(
    _ filter: MovieFilter, page: Int = 1, pageSize: Int = MoviePage.pageSize
  ) throws(MovieServiceError) -> MoviePage {
    guard (1...MoviePage.maxCatalogPage).contains(page) else {
      throw .invalidRequest(
        "page must be between 1 and \(MoviePage.maxCatalogPage), not \(page)")
    }
    guard (1...MoviePage.maxPageSize).contains(pageSize) else {
      throw .invalidRequest("a page holds 1 to \(MoviePage.maxPageSize) films, not \(pageSize)")
    }
    let (chosen, total) = try orderedFilms(filter, first: page * pageSize)
    let rows = chosen.dropFirst((page - 1) * pageSize).map(movie)
    let pages = max(1, (total + pageSize - 1) / pageSize)
    return MoviePage(page: page, results: Array(rows), totalPages: pages, totalResults: total)
  }

  /// One page of 20 films that pass `filter` (see ``discoverMovies(_:page:pageSize:)``).
  public func discoverMovies(
    _ filter: MovieFilter, page: Int, language: String?
  ) throws(MovieServiceError) -> MoviePage {
    try discoverMovies(filter, page: page, pageSize: MoviePage.pageSize)
  }

  /// Every film that passes `filter`, in its order, as a sequence read as it goes (for a
  /// listing of them all: `discover --all`); `count` of them.
  public func discoverAllMovies(
    _ filter: MovieFilter
  ) throws(MovieServiceError) -> (movies: some Sequence<Movie>, count: Int) {
    let (films, total) = try orderedFilms(filter, first: Int.max)
    return (films.lazy.map(movie), total)
  }

  /// The first `count` films that pass `filter`, in its order, and how many pass.
  private func orderedFilms(
    _ filter: MovieFilter, first count: Int
  ) throws(MovieServiceError) -> (films: [Int], total: Int) {
    let test = try FilmTest(filter, store: store)
    let ranking = DiscoverOrder(filter.sort, store: store)
    var total = 0
    let chosen: [Int]
    if filter.sort.key == .title {
      // By the folded titles' first eight bytes (as numbers, descending ones inverted), then, among
      // the films that may be on the page — those up to the page's last prefix, ties
      // included — by the whole text.
      let ascending = filter.sort.ascending
      var films: [(prefix: UInt64, film: Int32)] = []
      for film in 0..<store.filmCount where test.passes(film) {
        let prefix = TitleOrder.prefix(TitleOrder.folded(store.record(film).title))
        films.append((ascending ? prefix : ~prefix, Int32(film)))
      }
      total = films.count
      let wanted = min(count, films.count)
      var largest = SmallestElements<UInt64>(limit: wanted)
      for entry in films { largest.insert(entry.prefix) }
      let last = largest.largest ?? 0
      var ordered: [(prefix: UInt64, title: String, key: DiscoverKey)] = []
      for entry in films where entry.prefix <= last {
        let film = Int(entry.film)
        ordered.append(
          (entry.prefix, TitleOrder.folded(store.record(film).title), ranking.key(film)))
      }
      ordered.sort { a, b in
        if a.prefix != b.prefix { return a.prefix < b.prefix }
        return a.title != b.title ? (a.title < b.title) == ascending : a.key < b.key
      }
      chosen = ordered.prefix(count).map { $0.key.film }
    } else {
      var best = SmallestElements<DiscoverKey>(limit: count)
      for film in 0..<store.filmCount where test.passes(film) {
        total += 1
        best.insert(ranking.key(film))
      }
      chosen = best.sorted().map(\.film)
    }
    return (chosen, total)
  }

  /// `hits` in the order `sort` asks for (titles compared whole, as a person reads them: see
  /// ``TitleOrder``).
  func ordered(_ hits: [Searcher.FilmHit], by sort: MovieFilter.Sort) -> [Searcher.FilmHit] {
    let ranking = DiscoverOrder(sort, store: store)
    // The element types spelled out: inferred, these two lines took the type checker 20 s.
    guard sort.key == .title else {
      let keyed: [(key: DiscoverKey, hit: Searcher.FilmHit)] = hits.map { hit in
        (ranking.key(hit.film), hit)
      }
      return keyed.sorted { $0.key < $1.key }.map(\.hit)
    }
    let titled: [(title: String, key: DiscoverKey, hit: Searcher.FilmHit)] = hits.map { hit in
      (TitleOrder.folded(store.record(hit.film).title), ranking.key(hit.film), hit)
    }
    let ascending = sort.ascending
    return titled.sorted { (a, b) -> Bool in
      a.title != b.title ? (a.title < b.title) == ascending : a.key < b.key
    }.map(\.hit)
  }

  /// The names of the catalog's genres (every catalog has Action, Animation, Comedy, Drama,
  /// Documentary, Romance and Short; others come from the source).
  public var genreNames: [String] {
    var names = CatalogFile.genres.map(\.genre.name)
    for name in store.genreNames
    where !names.contains(where: { $0.caseInsensitiveCompare(name) == .orderedSame }) {
      names.append(name)
    }
    return names
  }

  /// The catalog's genre names (see ``genreNames``).
  public func knownGenres() -> [String] { genreNames }

  /// Whether some film may have genre `name` (`sci-fi` is `Science Fiction`, any case).
  public func hasGenre(_ name: String) -> Bool {
    let wanted = FilmTest.genreKey(name)
    return genreNames.contains { FilmTest.genreKey($0) == wanted }
  }

  /// Whether the catalog knows films' directors and cast (built from IMDb's files).
  public var hasPeople: Bool { store.personCount > 0 }

  /// Whether some film has a certification (the built-in catalog's source has them; IMDb's
  /// files and TMDb's export do not). Reads every film's record: ask once.
  public var hasCertifications: Bool {
    let records = store.recordReader
    return (0..<store.filmCount).contains { records[$0, .mpaa] != 0 }
  }

  /// A filter, turned into tests of a film's record: genres as the catalog's own genre
  /// indices and flags, the person as the set of names that have every word.
  struct FilmTest {
    let filter: MovieFilter
    let store: CatalogStore
    /// Per filter genre: the flag bits and the catalog genre indices that are that genre.
    let genres: [(flags: UInt8, indices: Set<Int>)]
    let people: PeopleMatcher?
    let certification: Int?
    let records: RecordReader

    init(_ filter: MovieFilter, store: CatalogStore) throws(MovieServiceError) {
      self.filter = filter
      self.store = store
      records = store.recordReader
      let catalogGenres = store.genreNames
      // Each genre once (however often and in whatever case it is named), so that a film is
      // tested against at most the catalog's genres, not a list of any length.
      var named = Set<String>()
      let distinct = filter.genres.filter { named.insert(Self.genreKey($0)).inserted }
      genres = try distinct.map { (name) throws(MovieServiceError) in
        let wanted = Self.genreKey(name)
        let flags = CatalogFile.genres.enumerated().reduce(UInt8(0)) { flags, genre in
          Self.genreKey(genre.element.genre.name) == wanted ? flags | 1 << genre.offset : flags
        }
        let indices = Set(
          catalogGenres.indices.filter { Self.genreKey(catalogGenres[$0]) == wanted })
        guard flags != 0 || !indices.isEmpty else {
          throw .invalidRequest("the catalog has no genre '\(name)'")
        }
        return (flags, indices)
      }
      if let person = filter.person {
        guard store.personCount > 0 else {
          throw .invalidRequest("the catalog has no people")
        }
        people = store.peopleMatcher(named: person)
      } else {
        people = nil
      }
      if let wanted = filter.certification {
        // A code that is no certification would pass no film: said, not listed empty.
        guard let known = MovieFilter.certification(named: wanted),
          let code = CatalogFile.ratings.firstIndex(of: known)
        else {
          let codes = MovieFilter.certifications.joined(separator: ", ")
          throw .invalidRequest("there is no certification '\(wanted)' (they are \(codes))")
        }
        certification = code
      } else {
        certification = nil
      }
    }

    static func genreKey(_ name: String) -> String { MovieFilter.genreKey(name) }

    func passes(_ film: Int) -> Bool {
      // Only the fields a filter tests are read: a listing reads every film.
      if filter.fromYear != nil || filter.toYear != nil {
        let year = records[film, .year]
        if let from = filter.fromYear, year == 0 || year < from { return false }
        if let to = filter.toYear, year == 0 || year > to { return false }
      }
      if let minimum = filter.minRating,
        records[film, .votes] == 0 || records.rating(film) < minimum
      {
        return false
      }
      if let minimum = filter.minVotes, records[film, .votes] < minimum { return false }
      if filter.minRuntime != nil || filter.maxRuntime != nil {
        let minutes = records[film, .minutes]
        if let minimum = filter.minRuntime, minutes == 0 || minutes < minimum { return false }
        if let maximum = filter.maxRuntime, minutes == 0 || minutes > maximum { return false }
      }
      if let certification, records[film, .mpaa] != certification { return false }
      if !genres.isEmpty {
        func has(_ genre: (flags: UInt8, indices: Set<Int>)) -> Bool {
          records.genreFlags(film) & genre.flags != 0
            || (!genre.indices.isEmpty && store.anyGenre(of: film, genre.indices.contains))
        }
        guard filter.allGenres ? genres.allSatisfy(has) : genres.contains(where: has) else {
          return false
        }
      }
      if let people, !store.anyPerson(of: film, among: people) {
        return false
      }
      return true
    }
  }

  /// A film's place in the order, as numbers compared cheaply: unknown values last.
  struct DiscoverOrder {
    let sort: MovieFilter.Sort
    let store: CatalogStore
    let records: RecordReader

    init(_ sort: MovieFilter.Sort, store: CatalogStore) {
      self.sort = sort
      self.store = store
      records = store.recordReader
    }

    /// Smaller first: the value (negated when descending), then the more popular, then the
    /// more voted (a summary keeps a popularity to eight parts in a million: films a vote
    /// apart among a hundred thousand read as equally popular), then id order.
    func key(_ film: Int) -> DiscoverKey {
      let popularity = Double(store.summary(film).popularity)
      let votes = -records[film, .votes]
      let value: Double? =
        switch sort.key {
        case .popularity: popularity
        case .rating: records[film, .votes] > 0 ? records.rating(film) : nil
        case .votes: Double(records[film, .votes])
        case .year: records[film, .year] > 0 ? Double(records[film, .year]) : nil
        case .runtime: records[film, .minutes] > 0 ? Double(records[film, .minutes]) : nil
        case .title: 0  // compared as text
        }
      guard let value else {
        return .init(known: false, value: 0, popularity: -popularity, votes: votes, film: film)
      }
      return .init(
        known: true, value: sort.ascending ? value : -value, popularity: -popularity,
        votes: votes, film: film)
    }
  }
}

/// A film's place in a discover listing's order, compared cheaply: known values first, in
/// the order asked, then by popularity, then by votes, then by id.
struct DiscoverKey: Comparable {
  var known: Bool
  var value: Double
  var popularity: Double
  var votes: Int
  var film: Int

  static func < (a: DiscoverKey, b: DiscoverKey) -> Bool {
    if a.known != b.known { return a.known }
    if a.value != b.value { return a.value < b.value }
    if a.popularity != b.popularity { return a.popularity < b.popularity }
    if a.votes != b.votes { return a.votes < b.votes }
    return a.film < b.film
  }
}

/// Titles (and names) in the order a person reads them: case and accents folded ("Ängen"
/// among the a's, not after "Zuru"), then compared as text.
public enum TitleOrder {
  /// The text folded for ordering.
  public static func folded(_ title: String) -> String {
    // Most titles are ASCII, whose folding is its capitals in lower case: without
    // Foundation's round trip through another string, a quarter of a sort by title at IMDb's
    // size.
    if title.utf8.allSatisfy({ $0 < 0x80 }) {
      return String(
        decoding: title.utf8.map { (0x41...0x5A).contains($0) ? $0 | 0x20 : $0 }, as: UTF8.self)
    }
    return title.folding(
      options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
  }

  /// Whether `a` comes before `b` as a person reads them.
  public static func areInOrder(_ a: String, _ b: String) -> Bool {
    let (foldedA, foldedB) = (folded(a), folded(b))
    return foldedA != foldedB ? foldedA < foldedB : a < b
  }

  /// The first eight bytes of a folded title as a number: ordered as the titles are.
  static func prefix(_ folded: String) -> UInt64 {
    var key: UInt64 = 0
    var bytes = folded.utf8.makeIterator()
    for _ in 0..<8 { key = key << 8 | UInt64(bytes.next() ?? 0) }
    return key
  }
}
