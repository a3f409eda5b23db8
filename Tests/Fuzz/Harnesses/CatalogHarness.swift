import Foundation
import MovieSearch

/// A catalog's bytes, used as the program uses a catalog.
enum CatalogHarness {
  /// Queries that reach every stage of the search: exact words, typos, prefixes, joined and
  /// split words, initials, a year, people's names, words no title has, a real word's slip
  /// beside a title's other words ("10 violent place" reads 10 Rillington Place's words).
  static let queries = [
    "star wars", "matrx", "the", "ridley", "starwars", "lov", "night of the dead", "k",
    "alein kign 1960", "qq", "bttf", "2001", "a b c d e f g h", "scott", "10 violent place",
  ]

  static func run(_ bytes: [UInt8]) {
    guard let catalog = try? OfflineCatalog(catalogFile: bytes) else { return }
    use(catalog)
  }

  /// A CSV or a TMDb export, built into a catalog, which is then used.
  static func runSource(_ bytes: [UInt8]) {
    let text = String(decoding: bytes, as: UTF8.self)
    guard let built = try? OfflineCatalog.catalogFile(from: text),
      let catalog = try? OfflineCatalog(catalogFile: built.bytes)
    else { return }
    use(catalog)
  }

  static func use(_ catalog: OfflineCatalog) {
    for query in queries {
      _ = try? catalog.searchMovies(MovieQuery(query))
      _ = try? catalog.searchMovies(MovieQuery(query, year: 1999))
    }
    let films = catalog.allMovies
    for movie in films.prefix(8) {
      _ = try? catalog.movieDetails(id: movie.id, language: nil)
      _ = try? catalog.moreLikeThis(id: movie.id, language: nil)
    }
    _ = try? catalog.movieDetails(id: Int.max, language: nil)
    var filter = MovieFilter()
    filter.genres = ["Drama", "Comedy"]
    filter.fromYear = 1950
    filter.sort = MovieFilter.Sort(.title)
    _ = try? catalog.discoverMovies(filter, page: 1)
    _ = try? catalog.discoverMovies(MovieFilter(), page: 2, pageSize: 7)
    _ = catalog.coverage
    _ = catalog.genreNames
    // People are found by their words in a film's searched people: a filter by one reads
    // every film's.
    var byPerson = MovieFilter()
    byPerson.person = "scott"
    _ = try? catalog.discoverMovies(byPerson, page: 1)
    for person in catalog.people(named: "scott").prefix(3) {
      _ = catalog.films(of: person)
    }
  }
}
