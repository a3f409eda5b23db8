import Foundation
import MovieSearch
import MovieSearchBuiltInCatalog

/// One query of the evaluation set: what a person types, and the film they want.
struct EvaluationQuery {
  var category: String
  var text: String
  var id: Int
  var title: String
}

/// The categories, in the order the report lists them: issue 12's, then issue 18's, then
/// issue 26's English titles of foreign films, then issue 28's careless typing.
let categories =
  ["exact", "prefix", "typo1", "typo2", "punctuation", "year", "sequel"] + humanCategories
  + ["english"] + carelessCategories + slipCategories

/// Builds the evaluation set from the built-in catalog: for each of its 400 most-voted films,
/// the queries a new user would type, in every category that applies to its title; then the
/// kinds of ``generateHumanQueries()``, for less-voted films. Random choices come from fixed
/// seeds: the same catalog gives the same set.
func generateQueries() throws -> [EvaluationQuery] {
  try generateTitleQueries() + generateHumanQueries() + generateEnglishQueries()
    + generateCarelessQueries() + generateSlipQueries()
}

/// Issue 26's category: each English title of `data/english-titles.tsv` as typed (lower
/// case), for the foreign-language film it names — the built-in catalog has it as an
/// alternative title, beside the original it is listed under.
func generateEnglishQueries() throws -> [EvaluationQuery] {
  let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("../../../data/english-titles.tsv").standardized.path
  let catalog = try OfflineCatalog.builtIn()
  var queries: [EvaluationQuery] = []
  for line in try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")
  where !line.hasPrefix("#") && !line.hasPrefix("id\t") {
    let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
    guard fields.count >= 4, let id = Int(fields[0]) else { continue }
    let title = try catalog.movieDetails(id: id, language: nil).movie.title
    queries.append(
      EvaluationQuery(category: "english", text: fields[3].lowercased(), id: id, title: title))
  }
  return queries
}

/// Issue 12's categories, for the 400 most-voted films.
func generateTitleQueries() throws -> [EvaluationQuery] {
  let catalog = try OfflineCatalog.builtIn()
  var films: [Movie] = []
  for page in 1...20 { films += try catalog.popularMovies(page: page, language: nil).results }
  var random = SeededRandom(seed: 20_261_122)
  var queries: [EvaluationQuery] = []
  for film in films.prefix(400) {
    let title = film.title.lowercased()
    func add(_ category: String, _ text: String) {
      let text = text.split(separator: " ").joined(separator: " ")
      guard !text.isEmpty else { return }
      queries.append(
        EvaluationQuery(category: category, text: text, id: film.id, title: film.title))
    }
    add("exact", title)
    add("prefix", unfinished(title, &random))
    let words = title.split(separator: " ").map(String.init)
    // One typo in a word of five letters or more.
    let long = words.indices.filter { letters(words[$0]) >= 5 }
    if let target = long.randomElement(using: &random) {
      var typed = words
      typed[target] = typo(words[target], &random)
      add("typo1", typed.joined(separator: " "))
    }
    // Two typos: both in a word of eight letters or more, or one in each of two words of
    // five or more.
    let longer = words.indices.filter { letters(words[$0]) >= 8 }
    var typed = words
    if let target = longer.randomElement(using: &random) {
      typed[target] = typo(typo(words[target], &random), &random)
      add("typo2", typed.joined(separator: " "))
    } else if long.count >= 2 {
      let pair = long.shuffled(using: &random).prefix(2)
      for target in pair { typed[target] = typo(words[target], &random) }
      add("typo2", typed.joined(separator: " "))
    }
    // Punctuation dropped: hyphenated words joined, apostrophes and colons gone.
    if title.contains(where: { ",:-'.!?&;/".contains($0) }) {
      add(
        "punctuation",
        title.replacingOccurrences(of: "-", with: "").filter { !",:'.!?;/".contains($0) })
    }
    if let year = film.year { add("year", "\(title) \(year)") }
    if let sequel = sequel(title) { add("sequel", sequel) }
  }
  return queries
}

/// The length of a word made of letters only (a search word), or 0 for one with other
/// characters ("spider-man" is two words to a search).
func letters(_ word: String) -> Int { word.allSatisfy(\.isLetter) ? word.count : 0 }

/// The title cut in its last word, as typed halfway: at least half of that word (and four
/// characters of a one-word title) is kept.
func unfinished(_ title: String, _ random: inout SeededRandom) -> String {
  var words = title.split(separator: " ").map(String.init)
  guard var last = words.popLast() else { return title }
  let minimum = max(words.isEmpty ? 4 : 2, (last.count + 1) / 2)
  if last.count > minimum {
    last = String(last.prefix(Int.random(in: minimum..<last.count, using: &random)))
  }
  return (words + [last]).joined(separator: " ")
}

/// One random edit of a word's letters: insert, delete, substitute, or swap two neighbours.
func typo(_ word: String, _ random: inout SeededRandom) -> String {
  var characters = Array(word)
  let positions = characters.indices.filter { characters[$0].isLetter }
  guard positions.count >= 2, let at = positions.randomElement(using: &random) else { return word }
  let alphabet = Array("abcdefghijklmnopqrstuvwxyz")
  switch Int.random(in: 0..<4, using: &random) {
  case 0:
    characters.insert(alphabet.randomElement(using: &random) ?? "x", at: at)
  case 1:
    characters.remove(at: at)
  case 2:
    var letter = alphabet.randomElement(using: &random) ?? "x"
    while letter == characters[at] { letter = alphabet.randomElement(using: &random) ?? "x" }
    characters[at] = letter
  default:
    let next = at + 1 < characters.count && characters[at + 1].isLetter ? at + 1 : at - 1
    if next >= 0, characters[next] != characters[at] {
      characters.swapAt(at, next)
    } else {
      characters.remove(at: at)
    }
  }
  return String(characters)
}

/// A sequel's title as people type it: up to its Roman numeral, without "part", "episode"
/// or "chapter", the numeral as a digit ("The Godfather: Part II" → "the godfather 2").
func sequel(_ title: String) -> String? {
  let romans = ["ii": "2", "iii": "3", "iv": "4", "v": "5", "vi": "6", "vii": "7", "viii": "8"]
  var kept: [String] = []
  for word in title.split(separator: " ").map(String.init) {
    let bare = word.filter(\.isLetter)
    if let digit = romans[bare] { return (kept + [digit]).joined(separator: " ") }
    if ["part", "episode", "chapter"].contains(bare) { continue }
    kept.append(word.filter { !":,-".contains($0) })
  }
  return nil
}

/// SplitMix64: a small deterministic generator, so the set is the same on every run.
struct SeededRandom: RandomNumberGenerator {
  var state: UInt64
  init(seed: UInt64) { state = seed }
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
