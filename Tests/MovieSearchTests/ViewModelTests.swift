import Foundation
import MovieSearch
import Streams
import Synchronization
import Testing

/// The view models on virtual time, against a fake service: exact states at exact times.
@Suite struct MoviesSearchViewModelTests {
  struct Run {
    var states: [String]
    var log: [String]
    /// The routes, as "id@ms".
    var shown: [String]
  }

  func run(
    typing: [(Int, String)], appear: [Int] = [], select: [(Int, Int)] = [],
    latency: @escaping @Sendable (String) -> Duration = { _ in .milliseconds(100) },
    answer: (@Sendable (String) -> Result<MoviePage, MovieServiceError>)? = nil
  ) async throws -> Run {
    try await withVirtualTime { clock in
      let service =
        answer.map { FakeMovieService(clock: clock, latency: latency, answer: $0) }
        ?? FakeMovieService(clock: clock, latency: latency)
      let viewModel = MoviesSearchViewModel(service: service, clock: clock)
      func at<T>(_ events: [(Int, T)]) -> AsyncScheduledSequence<T, VirtualClock> {
        // The screen stays open until 10 s: inputs do not end right after their last event.
        AsyncScheduledSequence(
          events.map { (.milliseconds($0.0), $0.1) }, end: .seconds(10), clock: clock)
      }
      let input = MoviesSearchInput(
        appear: at(appear.map { ($0, ()) }), search: at(typing), selection: at(select))
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

  func describe(_ state: MoviesSearchState) -> String {
    switch state {
    case .idle(let popular): popular.isEmpty ? "idle" : "idle \(popular.map(\.title))"
    case .loading(let query): "loading \(query)"
    case .success(let query, let movies, let total):
      "success \(query) \(movies.map(\.title)) of \(total)"
    case .noResults(let query): "noResults \(query)"
    case .failure(let query, let message): "failure \(query): \(message)"
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

  @Test func aSelectionIsARouteToTheDetailsOfThatFilm() async throws {
    let run = try await run(typing: [(0, "mat")], select: [(1000, 603), (2000, 604)])
    #expect(run.shown == ["603@1000", "604@2000"])
    #expect(run.states.count == 3)  // a selection changes no state of this screen
  }
}

@Suite struct MovieDetailsViewModelTests {
  func states(id: Int, appear: [Int]) async throws -> [String] {
    try await withVirtualTime { clock in
      let viewModel = MovieDetailsViewModel(movieID: id, service: FakeMovieService(clock: clock))
      let input = MovieDetailsInput(
        appear: AsyncScheduledSequence(appear.map { (.milliseconds($0), ()) }, clock: clock))
      var states: [String] = []
      for await state in viewModel.transform(input: input) {
        let text: String =
          switch state {
          case .loading: "loading"
          case .success(let details, let poster): "success \(details.movie.title) \(poster ?? "-")"
          case .failure(let message): "failure \(message)"
          }
        states.append("\(clock.now.offset.milliseconds) \(text)")
      }
      return states
    }
  }

  @Test func appearLoadsTheDetailsWithThePoster() async throws {
    #expect(
      try await states(id: 603, appear: [0])
        == ["0 loading", "100 success Film 603 https://img.test/w342/603.jpg"])
  }

  @Test func aFailureShowsItsMessage() async throws {
    #expect(
      try await states(id: 404, appear: [0])
        == [
          "0 loading",
          "100 failure Not found: The resource you requested could not be found.",
        ])
  }

  @Test func aSecondAppearReloadsAndCancelsTheFirst() async throws {
    #expect(
      try await states(id: 7, appear: [0, 50])
        == ["0 loading", "150 success Film 7 https://img.test/w342/7.jpg"])
  }
}
