/// One page of TMDb search results: at most 20 rows; TMDb serves at most page 500.
public struct MoviePage: Codable, Sendable, Hashable {
  /// The page number, from 1.
  public var page: Int
  /// The rows of this page that could be decoded.
  public var results: [Movie]
  /// The number of pages.
  public var totalPages: Int
  /// The number of results over all pages, less the rows of this page that are not films.
  public var totalResults: Int
  /// How many rows of this page were skipped: rows that are not films (TV shows, people and
  /// collections that TMDb mixes into some lists) and rows that could not be decoded.
  public var skippedRows: Int
  /// How many of the skipped rows looked like films but could not be decoded (a damaged
  /// answer, rather than a TV show or a collection in a list of films).
  public var unreadableRows: Int
  /// How many rows of this page were not films, left out.
  public var otherRows: Int { skippedRows - unreadableRows }

  /// The most rows TMDb puts on a page.
  public static let pageSize = 20
  /// The highest page number TMDb serves.
  public static let maxPage = 500
  /// The most films a page of the offline catalog's listings holds
  /// (``OfflineCatalog/discoverMovies(_:page:pageSize:)``).
  public static let maxPageSize = 100
  /// The highest page number of the offline catalog's listings, which have as many pages as
  /// their films fill: one past it would hold films past a catalog's 32-bit film numbers.
  public static let maxCatalogPage = Int(Int32.max) / maxPageSize

  /// Creates a page.
  public init(
    page: Int, results: [Movie], totalPages: Int, totalResults: Int, skippedRows: Int = 0,
    unreadableRows: Int = 0
  ) {
    self.page = page
    self.results = results
    self.totalPages = totalPages
    self.totalResults = totalResults
    self.skippedRows = skippedRows
    self.unreadableRows = unreadableRows
  }

  /// An empty first page (TMDb says such a search has one page).
  public static let empty = MoviePage(page: 1, results: [], totalPages: 1, totalResults: 0)

  enum CodingKeys: String, CodingKey {
    case page, results
    case totalPages = "total_pages"
    case totalResults = "total_results"
  }

  /// Decodes a page; a row that is not a film or cannot be decoded is skipped and counted,
  /// not fatal.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    var rows = try container.nestedUnkeyedContainer(forKey: .results)
    var results: [Movie] = []
    var skipped = 0
    var unreadable = 0
    while !rows.isAtEnd {
      switch try rows.decode(FilmRow.self) {
      case .film(let movie): results.append(movie)
      case .other: skipped += 1
      case .unreadable:
        skipped += 1
        unreadable += 1
      }
    }
    self.results = results
    skippedRows = skipped
    unreadableRows = unreadable
    // A number out of its range is read as missing: the page is what the rows say.
    func count(_ key: CodingKeys, in range: ClosedRange<Int>) -> Int? {
      (try? container.whole(key, in: range)) ?? nil
    }
    page = count(.page, in: 1...Plausible.pages.upperBound) ?? 1
    // The server's total counts the rows that are not films too: those known (on this
    // page) are taken off it.
    let declared = count(.totalResults, in: Plausible.results) ?? results.count
    totalResults = max(results.count, declared - (skipped - unreadable))
    totalPages =
      count(.totalPages, in: Plausible.pages) ?? (totalResults + Self.pageSize - 1) / Self.pageSize
  }

  /// Encodes in TMDb's shape.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(page, forKey: .page)
    try container.encode(results, forKey: .results)
    try container.encode(totalPages, forKey: .totalPages)
    try container.encode(totalResults, forKey: .totalResults)
  }
}

/// A row of a list of films: the film, something else, or a broken row. Decoding one never
/// fails, so a bad row does not stop the list.
///
/// TMDb mixes other things into movie lists: rows with a `media_type` other than `movie`
/// (`tv`, `person`, `collection`), and collection entries without it ("Cloverfield
/// Collection"), which have a `name` or a `title` but none of a film's fields — no release
/// date, genres or votes. Their ids are not film ids (`/movie/ID` is a 404 for them).
enum FilmRow: Decodable {
  case film(Movie)
  /// A TV show, a person, a collection.
  case other
  /// Not an object, or a film's row that cannot be decoded.
  case unreadable

  private enum Keys: String, CodingKey {
    case mediaType = "media_type"
    case title, name
    case releaseDate = "release_date"
    case genreIDs = "genre_ids"
    case voteAverage = "vote_average"
    case voteCount = "vote_count"
  }

  init(from decoder: any Decoder) throws {
    guard let row = try? decoder.container(keyedBy: Keys.self) else {
      self = .unreadable
      return
    }
    if let type = try? row.decodeIfPresent(String.self, forKey: .mediaType), type != "movie" {
      self = .other
      return
    }
    // A `name` without a `title` is a TV show's or a collection's.
    let filmFields: [Keys] = [.releaseDate, .genreIDs, .voteAverage, .voteCount]
    guard filmFields.contains(where: row.contains), row.contains(.title) || !row.contains(.name)
    else {
      self = .other
      return
    }
    guard let movie = try? Movie(from: decoder) else {
      self = .unreadable
      return
    }
    self = .film(movie)
  }
}
