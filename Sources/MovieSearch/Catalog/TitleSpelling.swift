/// How a catalog stores a title's text: spelled from the title's own words when that gives the
/// text back byte for byte, else as it is.
///
/// A title's words are in the index already (its terms, see ``WordCodes``): most titles are
/// those words, each in lower case, capitalised or in capitals, one space apart — "The Lord of
/// the Rings". Such a title stores a byte (and, when its words are not all written alike, two
/// bits per word; when they hold apostrophes, two bytes for each; when a word has capitals
/// inside, "McConnell", a bit per letter of it) instead of its text — and nothing at all
/// when every word is capitalised. At IMDb's size nine titles in ten are
/// spelled, and the texts take 2.8 MB instead of 12.8 (as codes of the text symbols, every
/// title whole). A text is read only for what is shown (a page of results, a film's details,
/// a sort by title), never while searching.
///
/// A title's stored form, in the texts section: a byte — ``literal``, or the raw value of the
/// ``Case`` all its words are written in (``perWord`` when they differ), plus ``hasGaps`` when
/// what lies between them is not one space each, plus ``hasApostrophes`` when its words hold
/// apostrophes (`A Bug's Life`: the word is `bugs`) — then the words' cases when they differ
/// (two bits each, the first word's lowest, in whole bytes; ``mixed`` for a word with
/// capitals inside), then how many apostrophes and, for each, its word and its place in the
/// word as written (a byte each), then, when a word is ``mixed``, how many bytes of capitals
/// follow and those bytes (each such word's letters a bit each, a capital set, the first
/// letter's the lowest bit, in whole bytes), then, as codes of
/// the text symbols (see ``SymbolTable``), a literal's text, or what lies before, between and
/// after a spelled title's words, joined by zero bytes. The commonest form — every word
/// capitalised, one space apart — is stored as nothing at all: an empty stored form.
enum TitleSpelling {
  /// How a word is written: its term (lower-case letters and digits) as it is, with its first
  /// letter a capital, or all in capitals (ASCII letters only: any other spelling is stored as
  /// it is).
  enum Case: UInt8, CaseIterable {
    case lower = 1
    case capitalized = 2
    case upper = 3
  }

  /// The first byte of a title whose words are not all written in one ``Case``.
  static let perWord: UInt8 = 0
  /// A word's case code (when its title's are ``perWord``) saying that it has capitals
  /// inside ("McConnell", "GhostWatcher"), which its title's capitals say.
  static let mixed: UInt8 = 0
  /// The first byte's bit saying that what lies around the words is stored.
  static let hasGaps: UInt8 = 4
  /// The first byte's bit saying that apostrophes inside the words are stored.
  static let hasApostrophes: UInt8 = 8
  /// The first byte of a title stored as nothing: every word capitalised, one space apart.
  static let unstored = Case.capitalized.rawValue
  /// The first byte of a title stored as it is.
  static let literal: UInt8 = 0x80
  /// The most words a spelled title has: a longer one is stored as it is (the reader decodes
  /// at most ``CatalogStore/WordIDs/capacity`` words of a title and its people).
  static let mostWords = 32
  /// The most apostrophes a spelled title holds (its stored bytes before the symbol codes
  /// are counted in a byte).
  static let mostApostrophes = 64

  /// `text`'s stored form (`words` are its words, ``TitleText/words(_:)``): the bytes stored
  /// as they are (its first byte, its words' cases), then those stored as symbol codes.
  static func stored(_ text: String, words: [TitleText.Word]) -> (head: [UInt8], rest: [UInt8]) {
    let plain = Array(text.utf8)
    let asItIs = (head: [literal], rest: plain)
    guard (1...mostWords).contains(words.count) else { return asItIs }
    // A word's range counts characters: in most titles each byte is one.
    let bytewise = TitleText.isCharacterPerByte(plain)
    let characters = bytewise ? [] : Array(text)
    let length = bytewise ? plain.count : characters.count
    func piece(_ range: Range<Int>) -> [UInt8] {
      bytewise ? Array(plain[range]) : Array(String(characters[range]).utf8)
    }
    var gaps: [[UInt8]] = []
    // Each word's case code: a ``Case``'s raw value, or ``mixed``.
    var cases: [UInt8] = []
    var shared = Set(Case.allCases)
    // The capitals of the words written in ``mixed``, each word's in whole bytes.
    var capitals: [UInt8] = []
    // Each apostrophe inside a word: the word's position, and its place in the word.
    var apostrophes: [UInt8] = []
    var end = 0
    for (position, word) in words.enumerated() {
      guard end <= word.range.lowerBound, word.range.upperBound <= length else {
        return asItIs
      }
      gaps.append(piece(end..<word.range.lowerBound))
      var written = piece(word.range)
      for place in written.indices where written[place] == UInt8(ascii: "'") {
        guard place <= Int(UInt8.max) else { return asItIs }
        apostrophes += [UInt8(position), UInt8(place)]
      }
      written.removeAll { $0 == UInt8(ascii: "'") }
      let fitting = Case.allCases.filter { spelled(word.text, $0) == written }
      if let first = fitting.first {
        cases.append(first.rawValue)
        shared.formIntersection(fitting)
      } else {
        // Capitals inside the word ("McConnell", "GhostWatcher"): which letters are.
        guard let mask = capitalsMask(word.text, written) else { return asItIs }
        cases.append(mixed)
        capitals += mask
        shared = []
      }
      end = word.range.upperBound
    }
    gaps.append(piece(end..<length))
    guard !gaps.contains(where: { $0.contains(0) }) else { return asItIs }
    let spaced = gaps.indices.allSatisfy { gaps[$0] == defaultGap($0, words: words.count) }
    let common = Case.allCases.first(where: shared.contains)
    var head = [
      (common?.rawValue ?? perWord) | (spaced ? 0 : hasGaps)
        | (apostrophes.isEmpty ? 0 : hasApostrophes)
    ]
    if common == nil {
      head += stride(from: 0, to: cases.count, by: 4).map { first in
        cases[first..<min(first + 4, cases.count)].enumerated().reduce(UInt8(0)) {
          $0 | $1.element << (2 * $1.offset)
        }
      }
    }
    if !apostrophes.isEmpty {
      guard apostrophes.count / 2 <= mostApostrophes else { return asItIs }
      head += [UInt8(apostrophes.count / 2)] + apostrophes
    }
    if cases.contains(mixed) {
      guard capitals.count <= Int(UInt8.max) else { return asItIs }
      head += [UInt8(capitals.count)] + capitals
    }
    if head == [unstored] { head = [] }
    let rest = spaced ? [] : Array(gaps.joined(separator: [0]))
    // What the reader will make of it, checked: anything it would not give back is stored as
    // it is.
    let back = head.withUnsafeBytes { stored in
      self.text(stored: stored, words: words.count, gaps: spaced ? nil : rest) { position, text in
        text += words[position].text
        return true
      }
    }
    return back == plain ? (head, rest) : asItIs
  }

  /// How many bytes of a spelled title's stored form are its first byte, its cases, its
  /// apostrophes and its capitals (what follows is what lies around its words), for `words`
  /// words; `nil` when they are more than `stored` holds (damage).
  static func headLength(_ stored: UnsafeRawBufferPointer, words: Int) -> Int? {
    head(stored, words: words)?.capitals.upperBound
  }

  /// Where a spelled title's cases, apostrophes and capitals are in its stored form, for
  /// `words` words; `nil` when they are more than `stored` holds (damage).
  private static func head(_ stored: UnsafeRawBufferPointer, words: Int) -> (
    cases: Range<Int>, apostrophes: Range<Int>, capitals: Range<Int>
  )? {
    guard let first = stored.first else { return (0..<0, 0..<0, 0..<0) }
    let cases = 1..<1 + caseBytes(first: first, words: words)
    guard cases.upperBound <= stored.count else { return nil }
    var apostrophes = cases.upperBound..<cases.upperBound
    if first & hasApostrophes != 0 {
      guard apostrophes.lowerBound < stored.count else { return nil }
      let start = apostrophes.lowerBound + 1
      apostrophes = start..<start + 2 * Int(stored[start - 1])
      guard apostrophes.upperBound <= stored.count else { return nil }
    }
    var capitals = apostrophes.upperBound..<apostrophes.upperBound
    let anyMixed =
      first & 3 == perWord
      && (0..<words).contains { stored[1 + $0 / 4] >> (2 * ($0 % 4)) & 3 == mixed }
    if anyMixed {
      guard capitals.lowerBound < stored.count else { return nil }
      let start = capitals.lowerBound + 1
      capitals = start..<start + Int(stored[start - 1])
      guard capitals.upperBound <= stored.count else { return nil }
    }
    return (cases, apostrophes, capitals)
  }

  /// The bytes saying which letters of `term` are capitals in `written` (the term's letters
  /// in either case), its first letter's the lowest bit, in whole bytes; `nil` when
  /// `written` is not the term so written.
  private static func capitalsMask(_ term: [UInt8], _ written: [UInt8]) -> [UInt8]? {
    guard term.count == written.count else { return nil }
    var mask = [UInt8](repeating: 0, count: (term.count + 7) / 8)
    for (place, (byte, shown)) in zip(term, written).enumerated() where byte != shown {
      guard shown == capital(byte) else { return nil }
      mask[place / 8] |= 1 << (place % 8)
    }
    return mask
  }

  /// How many bytes of a spelled title's cases follow its first byte, for `words` words.
  static func caseBytes(first: UInt8, words: Int) -> Int {
    first & 3 == perWord ? (words + 3) / 4 : 0
  }

  /// Whether a title's first byte is one a catalog writes.
  static func isValid(first: UInt8) -> Bool {
    first == literal || first & ~(3 | hasGaps | hasApostrophes) == 0
  }

  /// The text of a spelled title of `words` words: its stored form's first byte, cases and
  /// apostrophes (``headLength(_:words:)``; none: ``unstored``), what lies around its words
  /// (`nil`: one space between them), and `term`, which appends a word's term to the text
  /// (false: there is none); `nil` when they do not fit together (damage).
  static func text(
    stored: UnsafeRawBufferPointer, words: Int, gaps: [UInt8]?,
    term: (Int, inout [UInt8]) -> Bool
  ) -> [UInt8]? {
    let first = stored.first ?? unstored
    let parts = gaps?.split(separator: 0, omittingEmptySubsequences: false)
    guard parts.map({ $0.count == words + 1 }) ?? true, let head = head(stored, words: words)
    else { return nil }
    let cases = UnsafeRawBufferPointer(rebasing: stored[head.cases])
    // The apostrophes, by word and place, in order; the capitals of the words in ``mixed``.
    let apostrophes = UnsafeRawBufferPointer(rebasing: stored[head.apostrophes])
    let capitals = UnsafeRawBufferPointer(rebasing: stored[head.capitals])
    var nextCapitals = 0
    var next = 0
    var text: [UInt8] = []
    text.reserveCapacity(words * 8 + (gaps?.count ?? words))
    for position in 0..<words {
      if let parts { text += parts[position] } else { text += defaultGap(position, words: words) }
      let code = first & 3 == perWord ? cases[position / 4] >> (2 * (position % 4)) & 3 : first & 3
      let start = text.count
      guard term(position, &text), text.count > start else { return nil }
      if let written = Case(rawValue: code) {
        write(&text[start...], written)
      } else {
        // ``mixed``: the word's capitals, in as many whole bytes as its letters take.
        let bytes = (text.count - start + 7) / 8
        guard nextCapitals + bytes <= capitals.count else { return nil }
        for place in start..<text.count
        where capitals[nextCapitals + (place - start) / 8] >> ((place - start) % 8) & 1 != 0 {
          text[place] = capital(text[place])
        }
        nextCapitals += bytes
      }
      while next + 1 < apostrophes.count, Int(apostrophes[next]) == position {
        let place = start + Int(apostrophes[next + 1])
        guard place <= text.count else { return nil }
        text.insert(UInt8(ascii: "'"), at: place)
        next += 2
      }
    }
    // Every apostrophe placed, in order; every word's capitals read.
    guard next == apostrophes.count, nextCapitals == capitals.count else { return nil }
    if let parts { text += parts[words] }
    return text
  }

  /// What lies before word `position` of a title of `words` words written one space apart
  /// (`position == words`: after the last).
  private static func defaultGap(_ position: Int, words: Int) -> [UInt8] {
    position == 0 || position == words ? [] : [UInt8(ascii: " ")]
  }

  /// `term` written in `written`.
  static func spelled(_ term: [UInt8], _ written: Case) -> [UInt8] {
    var bytes = term
    write(&bytes[...], written)
    return bytes
  }

  /// `byte` as a capital (an ASCII letter; any other as it is).
  private static func capital(_ byte: UInt8) -> UInt8 {
    (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) ? byte - 32 : byte
  }

  /// Writes `word` (a term's bytes) in `written`, in place.
  private static func write(_ word: inout ArraySlice<UInt8>, _ written: Case) {
    switch written {
    case .lower: break
    case .capitalized:
      if let first = word.indices.first { word[first] = capital(word[first]) }
    case .upper:
      for index in word.indices { word[index] = capital(word[index]) }
    }
  }
}
