import Foundation
import MovieSearch
import Streams
import Synchronization
import Testing

@testable import TestSupport

/// Genre names in search results: TMDb's `/genre/movie/list`, fetched once per process and
/// language, never a reason for a search to fail.
@Suite(.timeLimit(.minutes(5))) struct GenreNamesTests {
  static let german = """
    {"genres":[{"id":28,"name":"Action"},{"id":878,"name":"Science-Fiction"}]}
    """

  /// A server for searches and popular films whose genre list answers with `genres`, per
  /// language.
  func server(
    genres: @escaping @Sendable (LoopbackServer.Request) -> LoopbackServer.Reply = { request in
      .json(200, request.query["language"] == "de" ? GenreNamesTests.german : Fixtures.genreList)
    }
  ) throws -> LoopbackServer {
    try LoopbackServer(genreList: nil) { request in
      request.path == "/3/genre/movie/list" ? genres(request) : .json(200, Fixtures.searchPage)
    }
  }

  func client(_ server: LoopbackServer, timeout: TimeInterval = 15) -> TMDbClient {
    TMDbClient(
      credentials: .bearerToken("tok-123"), baseURL: server.baseURL, clock: RecordingClock(),
      timeout: timeout)
  }

  func genreRequests(_ server: LoopbackServer) -> [[String: String]] {
    server.requests.filter { $0.path == "/3/genre/movie/list" }.map(\.query)
  }

  @Test func namesAreFetchedOncePerLanguageHoweverManySearchesAsk() async throws {
    let server = try server()
    defer { server.stop() }
    let client = client(server)
    // Eight searches at once share one request.
    let pages = try await withThrowingTaskGroup(of: MoviePage.self) { group in
      for index in 0..<8 {
        group.addTask { try await client.searchMovies(MovieQuery("matrix \(index)")) }
      }
      return try await group.reduce(into: []) { $0.append($1) }
    }
    #expect(
      pages.map { $0.results[0].genreNames }
        == Array(repeating: ["Action", "Science Fiction"], count: 8))
    #expect(pages[0].results[1].genreNames == [])  // a row without genre ids
    _ = try await client.popularMovies(page: 1, language: nil)
    _ = try await client.searchMovies(MovieQuery("alien"))
    #expect(genreRequests(server) == [[:]])
    // Another language has its own names and its own request.
    let german = try await client.searchMovies(MovieQuery("matrix", language: "de"))
    #expect(german.results[0].genreNames == ["Action", "Science-Fiction"])
    _ = try await client.popularMovies(page: 1, language: "de")
    #expect(genreRequests(server) == [[:], ["language": "de"]])
    // JSON keeps TMDb's row: genre ids, no names.
    let row = String(decoding: try JSONEncoder().encode(german.results[0]), as: UTF8.self)
    #expect(row.contains(#""genre_ids":[28,878]"#))
    #expect(!row.contains("Science"))
  }

  @Test func aListThatIsNotThereIsNotAskedForAgain() async throws {
    let server = try server(genres: { _ in
      .json(404, Fixtures.tmdbError(34, "The resource you requested could not be found."))
    })
    defer { server.stop() }
    let client = client(server)
    for _ in 0..<3 {
      let page = try await client.searchMovies(MovieQuery("matrix"))
      #expect(page.results.map(\.title) == ["The Matrix", "The Matrix Reloaded"])
      #expect(page.results[0].genreNames == [])
    }
    #expect(genreRequests(server).count == 1)
  }

  @Test func aFailureThatMayPassIsAskedAgainByTheNextSearch() async throws {
    let calls = Lock(0)
    let server = try server(genres: { _ in
      let call = calls.withLock {
        $0 += 1
        return $0
      }
      // Rate-limited once (not retried: names are not worth a wait), then a server error,
      // then the list.
      switch call {
      case 1: return .json(429, "", headers: ["Retry-After": "30"])
      case 2: return .json(503, "")
      default: return .json(200, Fixtures.genreList)
      }
    })
    defer { server.stop() }
    let client = client(server)
    var names: [[String]] = []
    for _ in 0..<4 {
      names.append(try await client.searchMovies(MovieQuery("matrix")).results[0].genreNames)
    }
    #expect(names == [[], [], ["Action", "Science Fiction"], ["Action", "Science Fiction"]])
    #expect(genreRequests(server).count == 3)
  }

  @Test func aGenreListThatNeverComesDoesNotHoldTheSearchBack() async throws {
    let server = try server(genres: { _ in .hang })
    defer { server.stop() }
    let page = try await client(server, timeout: 1).searchMovies(MovieQuery("matrix"))
    #expect(page.results.map(\.genreNames) == [[], []])
    try await server.wait { $0 == .clientClosed(path: "/3/genre/movie/list") }
  }

  @Test func aFailedSearchCancelsTheGenreRequestBesideIt() async throws {
    let server = try LoopbackServer(genreList: nil) { request in
      request.path == "/3/genre/movie/list"
        ? .hang : .json(401, Fixtures.tmdbError(7, "Invalid API key."))
    }
    defer { server.stop() }
    await #expect(
      throws: MovieServiceError.invalidCredentials(message: "Invalid API key. (code 7)")
    ) {
      try await client(server).searchMovies(MovieQuery("matrix"))
    }
    try await server.wait { $0 == .clientClosed(path: "/3/genre/movie/list") }
  }

  @Test func theTableOnAWideTerminalShowsTheNames() async throws {
    let server = try server()
    defer { server.stop() }
    let terminal = try PseudoTerminal.movieSearch(
      ["--online", "--base-url", server.baseURL.absoluteString, "--token", "t", "matrix"],
      columns: 90)
    #expect(await terminal.waitForExit() == 0)
    #expect(
      terminal.lines == [
        "#  Title                Year  Genres                   Rating   Votes   ID",
        "1  The Matrix           1999  Action, Science Fiction     8.2  26,000  603",
        "2  The Matrix Reloaded  2003                              7.0  11,000  604",
        "2 films",
      ])
    // Narrower: the genres are cut to the room the titles leave.
    let narrower = try PseudoTerminal.movieSearch(
      ["--online", "--base-url", server.baseURL.absoluteString, "--token", "t", "matrix"],
      columns: 70)
    #expect(await narrower.waitForExit() == 0)
    #expect(
      narrower.lines[1] == "1  The Matrix           1999  Action, Science Fi…     8.2  26,000  603")
    #expect(narrower.lines.allSatisfy { $0.count <= 70 })
  }
}
