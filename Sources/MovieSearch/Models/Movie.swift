/// A row of a TMDb search result (`/search/movie`, `/movie/popular`, …).
///
/// Decoding is tolerant, as real TMDb data needs: an empty or missing `release_date` or
/// `overview` becomes `nil`, null image paths become `nil`, a missing `genre_ids` becomes
/// empty, numbers may come as integers or decimals, and unknown fields are ignored. Only a
/// row without an `id` or a title, or with a number outside what its field can mean (an id
/// past 32 bits, `"vote_count":1e300`, a rating over 10), cannot be decoded (a page skips
/// such a row).
public struct Movie: Codable, Sendable, Hashable, Identifiable {
  /// TMDb's id (the offline catalog's row number).
  public var id: Int
  /// The title in the requested language.
  public var title: String
  /// The title in the original language.
  public var originalTitle: String?
  /// The original language, an ISO 639-1 code such as `en`.
  public var originalLanguage: String?
  /// The plot summary; `nil` when empty.
  public var overview: String?
  /// The release date; `nil` when unknown.
  public var releaseDate: ReleaseDate?
  /// The poster's path, to join with an image base URL and size (see ``ImageConfiguration``).
  public var posterPath: String?
  /// The backdrop's path.
  public var backdropPath: String?
  /// TMDb genre ids (see ``Genre``).
  public var genreIDs: [Int]
  /// TMDb's popularity score.
  public var popularity: Double
  /// The mean user rating, 0–10.
  public var voteAverage: Double
  /// The number of user ratings.
  public var voteCount: Int
  /// Whether it is an adult film.
  public var adult: Bool
  /// Whether it is a video release.
  public var video: Bool
  /// Where the query matched the title, in `Character` offsets of ``title``, for
  /// highlighting; empty when unknown (TMDb does not say). Encoded as `title_matches`, an
  /// extra field, only when there are some.
  public var titleMatches: [Range<Int>] = []
  /// The names of ``genreIDs``' genres, in their order, when the service knows them (TMDb's
  /// `/genre/movie/list`, in the requested language); empty otherwise. Not part of TMDb's
  /// row, so not encoded: the JSON keeps `genre_ids`.
  public var genreNames: [String] = []
  /// Whether it matched only some of the query's words (the offline search lists such films
  /// after those that match every word). Not encoded.
  public var isPartialMatch = false
  /// The other title the search found it by (an offline catalog's: its original title, or
  /// one it is also known as), when not ``title``; ``titleMatches`` are then in this one.
  /// Encoded as `aka`, an extra field, when there is one.
  public var alsoKnownAs: String?
  /// Where a merged list found the film (``MoviesSearchViewModel``'s catalog and TMDb
  /// together); `nil` in a list from one service. Encoded as `source`, an extra field, with
  /// `catalog_id` (the catalog's id) for a film both have.
  public var source: MovieSource?
  /// How long it runs, in minutes, when the list knows it (an offline catalog's rows do;
  /// TMDb's search and discover rows do not). Encoded as `runtime`, an extra field, when
  /// known.
  public var runtime: Int?
  /// The catalog's id of a film a merged list found in both (its row is TMDb's): where its
  /// details come from when TMDb cannot give them.
  var catalogTwin: Int?
  /// The film's id in the catalog of a merged list: its own for a film only the catalog
  /// has, the catalog's row's for one both have; `nil` for a film only TMDb has, and in a
  /// list from one service.
  public var catalogID: Int? { source == .catalog ? id : catalogTwin }

  /// Creates a movie.
  public init(
    id: Int, title: String, originalTitle: String? = nil, originalLanguage: String? = nil,
    overview: String? = nil, releaseDate: ReleaseDate? = nil, posterPath: String? = nil,
    backdropPath: String? = nil, genreIDs: [Int] = [], popularity: Double = 0,
    voteAverage: Double = 0, voteCount: Int = 0, adult: Bool = false, video: Bool = false
  ) {
    self.id = id
    self.title = title
    self.originalTitle = originalTitle
    self.originalLanguage = originalLanguage
    self.overview = overview
    self.releaseDate = releaseDate
    self.posterPath = posterPath
    self.backdropPath = backdropPath
    self.genreIDs = genreIDs
    self.popularity = popularity
    self.voteAverage = voteAverage
    self.voteCount = voteCount
    self.adult = adult
    self.video = video
  }

  /// The release year, when known.
  public var year: Int? { releaseDate?.year }

  enum CodingKeys: String, CodingKey {
    case id, title, name, overview, popularity, adult, video
    case originalTitle = "original_title"
    case originalName = "original_name"
    case originalLanguage = "original_language"
    case releaseDate = "release_date"
    case posterPath = "poster_path"
    case backdropPath = "backdrop_path"
    case genreIDs = "genre_ids"
    case voteAverage = "vote_average"
    case voteCount = "vote_count"
    case titleMatches = "title_matches"
    case alsoKnownAs = "aka"
    case source
    case catalogID = "catalog_id"
    case runtime
  }

  /// Decodes a row tolerantly (see the type's description).
  public init(from decoder: any Decoder) throws {
    let row = try decoder.container(keyedBy: CodingKeys.self)
    id = try row.decode(Int.self, forKey: .id)
    guard Plausible.id.contains(id) else {
      throw OutOfRange(field: CodingKeys.id.stringValue, value: "\(id)")
    }
    guard let title = row.text(.title) ?? row.text(.name) else {
      throw DecodingError.keyNotFound(
        CodingKeys.title, .init(codingPath: row.codingPath, debugDescription: "no title"))
    }
    self.title = title
    originalTitle = row.text(.originalTitle) ?? row.text(.originalName)
    originalLanguage = row.text(.originalLanguage)
    overview = row.text(.overview)
    releaseDate = row.text(.releaseDate).flatMap(ReleaseDate.init)
    posterPath = row.text(.posterPath)
    backdropPath = row.text(.backdropPath)
    genreIDs = (try? row.decodeIfPresent([Int].self, forKey: .genreIDs)) ?? []
    // A number out of its range makes the row unreadable: it is left out, with a note.
    popularity = try row.measure(.popularity, in: Plausible.popularity) ?? 0
    voteAverage = try row.measure(.voteAverage, in: Plausible.rating) ?? 0
    voteCount = try row.whole(.voteCount, in: Plausible.votes) ?? 0
    adult = (try? row.decodeIfPresent(Bool.self, forKey: .adult)) ?? false
    video = (try? row.decodeIfPresent(Bool.self, forKey: .video)) ?? false
    alsoKnownAs = row.text(.alsoKnownAs)
    source = row.text(.source).flatMap(MovieSource.init(rawValue:))
    catalogTwin = source == .both ? (try? row.whole(.catalogID, in: Plausible.id)) ?? nil : nil
    runtime = (try? row.whole(.runtime, in: Plausible.minutes)) ?? nil
    let pairs = (try? row.decodeIfPresent([[Int]].self, forKey: .titleMatches)) ?? nil
    titleMatches = (pairs ?? []).compactMap { pair in
      guard pair.count == 2, pair[0] >= 0, pair[1] > 0, pair[0] <= Int.max - pair[1] else {
        return nil
      }
      return pair[0]..<pair[0] + pair[1]
    }
  }

  /// Encodes in TMDb's shape.
  public func encode(to encoder: any Encoder) throws {
    var row = encoder.container(keyedBy: CodingKeys.self)
    try row.encode(id, forKey: .id)
    try row.encode(title, forKey: .title)
    try row.encodeIfPresent(originalTitle, forKey: .originalTitle)
    try row.encodeIfPresent(originalLanguage, forKey: .originalLanguage)
    try row.encode(overview ?? "", forKey: .overview)
    try row.encode(releaseDate?.description ?? "", forKey: .releaseDate)
    try row.encode(posterPath, forKey: .posterPath)
    try row.encode(backdropPath, forKey: .backdropPath)
    try row.encode(genreIDs, forKey: .genreIDs)
    try row.encode(popularity, forKey: .popularity)
    try row.encode(voteAverage, forKey: .voteAverage)
    try row.encode(voteCount, forKey: .voteCount)
    try row.encode(adult, forKey: .adult)
    try row.encode(video, forKey: .video)
    if !titleMatches.isEmpty {
      try row.encode(titleMatches.map { [$0.lowerBound, $0.count] }, forKey: .titleMatches)
    }
    try row.encodeIfPresent(alsoKnownAs, forKey: .alsoKnownAs)
    try row.encodeIfPresent(source?.rawValue, forKey: .source)
    if source == .both { try row.encodeIfPresent(catalogTwin, forKey: .catalogID) }
    try row.encodeIfPresent(runtime, forKey: .runtime)
  }
}

extension KeyedDecodingContainer {
  /// A non-empty string, or `nil` when missing, null, empty or not a string.
  func text(_ key: Key) -> String? {
    guard let text = try? decodeIfPresent(String.self, forKey: key), !text.isEmpty else {
      return nil
    }
    return text
  }

  /// A number written as an integer or a decimal, or `nil`.
  func number(_ key: Key) -> Double? {
    if let value = try? decodeIfPresent(Double.self, forKey: key) { return value }
    return (try? decodeIfPresent(Int.self, forKey: key)).flatMap { $0.map(Double.init) }
  }
}
