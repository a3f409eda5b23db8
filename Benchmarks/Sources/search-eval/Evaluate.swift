import Foundation
import MovieSearch

/// Recall@1 and @3 per category, for the built-in catalog's search and for `fzf --filter`
/// over the same films, one line each ("Title (Year)"): fzf is a yardstick, run as a process.
func evaluate(queries: [EvaluationQuery], fzf useFzf: Bool, misses: Bool) throws {
  let catalog = try OfflineCatalog.builtIn()
  var ours: [String: (one: Int, three: Int, total: Int)] = [:]
  var theirs: [String: (one: Int, three: Int, total: Int)] = [:]
  let list = NSTemporaryDirectory() + "search-eval-titles.txt"
  if useFzf {
    let lines = catalog.allMovies.map { "\($0.title)\($0.year.map { " (\($0))" } ?? "")\t\($0.id)" }
    try (lines.joined(separator: "\n") + "\n").write(
      toFile: list, atomically: true, encoding: .utf8)
  }
  for query in queries {
    let found = try catalog.searchMovies(MovieQuery(query.text)).results.prefix(3).map(\.id)
    ours[query.category, default: (0, 0, 0)].total += 1
    if found.first == query.id { ours[query.category]?.one += 1 }
    if found.contains(query.id) {
      ours[query.category]?.three += 1
    } else if misses {
      let titles = try catalog.searchMovies(MovieQuery(query.text)).results.prefix(3).map(\.title)
      print("miss [\(query.category)] '\(query.text)' wants \(query.title): got \(titles)")
    }
    guard useFzf else { continue }
    let fzfFound = try fzfTop(query.text, list: list, count: 3)
    theirs[query.category, default: (0, 0, 0)].total += 1
    if fzfFound.first == query.id { theirs[query.category]?.one += 1 }
    if fzfFound.contains(query.id) { theirs[query.category]?.three += 1 }
  }
  func percent(_ part: Int, _ whole: Int) -> String {
    whole == 0 ? "-" : String(format: "%.1f %%", 100 * Double(part) / Double(whole))
  }
  print("| category | queries | movie-search @1 | movie-search @3 | fzf @1 | fzf @3 |")
  print("|---|---:|---:|---:|---:|---:|")
  var all = (ours: (0, 0, 0), theirs: (0, 0, 0))
  for category in categories {
    let mine = ours[category] ?? (0, 0, 0)
    let other = theirs[category] ?? (0, 0, 0)
    all.ours = (all.ours.0 + mine.one, all.ours.1 + mine.three, all.ours.2 + mine.total)
    all.theirs = (all.theirs.0 + other.one, all.theirs.1 + other.three, all.theirs.2 + other.total)
    print(
      "| \(category) | \(mine.total) | \(percent(mine.one, mine.total)) | \(percent(mine.three, mine.total)) | \(percent(other.one, other.total)) | \(percent(other.three, other.total)) |"
    )
  }
  print(
    "| **all** | \(all.ours.2) | \(percent(all.ours.0, all.ours.2)) | \(percent(all.ours.1, all.ours.2)) | \(percent(all.theirs.0, all.theirs.2)) | \(percent(all.theirs.1, all.theirs.2)) |"
  )
}

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
