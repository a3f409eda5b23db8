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
/// IMDb-sized catalog's index stays small. The array is the catalog's initials order (see
/// ``CatalogFile``), made when the catalog is built: the keys are not stored but read from the
/// titles' word ids, a few at each step of a binary search, so nothing is built when initials
/// are first searched.
struct InitialsIndex {
  let store: CatalogStore

  /// The shortest and longest queries read as initials.
  static let lengths = 2...InitialsKey.depth

  /// The key of the entry at `position` of the initials order, read from its title's words;
  /// a damaged entry's is 0 (no key of a word typed).
  private func key(at position: Int) -> UInt64 {
    let (title, from) = entry(at: position)
    guard title >= 0 else { return 0 }
    let words = store.titleWords(title)
    // A damaged title may have fewer words than its entry skips.
    guard from < words.count else { return 0 }
    var codes: [UInt64] = []
    for position in from..<min(words.count, from + InitialsKey.depth) {
      let id = words[position]
      guard let first = store.trie.firstByte(id) else { break }
      codes.append(InitialsKey.code(first))
    }
    return InitialsKey.key(codes)
  }

  /// The title of the entry at `position`, and the word its key starts at; -1 for damage.
  private func entry(at position: Int) -> (title: Int, from: Int) {
    let entry = store.initialsEntry(position)
    let title = Int(entry & ~InitialsKey.skipsArticle)
    return (title < store.titleCount ? title : -1, entry & InitialsKey.skipsArticle != 0 ? 1 : 0)
  }

  /// Whether `word` may be initials: 2–8 letters or digits, some letter.
  static func mayBeInitials(_ word: [UInt8]) -> Bool {
    lengths.contains(word.count) && word.allSatisfy { InitialsKey.code($0) < 37 }
      && word.contains { InitialsKey.code($0) <= 26 }
  }

  /// The titles whose initials spell `word`, or begin with it (`whole` false), with the
  /// word their initials start at (1 past a leading article).
  func titles(spelling word: [UInt8]) -> [(title: Int, from: Int, whole: Bool)] {
    let low = InitialsKey.key(word.map(InitialsKey.code))
    let high = low | ((1 << UInt64(6 * (InitialsKey.depth - word.count))) - 1)
    let count = store.layout.initialsCount
    var found: [(title: Int, from: Int, whole: Bool)] = []
    var index = SortedPositions.first(in: 0..<count) { key(at: $0) < low }
    while index < count {
      let key = key(at: index)
      guard key <= high else { break }
      let (title, from) = entry(at: index)
      if title >= 0, key >= low { found.append((title, from, key == low)) }
      index += 1
    }
    return found
  }
}
