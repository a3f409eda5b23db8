import Foundation
import Testing

@testable import MovieSearch

/// A title's summary keeps its film's place in the catalog's popularity palette, and a
/// record what its film's votes add to the place's: every popularity and vote count reads
/// back as the catalog keeps it, more pairs than places keep their order, and a damaged place
/// or count reads within the palette or is refused.
@Suite struct PopularityPaletteTests {
  /// A film of each of `votes`, its title its number.
  func entries(votes: [Int]) -> [CatalogFile.Entry] {
    votes.enumerated().map { index, votes in
      CatalogFile.Entry(
        id: index + 1, title: "Film \(index + 1)", year: 1950 + index % 70, votes: votes,
        popularity: Double(votes))
    }
  }

  /// `popularity` as a catalog keeps it.
  func kept(_ popularity: Float) -> Float {
    CatalogFile.popularity(kept: CatalogFile.summaryPopularity(popularity))
  }

  @Test func everyFilmReadsBackItsPopularityAndVotes() throws {
    let votes = (0..<500).map { $0 * $0 * 13 % 100_003 } + [0, 0, 7, 7, 3_000_000]
    let store = try CatalogStore(bytes: CatalogFile.encode(entries(votes: votes)))
    // A place for each vote count: the records keep no bits of them.
    #expect(store.layout.paletteCount == Set(votes).count)
    #expect(store.records.widths[RecordLayout.Field.votes.rawValue] == 0)
    for (film, count) in votes.enumerated() {
      let popularity = kept(CatalogFile.popularityWeight(Double(count)))
      #expect(store.summary(film).popularity == popularity, "film \(film), \(count) votes")
      #expect(store.record(film).votes == count)
      #expect(store.record(film).year == 1950 + film % 70)
    }
  }

  @Test func aPopularityOfItsOwnKeepsItsFilmsVotes() throws {
    // A CSV's popularity need not follow the votes (TMDb's export has none).
    var films = entries(votes: [5, 5, 900, 12, 0])
    for (index, popularity) in [40.0, 3.5, 3.5, 1e6, 0].enumerated() {
      films[index].popularity = popularity
    }
    let store = try CatalogStore(bytes: CatalogFile.encode(films))
    for (film, entry) in films.enumerated() {
      #expect(store.record(film).votes == entry.votes)
      #expect(
        store.summary(film).popularity == kept(CatalogFile.popularityWeight(entry.popularity)))
    }
  }

  @Test func morePairsThanPlacesKeepTheirOrder() {
    // 20 popularities, each of two vote counts, in 8 places.
    let values = (0..<40).map { Float($0 / 2 + 1) }.shuffled()
    let votes = values.indices.map { Int(values[$0]) * 10 + $0 % 4 }
    let palette = PopularityPalette(values, votes: votes, most: 8)
    // Rank r of 20 at place ⌊r · 8 / 20⌋.
    #expect(palette.entries.count == 8)
    #expect(zip(palette.entries, palette.entries.dropFirst()).allSatisfy { $0 < $1 })
    let read = zip(zip(values, votes), palette.places).sorted { $0.0.0 < $1.0.0 }
    // Ascending popularities have places that never go down; each reads as at most itself,
    // neighbours sharing a place, and its votes as at least its place's least.
    #expect(zip(read, read.dropFirst()).allSatisfy { $0.1 <= $1.1 })
    for ((value, votes), place) in read {
      #expect(palette.entries[place] <= value)
      #expect(place + 1 == palette.entries.count || palette.entries[place + 1] > value)
      #expect(palette.leastVotes[place] <= votes)
    }
    #expect(Set(palette.places).count == palette.entries.count)
  }

  @Test func pairsThatFitHaveAPlaceEach() {
    let palette = PopularityPalette([1, 1, 2, 2, 1], votes: [10, 11, 20, 20, 10], most: 8)
    #expect(palette.entries == [1, 1, 2])
    #expect(palette.leastVotes == [10, 11, 20])
    #expect(palette.places == [0, 1, 2, 2, 0])
  }

  @Test func noTitlesMakeAPaletteOfOnePlace() {
    let palette = PopularityPalette([], votes: [])
    #expect(palette.entries == [0])
    #expect(palette.leastVotes == [0])
    #expect(palette.places.isEmpty)
  }

  @Test func aPlacePastThePaletteReadsItsLast() throws {
    var bytes = try CatalogFile.encode(entries(votes: [10, 20, 30]))
    let opened = try CatalogStore(bytes: bytes)
    let summaries = opened.layout.summaries
    let places = opened.summaryLayout.placeBits
    #expect(places == 2)
    // Title 1's place, its low bits, set past the palette's three.
    for bit in opened.summaryLayout.width..<opened.summaryLayout.width + places {
      bytes[summaries + bit / 8] |= 1 << (bit % 8)
    }
    let store = try CatalogStore(bytes: bytes)
    #expect(store.summary(1).popularity == store.summary(2).popularity)
    #expect(store.record(1).votes == 30)
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
