import Foundation

/// Title text for people and for searching.
enum TitleText {
  /// Articles that IMDb-style titles move to the end ("Matrix, The").
  static let movedArticles: Set<String> = [
    "The", "A", "An", "La", "Le", "Les", "L'", "Il", "El", "Der", "Die", "Das", "O", "I", "De",
    "Los", "Un", "Una", "Une", "Las", "Den", "Gli", "Het", "Os", "En", "Ein", "Det", "Lo", "Ta",
    "Oi", "Eine", "Een", "As", "Un'", "To", "Ang",
  ]

  static let lowercasedArticles = Set(movedArticles.map { $0.lowercased() })

  /// The articles as search words spell them (without apostrophes).
  static let articleWords: Set<[UInt8]> = Set(
    movedArticles.map { Array($0.lowercased().filter { $0 != "'" }.utf8) })

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

  /// A word of a title or a query, as searches compare it, with where it is in the text.
  struct Word: Equatable {
    /// Lower case, accents folded, apostrophes dropped: `Bug's` → `bugs`, `&` → `and`.
    var text: [UInt8]
    /// The characters of the original text it came from (offsets in `Character`s).
    var range: Range<Int>
  }

  /// The words of `text`: runs of letters and digits, lower-cased and accent-folded; an
  /// apostrophe inside a word is dropped (`bug's` → `bugs`) except after an elided article
  /// (`l'absence` → `l`, `absence`); `&` is the word `and`; every other character is a break.
  static func words(_ text: String) -> [Word] {
    var words: [Word] = []
    var word: [UInt8] = []
    var start = 0
    var offset = 0
    func flush(_ end: Int) {
      if !word.isEmpty { words.append(Word(text: word, range: start..<end)) }
      word.removeAll(keepingCapacity: true)
    }
    // "l'" and "d'" are elided articles: a break. Elsewhere the apostrophe just goes.
    func apostrophe(at offset: Int) {
      if word == Array("l".utf8) || word == Array("d".utf8) || word == Array("un".utf8) {
        flush(offset)
      }
    }
    for character in text {
      defer { offset += 1 }
      if let ascii = character.asciiValue {
        switch ascii {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
          if word.isEmpty { start = offset }
          word.append(ascii)
        case UInt8(ascii: "A")...UInt8(ascii: "Z"):
          if word.isEmpty { start = offset }
          word.append(ascii + 32)
        case UInt8(ascii: "'"):
          apostrophe(at: offset)
        case UInt8(ascii: "&"):
          flush(offset)
          words.append(Word(text: Array("and".utf8), range: offset..<offset + 1))
        default:
          flush(offset)
        }
        continue
      }
      if character == "\u{2019}" {
        apostrophe(at: offset)
        continue
      }
      let folded = String(character).folding(
        options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
      let letters = folded.unicodeScalars.filter {
        $0.properties.isAlphabetic || $0.properties.numericType != nil
      }
      guard !letters.isEmpty else {
        flush(offset)
        continue
      }
      if word.isEmpty { start = offset }
      for scalar in letters { word += Array(String(scalar).lowercased().utf8) }
    }
    flush(offset)
    return words
  }

  /// The words of `text` joined by one space (the old search key, for messages and tests).
  static func searchKey(_ text: String) -> String {
    words(text).map { String(decoding: $0.text, as: UTF8.self) }.joined(separator: " ")
  }

  /// Roman numerals and the numbers they stand for, for sequels: `godfather 2` finds
  /// "The Godfather: Part II", `rocky iii` finds "Rocky 3".
  static let numerals: [String: String] = {
    let romans = [
      "i", "ii", "iii", "iv", "v", "vi", "vii", "viii", "ix", "x", "xi", "xii", "xiii", "xiv",
      "xv", "xvi", "xvii", "xviii", "xix", "xx",
    ]
    var pairs: [String: String] = [:]
    for (index, roman) in romans.enumerated() {
      pairs[String(index + 1)] = roman
      // "i" alone is far more often a word than a numeral: only "2" and up go the other way.
      if index > 0 { pairs[roman] = String(index + 1) }
    }
    return pairs
  }()
}
