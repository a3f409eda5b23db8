import Foundation
import MovieSearch

/// `movie-search build-catalog <source> <out>`: makes a catalog file from ggplot2movies' CSV
/// (as the built-in one is made) or from TMDb's daily export of movie ids.
struct BuildCatalogCommand: Command {
  struct Options: OptionGroup {
    let includeAdult = Flag("include-adult", "Keep the titles an export marks adult.")
  }

  static let name = "build-catalog"
  static let abstract =
    "Make a catalog file to search offline from a CSV of films or TMDb's daily export of movie ids."
  static let summary = "Build a catalog file from a CSV of films or a TMDb export."
  static let arguments = Arguments.fixed([
    (
      "<source>",
      "ggplot2movies' movies.csv, or TMDb's export (one JSON object per line), told apart by content."
    ),
    ("<catalog.bin>", "The catalog file to write; search it with --catalog."),
  ])
  static let completesFiles = true
  static let discussion: String? = """
    TMDb publishes its export daily at http://files.tmdb.org/p/exports/ (movie_ids_MM_DD_YYYY.json.gz,
    about a million films; unzip it first). A catalog built from it has TMDb's ids, so 'details'
    with a TMDb key works for its results, and ranks by TMDb's popularity. Adult titles are left
    out unless --include-adult; a bad line is reported with its number and skipped.
    The built-in catalog is made from ggplot2movies' CSV by scripts/build-catalog.sh.
    """

  /// How many skipped lines are listed one by one before the rest are only counted.
  static let listedSkips = 20

  static func run(_ invocation: Invocation<Self>) async throws -> Int32 {
    let arguments = invocation.positionals
    guard arguments.count == 2 else {
      throw invocation.usageError("Give the source file and the output file.")
    }
    let (source, out) = (arguments[0], arguments[1])
    let text: String
    do {
      text = try String(contentsOfFile: source, encoding: .utf8)
    } catch {
      Output.error("Error: cannot read '\(source)' as UTF-8 text.")
      return 1
    }
    let built = try OfflineCatalog.catalogFile(
      from: text, includeAdult: invocation[\.includeAdult])
    for (line, reason) in built.skipped.prefix(listedSkips) {
      Output.error("\(source):\(line): \(reason); skipped.")
    }
    if built.skipped.count > listedSkips {
      Output.error("… and \(Format.count(built.skipped.count - listedSkips, "more line")) skipped.")
    }
    guard built.films > 0 else {
      Output.error("Error: '\(source)' holds no films; nothing written.")
      return 1
    }
    do {
      try Data(built.bytes).write(to: URL(fileURLWithPath: out))
    } catch {
      Output.error("Error: cannot write '\(out)'.")
      return 1
    }
    var report =
      "wrote \(Format.count(built.films, "film")) (\(Format.count(built.bytes.count, "byte"))) to \(out)"
    if built.adultLeftOut > 0 {
      report += "; \(Format.count(built.adultLeftOut, "adult title")) left out"
    }
    if !built.skipped.isEmpty {
      report += "; \(Format.count(built.skipped.count, "bad line")) skipped"
    }
    Output.print(report + "\n")
    return 0
  }
}
