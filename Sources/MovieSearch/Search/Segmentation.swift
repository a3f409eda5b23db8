/// Words typed without spaces ("backtothefuture", "allthatjazz", a hashtag), split into the
/// catalog's title words: a dynamic program over the word's letters that finds the split
/// into the fewest title words (the last may be a word's beginning: it is being typed),
/// among those the one of the most common words — "backtothefuture" is "back to the
/// future", not "back tot he future".
///
/// Only a word that is no title word and begins none is split: when the query as typed
/// matches no film with every word, into two words or more; when it matches only through
/// typos ("madmax2" is a typo of "madman"), into three or more (two words joined are among
/// ``SearchPlan``'s options already). The split query is searched beside the query as typed,
/// each join costing ``Ranking/compound``. (A typo inside a piece is not looked for.)
enum Segmentation {
  /// The shortest word split: shorter ones are two words at most.
  static let shortest = 6

  /// `query` with each word that is no title word split into title words (`least` of them
  /// at least), and how many joins were undone; `nil` when no word needs it or none can be
  /// split.
  static func split(_ query: TitleQuery, store: CatalogStore, pieces least: Int = 2) -> (
    TitleQuery, joins: Int
  )? {
    var words: [[UInt8]] = []
    var joins = 0
    for word in query.words {
      guard word != query.yearWord, word.count >= shortest, word.count <= SearchPlan.longestWord,
        let pieces = pieces(of: word, store: store), pieces.count >= least
      else {
        words.append(word)
        continue
      }
      words += pieces
      joins += pieces.count - 1
    }
    guard joins > 0 else { return nil }
    var split = query
    split.words = Array(words.prefix(TitleQuery.maxWords))
    return (split, joins)
  }

  /// The best split of `word` into title words (two at least), or `nil`.
  static func pieces(of word: [UInt8], store: CatalogStore) -> [[UInt8]]? {
    let (exact, longer) = store.exactAndPrefix(word)
    guard exact.isEmpty, longer.isEmpty else { return nil }
    let count = word.count
    // best[i]: the split of word[..<i] — (pieces, commonness, where the last piece starts).
    var best: [(pieces: Int, common: Float, from: Int)?] = Array(repeating: nil, count: count + 1)
    best[0] = (0, 0, 0)
    // Forward: the pieces starting where a split ends are read in one walk of the trie.
    for start in 0..<count {
      guard let before = best[start] else { continue }
      store.termsAlong(word, from: start) { length, exact, longer in
        let end = start + length
        // A letter alone is a word only as "a" or "i" ("zzzz" is no four words); a digit is.
        if length == 1, word[start] != UInt8(ascii: "a"), word[start] != UInt8(ascii: "i"),
          !(0x30...0x39).contains(word[start])
        {
          return true
        }
        // The last piece may be a word's beginning (from two letters): it is being typed.
        let terms = !exact.isEmpty ? exact : end == count && length >= 2 ? longer : nil
        guard let terms, !terms.isEmpty else { return true }
        let common = before.common + Float(store.postings(terms).count).squareRoot().squareRoot()
        let candidate = (pieces: before.pieces + 1, common: common, from: start)
        if let current = best[end],
          current.pieces < candidate.pieces
            || (current.pieces == candidate.pieces && current.common >= candidate.common)
        {
          return true
        }
        best[end] = candidate
        return true
      }
    }
    guard let last = best[count], last.pieces >= 2 else { return nil }
    var pieces: [[UInt8]] = []
    var end = count
    while end > 0, let step = best[end] {
      pieces.append(Array(word[step.from..<end]))
      end = step.from
    }
    return pieces.reversed()
  }
}
