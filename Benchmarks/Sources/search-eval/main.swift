import Foundation
import MovieSearch
import MovieSearchBuiltInCatalog

// Usage:
//   search-eval --generate [--out FILE]       the evaluation set, from the built-in catalog
//   search-eval --evaluate [--queries FILE] [--no-fzf] [--misses] [--results FILE]
//                [--imdb-catalog FILE]        recall@1 and @3 per category, beside fzf;
//                                             each query's best three ids to FILE; or in
//                                             a catalog of --imdb's files (no fzf)
//   search-eval --titles FILE                 the catalog as id, title, year, votes, akas (TSV)
//   search-eval --speed [--catalog FILE] [--queries FILE] [--slowest N] [--times FILE]
//                                             p50/p99 of one search, in process
//   search-eval --discover [--catalog FILE]   p50/p99 of one listing (discover), in process
//   search-eval --hybrid-latency [--runs N]   the catalog-and-TMDb view model, in process:
//                                             last key to the first and the merged list
//   search-eval --imdb DIR                    IMDb's six dataset files at full size
//                                             (plain .tsv), generated deterministically
//   search-eval --million DIR [--binary PATH] a generated million-film export, its catalog
//                                             and title list; in-process speed, and
//                                             movie-search against fzf as processes

let arguments = Array(CommandLine.arguments.dropFirst())
func option(_ name: String) -> String? {
  arguments.firstIndex(of: name).flatMap {
    arguments.indices.contains($0 + 1) ? arguments[$0 + 1] : nil
  }
}
let here = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
let defaultQueries = here.appendingPathComponent("../../Evaluation/queries.tsv").standardized.path

func readQueries(_ path: String) throws -> [EvaluationQuery] {
  try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").dropFirst().map { line in
    let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
    return EvaluationQuery(
      category: fields[0], text: fields[1], id: Int(fields[2]) ?? 0, title: fields[3])
  }
}

if arguments.contains("--generate") {
  let queries = try generateQueries()
  let lines =
    ["category\tquery\tid\ttitle"]
    + queries.map { "\($0.category)\t\($0.text)\t\($0.id)\t\($0.title)" }
  let path = option("--out") ?? defaultQueries
  try (lines.joined(separator: "\n") + "\n").write(toFile: path, atomically: true, encoding: .utf8)
  var counts: [String: Int] = [:]
  for query in queries { counts[query.category, default: 0] += 1 }
  print(
    "wrote \(queries.count) queries to \(path):",
    categories.map { "\($0) \(counts[$0] ?? 0)" }.joined(separator: ", "))
} else if arguments.contains("--evaluate") {
  try evaluate(
    queries: try readQueries(option("--queries") ?? defaultQueries),
    fzf: !arguments.contains("--no-fzf"),
    misses: arguments.contains("--misses"), results: option("--results"),
    imdbCatalog: option("--imdb-catalog"))
} else if let path = option("--titles") {
  // The catalog's films for the Python anchors: id, title, year, votes, and the film's
  // other titles (original, English), `|`-separated, which they index beside the title;
  // the built-in catalog's, or `--catalog`'s.
  let catalog =
    try option("--catalog").map { try OfflineCatalog(contentsOf: $0) }
    ?? OfflineCatalog.builtIn()
  let lines = try catalog.allMovies.map { film in
    let others = try catalog.movieDetails(id: film.id, language: nil).alternativeTitles
    return "\(film.id)\t\(film.title)\t\(film.year ?? 0)\t\(film.voteCount)\t"
      + others.joined(separator: "|")
  }
  try (["id\ttitle\tyear\tvotes\takas"] + lines).joined(separator: "\n").appending("\n").write(
    toFile: path, atomically: true, encoding: .utf8)
} else if arguments.contains("--speed") {
  try speed(
    catalogPath: option("--catalog"),
    queries: try readQueries(option("--queries") ?? defaultQueries))
} else if arguments.contains("--growth") {
  try growth(
    catalogPath: option("--catalog"),
    queries: try readQueries(option("--queries") ?? defaultQueries))
} else if arguments.contains("--discover") {
  try discoverSpeed(catalogPath: option("--catalog"))
} else if arguments.contains("--hybrid-latency") {
  try await hybridLatency(runs: Int(option("--runs") ?? "") ?? 20)
} else if let directory = option("--imdb") {
  let start = ContinuousClock.now
  var files = try IMDbFiles()
  try files.write(to: directory)
  print("generated in \(ContinuousClock.now - start)")
} else if let directory = option("--million") {
  try million(
    directory: directory,
    binary: option("--binary")
      ?? here.appendingPathComponent("../../../.build/release/movie-search").standardized.path,
    queries: try readQueries(option("--queries") ?? defaultQueries))
} else {
  print(
    "usage: search-eval --generate | --evaluate | --titles FILE | --speed | --growth | --discover | --imdb DIR | --million DIR"
  )
  exit(64)
}
