import Foundation
import Testing

@testable import MovieSearch

/// A field whose few largest values would widen every record is escaped: it takes the bits
/// most values need, and the values that do not fit — and its own largest, which says "look
/// it up" — are kept apart (``RecordExceptions``). Every value reads back, through records,
/// listings and filters; a field is escaped only when that takes fewer bits; damage reads as
/// the escape's value or is refused, never past the file.
@Suite struct RecordExceptionsTests {
  /// 400 films of 80 to 179 minutes, a few of them (`long`) far longer, one of exactly 255
  /// (all ones in 8 bits); some with budgets, one enormous.
  static func entries(long: [Int: Int]) -> [CatalogFile.Entry] {
    (0..<400).map { index in
      var entry = CatalogFile.Entry(
        id: index + 1, title: "Film \(index)", year: 1950 + index % 70, votes: index)
      entry.minutes = long[index] ?? 80 + index % 100
      if index % 50 == 0 { entry.budget = index == 100 ? 3_000_000_000 : 1_000 * (index + 1) }
      return entry
    }
  }

  static let long = [7: 51_420, 100: 255, 250: 900, 399: 14_400]

  @Test func fewWideValuesAreKeptApartAndReadBack() throws {
    let entries = Self.entries(long: Self.long)
    let store = try CatalogStore(bytes: CatalogFile.encode(entries))
    let layout = try #require(store.layout.records)
    // Minutes to 179 take 8 bits, not 16; 255 is the escape, kept apart too.
    #expect(layout.widths[RecordLayout.Field.minutes.rawValue] == 8)
    #expect(layout.escapeValue(.minutes) == 255)
    #expect(store.layout.recordExceptionCount >= Self.long.count)
    let reader = store.recordReader
    for (index, entry) in entries.enumerated() {
      #expect(store.record(index).minutes == entry.minutes, "film \(index)")
      #expect(reader.filterFields(index).minutes == entry.minutes)
      #expect(store.record(index).budget == entry.budget ?? 0)
    }
  }

  @Test func aFieldIsEscapedOnlyWhenThatTakesFewerBits() throws {
    // Without the long films, minutes take the 8 bits their largest needs, as before.
    let plain = try CatalogStore(bytes: CatalogFile.encode(Self.entries(long: [:])))
    #expect(plain.layout.records?.escapeValue(.minutes) == nil)
    #expect(plain.layout.records?.widths[RecordLayout.Field.minutes.rawValue] == 8)
    // With them, each record is five bits smaller: more than the values kept apart cost.
    let escaped = try CatalogStore(bytes: CatalogFile.encode(Self.entries(long: Self.long)))
    let fullWidth = 16 * 400
    let cost = 8 * 400 + escaped.layout.recordExceptionCount * RecordExceptions.entryBits
    #expect(cost < fullWidth)
    // A field whose values mostly need all its bits is not escaped.
    let wide = (0..<400).map { index in
      var entry = CatalogFile.Entry(id: index + 1, title: "Film \(index)", year: 2000)
      entry.minutes = 200 + index
      return entry
    }
    let store = try CatalogStore(bytes: CatalogFile.encode(wide))
    #expect(store.layout.records?.escapeValue(.minutes) == nil)
    #expect((0..<400).allSatisfy { store.record($0).minutes == 200 + $0 })
  }

  @Test func aListingAndAFilterSeeTheValuesKeptApart() throws {
    let catalog = OfflineCatalog(
      store: try CatalogStore(bytes: CatalogFile.encode(Self.entries(long: Self.long))))
    var filter = MovieFilter()
    filter.minRuntime = 256
    let page = try catalog.discoverMovies(filter, page: 1, pageSize: 100)
    #expect(Set(page.results.map(\.id)) == [8, 251, 400])
    #expect(try catalog.movieDetails(id: 8, language: nil).runtime == 51_420)
  }

  @Test func aValueMissingFromThoseKeptApartReadsAsTheEscapeAndABadCountIsRefused() throws {
    let good = try CatalogFile.encode(Self.entries(long: Self.long))
    let count = try CatalogStore(bytes: good).layout.recordExceptionCount
    // Film 7's minutes, kept apart, made to name another field: film 7's are then not found.
    var bytes = good
    let records = try #require(CatalogStore(bytes: good).layout.records)
    let apart = CatalogFile.headerSize + records.size(count: 400)
    let key = 7 << 4 | RecordLayout.Field.minutes.rawValue
    let entry = try #require(
      (0..<count).first { bytes[apart + $0 * RecordExceptions.entrySize] == UInt8(key) })
    bytes[apart + entry * RecordExceptions.entrySize] = UInt8(7 << 4 | 15)
    let damaged = try CatalogStore(bytes: bytes)
    #expect(damaged.record(7).minutes == 255)
    #expect(try CatalogStore(bytes: good).record(7).minutes == 51_420)
    // More values apart than fields, or other than the file holds: damage.
    for wrong in [count + 1, 400 * RecordLayout.Field.allCases.count + 1, Int(UInt32.max)] {
      var bytes = good
      bytes.replaceSubrange(
        CatalogFile.recordExceptionsCountOffset..<CatalogFile.recordExceptionsCountOffset + 4,
        with: withUnsafeBytes(of: UInt32(wrong).littleEndian, Array.init))
      #expect(throws: CatalogFile.FormatError.self, "\(wrong)") { try CatalogStore(bytes: bytes) }
    }
  }

  @Test func theHeaderSaysWhichFieldsAreEscaped() throws {
    let good = try CatalogFile.encode(Self.entries(long: Self.long))
    let at = CatalogFile.recordWidthsOffset + RecordLayout.Field.minutes.rawValue
    #expect(good[at] == 8 | RecordLayout.escapedBit)
    // An escaped field of no bits, or a width past 32, is damage.
    for byte: UInt8 in [RecordLayout.escapedBit, RecordLayout.escapedBit | 40, 0x40 | 8] {
      var bytes = good
      bytes[at] = byte
      #expect(throws: CatalogFile.FormatError.self, "\(byte)") { try CatalogStore(bytes: bytes) }
    }
    #expect(RecordLayout(headerBytes: [UInt8](repeating: 0, count: 10)) == RecordLayout.none)
    // Only the minutes and the budget may be escaped (only their reads test for it).
    var rating = good
    rating[CatalogFile.recordWidthsOffset + RecordLayout.Field.rating.rawValue] |=
      RecordLayout.escapedBit
    #expect(throws: CatalogFile.FormatError.self) { try CatalogStore(bytes: rating) }
  }
}
