import MovieSearch

/// How a list's ids are printed so that `details`, given the same options, reads each one as
/// the film it names. A list merged from a catalog and TMDb holds ids of both, which may be
/// the same number for two films: an id is printed plain where `details` looks by default
/// (the catalog when one is named, else TMDb), and with `catalog:` or `tmdb:` before it
/// otherwise — `details catalog:45982` and `details tmdb:604` read them back.
enum FilmIDs: Sendable, Equatable {
  /// One service's list: its ids as they are.
  case plain
  /// A list merged from a catalog and TMDb; `plainAreCatalogs`: `details` reads the catalog
  /// by default (one was named).
  case merged(plainAreCatalogs: Bool)

  /// The ids of a list from `sources`.
  init(_ sources: Backend.Sources) {
    self = sources.online == nil ? .plain : .merged(plainAreCatalogs: sources.catalogNamed)
  }

  /// The id printed for `movie`.
  func text(_ movie: Movie) -> String {
    guard case .merged(let plainAreCatalogs) = self else { return String(movie.id) }
    // A film without a source is the catalog's: a listing only it made (filters alone).
    guard movie.source != nil else {
      return plainAreCatalogs ? String(movie.id) : "\(Self.catalogPrefix)\(movie.id)"
    }
    if plainAreCatalogs {
      return movie.catalogID.map(String.init) ?? "\(Self.tmdbPrefix)\(movie.id)"
    }
    return movie.source == .catalog ? "\(Self.catalogPrefix)\(movie.id)" : String(movie.id)
  }

  /// What comes before the ids of a film's details read from `source` (its own, and those
  /// of more like it, from the same place): nothing where `details` reads them by default.
  func prefix(for source: MovieSource) -> String {
    guard case .merged(let plainAreCatalogs) = self else { return "" }
    switch (source, plainAreCatalogs) {
    case (.catalog, false): return Self.catalogPrefix
    case (.tmdb, true), (.both, true): return Self.tmdbPrefix
    default: return ""
    }
  }

  static let catalogPrefix = "catalog:"
  static let tmdbPrefix = "tmdb:"

  /// The film an id as ``text(_:)`` prints it picks: a plain one from where `details` looks
  /// by default.
  func pick(_ text: String) -> MoviePick? {
    let (source, number) = Self.qualified(text) ?? (nil, text)
    guard let id = Int(number) else { return nil }
    guard case .merged(let plainAreCatalogs) = self else { return MoviePick(id: id) }
    return MoviePick(id: id, source: source ?? (plainAreCatalogs ? .catalog : .tmdb))
  }

  /// Where an id printed with a prefix says its film is, and its number; `nil` for any other
  /// text.
  static func qualified(_ text: String) -> (source: MovieSource, id: String)? {
    let lowered = text.lowercased()
    for (prefix, source) in [(catalogPrefix, MovieSource.catalog), (tmdbPrefix, .tmdb)]
    where lowered.hasPrefix(prefix) {
      return (source, String(text.dropFirst(prefix.count)))
    }
    return nil
  }
}
