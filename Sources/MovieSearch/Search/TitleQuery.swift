/// A title search as typed (tantivy's Query; see ``Searcher``): the recipe, from the text
/// alone — its words, and the year it may name — before any catalog is consulted.
struct TitleQuery {
  /// The most query words searched: no title is longer, and the engine keeps one bit per
  /// word in each film's masks (``WordMask``). Later words are left out.
  static let maxWords = 16

  /// The words, folded as title words are (see ``TitleText``), at most ``maxWords``.
  var words: [[UInt8]]
  /// A year typed first or last beside other words ("king kong 1933"): it ranks films of
  /// that year first rather than matching title text.
  var year: Int?

  /// The query of `text`; `nil` when it has no word to search for.
  init?(_ text: String) {
    words = Array(TitleText.words(text).map(\.text).prefix(Self.maxWords))
    guard !words.isEmpty else { return nil }
    if words.count > 1 {
      for position in [words.count - 1, 0] {
        guard words[position].count == 4,
          let value = Int(String(decoding: words[position], as: UTF8.self)),
          (1870...2035).contains(value), year == nil
        else { continue }
        year = value
      }
    }
  }
}

/// Which query words a film may match, one bit per word group in a `UInt32`: the low
/// ``TitleQuery/maxWords`` bits for words it certainly matches (through a whole option), the
/// high ones for words it may match (through one half of a word split in two).
enum WordMask {
  /// The certain bit of group `group`.
  static func certain(_ group: Int) -> UInt32 { 1 << UInt32(group) }
  /// The maybe bit of group `group`.
  static func maybe(_ group: Int) -> UInt32 { 1 << UInt32(group + TitleQuery.maxWords) }
  /// The certain bits.
  static let certainBits: UInt32 = (1 << UInt32(TitleQuery.maxWords)) - 1
  /// The groups a film of `mask` may match, certainly or not, as certain bits.
  static func possible(_ mask: UInt32) -> UInt32 {
    (mask | mask >> UInt32(TitleQuery.maxWords)) & certainBits
  }
}
