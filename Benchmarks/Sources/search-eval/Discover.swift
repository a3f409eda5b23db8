import Foundation
import MovieSearch
import MovieSearchBuiltInCatalog

/// p50 and p99 of one listing (`discover`), in process, over a catalog: every filter alone
/// and combined, each order, first pages and a far one; each run five times after a pass that
/// brings the catalog's pages into memory (not counted).
func discoverSpeed(catalogPath: String?) throws {
  let catalog =
    try catalogPath.map { try OfflineCatalog(contentsOf: $0) } ?? OfflineCatalog.builtIn()
  var filters: [(String, MovieFilter, Int)] = []
  func add(_ name: String, page: Int = 1, _ change: (inout MovieFilter) -> Void) {
    var filter = MovieFilter()
    change(&filter)
    filters.append((name, filter, page))
  }
  add("nothing") { _ in }
  add("page 50") { _ in }
  add("comedy 1990s by rating") {
    $0.genres = ["Comedy"]
    ($0.fromYear, $0.toYear) = (1990, 1999)
    $0.minVotes = 1000
    $0.sort = .init(.rating)
  }
  add("drama, romance (all)") {
    $0.genres = ["drama", "romance"]
    $0.allGenres = true
  }
  add("2000..") { $0.fromYear = 2000 }
  add("rating 8+") { $0.minRating = 8 }
  add("votes 10,000+ by votes") {
    $0.minVotes = 10_000
    $0.sort = .init(.votes)
  }
  add("runtime 90..120 by runtime") {
    ($0.minRuntime, $0.maxRuntime) = (90, 120)
    $0.sort = .init(.runtime)
  }
  add("by year, oldest first") { $0.sort = .init(.year, ascending: true) }
  add("by title") { $0.sort = .init(.title) }
  add("by title, page 10", page: 10) { $0.sort = .init(.title) }
  if catalog.hasPeople {
    add("a person") { $0.person = "maria" }
  }
  var times: [Double] = []
  var slowest: [(Double, String)] = []
  var checksum = 0
  let clock = ContinuousClock()
  for round in 0..<6 {
    for (name, filter, page) in filters {
      let start = clock.now
      checksum &+= try catalog.discoverMovies(filter, page: name == "page 50" ? 50 : page)
        .totalResults
      let elapsed = clock.now - start
      if round == 0 { continue }
      let micros =
        Double(elapsed.components.attoseconds) / 1e12 + Double(elapsed.components.seconds) * 1e6
      times.append(micros)
      slowest.append((micros, name))
    }
  }
  for (time, name) in slowest.sorted(by: { $0.0 > $1.0 }).prefix(
    arguments.contains("--slowest") ? 10 : 0)
  {
    print(String(format: "%8.0f µs  %@", time, name))
  }
  print(
    String(
      format: "%@: %d films, %d listings × 5: p50 %.1f ms, p99 %.1f ms (checksum %d)",
      catalogPath ?? "built-in catalog", catalog.count, filters.count,
      percentile(times, 0.5) / 1000, percentile(times, 0.99) / 1000, checksum))
}
