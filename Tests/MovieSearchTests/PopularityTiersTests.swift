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

  /// Popularities the steps do not count apart — below nothing, beyond the greatest counted,
  /// infinite — still have their tier's ceiling at or above them.
  @Test func aPopularityOutsideTheStepsIsStillBoundedByItsCeiling() {
    for popularity: Float in [-3, 0, 1e-9, 15.999, 16, 1e30, .infinity, -.infinity] {
      let step = PopularityTiers.step(popularity)
      #expect((0..<PopularityTiers.steps).contains(step), "\(popularity)")
    }
    #expect(PopularityTiers.step(.nan) == 0)
    #expect(PopularityTiers.step(6.5) < PopularityTiers.step(6.6))
  }
}
