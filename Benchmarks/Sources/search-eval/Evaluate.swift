import Foundation
import MovieSearch
import MovieSearchBuiltInCatalog

/// Recall@1 and @3 per category, for the built-in catalog's search and for `fzf --filter`
/// over the same films, one line each ("Title (Year)", then " / " and each other title): fzf
/// is a yardstick, run as a process. realword is also given in its two parts
/// (``realWordPart(_:)``).
/// With `results`, each query's three best ids for both are written there (a TSV that
/// `scripts/anchors.py` reads to put rapidfuzz and tantivy beside them).
/// With `imdbCatalog`, the search is that catalog's — one built from `--imdb`'s files, where
/// the built-in catalog's films are among 700,000 under their generated numbers (see
/// ``IMDbFiles/number(ofFilm:)``) — and fzf is not run.
func evaluate(
  queries: [EvaluationQuery], fzf: Bool, misses: Bool, results: String?,
  imdbCatalog: String? = nil
) throws {
  let builtIn = try OfflineCatalog.builtIn()
  let catalog = try imdbCatalog.map { try OfflineCatalog(contentsOf: $0) } ?? builtIn
  let useFzf = fzf && imdbCatalog == nil
  // A built-in film's id there: its generated number.
  var numbers: [Int: Int] = [:]
  if imdbCatalog != nil {
    for (index, film) in builtIn.allMovies.enumerated() {
      numbers[film.id] = IMDbFiles.number(ofFilm: index)
    }
  }
  var ours: [String: Recall] = [:]
  var theirs: [String: Recall] = [:]
  var rows = ["category\tquery\tid\tours\tours_us\tfzf"]
  let list = NSTemporaryDirectory() + "search-eval-titles.txt"
  if useFzf {
    // A film's other titles (its English one) follow on its line, as one would list them.
    let lines = try catalog.allMovies.map { film in
      let others = try catalog.movieDetails(id: film.id, language: nil).alternativeTitles
      let shown = ([film.title + (film.year.map { " (\($0))" } ?? "")] + others)
      return shown.joined(separator: " / ") + "\t\(film.id)"
    }
    try (lines.joined(separator: "\n") + "\n").write(
      toFile: list, atomically: true, encoding: .utf8)
  }
  let clock = ContinuousClock()
  for var query in queries {
    if imdbCatalog != nil { query.id = numbers[query.id] ?? 0 }
    let start = clock.now
    let page = try catalog.searchMovies(MovieQuery(query.text))
    let elapsed = clock.now - start
    let found = page.results.prefix(3).map(\.id)
    ours[query.category, default: Recall()].add(found, query.id)
    let part = realWordPart(query)
    if let part { ours[part, default: Recall()].add(found, query.id) }
    if misses, !found.contains(query.id) {
      let titles = page.results.prefix(3).map(\.title)
      print("miss [\(query.category)] '\(query.text)' wants \(query.title): got \(titles)")
    }
    var fzfFound: [Int] = []
    if useFzf {
      fzfFound = try fzfTop(query.text, list: list, count: 3)
      theirs[query.category, default: Recall()].add(fzfFound, query.id)
      if let part { theirs[part, default: Recall()].add(fzfFound, query.id) }
    }
    let micros = Double(elapsed.components.attoseconds) / 1e12
    rows.append(
      "\(query.category)\t\(query.text)\t\(query.id)\t\(ids(found))\t\(String(format: "%.1f", micros))\t\(ids(fzfFound))"
    )
  }
  if let results {
    try (rows.joined(separator: "\n") + "\n").write(
      toFile: results, atomically: true, encoding: .utf8)
  }
  print("| category | queries | movie-search @1 | movie-search @3 | fzf @1 | fzf @3 |")
  print("|---|---:|---:|---:|---:|---:|")
  var all = (ours: Recall(), theirs: Recall())
  for category in categories {
    let mine = ours[category] ?? Recall()
    let other = theirs[category] ?? Recall()
    guard mine.total > 0 else { continue }
    all.ours.merge(mine)
    all.theirs.merge(other)
    print(
      "| \(category) | \(mine.total) | \(mine.atOne) | \(mine.atThree) | \(other.atOne) | \(other.atThree) |"
    )
    // realword's two parts, under it (counted in "all" once, with it).
    for part in realWordParts where category == "realword" {
      let mine = ours[part] ?? Recall()
      let other = theirs[part] ?? Recall()
      print(
        "| … \(part) | \(mine.total) | \(mine.atOne) | \(mine.atThree) | \(other.atOne) | \(other.atThree) |"
      )
    }
  }
  print(
    "| **all** | \(all.ours.total) | \(all.ours.atOne) | \(all.ours.atThree) | \(all.theirs.atOne) | \(all.theirs.atThree) |"
  )
}

/// How many queries found their film first, and in the first three.
struct Recall {
  var first = 0
  var top3 = 0
  var total = 0

  mutating func add(_ found: [Int], _ wanted: Int) {
    total += 1
    if found.first == wanted { first += 1 }
    if found.contains(wanted) { top3 += 1 }
  }

  mutating func merge(_ other: Recall) {
    first += other.first
    top3 += other.top3
    total += other.total
  }

  var atOne: String { percent(first) }
  var atThree: String { percent(top3) }

  private func percent(_ part: Int) -> String {
    total == 0 ? "-" : String(format: "%.1f %%", 100 * Double(part) / Double(total))
  }
}

func ids(_ found: [Int]) -> String { found.map(String.init).joined(separator: ",") }

/// The ids of fzf's best `count` lines for `query` over `list` ("title\tid" lines; only the
/// title is matched).
func fzfTop(_ query: String, list: String, count: Int) throws -> [Int] {
  let process = Process()
  process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
  process.arguments = ["fzf", "--filter", query, "--delimiter", "\t", "--nth", "1"]
  process.standardInput = FileHandle(forReadingAtPath: list)
  let output = Pipe()
  process.standardOutput = output
  try process.run()
  let data = output.fileHandleForReading.readDataToEndOfFile()
  process.waitUntilExit()
  return String(decoding: data, as: UTF8.self).split(separator: "\n").prefix(count).compactMap {
    $0.split(separator: "\t").last.flatMap { Int($0) }
  }
}
