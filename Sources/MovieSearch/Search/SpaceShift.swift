/// A space typed a letter early or late ("ther unner" for "the runner", "the greenm an" for
/// "the green man"): the queries with one letter moved back across one space, where that
/// makes both neighbours title words — each commoner than the rarer as typed, when both are
/// title words too ("thea pple": a name and a rare beginning, for "the apple"; "thes on"). Each costs a typo
/// (``Ranking/spaceShift``), in a pass of its own (``SearchPass/shiftedSpace``).
enum SpaceShift {
  /// The most repaired queries searched for one query: each is a search of its own.
  static let maxVariants = 2

  /// The queries `query` may have been meant as, each with one letter moved across one space
  /// so that both words it touches are title words of `store` (the last word may be a
  /// word's beginning, as it may be being typed) — where both were title words as typed,
  /// each reaching more titles than the rarer of them did; the year word is left alone.
  static func variants(of query: TitleQuery, store: CatalogStore) -> [TitleQuery] {
    let words = query.words
    var variants: [TitleQuery] = []
    for index in words.indices.dropLast() where variants.count < maxVariants {
      let (left, right) = (words[index], words[index + 1])
      guard left != query.yearWord, right != query.yearWord else { continue }
      let last = index + 1 == words.count - 1
      // Title words as typed are repaired only into commoner ones: a vocabulary of every
      // name and language has a word for most letters typed ("thea", "estar"). The rarer
      // word typed is the one that slipped: "on" in "thes on" is as common as words get.
      let typed = (reach(left, last: false, store), reach(right, last: last, store))
      let least = typed.0.flatMap { left in typed.1.map { min(left, $0) } }
      var pairs: [([UInt8], [UInt8])] = []
      // Letters only (ASCII): a byte of a longer character is never moved.
      if left.count > 1, let moved = left.last, moved < 0x80 {
        pairs.append((Array(left.dropLast()), [moved] + right))
      }
      if right.count > 1, let moved = right.first, moved < 0x80 {
        pairs.append((left + [moved], Array(right.dropFirst())))
      }
      for (newLeft, newRight) in pairs where variants.count < maxVariants {
        guard let reachedLeft = reach(newLeft, last: false, store),
          let reachedRight = reach(newRight, last: last, store),
          min(reachedLeft, reachedRight) > least ?? -1
        else { continue }
        var variant = query
        variant.words[index] = newLeft
        variant.words[index + 1] = newRight
        variants.append(variant)
      }
    }
    return variants
  }

  /// How many postings `word` has as a title word (or, `last`, as a word's beginning too) —
  /// about the titles it reaches, by their own words or their people's: `nil` when it is
  /// no title word.
  private static func reach(_ word: [UInt8], last: Bool, _ store: CatalogStore) -> Int? {
    let found = store.exactAndPrefix(word)
    guard !found.exact.isEmpty || (last && !found.longer.isEmpty) else { return nil }
    return store.postings(found.exact).count + (last ? store.postings(found.longer).count : 0)
  }
}
