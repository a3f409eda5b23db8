import Foundation
import MovieSearch
import Streams
import StreamsTesting
import Testing

@testable import TestSupport

/// A catalog and TMDb together, on virtual time: the catalog's films at once, TMDb's merged in
/// after the debounce and its latency, each film once; a newer edit cancels both halves; TMDb
/// failing or slow leaves the catalog's films with a notice.
@Suite struct HybridSearchViewModelTests {
  struct Run {
    var states: [String]
    var catalogLog: [String]
    var onlineLog: [String]
    /// The details opened: the film's id and the source of its row.
    var opened: [String] = []
  }

  /// A film of `year`, with an id the test names.
  static func film(_ id: Int, _ title: String, _ year: Int) -> Movie {
    Movie(id: id, title: title, releaseDate: ReleaseDate(year: year))
  }

  static func page(_ films: [Movie], page: Int = 1, pages: Int = 1, total: Int? = nil) -> MoviePage
  {
    MoviePage(page: page, results: films, totalPages: pages, totalResults: total ?? films.count)
  }

  /// The catalog: "Alien" (1979) and "Aliens" (1986) for every query of "ali…", nothing else.
  static let catalogAnswer: @Sendable (String) -> Result<MoviePage, MovieServiceError> = {
    $0.hasPrefix("ali")
      ? .success(page([film(1, "Alien", 1979), film(2, "Aliens", 1986)])) : .success(.empty)
  }

  /// TMDb: the 1979 film under its own id, and a film newer than the catalog.
  static let onlineAnswer: @Sendable (String) -> Result<MoviePage, MovieServiceError> = { _ in
    .success(page([film(348, "Alien", 1979), film(945_961, "Alien: Romulus", 2024)]))
  }

  func run(
    typing: [(Int, String)], appear: [Int] = [], more: [Int] = [], select: [(Int, MoviePick)] = [],
    catalogLatency: Duration = .zero,
    onlineLatency: Duration = .milliseconds(200), onlineTimeout: Duration = .seconds(10),
    catalog: @escaping @Sendable (String) -> Result<MoviePage, MovieServiceError> = catalogAnswer,
    online: @escaping @Sendable (String) -> Result<MoviePage, MovieServiceError> = onlineAnswer,
    pages: (@Sendable (String, Int) -> Result<MoviePage, MovieServiceError>)? = nil,
    onlinePages: (@Sendable (String, Int) -> Result<MoviePage, MovieServiceError>)? = nil
  ) async throws -> Run {
    try await withVirtualTime { clock in
      let local = FakeMovieService(
        clock: clock, latency: { _ in catalogLatency }, answer: catalog, pageAnswer: pages)
      let remote = FakeMovieService(
        clock: clock, latency: { _ in onlineLatency }, answer: online, pageAnswer: onlinePages)
      let viewModel = MoviesSearchViewModel(
        catalog: local, online: remote, clock: clock, onlineTimeout: onlineTimeout)
      func at<T>(_ events: [(Int, T)]) -> AsyncScheduledSequence<T, VirtualClock> {
        AsyncScheduledSequence(
          events.map { (.milliseconds($0.0), $0.1) }, end: .seconds(30), clock: clock)
      }
      let input = MoviesSearchInput(
        appear: at(appear.map { ($0, ()) }), search: at(typing), selection: at(select),
        more: at(more.map { ($0, ()) }), retry: Empty(), filters: Empty())
      let output = viewModel.transform(input: input)
      async let routes: [String] = {
        var opened: [String] = []
        for await case .details(let details) in output.routes {
          opened.append("\(details.movieID) \(details.source?.rawValue ?? "-")")
          _ = await details.load()
        }
        return opened
      }()
      var states: [String] = []
      for await state in output.states {
        states.append("\(clock.now.offset.milliseconds) \(describe(state))")
      }
      let opened = await routes
      return Run(states: states, catalogLog: local.log, onlineLog: remote.log, opened: opened)
    }
  }

  /// A state in a few words: films as "Title year source", and whether TMDb's are in.
  func describe(_ state: MoviesSearchState) -> String {
    func films(_ movies: [Movie]) -> String {
      movies.map { "\($0.title) \($0.year ?? 0) \($0.source?.rawValue ?? "-")" }
        .joined(separator: ", ")
    }
    switch state {
    case .idle(let popular) where !popular.isEmpty: return "idle [\(films(popular))]"
    case .idle: return "idle"
    case .loading(let query, _): return "loading \(query)"
    case .success(let query, let movies, let total, _, let complete, let notice):
      let status = complete ? "complete" : "pending"
      return "success \(query) [\(films(movies))] of \(total) \(status)"
        + (notice.map { " (\($0))" } ?? "")
    case .loadingMore(let query, let movies, _, _): return "loadingMore \(query) \(movies.count)"
    case .moreFailed(let query, _, _, let message, _): return "moreFailed \(query): \(message)"
    case .noResults(let query, _): return "noResults \(query)"
    case .failure(let query, let message, _): return "failure \(query): \(message)"
    }
  }

  @Test func theCatalogAnswersAtOnceAndTMDbIsMergedInAfterTheDebounce() async throws {
    let run = try await run(typing: [(0, "alien")])
    #expect(
      run.states == [
        "0 idle", "0 loading alien",
        "0 success alien [Alien 1979 catalog, Aliens 1986 catalog] of 2 pending",
        "500 success alien [Alien 1979 both, Alien: Romulus 2024 tmdb, Aliens 1986 catalog] of 3 complete",
      ])
    #expect(run.catalogLog == ["search alien @0"])
    #expect(run.onlineLog == ["search alien @300"])
  }

  @Test func anEditBetweenTheHalvesCancelsTMDbsRequestAndNoOldStateFollows() async throws {
    let run = try await run(typing: [(0, "ali"), (400, "alien")])
    #expect(
      run.states == [
        "0 idle", "0 loading ali",
        "0 success ali [Alien 1979 catalog, Aliens 1986 catalog] of 2 pending",
        "400 loading alien",
        "400 success alien [Alien 1979 catalog, Aliens 1986 catalog] of 2 pending",
        "900 success alien [Alien 1979 both, Alien: Romulus 2024 tmdb, Aliens 1986 catalog] of 3 complete",
      ])
    #expect(run.catalogLog == ["search ali @0", "search alien @400"])
    #expect(run.onlineLog == ["search ali @300", "cancelled ali @400", "search alien @700"])
  }

  @Test func theDebounceCountsFromTheEditNotFromTheCatalogsAnswer() async throws {
    // A catalog that takes 50 ms: TMDb is still asked 300 ms after the edit.
    let run = try await run(typing: [(0, "alien")], catalogLatency: .milliseconds(50))
    #expect(run.states.map { $0.prefix(while: { $0 != " " }) } == ["0", "0", "50", "500"])
    #expect(run.onlineLog == ["search alien @300"])
  }

  @Test func editsWithinTheDebounceAskTMDbOnceButTheCatalogEveryTime() async throws {
    let run = try await run(typing: [(0, "a"), (100, "al"), (200, "ali")])
    #expect(run.catalogLog == ["search a @0", "search al @100", "search ali @200"])
    #expect(run.onlineLog == ["search ali @500"])
    #expect(run.states.last?.hasPrefix("700 success ali [Alien 1979 both") == true)
  }

  @Test func tmdbFailingLeavesTheCatalogsFilmsWithANotice() async throws {
    let run = try await run(
      typing: [(0, "alien")],
      online: { _ in .failure(.server(status: 503, message: "Service Unavailable")) })
    #expect(
      run.states.last
        == "500 success alien [Alien 1979 catalog, Aliens 1986 catalog] of 2 complete (TMDb failed (The server failed (HTTP 503): Service Unavailable); showing the offline catalog)"
    )
  }

  @Test func tmdbNotAnsweringInTimeLeavesTheCatalogsFilmsWithANotice() async throws {
    let run = try await run(
      typing: [(0, "alien")], onlineLatency: .seconds(20), onlineTimeout: .seconds(5))
    #expect(
      run.states.last
        == "5300 success alien [Alien 1979 catalog, Aliens 1986 catalog] of 2 complete (TMDb did not answer; showing the offline catalog)"
    )
    #expect(run.onlineLog == ["search alien @300", "cancelled alien @5300"])
  }

  @Test func onlyTMDbsFilmsWhenTheCatalogHasNone() async throws {
    let run = try await run(typing: [(0, "romulus")])
    #expect(
      run.states == [
        "0 idle", "0 loading romulus",
        "500 success romulus [Alien 1979 tmdb, Alien: Romulus 2024 tmdb] of 2 complete",
      ])
    let failing = try await self.run(
      typing: [(0, "romulus")],
      online: { _ in .failure(.server(status: 500, message: "Internal Server Error")) })
    #expect(failing.states.last?.hasPrefix("500 failure romulus:") == true)
    let nothing = try await self.run(typing: [(0, "zzz")], online: { _ in .success(.empty) })
    #expect(nothing.states.last == "500 noResults zzz")
  }

  @Test func morePagesBothListsAndAppendsTheirNewFilmsBelow() async throws {
    let run = try await run(
      typing: [(0, "alien")], more: [1_000],
      pages: { _, page in
        .success(
          page == 1
            ? Self.page([Self.film(1, "Alien", 1979)], pages: 2, total: 2)
            : Self.page([Self.film(2, "Aliens", 1986)], page: 2, pages: 2, total: 2))
      },
      onlinePages: { _, page in
        .success(
          page == 1
            ? Self.page([Self.film(348, "Alien", 1979)], pages: 2, total: 2)
            : Self.page([Self.film(679, "Aliens", 1986)], page: 2, pages: 2, total: 2))
      })
    #expect(
      run.states.suffix(3) == [
        "500 success alien [Alien 1979 both] of 3 complete",
        "1000 loadingMore alien 1",
        "1200 success alien [Alien 1979 both, Aliens 1986 both] of 2 complete",
      ])
    #expect(run.catalogLog == ["search alien @0", "search alien p2 @1000"])
    #expect(run.onlineLog == ["search alien @300", "search alien p2 @1000"])
  }

  @Test func aServerSendingThePageItSentBeforeEndsItsListWithANotice() async throws {
    let run = try await run(
      typing: [(0, "alien")], more: [1_000, 2_000],
      onlinePages: { _, _ in .success(Self.page([Self.film(348, "Alien", 1979)], pages: 3)) })
    #expect(
      run.states.suffix(2) == [
        "1000 loadingMore alien 2",
        "1200 success alien [Alien 1979 both, Aliens 1986 catalog] of 2 complete (TMDb: No more pages: asked for page 2, the server sent page 1.)",
      ])
    // Asked once for its page 2, never again: the second `more` finds both lists complete.
    #expect(run.onlineLog == ["search alien @300", "search alien p2 @1000"])
  }

  @Test func thePopularFilmsAreTMDbsOrTheCatalogsWhenTMDbCannotGiveThem() async throws {
    // TMDb's (today's), each saying so; its next page when asked for.
    let online = try await run(typing: [], appear: [0], more: [1_000])
    #expect(
      online.states == [
        "0 idle", "200 idle [Popular 1 0 tmdb, Popular 2 0 tmdb]",
        "1200 idle [Popular 1 0 tmdb, Popular 2 0 tmdb, Popular 3 0 tmdb, Popular 4 0 tmdb]",
      ])
    #expect(online.onlineLog == ["popular 1 @0", "popular 2 @1000"] && online.catalogLog == [])
    // TMDb not answering within its time: the catalog's, and its next page too.
    let local = try await run(
      typing: [], appear: [0], more: [2_000], onlineLatency: .seconds(20),
      onlineTimeout: .seconds(1))
    #expect(
      local.states == [
        "0 idle", "1000 idle [Popular 1 0 catalog, Popular 2 0 catalog]",
        "2000 idle [Popular 1 0 catalog, Popular 2 0 catalog, Popular 3 0 catalog, Popular 4 0 catalog]",
      ])
    #expect(local.onlineLog == ["popular 1 @0", "cancelled 1 @1000"])
    #expect(local.catalogLog == ["popular 1 @1000", "popular 2 @2000"])
  }

  @Test func aFilmOpensFromTMDbUnlessOnlyTheCatalogHasIt() async throws {
    // At 1 s the merged list is shown: 348 is TMDb's, 2 (Aliens) the catalog's alone.
    let run = try await run(
      typing: [(0, "alien")], select: [(1_000, MoviePick(id: 348)), (2_000, MoviePick(id: 2))])
    #expect(run.onlineLog.contains("details 348 @1000"))
    #expect(run.catalogLog.contains("details 2 @2000"))
    #expect(!run.onlineLog.contains { $0.hasPrefix("details 2 ") })
  }

  @Test func aFilmBothHaveOpensFromTheCatalogWhenTMDbCannotGiveItsDetails() async throws {
    // TMDb's row of the 1979 film has id 404, whose details TMDb does not find.
    let run = try await run(
      typing: [(0, "alien")], select: [(1_000, MoviePick(id: 404))],
      online: { _ in .success(Self.page([Self.film(404, "Alien", 1979)])) })
    #expect(run.onlineLog.contains("details 404 @1000"))
    #expect(run.catalogLog.contains("details 1 @1200"))
  }

  @Test func aPickWithItsRowsSourceOpensThatRowWhenTwoFilmsShareAnId() async throws {
    // The merged list: Alien (TMDb's 348, the catalog's 1), Alien: Romulus (TMDb's 2), and
    // Aliens (the catalog's 2) — two films numbered 2.
    let run = try await run(
      typing: [(0, "alien")],
      select: [
        (1_000, MoviePick(id: 2, source: .catalog)), (2_000, MoviePick(id: 2, source: .tmdb)),
        (3_000, MoviePick(id: 2)), (4_000, MoviePick(id: 1, source: .catalog)),
      ],
      online: { _ in
        .success(Self.page([Self.film(348, "Alien", 1979), Self.film(2, "Alien: Romulus", 2024)]))
      })
    #expect(
      run.states.last
        == "500 success alien [Alien 1979 both, Alien: Romulus 2024 tmdb, Aliens 1986 catalog] of 3 complete"
    )
    // The catalog's row; TMDb's; a bare id, the first row listed with it (TMDb's); the
    // catalog's number of a film both have, which opens TMDb's details of it.
    #expect(run.catalogLog.filter { $0.hasPrefix("details") } == ["details 2 @1000"])
    #expect(
      run.onlineLog.filter { $0.hasPrefix("details") }
        == ["details 2 @2000", "details 2 @3000", "details 348 @4000"])
    #expect(run.opened == ["2 catalog", "2 tmdb", "2 tmdb", "348 both"])
  }
}
