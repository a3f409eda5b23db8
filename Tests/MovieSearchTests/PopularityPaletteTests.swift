import Foundation
import Testing

@testable import MovieSearch

/// A title's summary keeps its film's place in the catalog's popularity palette: every
/// popularity reads back as the catalog keeps it, more distinct ones than places keep their
/// order, and a damaged place or count reads within the palette or is refused.
@Suite struct PopularityPaletteTests {
  /// A film of each of `votes`, its title its number.
  func entries(votes: [Int]) -> [CatalogFile.Entry] {
    votes.enumerated().map { index, votes in
      CatalogFile.Entry(
        id: index + 1, title: "Film \(index + 1)", year: 1950 + index % 70, votes: votes,
        popularity: Double(votes))
    }
  }

  @Test func everyTitleReadsBackItsFilmsPopularity() throws {
    let votes = (0..<500).map { $0 * $0 * 13 % 100_003 } + [0, 0, 7, 7, 3_000_000]
    let store = try CatalogStore(bytes: CatalogFile.encode(entries(votes: votes)))
    let kept = votes.map {
      CatalogFile.popularity(
        kept: CatalogFile.summaryPopularity(CatalogFile.popularityWeight(Double($0))))
    }
    // Counts a vote or so apart among a hundred thousand share a kept popularity.
    #expect(store.layout.paletteCount == Set(kept).count)
    #expect(Set(kept).count < Set(votes).count)
    for (film, count) in votes.enumerated() {
      #expect(store.summary(film).popularity == kept[film], "film \(film), \(count) votes")
      #expect(store.summary(film).year == 1950 + film % 70)
    }
  }

  @Test func morePopularitiesThanPlacesKeepTheirOrder() {
    let values = (0..<(PopularityPalette.most + 9_000)).map { Float($0) / 1_000 }.shuffled()
    let palette = PopularityPalette(values)
    #expect(palette.entries.count == PopularityPalette.most)
    #expect(zip(palette.entries, palette.entries.dropFirst()).allSatisfy { $0 < $1 })
    let kept = values.map { CatalogFile.popularity(kept: CatalogFile.summaryPopularity($0)) }
    #expect(Set(kept).count == values.count)
    let read = zip(kept, palette.places).sorted { $0.0 < $1.0 }
    // Ascending popularities have places that never go down; each reads as at most itself,
    // neighbours sharing a place.
    #expect(zip(read, read.dropFirst()).allSatisfy { $0.1 <= $1.1 })
    for (value, place) in read {
      #expect(palette.entries[place] <= value)
      #expect(place + 1 == palette.entries.count || palette.entries[place + 1] > value)
    }
  }

  @Test func noTitlesMakeAPaletteOfOnePlace() {
    let palette = PopularityPalette([])
    #expect(palette.entries == [0])
    #expect(palette.places.isEmpty)
  }

  @Test func aPlacePastThePaletteReadsItsLast() throws {
    var bytes = try CatalogFile.encode(entries(votes: [10, 20, 30]))
    let layout = try CatalogStore(bytes: bytes).layout
    // Title 1's place, its low 16 bits, set past the palette's three.
    bytes[layout.summaries + CatalogFile.summarySize] = 0xFF
    bytes[layout.summaries + CatalogFile.summarySize + 1] = 0xFF
    let store = try CatalogStore(bytes: bytes)
    #expect(store.summary(1).popularity == store.summary(2).popularity)
    #expect(store.summary(1).year == 1951)
  }

  @Test func aPaletteOfNoPlaceOrTooManyIsDamage() throws {
    let bytes = try CatalogFile.encode(entries(votes: [10, 20, 30]))
    for count in [0, PopularityPalette.most + 1, Int(UInt32.max)] {
      var damaged = bytes
      for byte in 0..<4 {
        damaged[CatalogFile.paletteCountOffset + byte] = UInt8(
          truncatingIfNeeded: count >> (8 * byte))
      }
      #expect(throws: CatalogFile.FormatError.self) { try CatalogStore(bytes: damaged) }
    }
  }
}
