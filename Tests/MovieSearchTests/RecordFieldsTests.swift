import Foundation
import Testing

@testable import MovieSearch

/// A record stores a budget and an IMDb number only when the catalog has them (a catalog of
/// IMDb's files has no budgets, and its ids are IMDb's numbers): every field reads back as
/// it was, whichever are stored, and a header naming fields no version knows is damage.
@Suite struct RecordFieldsTests {
  /// Films with or without budgets, and IMDb numbers that are their ids, other numbers, or
  /// none.
  static func entries(budgets: Bool, imdb: (Int) -> Int?) -> [CatalogFile.Entry] {
    (0..<40).map { index in
      var entry = CatalogFile.Entry(
        id: 1000 + index * 7, title: "Film \(index)", year: 1960 + index, votes: 10 * index)
      entry.minutes = 80 + index
      entry.rating = Double(index % 10) + 0.5
      entry.genreFlags = UInt8(index % 5)
      if budgets, index % 3 == 0 { entry.budget = 1_000_000 * (index + 1) }
      entry.imdbNumber = imdb(entry.id)
      return entry
    }
  }

  /// Each field in as many bits as its largest value needs: minutes to 119 (7), ratings to
  /// 9.5 (7), genre flags to 4 (3), no MPAA rating and no article (0); budgets to 40 million
  /// (26), IMDb numbers other than the ids to 3,820 (12). The ids (to 1,273) are a table of
  /// their own, the years (to 1999) are the summaries', and each vote count (to 390) a place
  /// of the popularity palette: their fields take none.
  @Test(arguments: [
    (false, 0, 17), (true, 0, 43), (false, 1, 17), (false, 2, 29), (true, 2, 55),
  ])
  func everyFieldReadsBackWhicheverAreStored(budgets: Bool, imdb: Int, bits: Int) throws {
    let numbers: (Int) -> Int? = [{ _ in nil }, { $0 }, { $0 * 3 + 1 }][imdb]
    let entries = Self.entries(budgets: budgets, imdb: numbers)
    let store = try CatalogStore(bytes: CatalogFile.encode(entries))
    #expect(store.layout.records?.bits == bits)
    for (index, entry) in entries.enumerated() {
      let record = store.record(index)
      #expect(record.id == entry.id)
      #expect(record.votes == entry.votes)
      #expect(record.year == entry.year)
      #expect(record.minutes == entry.minutes)
      #expect(record.rating == entry.rating)
      #expect(record.genreFlags == entry.genreFlags)
      #expect(record.budget == entry.budget ?? 0)
      #expect(record.imdbNumber == entry.imdbNumber ?? 0)
      if let number = entry.imdbNumber {
        #expect(store.index(ofIMDbNumber: number) == index)
      }
    }
    #expect(store.index(ofIMDbNumber: 5) == nil)
  }

  /// A year past what a summary holds (``CatalogFile/latestYear``) keeps the years' field,
  /// and every film's year reads back as it was; within it, the field takes no bits.
  @Test func aYearPastWhatASummaryHoldsKeepsItsField() throws {
    var entries = Self.entries(budgets: false, imdb: { _ in nil })
    let within = try CatalogStore(bytes: CatalogFile.encode(entries))
    #expect(within.layout.records?.widths[RecordLayout.Field.year.rawValue] == 0)
    #expect(within.layout.records?.yearsInSummaries == true)
    entries[7].year = 2_100
    let past = try CatalogStore(bytes: CatalogFile.encode(entries))
    #expect(past.layout.records?.widths[RecordLayout.Field.year.rawValue] == 12)
    #expect(past.layout.records?.yearsInSummaries == false)
    for store in [within, past] {
      #expect(
        (0..<store.filmCount).map { store.record($0).year }
          == (0..<store.filmCount).map { store === within && $0 == 7 ? 1967 : entries[$0].year })
    }
    #expect(past.summary(7).year == CatalogFile.latestYear)
  }

  @Test func aHeaderNamingUnknownFieldsIsDamage() throws {
    var bytes = try CatalogFile.encode(Self.entries(budgets: true, imdb: { $0 }))
    for unknown: UInt8 in [8, 0x80] {
      bytes[CatalogFile.recordFieldsOffset] |= unknown
      #expect(throws: CatalogFile.FormatError.self) { try CatalogStore(bytes: bytes) }
    }
  }

  /// A field wider than 32 bits, or other widths than the records were written with (so
  /// that they no longer fill their section), is damage.
  @Test func aHeaderOfOtherRecordWidthsIsDamage() throws {
    let good = try CatalogFile.encode(Self.entries(budgets: true, imdb: { $0 * 3 + 1 }))
    for field in RecordLayout.Field.allCases {
      for width: UInt8 in [33, 255, good[CatalogFile.recordWidthsOffset + field.rawValue] + 8] {
        var bytes = good
        bytes[CatalogFile.recordWidthsOffset + field.rawValue] = width
        #expect(throws: CatalogFile.FormatError.self, "\(field) \(width)") {
          try CatalogStore(bytes: bytes)
        }
      }
    }
  }

  /// Values past 32 bits are written as the largest 32 bits hold, not into the next field.
  @Test func aValuePast32BitsKeepsToItsField() throws {
    var records: [UInt32] = []
    RecordLayout.append([1 << 40, 5, 0, 0, 0, 0, 0, 0, 0, 0], to: &records)
    let layout = RecordLayout(holding: records)
    #expect(layout.widths[0] == 32)
    let bytes = layout.encode(records).bytes
    bytes.withUnsafeBytes { raw in
      let none = RecordExceptions(base: raw.baseAddress!, count: 0)
      #expect(layout.value(.id, of: 0, in: raw.baseAddress!, apart: none) == Int(UInt32.max))
      #expect(layout.value(.votes, of: 0, in: raw.baseAddress!, apart: none) == 5)
    }
  }

  /// Ids are a table of their own, ascending: each film is found by its id, between and past
  /// ids that are far apart; an id past 32 bits cannot be stored.
  @Test func idsAreATableFoundBySearch() throws {
    let ids = [1, 2, 3, 70, 71, 5_000, 1 << 20, (1 << 20) + 1, Int(UInt32.max)]
    let entries = ids.reversed().map { CatalogFile.Entry(id: $0, title: "Film \($0)", year: 2000) }
    let store = try CatalogStore(bytes: CatalogFile.encode(entries))
    for (index, id) in ids.enumerated() {
      #expect(store.id(index) == id)
      #expect(store.record(index).title == "Film \(id)")
      #expect(store.index(ofID: id) == index)
    }
    for missing in [0, 4, 69, 4_999, 1 << 19, Int(UInt32.max) - 1] {
      #expect(store.index(ofID: missing) == nil)
    }
    #expect(store.id(-1) == 0 && store.id(ids.count) == 0)
    #expect(throws: CatalogFile.FormatError.self) {
      try CatalogFile.encode([CatalogFile.Entry(id: 1 << 33, title: "Far", year: 2000)])
    }
  }
}
