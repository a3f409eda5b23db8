/// Where each field of a film's record is: records are one array of bits, each field in as
/// many as the catalog's largest value of it needs — none for a field no film has (IMDb's
/// files give no MPAA ratings; a catalog of them keeps its genres by name) — as the header
/// says (``CatalogFile/recordWidthsOffset``, a byte a field).
///
/// At IMDb's size a record takes 21 bits instead of 16 bytes: minutes (13), ratings in tenths
/// (7), the article flag (1). The ids are a table of their own (ascending, as films are
/// stored by id: a few bits each beside the block's first), and their field takes none; so
/// does the year's when every film's fits a summary (to ``CatalogFile/latestYear``, as every
/// real one does): a film's year is then its display title's summary's, which ranking reads
/// anyway. And a film's votes are what they add to the least of its place in the popularity
/// palette (see ``PopularityPalette``): nothing when each vote count has a place of its own.
struct RecordLayout: Equatable {
  static func == (a: RecordLayout, b: RecordLayout) -> Bool { a.widths == b.widths }

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

  /// The layout of records whose fields take `widths` bits (one per ``Field``); `nil` when
  /// one is wider than a field can be (damage).
  init?(widths: [Int]) {
    guard widths.count == Field.allCases.count, widths.allSatisfy({ (0...32).contains($0) })
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
    bits = at
    yearsInSummaries = widths[Field.year.rawValue] == 0
  }

  /// Appends a record (its values by ``Field``) to `records`, a flat array of them (a
  /// million films' records as arrays of their own would take three times the memory): each
  /// value as the largest 32 bits hold when it is larger (the sources check them).
  static func append(_ record: [Int], to records: inout [UInt32]) {
    records += record.map { UInt32(clamping: $0) }
  }

  /// The layout that holds `records` (see ``append(_:to:)``), each field as wide as its
  /// largest needs — the year none when every one fits a summary.
  init(holding records: [UInt32]) {
    let fields = Field.allCases.count
    var largest = [UInt32](repeating: 0, count: fields)
    for (at, value) in records.enumerated() {
      largest[at % fields] = max(largest[at % fields], value)
    }
    if largest[Field.year.rawValue] <= CatalogFile.latestYear { largest[Field.year.rawValue] = 0 }
    self.init(widths: largest.map { 32 - $0.leadingZeroBitCount })!
  }

  /// The layout of records of no fields (a damaged header's).
  static let none = RecordLayout(widths: Array(repeating: 0, count: Field.allCases.count))!

  /// The bytes records of `count` films take, with eight spare.
  func size(count: Int) -> Int { (max(0, count) * bits + 7) / 8 + 8 }

  /// Where record `index` starts, in bits.
  @inline(__always) func start(of index: Int) -> Int { index &* bits }

  /// Field `field` of the record at bit `start` of `bytes` (which hold eight bytes past it).
  @inline(__always) func value(_ field: Field, at start: Int, in bytes: UnsafeRawPointer) -> Int {
    let width = Int(fieldWidths[field.rawValue])
    guard width > 0 else { return 0 }
    return bytes.bits(at: start &+ Int(fieldOffsets[field.rawValue]), width: width)
  }

  /// `records` (see ``append(_:to:)``) as bits, with eight spare bytes.
  func encode(_ records: [UInt32]) -> [UInt8] {
    var writer = BitWriter()
    let widths = widths
    for (at, value) in records.enumerated() where widths[at % widths.count] > 0 {
      writer.write(UInt64(value), bits: widths[at % widths.count])
    }
    return writer.finished()
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
  /// The popularity palette (see ``PopularityPalette``), where a film's least votes are.
  let palette: PopularityPalette.Reader

  /// Field `field` of film `film`'s record (its year from its summary, when there; its
  /// votes what the record adds to its place's in the palette).
  @inline(__always) subscript(film: Int, field: RecordLayout.Field) -> Int {
    if field == .year, layout.yearsInSummaries {
      return CatalogFile.year(summaryBits: CatalogFile.summaryBits(summaries, title: film))
    }
    let value = layout.value(field, at: layout.start(of: film), in: bytes)
    guard field == .votes else { return value }
    let place = palette.place(summaryBits: CatalogFile.summaryBits(summaries, title: film))
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
