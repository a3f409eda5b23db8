import Foundation
import MovieSearch
import MovieSearchBuiltInCatalog

/// `movie-search catalog-info`: what an offline catalog covers — where it was built from,
/// when, how many films, which years — so that a search that finds only look-alikes can be
/// understood (the built-in catalog ends in 2005).
struct CatalogInfoCommand: Command {
  struct Options: OptionGroup {
    let catalog = Option.text(
      "catalog", "file",
      "The catalog file (from build-catalog) to describe; else MOVIE_SEARCH_CATALOG's, else the built-in one."
    )
    let json = Flag("json", "Print it as one JSON object.")
  }

  static let name = "catalog-info"
  static let abstract =
    "Say what an offline catalog covers: its source, how many films, their years, and when it was built."
  static let summary = "Say what an offline catalog covers."
  static let arguments = Arguments.fixed([])
  static let completesFiles = true

  /// What is printed with --json: `source` is `csv`, `tmdb-export`, `imdb-datasets` or
  /// `unknown`.
  struct Report: Encodable {
    var catalog: String
    var source: String
    var films: Int
    var firstYear: Int?
    var lastYear: Int?
    var built: String?

    enum CodingKeys: String, CodingKey {
      case catalog, source, films, built
      case firstYear = "first_year"
      case lastYear = "last_year"
    }
  }

  static func run(_ invocation: Invocation<Self>) async throws -> Int32 {
    guard invocation.positionals.isEmpty else {
      throw invocation.usageError("Name the catalog with --catalog, not as an argument.")
    }
    let named = try Backend.namedCatalog(invocation[\.catalog], environment: true, invocation)
    let path = named?.path
    let catalog = try named?.catalog ?? OfflineCatalog.builtIn()
    let coverage = catalog.coverage
    let report = Report(
      catalog: path ?? "built-in", source: code(coverage.source), films: coverage.films,
      firstYear: coverage.years?.lowerBound, lastYear: coverage.years?.upperBound,
      built: coverage.builtOn.map(Format.day))
    if invocation[\.json] {
      Output.print(try JSON.line(report))
      return 0
    }
    let years = coverage.years.map { "\($0.lowerBound)–\($0.upperBound)" } ?? "not known"
    Output.print(
      """
      catalog: \(path?.printable ?? "built in")
      source:  \(describe(coverage))
      films:   \(Format.count(coverage.films))
      years:   \(years)
      built:   \(report.built ?? "not said")

      """)
    return 0
  }

  /// What the catalog was built from, in words.
  static func describe(_ coverage: OfflineCatalog.Coverage) -> String {
    if coverage.isBuiltIn {
      return "ggplot2movies' IMDb data (with English titles of foreign films)"
    }
    return switch coverage.source {
    case .csv: "a CSV of films"
    case .tmdbExport: "TMDb's daily export of movie ids"
    case .imdbDatasets: "IMDb's dataset files"
    case .unknown: "not said (built by an earlier movie-search)"
    }
  }

  /// The source's name in JSON.
  static func code(_ source: OfflineCatalog.Coverage.Source) -> String {
    switch source {
    case .csv: "csv"
    case .tmdbExport: "tmdb-export"
    case .imdbDatasets: "imdb-datasets"
    case .unknown: "unknown"
    }
  }

}
