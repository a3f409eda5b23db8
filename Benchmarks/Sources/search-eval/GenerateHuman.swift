import Foundation
import MovieSearch
import MovieSearchBuiltInCatalog

/// The categories of issue 18: how people type beyond typos and prefixes.
let humanCategories = [
  "extra", "numbers", "abbreviation", "spelling", "compound", "reordered", "dropped",
  "typos", "prefixtypo",
]

/// Queries of the kinds issue 18 names, for films beyond the 400 most-voted (ranks 401 to
/// 6,000, whose titles occur once in the catalog, so each query has one right answer):
/// - extra: the title with a word a person adds ("movie", "film", "dvd", a genre…), last or
///   first;
/// - numbers: a number of the title in another spelling (digits, words, Roman, ordinals);
/// - abbreviation: Mr./Dr./St./vs./Jr./No./Pt. written out, or the long form abbreviated;
/// - spelling: a British spelling for an American one or back, a ligature for "oe"/"ae";
/// - compound: a word split in two ("daylight" → "day light"), or two words joined;
/// - reordered: two neighbouring words swapped;
/// - dropped: one word of a title of three or more left out (not the first);
/// - typos: one typo in each of two or three words of four letters or more;
/// - prefixtypo: the last word cut (four letters or more kept) with a typo in what is kept.
/// Each category keeps at most 200 queries; the random choices come from a fixed seed.
func generateHumanQueries() throws -> [EvaluationQuery] {
  let catalog = try OfflineCatalog.builtIn()
  let all = catalog.allMovies
  var titleCounts: [String: Int] = [:]
  for film in all { titleCounts[film.title.lowercased(), default: 0] += 1 }
  let vocabulary = Set(all.flatMap { words(of: $0.title.lowercased()) })
  let films = all.sorted { ($0.voteCount, -$0.id) > ($1.voteCount, -$1.id) }
    .dropFirst(400).prefix(5_600).filter { titleCounts[$0.title.lowercased()] == 1 }
  var random = SeededRandom(seed: 20_261_124)
  var queries: [EvaluationQuery] = []
  var counts: [String: Int] = [:]
  for film in films {
    let title = film.title.lowercased()
    let tokens = title.split(separator: " ").map(String.init)
    func add(_ category: String, _ typed: String?) {
      guard let typed, counts[category, default: 0] < 200 else { return }
      let text = typed.split(separator: " ").joined(separator: " ")
      guard !text.isEmpty, text != title else { return }
      counts[category, default: 0] += 1
      queries.append(
        EvaluationQuery(category: category, text: text, id: film.id, title: film.title))
    }
    // The common kinds are drawn for one film in three, so they spread over the ranks.
    if Int.random(in: 0..<3, using: &random) == 0 {
      let extras = [
        "movie", "film", "the movie", "dvd", "full movie", "trailer", "remake", "soundtrack",
        "cast", "hd", "online", "review",
      ]
      let genre = film.genreNames.first?.lowercased()
      let extra = extras.randomElement(using: &random) ?? "movie"
      if Int.random(in: 0..<5, using: &random) == 0 {
        add("extra", "watch " + title)
      } else if let genre, Int.random(in: 0..<4, using: &random) == 0 {
        add("extra", title + " " + genre)
      } else {
        add("extra", title + " " + extra)
      }
    }
    // A single letter is rarely a numeral ("Malcolm X", "X-Men"): only longer numerals; and
    // people write a number in Roman only when the title does.
    add(
      "numbers",
      respell(tokens, &random, numberSpellings) {
        _, bare in bare.count > 1 || bare.allSatisfy(\.isNumber)
      })
    // A short form only where the title abbreviates ("Mr.", not the word "no").
    add(
      "abbreviation",
      respell(tokens, &random, abbreviations) { token, bare in
        token.hasSuffix(".") || abbreviations.contains { $0[1] == bare }
      })
    add("spelling", respell(tokens, &random, spellings) { _, _ in true })
    add("compound", compound(tokens, vocabulary: vocabulary, &random))
    if Int.random(in: 0..<3, using: &random) == 0 {
      let plain = tokens.indices.filter {
        letters(tokens[$0]) >= 3 && !["and", "the", "for", "with", "from"].contains(tokens[$0])
      }
      let pairs = plain.filter { plain.contains($0 + 1) }
      if let at = pairs.randomElement(using: &random) {
        var swapped = tokens
        swapped.swapAt(at, at + 1)
        add("reordered", swapped.joined(separator: " "))
      }
    }
    if tokens.count >= 3, Int.random(in: 0..<3, using: &random) == 0 {
      var shorter = tokens
      shorter.remove(at: Int.random(in: 1..<tokens.count - 1, using: &random))
      add("dropped", shorter.joined(separator: " "))
    }
    let typable = tokens.indices.filter { letters(tokens[$0]) >= 4 }
    if typable.count >= 2, Int.random(in: 0..<2, using: &random) == 0 {
      var typed = tokens
      let count = min(typable.count, Int.random(in: 2...3, using: &random))
      for at in typable.shuffled(using: &random).prefix(count) {
        typed[at] = typo(tokens[at], &random)
      }
      add("typos", typed.joined(separator: " "))
    }
    if let last = tokens.last, letters(last) >= 5, Int.random(in: 0..<3, using: &random) == 0 {
      let kept = String(last.prefix(Int.random(in: 4..<last.count, using: &random)))
      add("prefixtypo", (tokens.dropLast() + [typo(kept, &random)]).joined(separator: " "))
    }
  }
  return queries
}

/// The words of a lower-cased title as a search splits them (runs of letters and digits).
func words(of title: String) -> [String] {
  title.split(whereSeparator: { !$0.isLetter && !$0.isNumber }).map(String.init)
}

/// The title with one token that has another spelling in `table` written that way (keeping
/// the punctuation around it), or nil when none has; `allowed` says which tokens (as written,
/// and bare) may be respelled.
func respell(
  _ tokens: [String], _ random: inout SeededRandom, _ table: [[String]],
  allowed: (String, String) -> Bool
) -> String? {
  var candidates: [(Int, String)] = []
  for (index, token) in tokens.enumerated() {
    let bare = token.filter { $0.isLetter || $0.isNumber }
    guard allowed(token, bare), let group = table.first(where: { $0.contains(bare) }) else {
      continue
    }
    for other in group where other != bare && !isRoman(other) {
      candidates.append((index, token.replacingOccurrences(of: bare, with: other)))
    }
  }
  guard let (index, replacement) = candidates.randomElement(using: &random) else { return nil }
  var respelled = tokens
  respelled[index] = replacement.filter { $0 != "." }
  return respelled.joined(separator: " ")
}

/// A word of six letters or more split where both halves are words of the catalog (three
/// letters or more each), or two neighbouring words whose joined form is a catalog word.
func compound(_ tokens: [String], vocabulary: Set<String>, _ random: inout SeededRandom)
  -> String?
{
  var options: [[String]] = []
  for (index, token) in tokens.enumerated() where letters(token) >= 6 {
    for split in 3...(token.count - 3) {
      let head = String(token.prefix(split))
      let tail = String(token.dropFirst(split))
      if vocabulary.contains(head), vocabulary.contains(tail) {
        var split = tokens
        split[index] = head + " " + tail
        options.append(split)
      }
    }
  }
  for index in tokens.indices.dropLast()
  where letters(tokens[index]) >= 2 && letters(tokens[index + 1]) >= 2 {
    if vocabulary.contains(tokens[index] + tokens[index + 1]) {
      var joined = tokens
      joined[index] += joined.remove(at: index + 1)
      options.append(joined)
    }
  }
  return options.randomElement(using: &random)?.joined(separator: " ")
}

/// Whether `word` is one of the Roman numerals of ``numberSpellings``.
func isRoman(_ word: String) -> Bool {
  !word.isEmpty && word.allSatisfy { "ivx".contains($0) }
}

/// Numbers as titles spell them: each group is one number's spellings.
let numberSpellings: [[String]] = {
  let units = [
    "zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
    "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen",
    "nineteen", "twenty",
  ]
  let ordinals = [
    "", "first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth",
    "tenth", "eleventh", "twelfth", "thirteenth", "fourteenth", "fifteenth", "sixteenth",
    "seventeenth", "eighteenth", "nineteenth", "twentieth",
  ]
  let romans = [
    "", "", "ii", "iii", "iv", "v", "vi", "vii", "viii", "ix", "x", "xi", "xii", "xiii", "xiv",
    "xv", "xvi", "xvii", "xviii", "xix", "xx",
  ]
  var groups: [[String]] = []
  for value in 1...20 {
    groups.append([String(value), units[value]] + (romans[value].isEmpty ? [] : [romans[value]]))
    let suffix = value == 1 ? "st" : value == 2 ? "nd" : value == 3 ? "rd" : "th"
    groups.append(["\(value)\(suffix)", ordinals[value]])
  }
  for (value, word) in [(30, "thirty"), (40, "forty"), (50, "fifty"), (100, "hundred")] {
    groups.append([String(value), word])
  }
  return groups
}()

/// Abbreviations of title words, and their long forms.
let abbreviations: [[String]] = [
  ["mr", "mister"], ["mrs", "missus"], ["dr", "doctor"], ["st", "saint"], ["vs", "versus"],
  ["jr", "junior"], ["no", "number"], ["pt", "part"], ["mt", "mount"], ["sgt", "sergeant"],
  ["capt", "captain"], ["lt", "lieutenant"], ["ft", "fort"], ["prof", "professor"],
]

/// American and British spellings, and ligatures.
let spellings: [[String]] = [
  ["color", "colour"], ["colors", "colours"], ["theater", "theatre"], ["center", "centre"],
  ["honor", "honour"], ["favorite", "favourite"], ["gray", "grey"], ["labor", "labour"],
  ["neighbor", "neighbour"], ["neighbors", "neighbours"], ["harbor", "harbour"],
  ["armor", "armour"], ["humor", "humour"], ["rumor", "rumour"], ["valor", "valour"],
  ["defense", "defence"], ["offense", "offence"], ["license", "licence"],
  ["traveler", "traveller"], ["travelers", "travellers"], ["traveling", "travelling"],
  ["catalog", "catalogue"], ["dialog", "dialogue"], ["program", "programme"],
  ["pajamas", "pyjamas"], ["mom", "mum"], ["airplane", "aeroplane"], ["somber", "sombre"],
  ["specter", "spectre"], ["meter", "metre"], ["jewelry", "jewellery"], ["behavior", "behaviour"],
  ["endeavor", "endeavour"], ["glamor", "glamour"], ["savior", "saviour"], ["vapor", "vapour"],
  ["realize", "realise"], ["organized", "organised"], ["civilization", "civilisation"],
  ["coeur", "cœur"], ["oeuvre", "œuvre"], ["soeur", "sœur"], ["soeurs", "sœurs"],
  ["oedipus", "œdipus"], ["voeux", "vœux"], ["moeurs", "mœurs"], ["caesar", "cæsar"],
  ["strasse", "straße"],
]
