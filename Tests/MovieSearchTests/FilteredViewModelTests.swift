import MovieSearch
import Streams
import Testing

@testable import TestSupport

/// The search view model's filters input, on virtual time: a filter is combined with the
/// latest text, debounced with it, cancels what it supersedes, pages like a search, and is
/// carried by every state it leads to.
@Suite struct FilteredViewModelTests {
  let viewModel = MoviesSearchViewModelTests()

  static let comedies: MovieFilter = {
    var filter = MovieFilter()
    filter.genres = ["Comedy"]
    return filter
  }()

  static let nineties: MovieFilter = {
    var filter = comedies
    (filter.fromYear, filter.toYear) = (1990, 1999)
    filter.sort = MovieFilter.Sort(.rating)
    return filter
  }()

  @Test func aFilterChangeSearchesTheSameTextAgainWithIt() async throws {
    let run = try await viewModel.run(
      typing: [(0, "love")], filters: [(1000, Self.comedies)])
    #expect(
      run.states == [
        "0 idle", "300 loading love", "400 success love [\"Love 1\"] of 1",
        "1300 loading love [Comedy]", "1400 success love [\"Love [Comedy] 1\"] of 1 [Comedy]",
      ])
    #expect(run.log == ["search love @300", "search love [Comedy] @1300"])
  }

  @Test func aFilterBeforeAnyTextListsItsFilmsInItsOrder() async throws {
    let run = try await viewModel.run(typing: [], filters: [(0, Self.nineties)])
    #expect(
      run.states == [
        "0 idle", "300 loading  [Comedy 1990-1999 by rating]",
        "400 success  [\"[Comedy 1990-1999 By Rating] 1\"] of 1 [Comedy 1990-1999 by rating]",
      ])
    #expect(run.log == ["discover [Comedy 1990-1999 by rating] @300"])
  }

  @Test func aTextAndAFilterChangedTogetherAreOneSearch() async throws {
    let run = try await viewModel.run(
      typing: [(0, "lov"), (100, "love")], filters: [(150, Self.comedies)])
    #expect(run.log == ["search love [Comedy] @450"])
    #expect(run.states.first == "0 idle")
    #expect(run.states.last?.hasSuffix("of 1 [Comedy]") == true)
  }

  @Test func aNewFilterCancelsTheSearchInFlight() async throws {
    let run = try await viewModel.run(
      typing: [(0, "slow")], filters: [(500, Self.comedies)],
      latency: { $0 == "slow" ? .seconds(3) : .milliseconds(100) })
    #expect(
      run.log == ["search slow @300", "search slow [Comedy] @800", "cancelled slow @800"])
    #expect(
      run.states == [
        "0 idle", "300 loading slow", "800 loading slow [Comedy]",
        "900 success slow [\"Slow [Comedy] 1\"] of 1 [Comedy]",
      ])
  }

  @Test func clearingTheFilterAndTheTextReturnsToIdleAndAnEmptyFilterIsNotAListing()
    async throws
  {
    let run = try await viewModel.run(
      typing: [(0, "love"), (2000, "")],
      filters: [(1000, Self.comedies), (3000, MovieFilter())])
    #expect(
      run.log == [
        "search love @300", "search love [Comedy] @1300", "discover [Comedy] @2300",
      ])
    #expect(run.states.last == "3300 idle")
  }

  @Test func aFilteredListPagesWithItsFilter() async throws {
    let run = try await viewModel.run(
      typing: [], more: [1000], filters: [(0, Self.comedies)],
      pages: { key, page in
        let films = (0..<20).map { Movie(id: page * 100 + $0, title: "\(key) \(page)-\($0)") }
        return .success(MoviePage(page: page, results: films, totalPages: 2, totalResults: 40))
      })
    #expect(run.log == ["discover [Comedy] @300", "discover [Comedy] p2 @1000"])
    #expect(
      run.states.suffix(2) == [
        "1000 loadingMore  20 of 40 [Comedy]", "1100 success  40 of 40 [Comedy]",
      ])
  }

  @Test func anAppearanceWithAFilterSetDoesNotListPopularFilms() async throws {
    let run = try await viewModel.run(typing: [], appear: [0], filters: [(0, Self.comedies)])
    #expect(run.log.contains("discover [Comedy] @300"))
    #expect(run.states.last?.hasSuffix("[Comedy]") == true)
  }
}
