/// Titles by the initials of their words, for queries like "bttf" (Back to the Future),
/// "gwtw" (Gone with the Wind), "potc" (Pirates of the Caribbean): what people type for a
/// famous title they will not spell out.
///
/// Each title of two words or more is kept under the initials of its first eight words (a
/// leading article optional: under both), packed six bits a letter from the left, so that
/// the titles whose initials begin with the letters typed are one range of a sorted array —
/// "lotr" finds *The Lord of the Rings: The Two Towers* (l-o-t-r-t-t-t) as well. Only known
/// films' titles are kept — those at least two thirds as popular as the most popular on the
/// log scale of ``Ranking`` (150,000^⅔ ≈ 2,800 votes in the built-in catalog, 20,000 of
/// IMDb's 3 million): nobody types the initials of a film few have heard of, and an
/// IMDb-sized catalog's index stays small. The
/// array is built the first time initials are searched in a catalog (one pass over the
/// titles' summaries and word ids: no text is read) and kept with its ``Searcher``.
struct InitialsIndex: Sendable {
  /// Sorted keys (see ``key(_:)``), and the title and its first initial's word of each.
  private let keys: [UInt64]
  private let titles: [(title: Int32, from: UInt8)]

  /// The most initials kept per title.
  static let depth = 8
  /// The shortest and longest queries read as initials.
  static let lengths = 2...depth

  /// The index of `store`'s titles whose films' popularity (as ``CatalogStore/summary(_:)``
  /// gives it) is at least `floor`.
  init(store: CatalogStore, floor: Float) {
    var entries: [(key: UInt64, title: Int32, from: UInt8)] = []
    for title in 0..<store.titleCount {
      let summary = store.summary(title)
      guard summary.titleWords >= 2, summary.popularity >= floor else { continue }
      let words = store.words(title)
      // The key with the first word's initial, and the key without it (six bits later).
      var key: UInt64 = 0
      var rest: UInt64 = 0
      var count = 0
      for position in 0..<min(summary.titleWords, Self.depth + 1) {
        let id = words[position]
        guard id >= 0, let first = store.term(id).first else { break }
        let code = Self.code(first)
        if count < Self.depth { key |= code << UInt64(6 * (Self.depth - 1 - count)) }
        if count >= 1 { rest |= code << UInt64(6 * (Self.depth - count)) }
        count += 1
      }
      guard count >= 2 else { continue }
      entries.append((key, Int32(title), 0))
      if summary.flags & CatalogFile.leadingArticle != 0, count >= 3 {
        entries.append((rest, Int32(title), 1))
      }
    }
    entries.sort { $0.key < $1.key }
    keys = entries.map(\.key)
    titles = entries.map { ($0.title, $0.from) }
  }

  /// A byte's place in a key: letters 1–26, digits 27–36, anything else 37 (never typed).
  static func code(_ byte: UInt8) -> UInt64 {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"): UInt64(byte - UInt8(ascii: "a") + 1)
    case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt64(byte - UInt8(ascii: "0") + 27)
    default: 37
    }
  }

  /// The first ``depth`` codes, six bits each from the top: a prefix's keys are a range.
  static func key(_ codes: [UInt64]) -> UInt64 {
    var key: UInt64 = 0
    for (index, code) in codes.prefix(depth).enumerated() {
      key |= code << UInt64(6 * (depth - 1 - index))
    }
    return key
  }

  /// Whether `word` may be initials: 2–8 letters or digits, some letter.
  static func mayBeInitials(_ word: [UInt8]) -> Bool {
    lengths.contains(word.count) && word.allSatisfy { code($0) < 37 }
      && word.contains { code($0) <= 26 }
  }

  /// The titles whose initials spell `word`, or begin with it (`whole` false), with the
  /// word their initials start at (1 past a leading article).
  func titles(spelling word: [UInt8]) -> [(title: Int, from: Int, whole: Bool)] {
    let low = Self.key(word.map(Self.code))
    let high = low | ((1 << UInt64(6 * (Self.depth - word.count))) - 1)
    var start = 0
    var end = keys.count
    while start < end {
      let middle = (start + end) / 2
      if keys[middle] < low { start = middle + 1 } else { end = middle }
    }
    var found: [(title: Int, from: Int, whole: Bool)] = []
    var index = start
    while index < keys.count, keys[index] <= high {
      let (title, from) = titles[index]
      found.append((Int(title), Int(from), keys[index] == low))
      index += 1
    }
    return found
  }
}
