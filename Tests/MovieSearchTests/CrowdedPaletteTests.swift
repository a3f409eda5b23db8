import Foundation
import Testing

@testable import MovieSearch

/// A catalog of more popularity and vote pairs than a palette has places: placed by
/// popularity, each record keeping what its votes add to its place's least.
@Suite struct CrowdedPaletteTests {
  /// Films each of a popularity of its own (TMDb's, say), their votes not following it:
  /// spread so that every kept popularity differs (more than places: neighbours share one),
  /// or close so that neighbours' are kept as one (fewer than places).
  @Test(arguments: [true, false])
  func votesAndTheOrderOfPopularitiesSurvive(spread: Bool) throws {
    let count = PopularityPalette.most + 4_000
    func popularity(_ index: Int) -> Double {
      spread ? pow(10, Double(index) / 10_000) - 1 : Double(index) * 1.5
    }
    let films = (0..<count).map { (index: Int) -> CatalogFile.Entry in
      CatalogFile.Entry(
        id: index + 1, title: "F\(index)", year: 2000, votes: index * 7_919 % 50_000,
        popularity: popularity(index))
    }
    let store = try CatalogStore(bytes: CatalogFile.encode(films))
    if spread {
      #expect(store.layout.paletteCount == PopularityPalette.most)
    } else {
      #expect(store.layout.paletteCount < PopularityPalette.most)
    }
    #expect(store.records.widths[RecordLayout.Field.votes.rawValue] > 0)
    var previous: Float = -1
    for (film, entry) in films.enumerated() {
      #expect(store.record(film).votes == entry.votes)
      let popularity = store.summary(film).popularity
      #expect(popularity >= previous)
      previous = popularity
    }
  }
}
