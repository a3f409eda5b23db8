import Foundation
import Synchronization

/// A catalog of films searchable without a network or an API key: a file made by
/// `movie-search build-catalog` (from IMDb's dataset files, a CSV, or TMDb's daily export of
/// a million films), memory-mapped — or the one built into the binary (58,788 films,
/// 1893–2005, with their IMDb ratings), which the `MovieSearchBuiltInCatalog` module adds as
/// `OfflineCatalog.builtIn()`: its data are GPL, so an app links them only if it asks.
///
/// Search forgives what people type: case, accents and punctuation; unfinished words; typos
/// (up to one edit from 3 letters, two from 7, also in a word being typed); a year
/// typed first or last; digits for Roman numerals; words joined or split ("spiderman");
/// leading articles dropped or moved ("matrix, the"). Results are ranked by match quality and
/// popularity — the formula is the search engine's `Ranking` — and carry the matched parts of their titles
/// (``Movie/titleMatches``). Pages hold 20 rows, as TMDb's do.
///
/// The built-in data is ggplot2movies' `movies` (GPL-2 | GPL-3; facts from IMDb): a film's
/// id is its row number there. In a catalog built from TMDb's export, ids are TMDb's; from
/// IMDb's files, IMDb's numbers.
public struct OfflineCatalog: MovieService {
  /// Searches the catalog, and reads it (its ``Searcher/store``).
  let searcher: Searcher
  var store: CatalogStore { searcher.store }

  /// A catalog on this machine: it answers at once, in one language.
  public var traits: MovieServiceTraits {
    var traits = MovieServiceTraits.local
    traits.knowsPeople = hasPeople
    return traits
  }

  /// A catalog whose bytes stay where they are for the life of the process — the one built
  /// into a binary (`MovieSearchBuiltInCatalog`'s `OfflineCatalog.builtIn()`). Damaged, it is
  /// an error of its own (``MovieServiceError/damagedCatalog(_:)``): the program itself is
  /// broken.
  package init(permanentBytes bytes: UnsafeRawBufferPointer) throws(MovieServiceError) {
    do {
      searcher = Searcher(store: try CatalogStore.permanent(bytes))
    } catch {
      throw .damagedCatalog(error.description)
    }
  }

  init(store: CatalogStore) {
    searcher = Searcher(store: store)
  }

  /// Why a catalog file could not be opened: missing, unreadable, not a catalog, damaged.
  public struct FileError: Error, Equatable, CustomStringConvertible {
    /// What is wrong with the file.
    public enum Kind: Sendable, Equatable {
      /// It cannot be opened or read, or is not a regular file.
      case unreadable
      /// It is not a catalog.
      case notACatalog
      /// It is a catalog of another version of the format.
      case otherVersion
      /// It is a catalog, damaged.
      case damaged
    }

    /// One line saying what is wrong, naming the file.
    public let description: String
    /// What is wrong, for a caller that knows how it is fixed (a program that builds
    /// catalogs can say how to build one).
    public let kind: Kind
  }

  /// The catalog file at `path`, memory-mapped: opening it reads only its header, and every
  /// read of it is bounds-checked, so a damaged file fails or finds less, never crashes.
  public init(contentsOf path: String) throws(FileError) {
    do {
      searcher = Searcher(store: try CatalogStore(path: path))
    } catch {
      throw FileError(description: error.description, kind: error.kind)
    }
  }

  /// Builds a catalog from CSV text in the format of `movies.csv` (for tests and tools).
  public init(csv: String) throws {
    searcher = Searcher(store: try CatalogStore(bytes: Self.catalogFile(fromCSV: csv)))
  }

  /// Builds a catalog from the bytes of a catalog file (for tests and tools).
  public init(catalogFile bytes: [UInt8]) throws {
    searcher = Searcher(store: try CatalogStore(bytes: bytes))
  }

  /// Converts a CSV of films into a catalog file; any row that cannot be read is an error
  /// (for tests and tools; `build-catalog` skips and reports such rows instead).
  public static func catalogFile(fromCSV csv: String) throws -> [UInt8] {
    let source = try CatalogFile.csv(csv)
    if let (line, reason) = source.skipped.first {
      throw CatalogFile.FormatError(description: "line \(line): \(reason)")
    }
    return try CatalogFile.encode(
      source.entries, origin: CatalogFile.Origin(source: .csv, builtAt: Date()))
  }

  /// A catalog file built from a source, and what the source held that it left out.
  public struct BuiltFile: Sendable {
    /// The catalog file.
    public var bytes: [UInt8]
    /// How many films it holds.
    public var films: Int
    /// The lines of the source that could not be read (numbered from 1), and why — and in
    /// which file, for a folder of IMDb's files; from IMDb's files, the first hundred only.
    public var skipped: [(line: Int, reason: String)]
    /// How many lines of the source could not be read, in all.
    public var skippedCount = 0
    /// How many adult titles of a TMDb export were left out.
    public var adultLeftOut: Int
    /// For a folder of IMDb's files: the file (its path) of each skipped line, in order.
    public var skippedFiles: [String] = []
    /// For a folder of IMDb's files: the optional files that are not there, and what the
    /// catalog has not for it.
    public var missing: [(file: String, purpose: String)] = []
    /// How many titles of a ``TitleList`` were added.
    public var titlesAdded = 0
    /// The lines of a ``TitleList`` that were not added (unreadable, or naming no film of the
    /// catalog, or one of another year), and why.
    public var titlesRefused: [(line: Int, reason: String)] = []
  }

  /// Adds `titles` to `entries`, and says in `built` what was added and refused.
  private static func add(
    _ titles: TitleList?, to entries: inout [CatalogFile.Entry], _ built: inout BuiltFile
  ) {
    guard let titles else { return }
    let refused = titles.add(to: &entries)
    built.titlesRefused = (titles.skipped + refused).sorted { $0.line < $1.line }
    built.titlesAdded = titles.rows.count - refused.count
  }

  /// A catalog file from a folder of IMDb's dataset files (see ``isIMDbDataset(_:)``): its
  /// films of `types` (IMDb's `titleType`: `movie`, `tvMovie`, …), adult titles left out
  /// unless `includeAdult`, their other titles those of `languages`, with `titles` added.
  /// `progress` is told the file read and the lines read of it. The catalog says it was built
  /// on the day of `date`.
  public static func catalogFile(
    fromIMDb directory: String, types: Set<String> = ["movie"], includeAdult: Bool = false,
    languages: TitleLanguages = .english, titles: TitleList? = nil, builtAt date: Date = Date(),
    progress: (String, Int) -> Void = { _, _ in }
  ) throws -> BuiltFile {
    var (entries, report) = try IMDbSource.read(
      directory, types: types, includeAdult: includeAdult, languages: languages,
      progress: progress)
    var built = BuiltFile(
      bytes: [], films: entries.count, skipped: report.skipped.map { ($0.line, $0.reason) },
      adultLeftOut: report.adultLeftOut)
    add(titles, to: &entries, &built)
    built.bytes = try CatalogFile.encode(
      entries, origin: CatalogFile.Origin(source: .imdbDatasets, builtAt: date))
    built.skippedFiles = report.skipped.map(\.file)
    built.skippedCount = report.skippedCount
    built.missing = report.missing
    return built
  }

  /// Whether `path` is a folder of IMDb's dataset files (it holds `title.basics`).
  public static func isIMDbDataset(_ path: String) -> Bool {
    IMDbSource.isDataset(path)
  }

  /// The files of IMDb's dataset in the folder `path` that a build reads.
  public static func imdbDatasetFiles(in path: String) -> [String] {
    IMDbSource.files.compactMap { IMDbSource.path(of: $0, in: path) }
  }

  /// Whether the file `path` is one of IMDb's dataset files rather than a catalog source of
  /// its own: it has one of their names, or begins with one of their headers.
  public static func isIMDbDatasetFile(_ path: String) -> Bool {
    if IMDbSource.isDatasetFileName((path as NSString).lastPathComponent) { return true }
    guard let reader = try? TSVReader(path: path), let first = try? reader.nextLine() else {
      return false
    }
    return IMDbSource.file(withHeader: first) != nil
  }

  /// A catalog file from either source — a CSV of films (ggplot2movies' or any with a
  /// `title` column) or TMDb's daily export of movie ids (JSON lines), told apart by the
  /// content — with the lines of the source that were skipped, and why, and how many adult
  /// titles were left out; `titles` are added; the catalog says it was built on the day of
  /// `date`. `progress` is told how many lines were read, every 100,000.
  public static func catalogFile(
    from source: String, includeAdult: Bool = false, titles: TitleList? = nil,
    builtAt date: Date = Date(), progress: (Int) -> Void = { _ in }
  ) throws -> BuiltFile {
    var parsed = try CatalogFile.source(source, includeAdult: includeAdult, progress: progress)
    var built = BuiltFile(
      bytes: [], films: parsed.entries.count, skipped: parsed.skipped,
      adultLeftOut: parsed.adultLeftOut)
    built.skippedCount = parsed.skipped.count
    add(titles, to: &parsed.entries, &built)
    built.bytes = try CatalogFile.encode(
      parsed.entries, origin: CatalogFile.Origin(source: parsed.kind, builtAt: date))
    return built
  }

  /// The number of films.
  public var count: Int { store.filmCount }

  /// Every film, in id order (for tools: listing a catalog, comparing with other searches).
  public var allMovies: [Movie] {
    (0..<store.filmCount).map(movie)
  }

  /// Searches titles; see the type's description for what is forgiven and the order.
  public func searchMovies(_ query: MovieQuery) throws(MovieServiceError) -> MoviePage {
    try searchMovies(query, keeping: nil)
  }

  /// Searches titles as ``searchMovies(_:)`` does, keeping the films that pass `filter`.
  /// Ordered by how well titles match — unless the filter asks for another order than the
  /// default: then the films that match every word come first in that order (best rated,
  /// most voted…), and those that match only some words after them, by how well they match.
  public func searchMovies(
    _ query: MovieQuery, filter: MovieFilter
  ) throws(MovieServiceError) -> MoviePage {
    let rules = try searchRules(filter)
    return try searchMovies(query, keeping: rules.keep, reordering: rules.reorder)
  }

  /// Every film the search finds that passes `filter`, in the order of
  /// ``searchMovies(_:filter:)``, in one search (`search --all`): one page holding them all.
  public func searchAllMovies(
    _ query: MovieQuery, filter: MovieFilter
  ) throws(MovieServiceError) -> MoviePage {
    var query = query
    query.page = 1
    let rules = try searchRules(filter)
    return try searchMovies(
      query, keeping: rules.keep, pageSize: max(1, store.filmCount), reordering: rules.reorder)
  }

  /// Every film the search finds that passes `filter` (``searchAllMovies(_:filter:)``'s).
  public func searchEveryMovie(
    _ query: MovieQuery, filter: MovieFilter
  ) throws(MovieServiceError) -> [Movie]? {
    try searchAllMovies(query, filter: filter).results
  }

  /// What a filter asks of a search: the films to keep, and the order (the films that match
  /// every word in the filter's order, then the others as they rank), unless the default.
  private func searchRules(_ filter: MovieFilter) throws(MovieServiceError) -> (
    keep: ((Int) -> Bool)?, reorder: (([Searcher.FilmHit]) -> [Searcher.FilmHit])?
  ) {
    let test = filter.filtersNothing ? nil : try FilmTest(filter, store: store)
    let keep: ((Int) -> Bool)? = test.map { test in { test.passes($0) } }
    guard filter.sort != MovieFilter.Sort() else { return (keep, nil) }
    return (
      keep,
      { hits in
        ordered(hits.filter { !Ranking.isPartial($0.score) }, by: filter.sort)
          + hits.filter { Ranking.isPartial($0.score) }
      }
    )
  }

  private func searchMovies(
    _ query: MovieQuery, keeping keep: ((Int) -> Bool)?, pageSize: Int = MoviePage.pageSize,
    reordering reorder: (([Searcher.FilmHit]) -> [Searcher.FilmHit])? = nil
  ) throws(MovieServiceError) -> MoviePage {
    guard (1...MoviePage.maxPage).contains(query.page) else {
      throw .invalidRequest("page must be between 1 and \(MoviePage.maxPage), not \(query.page)")
    }
    // Reordered, every page comes from all the matches (as many as pages can show).
    let shown = query.page * pageSize
    let limit = reorder == nil ? shown : max(shown, MoviePage.maxPage * MoviePage.pageSize)
    guard
      let (found, total, run) = try searcher.search(
        query.text, limit: limit, year: query.year, keep: keep, beingTyped: query.isBeingTyped)
    else { return .empty }
    let hits = reorder.map { Array($0(found).prefix(query.page * pageSize)) } ?? found
    let rows = hits.dropFirst((query.page - 1) * pageSize).map { hit in
      var movie = movie(hit.film)
      // Found by another of its titles: that title is shown beside, and highlighted. The
      // display title is the movie's already (a title's text is spelled from its words, see
      // `TitleSpelling`: once is enough).
      let (text, kind) =
        hit.title == hit.film
        ? (movie.title, CatalogFile.TitleKind.display) : store.title(hit.title)
      if kind != .display { movie.alsoKnownAs = text }
      let explanation = searcher.explain(hit, in: run, text: text)
      movie.titleMatches = explanation?.matches ?? []
      movie.isPartialMatch = explanation?.isPartial ?? Ranking.isPartial(hit.score)
      return movie
    }
    // TMDb says a search that finds nothing has one (empty) page.
    let pages = max(
      1, min((total + MoviePage.pageSize - 1) / MoviePage.pageSize, MoviePage.maxPage))
    return MoviePage(page: query.page, results: rows, totalPages: pages, totalResults: total)
  }

  /// The details of the film with id `id`.
  public func movieDetails(id: Int, language: String?) throws(MovieServiceError) -> MovieDetails {
    guard let index = store.index(ofID: id) else {
      throw .notFound(message: "the catalog has no film with id \(id)")
    }
    let record = store.record(index)
    let extras = store.extras(of: index)
    let people =
      extras.directors.isEmpty && extras.cast.isEmpty
      ? nil
      : Credits(
        cast: extras.cast.enumerated().map { CastMember(name: $1, order: $0) },
        crew: extras.directors.map { CrewMember(name: $0, job: "Director") })
    var details = MovieDetails(
      movie: movie(index), genres: store.genres(of: index),
      runtime: record.minutes > 0 ? record.minutes : nil,
      budget: record.budget > 0 ? record.budget : nil,
      imdbID: IMDbID(number: record.imdbNumber)?.description, credits: people,
      releaseDates: certification(record).map {
        [CountryReleases(country: "US", releases: [.init(certification: $0, type: 3)])]
      } ?? [])
    details.alternativeTitles = store.otherTitles(of: index).map { store.title($0).text }
    return details
  }

  /// The most popular films.
  public func popularMovies(page: Int, language: String?) throws(MovieServiceError) -> MoviePage {
    guard (1...MoviePage.maxPage).contains(page) else {
      throw .invalidRequest("page must be between 1 and \(MoviePage.maxPage), not \(page)")
    }
    // In discover's order by popularity (then votes, then id).
    let ranking = DiscoverOrder(MovieFilter.Sort(.popularity), store: store)
    var best = SmallestElements<DiscoverKey>(limit: page * MoviePage.pageSize)
    for film in 0..<store.filmCount { best.insert(ranking.key(film)) }
    let rows = best.sorted().dropFirst((page - 1) * MoviePage.pageSize).map { movie($0.film) }
    let pages = min(
      (store.filmCount + MoviePage.pageSize - 1) / MoviePage.pageSize, MoviePage.maxPage)
    return MoviePage(page: page, results: rows, totalPages: pages, totalResults: store.filmCount)
  }

  /// The catalog has no images.
  public func imageConfiguration() -> ImageConfiguration? { nil }

  /// IMDb's id of its number: `tt0133093`.
  /// The id of the film IMDb knows as `imdbID`.
  public func movieID(imdbID: IMDbID) throws(MovieServiceError) -> Int {
    guard let index = store.index(ofIMDbNumber: imdbID.number) else {
      throw .notFound(message: "the catalog has no film with IMDb id \(imdbID)")
    }
    return store.id(index)
  }

  func movie(_ film: Int) -> Movie {
    let record = store.record(film)
    let genres = store.genres(of: film)
    let original = store.otherTitles(of: film).first { store.titleKind($0) == .original }
      .map(store.title)
    var movie = Movie(
      id: record.id, title: record.title, originalTitle: original?.text ?? record.title,
      releaseDate: record.year > 0 ? ReleaseDate(year: record.year) : nil,
      genreIDs: genres.map(\.id), popularity: Double(record.votes),
      voteAverage: record.rating, voteCount: record.votes)
    movie.genreNames = genres.map(\.name)
    movie.runtime = record.minutes > 0 ? record.minutes : nil
    return movie
  }

  /// The film's MPAA rating (the data set's are American), if it has one.
  private func certification(_ record: CatalogStore.Record) -> String? {
    guard CatalogFile.ratings.indices.contains(record.mpaa) else { return nil }
    let rating = CatalogFile.ratings[record.mpaa]
    return rating.isEmpty ? nil : rating
  }

}
