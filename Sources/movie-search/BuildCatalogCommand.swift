import Foundation
import MovieSearch

/// `movie-search build-catalog <csv> <out>`: the converter behind scripts/build-catalog.sh.
struct BuildCatalogCommand: Command {
  struct Options: OptionGroup {}

  static let name = "build-catalog"
  static let abstract =
    "Convert a CSV of films (ggplot2movies' movies.csv) into a catalog file, as the built-in one is made."
  static let summary = "Build a catalog file from a CSV of films."
  static let arguments = Arguments.fixed([
    (
      "<movies.csv>",
      "The films: ggplot2movies' columns (title, year, length, budget, rating, votes, …)."
    ),
    ("<catalog.bin>", "The catalog file to write."),
  ])
  static let completesFiles = true
  static let discussion: String? = """
    The built-in catalog is made this way by scripts/build-catalog.sh from the data set in
    the repository's shared data (see the README for its origin and licence).
    """

  static func run(_ invocation: Invocation<Self>) async throws -> Int32 {
    let arguments = invocation.positionals
    guard arguments.count == 2 else {
      throw invocation.usageError("Give the CSV file and the output file.")
    }
    let csv = try String(contentsOfFile: arguments[0], encoding: .utf8)
    let bytes = try OfflineCatalog.catalogFile(fromCSV: csv)
    try Data(bytes).write(to: URL(fileURLWithPath: arguments[1]))
    Output.print("wrote \(bytes.count) bytes to \(arguments[1])\n")
    return 0
  }
}
