/// A space typed a letter early or late ("ther unner" for "the runner", "the greenm an" for
/// "the green man"): the queries with one letter moved back across one space, where that
/// makes both neighbours title words. Each costs a typo (``Ranking/spaceShift``), in a pass of
/// its own (``SearchPass/shiftedSpace``).
enum SpaceShift {
  /// The most repaired queries searched for one query: each is a search of its own.
  static let maxVariants = 2

  /// The queries `query` may have been meant as, each with one letter moved across one space
  /// so that both words it touches are title words of `store` (the last word may be a
  /// word's beginning, as it may be being typed); the year word is left alone.
  static func variants(of query: TitleQuery, store: CatalogStore) -> [TitleQuery] {
    let words = query.words
    var variants: [TitleQuery] = []
    func isWord(_ word: [UInt8], last: Bool) -> Bool {
      let found = store.exactAndPrefix(word)
      return !found.exact.isEmpty || (last && !found.longer.isEmpty)
    }
    for index in words.indices.dropLast() where variants.count < maxVariants {
      let (left, right) = (words[index], words[index + 1])
      guard left != query.yearWord, right != query.yearWord else { continue }
      let last = index + 1 == words.count - 1
      // Nothing to repair where both words are title words as typed.
      guard !(isWord(left, last: false) && isWord(right, last: last)) else { continue }
      var pairs: [([UInt8], [UInt8])] = []
      // Letters only (ASCII): a byte of a longer character is never moved.
      if left.count > 1, let moved = left.last, moved < 0x80 {
        pairs.append((Array(left.dropLast()), [moved] + right))
      }
      if right.count > 1, let moved = right.first, moved < 0x80 {
        pairs.append((left + [moved], Array(right.dropFirst())))
      }
      for (newLeft, newRight) in pairs
      where isWord(newLeft, last: false) && isWord(newRight, last: last)
        && variants.count < maxVariants
      {
        var variant = query
        variant.words[index] = newLeft
        variant.words[index + 1] = newRight
        variants.append(variant)
      }
    }
    return variants
  }
}
