/// A title search as typed (tantivy's Query; see ``Searcher``): the recipe, from the text
/// alone — its words, and the year it may name — before any catalog is consulted.
struct TitleQuery {
  /// The most query words searched: no title is longer, and the engine keeps one bit per
  /// word in each film's masks (``WordMask``). Later words are left out.
  static let maxWords = 16

  /// The words, folded as title words are (see ``TitleText``), at most ``maxWords``.
  var words: [[UInt8]]
  /// A year or a decade typed first or last beside other words ("king kong 1933", "alien
  /// 70s"): it ranks films of those years first rather than matching title text.
  var year: YearHint?
  /// The query word that names it.
  var yearWord: [UInt8]?
  /// The query is being typed (see ``MovieQuery/isBeingTyped``).
  var beingTyped = false
  /// …and its last word is unfinished: nothing follows it yet.
  var lastWordBeingTyped = false

  /// The query of `text`; `nil` when it has no word to search for. `beingTyped`: the text
  /// is being typed, so its last word is unfinished — unless a space or a mark follows it.
  init?(_ text: String, beingTyped: Bool = false) {
    let all = TitleText.words(text)
    words = Array(all.map(\.text).prefix(Self.maxWords))
    guard let last = all.last else { return nil }
    self.beingTyped = beingTyped
    // Nothing after it, and it is searched (not left out as a seventeenth word).
    lastWordBeingTyped =
      beingTyped && all.count <= Self.maxWords && last.range.upperBound == text.count
    if words.count > 1 {
      // First or last; a decade also after a leading "the" ("the 90s heat").
      let afterThe = words[0] == Array("the".utf8) && words.count > 2 ? [1] : []
      for position in [words.count - 1, 0] + afterThe where year == nil {
        guard let hint = YearHint(words[position]),
          hint.isDecade || position != 1 || afterThe.isEmpty
        else { continue }
        (year, yearWord) = (hint, words[position])
        // "the 90s" last: its "the" is the decade's, not the title's.
        let the = Array("the".utf8)
        if hint.isDecade, position == words.count - 1, words.count > 2,
          words[position - 1] == the
        {
          words.remove(at: position - 1)
        }
      }
    }
  }
}

/// The years a query names: one year ("1933"), or a decade in the ways people write one
/// ("1970s", "70s", "'70s", "the 90s" — the apostrophe is not part of a word).
struct YearHint: Equatable {
  var first: Int
  var isDecade: Bool

  /// The years a typed word is read as naming: films exist from the 1870s, and a number
  /// past the next decade is a title's ("2046"). A filter names any of ``MovieFilter/years``.
  static let plausibleYears = 1870...2035

  /// The years a word names, if it is a plausible year or a decade (read as a filter reads
  /// one: ``MovieFilter/decade(_:)``).
  init?(_ word: [UInt8]) {
    guard word.first.map({ (0x30...0x39).contains($0) }) == true else { return nil }
    let text = String(decoding: word, as: UTF8.self)
    if word.count == 4, TitleText.isNumber(word), let year = Int(text),
      Self.plausibleYears.contains(year)
    {
      (first, isDecade) = (year, false)
    } else if let decade = MovieFilter.decade(text), Self.plausibleYears.contains(decade) {
      (first, isDecade) = (decade, true)
    } else {
      return nil
    }
  }

  /// What a film of `year` gets (see ``Ranking``): a decade's films all of
  /// ``Ranking/sameYear``; for a year, a year or two off a little less.
  @inline(__always) func bonus(_ year: Int) -> Float {
    guard year > 0 else { return 0 }
    if isDecade { return (first...first + 9).contains(year) ? Ranking.sameYear : 0 }
    switch abs(year - first) {
    case 0: return Ranking.sameYear
    case 1: return Ranking.sameYear + Ranking.yearOff
    case 2: return Ranking.sameYear + 2 * Ranking.yearOff
    default: return 0
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
