import Foundation
import Testing

@testable import MovieSearch

/// A catalog keeps a film's popularity in 24 bits (a float's exponent and 16 bits of its
/// fraction, its summary naming it by its place in the palette: see `PopularityPaletteTests`):
/// the order of popularities is kept, each within eight parts in a million; films that read
/// as equally popular — a vote apart among a hundred thousand — are listed by their votes, as
/// before.
@Suite struct SummaryPopularityTests {
  @Test func popularitiesKeepTheirOrderWithinEightPartsInAMillion() {
    var values: [Float] = [0, 1e-30, 1e-3, 0.5, 1, 7.5, 1e30]
    values += (0..<2_000).map { CatalogFile.popularityWeight(Double($0 * $0 * 7)) }
    values.sort()
    let kept = values.map { CatalogFile.popularity(kept: CatalogFile.summaryPopularity($0)) }
    for (value, read) in zip(values, kept) {
      #expect(abs(read - value) <= value * 7.7e-6, "\(value) read as \(read)")
    }
    #expect(zip(kept, kept.dropFirst()).allSatisfy { $0 <= $1 })
    let largest = CatalogFile.summaryPopularity(.greatestFiniteMagnitude)
    #expect(CatalogFile.popularity(kept: largest).isFinite)
    let infinite = CatalogFile.summaryPopularity(.infinity)
    #expect(CatalogFile.popularity(kept: infinite) == .infinity)
    #expect(CatalogFile.summaryPopularity(.nan) == 0)
    #expect(CatalogFile.summaryPopularity(-1) == 0)
    #expect(kept.allSatisfy { $0.isFinite })
  }

  @Test func filmsAVoteApartAreListedByTheirVotes() throws {
    // Read as equally popular; by id the less voted would come first.
    let entries: [CatalogFile.Entry] = [
      .init(id: 1, title: "Fewer Votes", year: 2001, votes: 100_000, genres: ["Drama"]),
      .init(id: 2, title: "More Votes", year: 2002, votes: 100_001, genres: ["Drama"]),
      .init(id: 3, title: "Least", year: 2003, votes: 10, genres: ["Drama"]),
    ]
    let store = try CatalogStore(bytes: CatalogFile.encode(entries))
    #expect(store.summary(0).popularity == store.summary(1).popularity)
    let catalog = OfflineCatalog(store: store)
    let discovered = try catalog.discoverMovies(MovieFilter(), page: 1)
    #expect(discovered.results.map(\.title) == ["More Votes", "Fewer Votes", "Least"])
    let popular = try catalog.popularMovies(page: 1, language: nil)
    #expect(popular.results.map(\.title) == ["More Votes", "Fewer Votes", "Least"])
  }
}
