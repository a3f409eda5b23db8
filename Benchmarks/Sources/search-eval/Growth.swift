import Foundation
import MovieSearch
import MovieSearchBuiltInCatalog

/// Each evaluation query typed key by key as a finder types it (`isBeingTyped`): where the
/// count of films grew as a letter was added, where a finder's list would narrow. States
/// that end in a space or a mark (a word finished) and last words of one letter (which begin
/// most titles' words) are not counted, as `NarrowingWhileTypingTests` counts them. With
/// `--trace`, every state's count is printed.
func growth(catalogPath: String?, queries: [EvaluationQuery]) throws {
  let catalog =
    try catalogPath.map { try OfflineCatalog(contentsOf: $0) } ?? OfflineCatalog.builtIn()
  var grown: [String: Int] = [:]
  var typedStates = 0
  for query in queries {
    var previous = Int.max
    let text = Array(query.text)
    for length in text.indices.map({ $0 + 1 }) {
      let typed = String(text.prefix(length))
      guard let last = typed.last, last.isLetter || last.isNumber else { continue }
      let lastWord = typed.split(whereSeparator: { !$0.isLetter && !$0.isNumber }).last ?? ""
      let found = try catalog.searchMovies(MovieQuery(typed, isBeingTyped: true)).totalResults
      typedStates += 1
      if arguments.contains("--trace") { print("'\(typed)' \(found)") }
      defer { previous = found }
      guard lastWord.count > 1, found > previous else { continue }
      grown[query.category, default: 0] += 1
      if arguments.contains("--misses") {
        print("grew [\(query.category)] '\(typed)': \(previous) → \(found)")
      }
    }
  }
  print("\(typedStates) states typed; grew in \(grown.values.reduce(0, +)):")
  for category in categories where grown[category] != nil {
    print("  \(category) \(grown[category] ?? 0)")
  }
}
