/// How a catalog packs each title's summary — what ranking reads of every title it scores:
/// its film's place in the popularity palette (see ``PopularityPalette``), its year, whether
/// the title starts with an article, and its own word count — in as few bits as the
/// catalog's palette and years need, the header saying how many
/// (``CatalogFile/summaryLayoutOffset``).
///
/// A place takes the bits of the palette's last, a year its distance above the catalog's
/// earliest, plus one (0: no year). At IMDb's size (4,374 places, years from 1893: 13 and 8
/// bits) a summary takes 26 bits instead of the 32 of fixed fields (16 for a place, 11 for a
/// year): 1.15 million titles' summaries 4.59 → 3.73 MB; the built-in catalog's, 25 bits.
///
/// A film's titles share its place and year: the films' (display titles') summaries come
/// first, whole, then each other title's own bits alone — whether it starts with an article
/// and its word count (``ownWidth``) — read beside its film's. At IMDb's size the 460,751
/// other titles' summaries take 5 bits instead of 26: 3.73 → 2.52 MB.
struct SummaryLayout: Equatable {
  /// The bits of a place in the palette, and of a year's code.
  let placeBits, yearBits: Int
  /// The year whose code is 1 (a code of 0 is no year).
  let earliestYear: Int

  /// The bits of a title's word count (at most 15 kept: ranking's lower bounds count no
  /// more, which keeps them bounds).
  static let wordBits = 4
  /// The most words a summary counts.
  static let mostWords = 1 << wordBits - 1

  /// The bits of a summary: at most 16 + 11 + 1 + 4, so that one eight-byte load reads it
  /// wherever it starts.
  var width: Int { placeBits + yearBits + 1 + Self.wordBits }

  /// The bits of what a title that is not its film's display title stores of its summary:
  /// whether it starts with an article, and its word count (its film's are the rest).
  static let ownWidth = 1 + wordBits

  /// A layout of places in `placeBits` bits and years from `earliestYear` in `yearBits`;
  /// `nil` when a field would be wider than a catalog's, or the earliest year later than
  /// the latest (damage).
  init?(placeBits: Int, yearBits: Int, earliestYear: Int) {
    guard (0...CatalogFile.paletteIndexBits).contains(placeBits),
      (0...CatalogFile.yearBits).contains(yearBits),
      (0...CatalogFile.latestYear).contains(earliestYear)
    else { return nil }
    (self.placeBits, self.yearBits, self.earliestYear) = (placeBits, yearBits, earliestYear)
  }

  /// What a damaged header's summaries read as: a place, no year, no article, no words.
  static let none = SummaryLayout(placeBits: 0, yearBits: 0, earliestYear: 0)!

  /// The layout of summaries of `places` places in the palette (at least one) and `years`
  /// (each from 0, none, to ``CatalogFile/latestYear``).
  static func fitting(places: Int, years: [Int]) -> SummaryLayout {
    let known = years.filter { $0 > 0 }
    let earliest = known.min() ?? 0
    let largestCode = known.max().map { $0 - earliest + 1 } ?? 0
    // Every argument is in range: the years were clamped, the places at most the most.
    return SummaryLayout(
      placeBits: placeBits(places: places), yearBits: bits(largestCode), earliestYear: earliest)!
  }

  /// The bits of a place in a palette of `places` places: those of its last.
  static func placeBits(places: Int) -> Int { bits(places - 1) }

  /// The bits `largest` takes (none for 0 or less).
  private static func bits(_ largest: Int) -> Int {
    Int.bitWidth - max(0, largest).leadingZeroBitCount
  }

  /// The summary of a title: its film's `place` and `year`, whether it starts with an
  /// `article`, its word count (at most ``mostWords`` kept). A place or a year the layout was
  /// not made for is cut to its field's bits (a wrong value, never another field's bits).
  func summary(place: Int, year: Int, article: Bool, words: Int) -> UInt64 {
    func field(_ value: Int, bits: Int) -> UInt64 { UInt64(clamping: value) & (1 << bits - 1) }
    let code = year > 0 ? year - earliestYear + 1 : 0
    return field(place, bits: placeBits) | field(code, bits: yearBits) << placeBits
      | (article ? 1 : 0) << (placeBits + yearBits)
      | UInt64(min(max(0, words), Self.mostWords)) << (placeBits + yearBits + 1)
  }

  /// The bytes of the summaries of `films` films and `others` other titles, and eight spare
  /// (each is read with an eight-byte load); none below zero.
  func size(films: Int, others: Int) -> Int {
    (max(0, films) * width + max(0, others) * Self.ownWidth + 7) / 8 + 8
  }

  /// The own bits of summary `summary` (what ``ownWidth`` bits keep of a title).
  func own(_ summary: UInt64) -> UInt64 { summary &>> UInt64(placeBits + yearBits) }

  /// Film `film`'s summary (its display title's) among the summaries at `summaries`.
  @inline(__always) func bits(in summaries: UnsafeRawPointer, film: Int) -> UInt64 {
    UInt64(truncatingIfNeeded: summaries.bits(at: film &* width, width: width))
  }

  /// The summary of a film's other title `other` (counted from the first of all films' other
  /// titles) of a catalog of `films` films: its film's summary `film` with its own bits.
  @inline(__always) func bits(
    in summaries: UnsafeRawPointer, other: Int, films: Int, film: UInt64
  ) -> UInt64 {
    let shared = UInt64(placeBits &+ yearBits)
    let own = summaries.bits(at: films &* width &+ other &* Self.ownWidth, width: Self.ownWidth)
    return film & (1 &<< shared &- 1) | UInt64(truncatingIfNeeded: own) &<< shared
  }

  /// The word count of a film's other title `other` (counted from the first of all films'
  /// other titles) of a catalog of `films` films, read alone.
  @inline(__always) func ownWords(in summaries: UnsafeRawPointer, other: Int, films: Int) -> Int {
    summaries.bits(at: films &* width &+ other &* Self.ownWidth &+ 1, width: Self.wordBits)
  }

  /// Where film `film`'s summary starts among the summaries (what to ask for ahead).
  @inline(__always) func byteOffset(film: Int) -> Int { film &* width &>> 3 }

  /// Where other title `other`'s own bits start among the summaries of `films` films.
  @inline(__always) func byteOffset(other: Int, films: Int) -> Int {
    (films &* width &+ other &* Self.ownWidth) &>> 3
  }

  /// The place in the palette a summary says.
  @inline(__always) func place(_ bits: UInt64) -> Int {
    Int(truncatingIfNeeded: bits & (1 &<< UInt64(placeBits) &- 1))
  }

  /// The year a summary says (0: none; a code past the latest year, damage, reads as it).
  @inline(__always) func year(_ bits: UInt64) -> Int {
    let code = Int(truncatingIfNeeded: bits &>> UInt64(placeBits) & (1 &<< UInt64(yearBits) &- 1))
    return code == 0 ? 0 : min(earliestYear &+ code &- 1, CatalogFile.latestYear)
  }

  /// Whether a summary's title starts with an article.
  @inline(__always) func startsWithArticle(_ bits: UInt64) -> Bool {
    bits &>> UInt64(placeBits &+ yearBits) & 1 != 0
  }

  /// The word count a summary says.
  @inline(__always) func words(_ bits: UInt64) -> Int {
    Int(truncatingIfNeeded: bits &>> UInt64(placeBits &+ yearBits &+ 1))
  }
}
