import Foundation
import MovieSearch
import Streams
import StreamsTesting
import Synchronization
import Testing

@testable import TestSupport

/// The view models on virtual time, against a fake service: exact states at exact times.
@Suite struct MoviesSearchViewModelTests {
  struct Run {
    var states: [String]
    var log: [String]
    /// The routes, as "id@ms".
    var shown: [String]
  }

  func run(
    typing: [(Int, String)], appear: [Int] = [], select: [(Int, Int)] = [], more: [Int] = [],
    filters: [(Int, MovieFilter)] = [],
    latency: @escaping @Sendable (String) -> Duration = { _ in .milliseconds(100) },
    answer: (@Sendable (String) -> Result<MoviePage, MovieServiceError>)? = nil,
    pages: (@Sendable (String, Int) -> Result<MoviePage, MovieServiceError>)? = nil
  ) async throws -> Run {
    try await withVirtualTime { clock in
      let service =
        answer.map {
          FakeMovieService(clock: clock, latency: latency, answer: $0, pageAnswer: pages)
        }
        ?? FakeMovieService(clock: clock, latency: latency, pageAnswer: pages)
      let viewModel = MoviesSearchViewModel(service: service, clock: clock)
      func at<T>(_ events: [(Int, T)]) -> AsyncScheduledSequence<T, VirtualClock> {
        // The screen stays open until 10 s: inputs do not end right after their last event.
        AsyncScheduledSequence(
          events.map { (.milliseconds($0.0), $0.1) }, end: .seconds(10), clock: clock)
      }
      let input = MoviesSearchInput(
        appear: at(appear.map { ($0, ()) }), search: at(typing), selection: at(select),
        more: at(more.map { ($0, ()) }), retry: Empty(), filters: at(filters))
      let output = viewModel.transform(input: input)
      async let shown: [String] = {
        var shown: [String] = []
        for await case .details(let details) in output.routes {
          shown.append("\(details.movieID)@\(clock.now.offset.milliseconds)")
        }
        return shown
      }()
      var states: [String] = []
      for await state in output.states {
        states.append("\(clock.now.offset.milliseconds) \(describe(state))")
      }
      return Run(states: states, log: service.log, shown: await shown)
    }
  }

  /// A state in a few words; a filter, when there is one, after it in brackets.
  func describe(_ state: MoviesSearchState) -> String {
    guard let filter = state.filter, filter != MovieFilter() else { return describeQuery(state) }
    return describeQuery(state) + " [\(FakeMovieService.describe(filter))]"
  }

  private func describeQuery(_ state: MoviesSearchState) -> String {
    switch state {
    case .idle(let popular): popular.isEmpty ? "idle" : "idle \(popular.map(\.title))"
    case .loading(let query, _): "loading \(query)"
    case .success(let query, let movies, let total, _, _, _) where movies.count > 3:
      "success \(query) \(movies.count) of \(total)"
    case .success(let query, let movies, let total, _, _, _):
      "success \(query) \(movies.map(\.title)) of \(total)"
    case .loadingMore(let query, let movies, let total, _):
      "loadingMore \(query) \(movies.count) of \(total)"
    case .moreFailed(let query, let movies, let total, let message, _):
      "moreFailed \(query) \(movies.count) of \(total): \(message)"
    case .noResults(let query, _): "noResults \(query)"
    case .failure(let query, let message, _): "failure \(query): \(message)"
    }
  }

  @Test func typingWithinTheDebounceIntervalSearchesOnce() async throws {
    let run = try await run(typing: [(0, "m"), (100, "ma"), (200, "mat")])
    #expect(run.states == ["0 idle", "500 loading mat", "600 success mat [\"Mat 1\"] of 1"])
    #expect(run.log == ["search mat @500"])
  }

  @Test func clearingTheFieldReturnsToIdle() async throws {
    let run = try await run(typing: [(0, "mat"), (1000, "")])
    #expect(
      run.states == ["0 idle", "300 loading mat", "400 success mat [\"Mat 1\"] of 1", "1300 idle"])
  }

  @Test func aSupersededSlowSearchNeverShowsItsResult() async throws {
    let run = try await run(
      typing: [(0, "slow"), (500, "fast")],
      latency: { $0 == "slow" ? .seconds(3) : .milliseconds(100) })
    #expect(
      run.states == [
        "0 idle", "300 loading slow", "800 loading fast", "900 success fast [\"Fast 1\"] of 1",
      ])
    // The slow search was really cancelled, at the switch.
    #expect(run.log == ["search slow @300", "search fast @800", "cancelled slow @800"])
  }

  @Test func aFailureShowsTheMessage() async throws {
    let run = try await run(
      typing: [(0, "boom")],
      answer: { _ in .failure(.server(status: 500, message: "Internal Server Error")) })
    #expect(
      run.states == [
        "0 idle", "300 loading boom",
        "400 failure boom: The server failed (HTTP 500): Internal Server Error",
      ])
  }

  @Test func nothingFoundIsNoResults() async throws {
    let run = try await run(typing: [(0, "zzz")], answer: { _ in .success(.empty) })
    #expect(run.states == ["0 idle", "300 loading zzz", "400 noResults zzz"])
  }

  @Test func textIsTrimmedAndRepeatedQueriesAreNotSearchedAgain() async throws {
    let run = try await run(typing: [(0, "  mat "), (1000, "mat"), (2000, "ma"), (2100, "mat\n")])
    #expect(run.states == ["0 idle", "300 loading mat", "400 success mat [\"Mat 1\"] of 1"])
    #expect(run.log == ["search mat @300"])
  }

  @Test func whitespaceOnlyIsIdleWithoutASearch() async throws {
    let run = try await run(typing: [(0, "   "), (500, "\t")])
    #expect(run.states == ["0 idle"])
    #expect(run.log.isEmpty)
  }

  @Test func appearShowsPopularFilmsWhileIdleAndNeverInterruptsASearch() async throws {
    let idle = try await run(typing: [], appear: [0])
    #expect(idle.states == ["0 idle", "100 idle [\"Popular 1\", \"Popular 2\"]"])
    let busy = try await run(typing: [(0, "mat")], appear: [350])
    #expect(busy.states == ["0 idle", "300 loading mat", "400 success mat [\"Mat 1\"] of 1"])
    #expect(busy.log == ["search mat @300"])
    // Once loaded, clearing the field shows them again.
    let cleared = try await run(typing: [(500, "mat"), (2000, "")], appear: [0])
    #expect(cleared.states.last == "2300 idle [\"Popular 1\", \"Popular 2\"]")
  }

  @Test func moreLoadsMorePopularFilmsWhileIdle() async throws {
    let run = try await run(typing: [], appear: [0], more: [500, 900])
    #expect(
      run.states == [
        "0 idle", "100 idle [\"Popular 1\", \"Popular 2\"]",
        "600 idle [\"Popular 1\", \"Popular 2\", \"Popular 3\", \"Popular 4\"]",
      ])
    // The second more came after the last page: nothing asked.
    #expect(run.log == ["popular 1 @0", "popular 2 @500"])
    // After a search, a cleared field shows the popular films loaded, and pages on from them.
    let cleared = try await self.run(
      typing: [(500, "mat"), (1500, "")], appear: [0], more: [2500])
    #expect(
      cleared.states.suffix(2) == [
        "1800 idle [\"Popular 1\", \"Popular 2\"]",
        "2600 idle [\"Popular 1\", \"Popular 2\", \"Popular 3\", \"Popular 4\"]",
      ])
    #expect(cleared.log == ["popular 1 @0", "search mat @800", "popular 2 @2500"])
  }

  @Test func aSelectionIsARouteToTheDetailsOfThatFilm() async throws {
    let run = try await run(typing: [(0, "mat")], select: [(1000, 603), (2000, 604)])
    #expect(run.shown == ["603@1000", "604@2000"])
    #expect(run.states.count == 3)  // a selection changes no state of this screen
  }

  /// 45 films for any query: pages of 20, 20 and 5, titled "Query p-i".
  static let fortyFive: @Sendable (String, Int) -> Result<MoviePage, MovieServiceError> = {
    query, page in
    let count = page < 3 ? 20 : 5
    let movies = (0..<count).map { index in
      Movie(
        id: FakeMovieService.id(for: query) * 100 + page * 20 + index,
        title: "\(query.capitalized) \(page)-\(index + 1)")
    }
    return .success(MoviePage(page: page, results: movies, totalPages: 3, totalResults: 45))
  }

  @Test func moreAppendsPagesUntilTheLast() async throws {
    let run = try await run(
      typing: [(0, "mat")], more: [50, 1000, 1050, 2000], pages: Self.fortyFive)
    #expect(
      run.states == [
        "0 idle", "300 loading mat", "400 success mat 20 of 45",
        // A more before the first page is there counts for nothing; one during a page load
        // loads the page after it; one after the last page does nothing.
        "1000 loadingMore mat 20 of 45", "1100 success mat 40 of 45",
        "1100 loadingMore mat 40 of 45", "1200 success mat 45 of 45",
      ])
    #expect(run.log == ["search mat @300", "search mat p2 @1000", "search mat p3 @1100"])
  }

  @Test func aNewerQueryCancelsAPageAndNeverMixesPages() async throws {
    let run = try await run(
      typing: [(0, "mat"), (550, "star")], more: [500, 900],
      latency: { $0.hasSuffix("p2") ? .seconds(1) : .milliseconds(100) }, pages: Self.fortyFive)
    #expect(
      run.states == [
        "0 idle", "300 loading mat", "400 success mat 20 of 45", "500 loadingMore mat 20 of 45",
        "850 loading star", "950 success star 20 of 45",
        // The more at 900 came before star's first page: it counts for nothing.
      ])
    #expect(
      run.log == [
        "search mat @300", "search mat p2 @500", "search star @850", "cancelled mat p2 @850",
      ])
  }

  @Test func aFailedPageKeepsTheRowsAndTheNextMoreTriesAgain() async throws {
    let attempts = Lock(0)
    let run = try await run(
      typing: [(0, "mat")], more: [1000, 2000],
      pages: { query, page in
        guard page == 2 else { return Self.fortyFive(query, page) }
        let attempt = attempts.withLock {
          $0 += 1
          return $0
        }
        return attempt == 1
          ? .failure(.server(status: 503, message: "Service offline."))
          : Self.fortyFive(query, page)
      })
    #expect(
      run.states == [
        "0 idle", "300 loading mat", "400 success mat 20 of 45", "1000 loadingMore mat 20 of 45",
        "1100 moreFailed mat 20 of 45: The server failed (HTTP 503): Service offline.",
        "2000 loadingMore mat 20 of 45", "2100 success mat 40 of 45",
      ])
  }

  @Test func aPageRepeatingARowDoesNotListItTwice() async throws {
    let run = try await run(
      typing: [(0, "mat")], more: [1000],
      pages: { query, page in
        // Page 2 starts with page 1's last film (the list changed between the requests).
        var result = try! Self.fortyFive(query, page).get()
        if page == 2 { result.results[0] = try! Self.fortyFive(query, 1).get().results[19] }
        return .success(result)
      })
    #expect(run.states.last == "1100 success mat 39 of 45")
  }

}
