import Testing

@testable import MovieSearch

/// A catalog's titles split into popularity tiers of about an eighth each, the least popular
/// first, each with the greatest popularity of its titles: the bound a search gives a bucket
/// of one tier's films.
@Suite struct PopularityTiersTests {
  @Test func eachTierHoldsAboutAnEighthOfTheTitlesLessPopularThanTheNext() throws {
    for store in [try OfflineCatalog.builtIn().store, PruningTests.withPeople.store] {
      let tiers = PopularityTiers(store: store)
      #expect(tiers.tiers.count == store.titleCount)
      #expect(tiers.ceilings.count == PopularityTiers.count)
      var counts = [Int](repeating: 0, count: PopularityTiers.count)
      var greatest = [Float](repeating: -.infinity, count: PopularityTiers.count)
      var least = [Float](repeating: .infinity, count: PopularityTiers.count)
      for title in 0..<store.titleCount {
        let tier = Int(tiers.tiers[title])
        let popularity = store.summary(title).popularity
        counts[tier] += 1
        greatest[tier] = max(greatest[tier], popularity)
        least[tier] = min(least[tier], popularity)
      }
      // The ceiling is the tier's greatest popularity, no more: a bound, and a tight one.
      #expect(tiers.ceilings == greatest)
      // Every title of a tier is more popular than every title of the tiers below it.
      for tier in 1..<PopularityTiers.count where counts[tier] > 0 {
        #expect(least[tier] > tiers.ceilings[tier - 1], "tier \(tier)")
      }
      // About an eighth each: titles of one popularity share a tier, so not exactly.
      let eighth = store.titleCount / PopularityTiers.count
      for (tier, count) in counts.enumerated() {
        #expect(count > eighth / 2 && count < eighth * 2, "tier \(tier): \(count) of \(eighth * 8)")
      }
    }
  }

  /// Popularities the steps do not count apart — none, beyond the greatest counted,
  /// infinite — land in the first or last step, and every title is still at or below its
  /// tier's ceiling.
  @Test func aPopularityOutsideTheStepsIsStillBelowItsTiersCeiling() throws {
    #expect(PopularityTiers.step(.nan) == 0)
    #expect(PopularityTiers.step(-.infinity) == 0)
    #expect(PopularityTiers.step(-3) == 0)
    #expect(PopularityTiers.step(1e30) == PopularityTiers.steps - 1)
    #expect(PopularityTiers.step(.infinity) == PopularityTiers.steps - 1)
    #expect(PopularityTiers.step(6.5) < PopularityTiers.step(6.6))
    let popularities: [Double] = [0, 0, 3, 40, 1e20, 1e40, .infinity] + (1...40).map(Double.init)
    let entries = popularities.enumerated().map { index, popularity in
      var entry = CatalogFile.Entry(id: index + 1, title: "Film \(index)", year: 1990, votes: 10)
      entry.popularity = popularity
      return entry
    }
    let store = try CatalogStore(bytes: CatalogFile.encode(entries))
    let tiers = PopularityTiers(store: store)
    for title in 0..<store.titleCount {
      let popularity = store.summary(title).popularity
      #expect(popularity <= tiers.ceilings[Int(tiers.tiers[title])], "\(popularity)")
    }
    // The infinite one is in the last tier, whose ceiling it is.
    #expect(tiers.ceilings.last == .infinity)
  }
}
