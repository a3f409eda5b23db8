import Foundation
import MovieSearch
import MovieSearchBuiltInCatalog

/// The categories of issue 28: what people type carelessly.
let carelessCategories = ["joined", "byear", "nearyear", "decade", "initials"]

/// Queries of the kinds issue 28 names:
/// - joined: a title of three words or more typed without spaces ("backtothefuture");
/// - byear: one long word spelt by ear, two sounds respelt ("-tion" as "-shun", "x" as "ks",
///   "qu" as "kw", "ph" as "f", a doubled consonant single, "c" before a, o, u as "k");
/// - nearyear: the title and a year one off its year (last, as people add it);
/// - decade: the title and its decade, in one of "70s", "'70s", "1970s", "the 70s";
///   for films ranked 401 to 6,000 by votes whose titles occur once;
/// - initials: the initials of a famous title (the 400 most-voted films) of two to six words
///   (a leading article left out), when they match no word well — no title word is or
///   begins with them (issue 28 asks initials of those only).
/// Each category keeps at most 200 queries; the random choices come from a fixed seed.
func generateCarelessQueries() throws -> [EvaluationQuery] {
  let catalog = try OfflineCatalog.builtIn()
  let all = catalog.allMovies
  var titleCounts: [String: Int] = [:]
  for film in all { titleCounts[film.title.lowercased(), default: 0] += 1 }
  let vocabulary = Set(all.flatMap { words(of: $0.title.lowercased()) })
  let ranked = all.sorted { ($0.voteCount, -$0.id) > ($1.voteCount, -$1.id) }
  let films = ranked.dropFirst(400).prefix(5_600).filter {
    titleCounts[$0.title.lowercased()] == 1
  }
  var random = SeededRandom(seed: 20_261_128)
  var queries: [EvaluationQuery] = []
  var counts: [String: Int] = [:]
  func add(_ category: String, _ typed: String?, _ film: Movie) {
    guard let typed, !typed.isEmpty, counts[category, default: 0] < 200 else { return }
    counts[category, default: 0] += 1
    queries.append(EvaluationQuery(category: category, text: typed, id: film.id, title: film.title))
  }
  for film in films {
    // Dots are not typed ("S.W.A.T." is "swat", as the search reads it).
    let tokens = words(of: film.title.lowercased().replacingOccurrences(of: ".", with: ""))
    if tokens.count >= 3, Int.random(in: 0..<2, using: &random) == 0 {
      add("joined", tokens.joined(), film)
    }
    let long = tokens.indices.filter { tokens[$0].count >= 7 }
    if let at = long.randomElement(using: &random), let heard = byEar(tokens[at], &random) {
      var typed = tokens
      typed[at] = heard
      add("byear", typed.joined(separator: " "), film)
    }
    if let year = film.year {
      if Int.random(in: 0..<2, using: &random) == 0 {
        let off = Bool.random(using: &random) ? 1 : -1
        add("nearyear", tokens.joined(separator: " ") + " \(year + off)", film)
      } else {
        let decade = year / 10 * 10
        let short = String(format: "%02d", decade % 100)
        let forms = ["\(short)s", "'\(short)s", "\(decade)s", "the \(short)s"]
        let form = forms.randomElement(using: &random) ?? "\(decade)s"
        add("decade", tokens.joined(separator: " ") + " " + form, film)
      }
    }
  }
  // Initials are for what matches no word well: not a title word, nor a word's beginning.
  var beginnings: Set<String> = []
  for word in vocabulary {
    for length in 1...min(word.count, 6) { beginnings.insert(String(word.prefix(length))) }
  }
  for film in ranked.prefix(400) {
    // Apostrophes and dots are not typed ("You've" is "youve", "E.T." is "et"); how people
    // abbreviate "&" is anyone's guess, so those titles are left out.
    let title = film.title.lowercased()
    guard !title.contains("&") else { continue }
    var tokens = words(
      of: title.replacingOccurrences(of: "'", with: "").replacingOccurrences(of: ".", with: ""))
    if let first = tokens.first, ["the", "a", "an"].contains(first) { tokens.removeFirst() }
    guard (2...6).contains(tokens.count) else { continue }
    let initials = String(tokens.compactMap(\.first))
    guard !beginnings.contains(initials) else { continue }
    add("initials", initials, film)
  }
  return queries
}

/// `word` with two of its sounds respelt as heard; `nil` when fewer than two apply.
func byEar(_ word: String, _ random: inout SeededRandom) -> String? {
  let sounds: [(String, String)] = [
    ("tion", "shun"), ("sion", "shun"), ("x", "ks"), ("qu", "kw"), ("ph", "f"), ("ck", "k"),
    ("ca", "ka"), ("co", "ko"), ("cu", "ku"), ("ea", "ee"), ("ou", "ow"), ("y", "i"),
    ("ll", "l"), ("ss", "s"), ("tt", "t"), ("mm", "m"), ("nn", "n"), ("pp", "p"), ("rr", "r"),
    ("ee", "ea"), ("ie", "ee"), ("er", "ur"), ("or", "er"), ("ai", "ay"),
  ]
  var heard = word
  var applied = 0
  for (from, to) in sounds.shuffled(using: &random) where applied < 2 {
    guard let range = heard.range(of: from) else { continue }
    heard.replaceSubrange(range, with: to)
    applied += 1
  }
  return applied == 2 && heard != word ? heard : nil
}
