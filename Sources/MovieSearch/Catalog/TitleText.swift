import Foundation

/// Title text for people and for searching.
enum TitleText {
  /// Articles that IMDb-style titles move to the end ("Matrix, The").
  static let movedArticles: Set<String> = [
    "The", "A", "An", "La", "Le", "Les", "L'", "Il", "El", "Der", "Die", "Das", "O", "I", "De",
    "Los", "Un", "Una", "Une", "Las", "Den", "Gli", "Het", "Os", "En", "Ein", "Det", "Lo", "Ta",
    "Oi", "Eine", "Een", "As", "Un'", "To", "Lo", "Ang",
  ]

  static let lowercasedArticles = Set(movedArticles.map { $0.lowercased() })

  /// Lower-case forms of the articles, as search keys spell them (without apostrophes).
  static let articleWords: Set<[UInt8]> = Set(
    movedArticles.map { Array(searchKey($0, dropArticle: false).utf8) })

  /// "Matrix, The" → ("The Matrix", base "Matrix"); "Absence, L'" → "L'Absence"; a title
  /// without a moved article is its own base.
  static func displayTitle(_ title: String) -> (display: String, base: String) {
    guard let comma = title.range(of: ", ", options: .backwards) else { return (title, title) }
    let article = String(title[comma.upperBound...])
    guard lowercasedArticles.contains(article.lowercased()) else { return (title, title) }
    let base = String(title[..<comma.lowerBound])
    let separator = article.hasSuffix("'") ? "" : " "
    return (article + separator + base, base)
  }

  /// The text searches compare: lower case, accents folded, apostrophes dropped within a
  /// word (`bug's` → `bugs`) but splitting an elided article (`l'absence` → `l absence`),
  /// every other non-alphanumeric character a word break, words joined by one space, and a
  /// leading article removed when `dropArticle` is set and other words follow.
  static func searchKey(_ text: String, dropArticle: Bool) -> String {
    let folded = text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
    var words: [String] = []
    var word = ""
    for scalar in folded.unicodeScalars {
      if scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) {
        word.unicodeScalars.append(scalar)
      } else if scalar == "'" || scalar == "\u{2019}" {
        // "l'" and "d'" are elided articles: a break. Elsewhere the apostrophe just goes.
        if word == "l" || word == "d" || word == "un" {
          words.append(word)
          word = ""
        }
      } else if !word.isEmpty {
        words.append(word)
        word = ""
      }
    }
    if !word.isEmpty { words.append(word) }
    if dropArticle, words.count > 1, articleWords.contains(Array(words[0].utf8)) {
      words.removeFirst()
    }
    return words.joined(separator: " ")
  }
}
