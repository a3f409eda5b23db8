import CatalogData
import MovieSearch

extension OfflineCatalog {
  /// The catalog built into the binary: 58,788 films from 1893 to 2005 with their IMDb
  /// ratings, from ggplot2movies' `movies` data (GPL-2 | GPL-3) — which is why it is a module
  /// of its own: an app that links only `MovieSearch` carries none of it. Loaded once per
  /// process, in place (its pages are read as searches touch them); damaged, it is
  /// ``MovieServiceError/damagedCatalog(_:)``: the program itself is broken.
  public static func builtIn() throws(MovieServiceError) -> OfflineCatalog {
    try BuiltInCatalog.shared.get()
  }
}

/// The one catalog of the process.
private enum BuiltInCatalog {
  static let shared = Result { () throws(MovieServiceError) in
    try OfflineCatalog(
      permanentBytes: UnsafeRawBufferPointer(
        start: movie_catalog_bytes(), count: movie_catalog_size()))
  }
}
