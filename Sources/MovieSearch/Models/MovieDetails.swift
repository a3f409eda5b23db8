/// A genre, as in TMDb's `genres` list.
public struct Genre: Codable, Sendable, Hashable, Identifiable {
  /// TMDb's genre id.
  public var id: Int
  /// The genre's name, e.g. "Science Fiction".
  public var name: String

  /// Creates a genre.
  public init(id: Int, name: String) {
    self.id = id
    self.name = name
  }
}

/// Everything `/movie/{id}` tells about a film.
public struct MovieDetails: Codable, Sendable, Hashable, Identifiable {
  /// The fields shared with a search result row.
  public var movie: Movie
  /// The genres with their names.
  public var genres: [Genre]
  /// The running time in minutes.
  public var runtime: Int?
  /// The tagline; `nil` when empty.
  public var tagline: String?
  /// The release status, e.g. "Released".
  public var status: String?
  /// The budget in US dollars; `nil` when unknown (TMDb writes 0).
  public var budget: Int?
  /// The revenue in US dollars; `nil` when unknown (TMDb writes 0).
  public var revenue: Int?
  /// The IMDb id, e.g. `tt0133093`.
  public var imdbID: String?
  /// The film's web site.
  public var homepage: String?
  /// Cast and crew, when they were asked for (TMDb) or are known.
  public var credits: Credits?
  /// The releases per country, with their certifications, when asked for or known.
  public var releaseDates: [CountryReleases]
  /// The collection the film belongs to.
  public var collection: CollectionReference?
  /// Other titles it is known by (TMDb's `alternative_titles`, when asked for; an offline
  /// catalog's original and alternative titles).
  public var alternativeTitles: [String] = []
  /// Films like this one (TMDb's `recommendations`; offline, the same director's films,
  /// then films of the same genres and years, the best rated first).
  public var recommendations: [Movie] = []
  /// The film's videos on YouTube, as TMDb lists them (`videos`); see ``trailer``.
  public var videos: [Video] = []
  /// Where to watch it, by country (ISO 3166-1 code; TMDb's `watch/providers`, data from
  /// JustWatch, which TMDb asks to credit).
  public var watchProviders: [String: WatchProviders] = [:]

  /// The first official YouTube trailer's address, else any YouTube trailer's.
  public var trailer: String? {
    let trailers = videos.filter { $0.site == "YouTube" && $0.type == "Trailer" && $0.isWatchable }
    return (trailers.first { $0.official } ?? trailers.first).map {
      "https://www.youtube.com/watch?v=\($0.key)"
    }
  }

  /// TMDb's id.
  public var id: Int { movie.id }

  /// Creates details.
  public init(
    movie: Movie, genres: [Genre] = [], runtime: Int? = nil, tagline: String? = nil,
    status: String? = nil, budget: Int? = nil, revenue: Int? = nil, imdbID: String? = nil,
    homepage: String? = nil, credits: Credits? = nil, releaseDates: [CountryReleases] = [],
    collection: CollectionReference? = nil
  ) {
    self.movie = movie
    self.genres = genres
    self.runtime = runtime
    self.tagline = tagline
    self.status = status
    self.budget = budget
    self.revenue = revenue
    self.imdbID = imdbID
    self.homepage = homepage
    self.credits = credits
    self.releaseDates = releaseDates
    self.collection = collection
  }

  enum CodingKeys: String, CodingKey {
    case genres, runtime, tagline, status, budget, revenue, homepage, credits
    case imdbID = "imdb_id"
    case releaseDates = "release_dates"
    case collection = "belongs_to_collection"
    case alternativeTitles = "alternative_titles"
    case recommendations, videos
    case watchProviders = "watch/providers"
  }

  /// TMDb's `videos`: `{"results": [...]}`.
  private struct Videos: Codable {
    var results: [Video]

    init(results: [Video]) { self.results = results }

    init(from decoder: any Decoder) throws {
      results = try decoder.container(keyedBy: CodingKeys.self)
        .lenientList(.results, of: Video.self)
    }

    enum CodingKeys: String, CodingKey { case results }
  }

  /// TMDb's `watch/providers`: `{"results": {"US": {...}}}`.
  private struct Providers: Codable {
    var results: [String: WatchProviders]
  }

  /// TMDb's `recommendations`: a page, `{"page": 1, "results": [...]}`.
  private struct Recommendations: Codable {
    var results: [Movie]

    init(results: [Movie]) { self.results = results }

    init(from decoder: any Decoder) throws {
      results = try decoder.container(keyedBy: CodingKeys.self)
        .lenientList(.results, of: Movie.self)
    }

    enum CodingKeys: String, CodingKey { case results }
  }

  /// TMDb's `alternative_titles`: `{"titles": [{"title": …, "iso_3166_1": …}]}`.
  private struct AlternativeTitles: Codable {
    struct Title: Codable { var title: String }
    var titles: [Title]
  }

  /// TMDb's `release_dates`: `{"results": [...]}`.
  private struct ReleaseDatesBody: Codable {
    var results: [CountryReleases]

    init(results: [CountryReleases]) { self.results = results }

    init(from decoder: any Decoder) throws {
      results = try decoder.container(keyedBy: CodingKeys.self)
        .lenientList(.results, of: CountryReleases.self)
    }
  }

  /// The first `count` billed actors.
  public func cast(_ count: Int = 6) -> [CastMember] {
    Array((credits?.cast ?? []).prefix(count))
  }

  /// Decodes tolerantly, like ``Movie``; `genre_ids` is derived from `genres` when missing.
  public init(from decoder: any Decoder) throws {
    var movie = try Movie(from: decoder)
    let container = try decoder.container(keyedBy: CodingKeys.self)
    genres = (try? container.decodeIfPresent([Genre].self, forKey: .genres)) ?? []
    if movie.genreIDs.isEmpty { movie.genreIDs = genres.map(\.id) }
    self.movie = movie
    // A number that cannot be a running time, a budget or a revenue (0, as TMDb writes for
    // "unknown", or 1e300 from a broken server) leaves the field unknown.
    runtime = (try? container.whole(.runtime, in: Plausible.minutes)) ?? nil
    tagline = container.text(.tagline)
    status = container.text(.status)
    budget = (try? container.whole(.budget, in: Plausible.dollars)) ?? nil
    revenue = (try? container.whole(.revenue, in: Plausible.dollars)) ?? nil
    imdbID = container.text(.imdbID)
    homepage = container.text(.homepage)
    credits = try? container.decodeIfPresent(Credits.self, forKey: .credits)
    releaseDates =
      (try? container.decodeIfPresent(ReleaseDatesBody.self, forKey: .releaseDates))??.results
      ?? []
    collection = try? container.decodeIfPresent(CollectionReference.self, forKey: .collection)
    alternativeTitles =
      ((try? container.decodeIfPresent(AlternativeTitles.self, forKey: .alternativeTitles))??
        .titles.map(\.title)) ?? []
    recommendations =
      (try? container.decodeIfPresent(Recommendations.self, forKey: .recommendations))??
      .results ?? []
    videos = (try? container.decodeIfPresent(Videos.self, forKey: .videos))??.results ?? []
    watchProviders =
      (try? container.decodeIfPresent(Providers.self, forKey: .watchProviders))??.results ?? [:]
  }

  /// Encodes in TMDb's shape.
  public func encode(to encoder: any Encoder) throws {
    try movie.encode(to: encoder)
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(genres, forKey: .genres)
    try container.encode(runtime, forKey: .runtime)
    try container.encode(tagline ?? "", forKey: .tagline)
    try container.encodeIfPresent(status, forKey: .status)
    // What is not known is left out (TMDb writes 0 for an unknown budget or revenue).
    try container.encodeIfPresent(budget, forKey: .budget)
    try container.encodeIfPresent(revenue, forKey: .revenue)
    try container.encode(imdbID, forKey: .imdbID)
    try container.encode(homepage ?? "", forKey: .homepage)
    try container.encode(collection, forKey: .collection)
    try container.encodeIfPresent(credits, forKey: .credits)
    if !releaseDates.isEmpty {
      try container.encode(ReleaseDatesBody(results: releaseDates), forKey: .releaseDates)
    }
    if !alternativeTitles.isEmpty {
      try container.encode(
        AlternativeTitles(titles: alternativeTitles.map { .init(title: $0) }),
        forKey: .alternativeTitles)
    }
    if !recommendations.isEmpty {
      try container.encode(
        Recommendations(results: recommendations), forKey: .recommendations)
    }
    if !videos.isEmpty { try container.encode(Videos(results: videos), forKey: .videos) }
    if !watchProviders.isEmpty {
      try container.encode(Providers(results: watchProviders), forKey: .watchProviders)
    }
  }
}

/// A video TMDb lists for a film (a trailer, a teaser, a clip).
public struct Video: Codable, Sendable, Hashable {
  /// The site's key: YouTube's video id.
  public var key: String
  /// Where it is: `YouTube`, `Vimeo`.
  public var site: String
  /// `Trailer`, `Teaser`, `Clip`, `Featurette`…
  public var type: String
  /// Whether the film's makers published it.
  public var official: Bool
  /// Its name.
  public var name: String

  /// Creates a video.
  public init(key: String, site: String, type: String, official: Bool = false, name: String = "") {
    self.key = key
    self.site = site
    self.type = type
    self.official = official
    self.name = name
  }

  /// Whether its key can be put in an address as it is (letters, digits, `-` and `_`): a
  /// key from a server is never trusted further.
  public var isWatchable: Bool {
    !key.isEmpty && key.count <= 64
      && key.unicodeScalars.allSatisfy {
        ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0)
          || $0 == "-" || $0 == "_"
      }
  }

  enum CodingKeys: String, CodingKey { case key, site, type, official, name }

  /// Decodes tolerantly: a missing `official` or `name` is false or empty.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    key = try container.decode(String.self, forKey: .key)
    site = try container.decode(String.self, forKey: .site)
    type = try container.decode(String.self, forKey: .type)
    official = (try? container.decodeIfPresent(Bool.self, forKey: .official)) ?? false
    name = (try? container.decodeIfPresent(String.self, forKey: .name)) ?? ""
  }
}

/// Where a film can be watched in one country (TMDb's `watch/providers`, from JustWatch).
public struct WatchProviders: Codable, Sendable, Hashable {
  /// A service: Netflix, Apple TV…
  public struct Provider: Codable, Sendable, Hashable {
    /// Its name.
    public var name: String

    /// Creates a provider.
    public init(name: String) { self.name = name }

    enum CodingKeys: String, CodingKey { case name = "provider_name" }
  }

  /// TMDb's page for the film's providers in that country.
  public var link: String?
  /// With a subscription.
  public var stream: [Provider] = []
  /// To rent.
  public var rent: [Provider] = []
  /// To buy.
  public var buy: [Provider] = []
  /// Free, with adverts.
  public var ads: [Provider] = []
  /// Free.
  public var free: [Provider] = []

  /// Creates providers.
  public init(
    link: String? = nil, stream: [Provider] = [], rent: [Provider] = [], buy: [Provider] = [],
    ads: [Provider] = [], free: [Provider] = []
  ) {
    self.link = link
    self.stream = stream
    self.rent = rent
    self.buy = buy
    self.ads = ads
    self.free = free
  }

  enum CodingKeys: String, CodingKey {
    case link, rent, buy, ads, free
    case stream = "flatrate"
  }

  /// Decodes tolerantly: an unreadable provider is left out.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    link = try? container.decodeIfPresent(String.self, forKey: .link)
    stream = container.lenientList(.stream, of: Provider.self)
    rent = container.lenientList(.rent, of: Provider.self)
    buy = container.lenientList(.buy, of: Provider.self)
    ads = container.lenientList(.ads, of: Provider.self)
    free = container.lenientList(.free, of: Provider.self)
  }

  /// Whether no service is listed.
  public var isEmpty: Bool {
    stream.isEmpty && rent.isEmpty && buy.isEmpty && ads.isEmpty && free.isEmpty
  }

  /// "Stream: Netflix, Max; Rent: Apple TV; Buy: Apple TV".
  public var summary: String {
    [("Stream", stream), ("Free", free), ("Free with ads", ads), ("Rent", rent), ("Buy", buy)]
      .filter { !$0.1.isEmpty }
      .map { "\($0.0): \($0.1.map(\.name).joined(separator: ", "))" }
      .joined(separator: "; ")
  }
}
