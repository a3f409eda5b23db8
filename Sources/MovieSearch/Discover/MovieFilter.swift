/// What films to list, and in what order: the filters of "the best-rated comedies of the
/// 1990s" or "Kubrick's films". Every part is optional; an empty filter lists every film by
/// popularity. Offline, ``OfflineCatalog/discoverMovies(_:page:pageSize:)`` applies it to the
/// catalog; with a title query, a search keeps the films that pass.
///
/// A film whose value a filter asks about is not known (no year, no votes, no runtime) does
/// not pass that filter; sorted by such a value, films without it come last either way.
public struct MovieFilter: Sendable, Hashable, Codable {
  /// Genre names (matched without regard to case; IMDb's "Sci-Fi" is TMDb's "Science
  /// Fiction"): a film passes with any of them, or with all when ``allGenres``.
  public var genres: [String] = []
  /// Whether a film needs every genre of ``genres`` rather than one.
  public var allGenres = false
  /// The first year of release, inclusive (`nil`: open).
  public var fromYear: Int?
  /// The last year of release, inclusive (`nil`: open).
  public var toYear: Int?
  /// The lowest average rating (0–10); films nobody rated do not pass.
  public var minRating: Double?
  /// The fewest votes.
  public var minVotes: Int?
  /// The shortest runtime in minutes, inclusive.
  public var minRuntime: Int?
  /// The longest runtime in minutes, inclusive.
  public var maxRuntime: Int?
  /// A certification (`PG-13`, `R`; the catalog's are American): one of
  /// ``certifications``, as ``certification(named:)`` reads it.
  public var certification: String?
  /// Words of a person's name: a film passes when one of its directors or cast has them all.
  public var person: String?
  /// The order.
  public var sort = Sort()

  /// An order: by what, which way.
  public struct Sort: Sendable, Hashable, Codable {
    /// What films are ordered by.
    public enum Key: String, Sendable, Hashable, Codable, CaseIterable {
      case popularity, rating, votes, year, title, runtime
    }

    /// What films are ordered by.
    public var key: Key
    /// Whether the smallest value comes first; by default titles ascend and the rest
    /// descend (the most popular, best rated, newest, longest first).
    public var ascending: Bool

    /// An order; `ascending` defaults to the key's natural direction.
    public init(_ key: Key = .popularity, ascending: Bool? = nil) {
      self.key = key
      self.ascending = ascending ?? (key == .title)
    }

    /// An order written `key`, `key:asc` or `key:desc` (any case); `nil` when it is none.
    public init?(parsing text: String) {
      let parts = text.lowercased().split(separator: ":", omittingEmptySubsequences: false)
      guard (1...2).contains(parts.count), let key = Key(rawValue: String(parts[0])) else {
        return nil
      }
      switch parts.count == 2 ? parts[1] : "" {
      case "": self.init(key)
      case "asc": self.init(key, ascending: true)
      case "desc": self.init(key, ascending: false)
      default: return nil
      }
    }
  }

  /// One key per genre, whatever its spelling: TMDb's id for the genres it has (`Sci-Fi`
  /// and `Science Fiction` are one), else the name in lower case.
  public static func genreKey(_ name: String) -> String {
    let lower = name.lowercased()
    return CatalogFile.tmdbGenreIDs[lower].map(String.init) ?? lower
  }

  /// The certifications a filter may ask for, the mildest first: the MPAA's ratings, which
  /// the built-in catalog records and TMDb answers for the United States.
  public static let certifications = Array(CatalogFile.ratings.dropFirst())

  /// The certification of ``certifications`` that `text` names, however it is cased or
  /// joined ("pg13", "nc 17", "Pg-13", "p.g." are PG-13, NC-17 and PG); `nil` when it names
  /// none — any other character makes it none.
  public static func certification(named text: String) -> String? {
    func key(_ text: String) -> String {
      text.uppercased().filter { !"-_. ".contains($0) }
    }
    let wanted = key(text)
    return certifications.first { key($0) == wanted }
  }

  /// An empty filter: every film, the most popular first.
  public init() {}

  /// Whether it filters nothing (the order aside).
  public var filtersNothing: Bool {
    genres.isEmpty && fromYear == nil && toYear == nil && minRating == nil && minVotes == nil
      && minRuntime == nil && maxRuntime == nil && certification == nil && person == nil
  }

  /// The years as text: `1990–1999`, `2000–`, `–1950`, `1994`; `nil` when open both ways.
  public var yearsDescription: String? {
    switch (fromYear, toYear) {
    case (nil, nil): nil
    case (let from?, let to?) where from == to: String(from)
    case (let from, let to): "\(from.map(String.init) ?? "")–\(to.map(String.init) ?? "")"
    }
  }
}
