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

  @Test(arguments: [
    (false, 0, 16), (true, 0, 20), (false, 1, 16), (false, 2, 20), (true, 2, 24),
  ])
  func everyFieldReadsBackWhicheverAreStored(budgets: Bool, imdb: Int, size: Int) throws {
    let numbers: (Int) -> Int? = [{ _ in nil }, { $0 }, { $0 * 3 + 1 }][imdb]
    let entries = Self.entries(budgets: budgets, imdb: numbers)
    let store = try CatalogStore(bytes: CatalogFile.encode(entries))
    #expect(store.layout.recordSize == size)
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

  @Test func aHeaderNamingUnknownFieldsIsDamage() throws {
    var bytes = try CatalogFile.encode(Self.entries(budgets: true, imdb: { $0 }))
    for unknown: UInt8 in [8, 0x80] {
      bytes[CatalogFile.recordFieldsOffset] |= unknown
      #expect(throws: CatalogFile.FormatError.self) { try CatalogStore(bytes: bytes) }
    }
  }
}
