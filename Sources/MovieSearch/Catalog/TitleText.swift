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

  /// Whether `word` is a number: all ASCII digits (and not empty).
  static func isNumber(_ word: some Collection<UInt8>) -> Bool {
    !word.isEmpty && word.allSatisfy { (0x30...0x39).contains($0) }
  }

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
    /// Lower case, accents folded, ligatures spelled out, apostrophes dropped: `Bug's` →
    /// `bugs`, `&` → `and`, `Œdipus` → `oedipus`.
    var text: [UInt8]
    /// The characters of the original text it came from (offsets in `Character`s).
    var range: Range<Int>
  }

  /// The words of `text`: runs of letters and digits, lower-cased and accent-folded; an
  /// apostrophe inside a word is dropped (`bug's` → `bugs`) except after an elided article
  /// (`l'absence` → `l`, `absence`); `&` is the word `and`; every other character is a break,
  /// except between letters written one at a time ("M*A*S*H" is one word, `mash`).
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
    func take(_ ascii: UInt8) {
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
    }
    // Most titles are ASCII: each byte is then a character, taken without breaking the text
    // into graphemes — a page of results splits every title on it to show its matches.
    if isCharacterPerByte(text.utf8) {
      for byte in text.utf8 {
        take(byte)
        offset += 1
      }
      flush(offset)
      return joiningInitials(words, of: text)
    }
    for character in text {
      defer { offset += 1 }
      if let ascii = character.asciiValue {
        take(ascii)
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
      for scalar in letters { word += spelledOut(scalar) }
    }
    flush(offset)
    return joiningInitials(words, of: text)
  }

  /// Whether each byte of `utf8` is one character of its text (as a ``Word``'s range counts
  /// them): ASCII without carriage returns, which make one character with a line feed after
  /// them.
  static func isCharacterPerByte(_ utf8: some Sequence<UInt8>) -> Bool {
    utf8.allSatisfy { $0 < 0x80 && $0 != 0x0D }
  }

  /// `words` with letters written one at a time between dots or stars ("M*A*S*H",
  /// "C.H.U.D.", "L.A.") joined into one word ("mash", "chud", "la"), in titles and queries
  /// alike: "m*a*s*h" finds "MASH", "chud" finds "C.H.U.D.".
  private static func joiningInitials(_ words: [Word], of text: String) -> [Word] {
    guard words.contains(where: { $0.text.count == 1 }) else { return words }
    let characters = Array(text)
    var merged: [Word] = []
    var previousIsLetters = false
    for word in words {
      let letter = word.text.count == 1 && (0x61...0x7A).contains(word.text[0])
      if letter, previousIsLetters, let last = merged.last,
        word.range.lowerBound == last.range.upperBound + 1,
        [".", "*"].contains(characters[last.range.upperBound])
      {
        merged[merged.count - 1].text += word.text
        merged[merged.count - 1].range = last.range.lowerBound..<word.range.upperBound
        continue
      }
      merged.append(word)
      previousIsLetters = letter
    }
    return merged
  }

  /// Letters that folding keeps but people type as plain letters ("cœur" is "coeur",
  /// "Alien³" is "alien3").
  static let plainLetters: [Unicode.Scalar: String] = [
    "œ": "oe", "æ": "ae", "ø": "o", "ł": "l", "đ": "d", "þ": "th", "ð": "d", "ı": "i",
    "ĳ": "ij", "ﬀ": "ff", "ﬁ": "fi", "ﬂ": "fl",
  ]

  /// A folded letter or digit as search words spell it.
  private static func spelledOut(_ scalar: Unicode.Scalar) -> [UInt8] {
    if let plain = plainLetters[scalar] { return Array(plain.utf8) }
    if scalar.properties.numericType == .digit, let value = scalar.properties.numericValue {
      return Array(String(Int(value)).utf8)
    }
    return Array(String(scalar).lowercased().utf8)
  }

  /// The words of `text` joined by one space (the old search key, for messages and tests).
  static func searchKey(_ text: String) -> String {
    words(text).map { String(decoding: $0.text, as: UTF8.self) }.joined(separator: " ")
  }
}
