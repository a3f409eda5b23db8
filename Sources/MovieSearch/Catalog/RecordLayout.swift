/// Where each field of a film's record is: records are one array of bits, each field in as
/// many as the catalog's largest value of it needs — none for a field no film has (IMDb's
/// files give no MPAA ratings; a catalog of them keeps its genres by name) — as the header
/// says (``CatalogFile/recordWidthsOffset``, a byte a field).
///
/// At IMDb's size a record takes 15 bits instead of 16 bytes: minutes (8, escaped: see below),
/// ratings in tenths (7); the flags none (whether a title starts with an article is its
/// summary's). The ids are a table of their own (ascending, as films are
/// stored by id: a few bits each beside the block's first), and their field takes none; so
/// does the year's when every film's fits a summary (to ``CatalogFile/latestYear``, as every
/// real one does): a film's year is then its display title's summary's, which ranking reads
/// anyway. And a film's votes are what they add to the least of its place in the popularity
/// palette (see ``PopularityPalette``): nothing when each vote count has a place of its own.
///
/// A field whose few largest values would widen every record (a 51,420-minute film among
/// films of two hours; a few budgets in the hundreds of millions) is **escaped**: it takes the
/// bits most values need, its largest value there says "look it up", and the values that do
/// not fit are kept apart (``RecordExceptions``), when that takes fewer bits in all. The
/// header's byte of an escaped field has its top bit set.
struct RecordLayout: Equatable {
  static func == (a: RecordLayout, b: RecordLayout) -> Bool { a.headerBytes == b.headerBytes }

  /// A record's fields, in their order in it.
  enum Field: Int, CaseIterable {
    case id, votes, year, minutes
    /// Tenths of a point.
    case rating
    case mpaa, genreFlags, flags, budget
    /// IMDb's number, when it is not the id.
    case imdbNumber
  }

  /// Each field's bits, by ``Field``: 0 to 32.
  var widths: [Int] { (0..<Field.allCases.count).map { Int(fieldWidths[$0]) } }
  /// Each field's bits and where it starts in a record: read for every film of a listing,
  /// so in place rather than in arrays (a retain and a release each).
  private let fieldWidths: InlineArray<10, UInt8>
  private let fieldOffsets: InlineArray<10, UInt16>
  /// The bits of a record.
  let bits: Int
  /// Whether a film's year is read from its display title's summary (its field takes none).
  let yearsInSummaries: Bool
  /// Which fields are escaped, a bit each by ``Field`` (an escaped field's largest value says
  /// "look it up"): a listing reads a field of every film, and the layout is copied with the
  /// reader, so it stays small.
  private let escapedFields: UInt16

  /// Whether field `field` may be escaped: the minutes and the budget, whose few largest
  /// values lie far from the rest (a 51,420-minute film; budgets of hundreds of millions
  /// among films of none). Only their reads test for an escape: a listing reads a field of
  /// every film, and the test in every field's read cost a sort by popularity at IMDb's size
  /// 45 % (4.3 → 6.2 ms; `search-eval --discover`).
  @inline(__always) static func mayBeEscaped(_ field: Field) -> Bool {
    field == .minutes || field == .budget
  }

  /// The top bit of an escaped field's byte in the header.
  static let escapedBit: UInt8 = 0x80

  /// The layout of records whose fields take `widths` bits (one per ``Field``), those of
  /// `escaped` escaped; `nil` when one is wider than a field can be, or an escaped one takes
  /// none or may not be escaped (damage).
  init?(widths: [Int], escaped: Set<Field> = []) {
    guard widths.count == Field.allCases.count, widths.allSatisfy({ (0...32).contains($0) }),
      escaped.allSatisfy({ widths[$0.rawValue] > 0 && Self.mayBeEscaped($0) })
    else { return nil }
    var fieldWidths = InlineArray<10, UInt8>(repeating: 0)
    var fieldOffsets = InlineArray<10, UInt16>(repeating: 0)
    var at = 0
    for (field, width) in widths.enumerated() {
      fieldWidths[field] = UInt8(width)
      fieldOffsets[field] = UInt16(at)
      at += width
    }
    self.fieldWidths = fieldWidths
    self.fieldOffsets = fieldOffsets
    escapedFields = escaped.reduce(0) { $0 | 1 << UInt16($1.rawValue) }
    bits = at
    yearsInSummaries = widths[Field.year.rawValue] == 0
  }

  /// The layout the header's bytes say (see ``headerBytes``); `nil` for damage.
  init?(headerBytes: [UInt8]) {
    let escaped = Set(
      Field.allCases.filter {
        $0.rawValue < headerBytes.count && headerBytes[$0.rawValue] & Self.escapedBit != 0
      })
    self.init(widths: headerBytes.map { Int($0 & ~Self.escapedBit) }, escaped: escaped)
  }

  /// Each field's byte in the header: its bits, and the top bit when it is escaped.
  var headerBytes: [UInt8] {
    (0..<Field.allCases.count).map {
      fieldWidths[$0] | (escapedFields & 1 << UInt16($0) != 0 ? Self.escapedBit : 0)
    }
  }

  /// The value of field `field` that says "look it up" when it is escaped; `nil` when not.
  func escapeValue(_ field: Field) -> Int? {
    escapedFields & 1 << UInt16(field.rawValue) != 0
      ? 1 << Int(fieldWidths[field.rawValue]) - 1 : nil
  }

  /// Appends a record (its values by ``Field``) to `records`, a flat array of them (a
  /// million films' records as arrays of their own would take three times the memory): each
  /// value as the largest 32 bits hold when it is larger (the sources check them).
  static func append(_ record: [Int], to records: inout [UInt32]) {
    records += record.map { UInt32(clamping: $0) }
  }

  /// The layout that holds `records` (see ``append(_:to:)``) in the fewest bits: each field
  /// as wide as its largest needs — the year none when every one fits a summary — or escaped,
  /// as wide as most need, when the values kept apart cost less than the bits saved.
  init(holding records: [UInt32]) {
    let fields = Field.allCases.count
    let films = records.count / fields
    var widths: [Int] = []
    var escaped = Set<Field>()
    for field in Field.allCases {
      // How many values need each number of bits, and how many are all ones in theirs: a
      // width keeps apart the values that need more, and its own largest value.
      var needing = [Int](repeating: 0, count: 33)
      var allOnes = [Int](repeating: 0, count: 33)
      var largest: UInt32 = 0
      for film in 0..<films {
        let value = records[film * fields + field.rawValue]
        let bits = 32 - value.leadingZeroBitCount
        needing[bits] += 1
        if value.nonzeroBitCount == bits { allOnes[bits] += 1 }
        largest = max(largest, value)
      }
      if field == .year, largest <= CatalogFile.latestYear {
        widths.append(0)
        continue
      }
      let full = 32 - largest.leadingZeroBitCount
      var (best, bestWidth) = (films * full, full)
      for width in stride(from: 1, to: Self.mayBeEscaped(field) ? full : 1, by: 1) {
        let apart = needing[(width + 1)...].reduce(0, +) + allOnes[width]
        let cost = films * width + apart * RecordExceptions.entryBits
        if cost < best { (best, bestWidth) = (cost, width) }
      }
      widths.append(bestWidth)
      if bestWidth < full { escaped.insert(field) }
    }
    self.init(widths: widths, escaped: escaped)!
  }

  /// The layout of records of no fields (a damaged header's).
  static let none = RecordLayout(widths: Array(repeating: 0, count: Field.allCases.count))!

  /// The bytes records of `count` films take, with eight spare.
  func size(count: Int) -> Int { (max(0, count) * bits + 7) / 8 + 8 }

  /// Where record `index` starts, in bits.
  @inline(__always) func start(of index: Int) -> Int { index &* bits }

  /// Field `field` of record `film` of `bytes` (which hold eight bytes past it), or — when
  /// its bits say so — the value kept apart in `exceptions`.
  @inline(__always) func value(
    _ field: Field, of film: Int, in bytes: UnsafeRawPointer, apart exceptions: RecordExceptions
  ) -> Int {
    let width = Int(fieldWidths[field.rawValue])
    guard width > 0 else { return 0 }
    let value = bytes.bits(at: start(of: film) &+ Int(fieldOffsets[field.rawValue]), width: width)
    guard Self.mayBeEscaped(field),
      _slowPath(escapedFields & 1 &<< UInt16(field.rawValue) != 0 && value == 1 &<< width &- 1)
    else { return value }
    return exceptions.value(film: film, field: field) ?? value
  }

  /// `records` (see ``append(_:to:)``) as bits, with eight spare bytes, and the values kept
  /// apart (see ``RecordExceptions``).
  func encode(_ records: [UInt32]) -> (bytes: [UInt8], apart: [UInt8]) {
    var writer = BitWriter()
    var apart: [(film: Int, field: Field, value: UInt32)] = []
    let widths = widths
    for (at, value) in records.enumerated() where widths[at % widths.count] > 0 {
      let field = Field(rawValue: at % widths.count)!
      var written = UInt64(value)
      if let escape = escapeValue(field), value >= escape {
        apart.append((at / widths.count, field, value))
        written = UInt64(escape)
      }
      writer.write(written, bits: widths[field.rawValue])
    }
    return (writer.finished(), RecordExceptions.encode(apart))
  }

}

/// The records of a catalog, read in place a field at a time: a listing's filter reads only
/// the fields it tests, each a load and a shift. Made once per listing and kept (a copy of
/// the layout per film costs as much as the fields).
struct RecordReader {
  let layout: RecordLayout
  /// The records' bytes (eight spare past the last).
  let bytes: UnsafeRawPointer
  /// The titles' summaries (see ``CatalogFile``), where the films' years are when their
  /// field takes no bits, and their places in the popularity palette: film *i*'s is title
  /// *i*'s.
  let summaries: UnsafeRawPointer
  /// How the summaries are packed.
  let summaryLayout: SummaryLayout
  /// The popularity palette (see ``PopularityPalette``), where a film's least votes are.
  let palette: PopularityPalette.Reader
  /// The values of escaped fields their bits do not hold.
  let exceptions: RecordExceptions

  /// Field `field` of film `film`'s record (its year from its summary, when there; its
  /// votes what the record adds to its place's in the palette; a value its field's bits do
  /// not hold from those kept apart).
  @inline(__always) subscript(film: Int, field: RecordLayout.Field) -> Int {
    if field == .year, layout.yearsInSummaries {
      return summaryLayout.year(summaryLayout.bits(in: summaries, film: film))
    }
    let value = layout.value(field, of: film, in: bytes, apart: exceptions)
    guard field == .votes else { return value }
    let place = palette.place(summaryLayout.place(summaryLayout.bits(in: summaries, film: film)))
    return palette.leastVotes(place) &+ value
  }

  /// Film `film`'s rating, out of ten.
  @inline(__always) func rating(_ film: Int) -> Double { Double(self[film, .rating]) / 10 }

  /// Film `film`'s seven genre flags of the built-in catalog (see ``CatalogFile``).
  @inline(__always) func genreFlags(_ film: Int) -> UInt8 {
    UInt8(truncatingIfNeeded: self[film, .genreFlags])
  }

  /// What a filter asks of film `film`, read without its title.
  @inline(__always) func filterFields(_ film: Int) -> (
    year: Int, minutes: Int, rating: Double, votes: Int, mpaa: Int, genreFlags: UInt8
  ) {
    (
      self[film, .year], self[film, .minutes], rating(film), self[film, .votes],
      self[film, .mpaa], genreFlags(film)
    )
  }
}
