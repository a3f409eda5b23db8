import Foundation
import MovieSearch
import MovieSearchBuiltInCatalog

/// p50 and p99 of one search, in process, over the evaluation queries (and, for a catalog
/// file, the same queries).
func speed(catalogPath: String?, queries: [EvaluationQuery]) throws {
  let catalog =
    try catalogPath.map { try OfflineCatalog(contentsOf: $0) } ?? OfflineCatalog.builtIn()
  let clock = ContinuousClock()
  var times: [Double] = []
  var found = 0
  for query in queries + queries {  // the first pass warms the pages and the word cache
    let start = clock.now
    found &+= try catalog.searchMovies(MovieQuery(query.text)).results.count
    let elapsed = clock.now - start
    times.append(
      Double(elapsed.components.attoseconds) / 1e12 + Double(elapsed.components.seconds) * 1e6)
  }
  // Each query's two times, for comparing builds query by query (the least of several runs
  // is the one least disturbed by the rest of the machine).
  if let path = option("--times") {
    let lines = zip(times.prefix(queries.count), times.suffix(queries.count)).map { "\($0)\t\($1)" }
    try (lines.joined(separator: "\n") + "\n").write(
      toFile: path, atomically: true, encoding: .utf8)
  }
  if arguments.contains("--slowest") {
    for (time, query) in zip(times.prefix(queries.count), queries).sorted(by: { $0.0 > $1.0 })
      .prefix(Int(option("--slowest") ?? "") ?? 15)
    {
      print(String(format: "%8.0f µs  [%@] %@", time, query.category, query.text))
    }
  }
  let cold = Array(times.prefix(queries.count))
  let warm = Array(times.suffix(queries.count))
  print(
    String(
      format:
        "%@: %d films, %d queries: first pass p50 %.0f µs, p99 %.0f µs; again p50 %.0f µs, p99 %.0f µs (checksum %d)",
      catalogPath ?? "built-in catalog", catalog.count, queries.count, percentile(cold, 0.5),
      percentile(cold, 0.99), percentile(warm, 0.5), percentile(warm, 0.99), found))
}

/// The p-th fraction of `values` (0.5: the median).
func percentile(_ values: [Double], _ p: Double) -> Double {
  let sorted = values.sorted()
  return sorted[min(sorted.count - 1, Int(Double(sorted.count) * p))]
}
