import Foundation
import MovieSearch
import Streams
import Synchronization
import Testing

@testable import TestSupport

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The TMDb client over real HTTP, against a loopback server.
@Suite(.timeLimit(.minutes(5))) struct TMDbClientHTTPTests {
  func client(
    _ server: LoopbackServer, _ credentials: TMDbCredentials = .bearerToken("tok-123"),
    clock: any Clock<Duration> = RecordingClock(), timeout: TimeInterval = 15
  ) -> TMDbClient {
    TMDbClient(credentials: credentials, baseURL: server.baseURL, clock: clock, timeout: timeout)
  }

  func failure(
    _ reply: LoopbackServer.Reply, timeout: TimeInterval = 15
  ) async throws -> MovieServiceError? {
    let server = try LoopbackServer { _ in reply }
    defer { server.stop() }
    do {
      _ = try await client(server, timeout: timeout).searchMovies(MovieQuery("matrix"))
      return nil
    } catch {
      return error
    }
  }

  @Test func searchSendsTheBearerTokenAndDecodesThePage() async throws {
    let server = try LoopbackServer { _ in .json(200, Fixtures.searchPage) }
    defer { server.stop() }
    let page = try await client(server).searchMovies(MovieQuery("the matrix", year: 1999))
    #expect(page.results.map(\.title) == ["The Matrix", "The Matrix Reloaded"])
    #expect(page.results[1].posterPath == nil)
    let request = try #require(server.requests.first)
    #expect(request.path == "/3/search/movie")
    #expect(request.header("Authorization") == "Bearer tok-123")
    #expect(
      request.query == [
        "query": "the matrix", "page": "1", "include_adult": "false",
        "primary_release_year": "1999",
      ])
  }

  @Test func aV3KeyTravelsAsTheApiKeyParameter() async throws {
    let server = try LoopbackServer { _ in .json(200, Fixtures.details) }
    defer { server.stop() }
    let details = try await client(server, .apiKey("key-456")).movieDetails(id: 603, language: "de")
    #expect(details.genres.map(\.name) == ["Action", "Science Fiction"])
    let request = try #require(server.requests.first)
    #expect(request.path == "/3/movie/603")
    #expect(
      request.query
        == [
          "api_key": "key-456", "language": "de",
          "append_to_response": "credits,release_dates,recommendations,videos,watch/providers",
        ])
    #expect(request.header("Authorization") == nil)
  }

  @Test func queryParametersArePercentEncoded() async throws {
    let server = try LoopbackServer { _ in .json(200, Fixtures.searchPage) }
    defer { server.stop() }
    let text = "Tom & Jerry #1 + 50% = Amélie 千と千尋"
    _ = try await client(server).searchMovies(MovieQuery("  \(text) \n"))
    let request = try #require(server.requests.first)
    #expect(request.query["query"] == text)
    #expect(request.target.split(separator: "&").count == 3)
    #expect(!request.target.contains(" ") && !request.target.contains("#"))
    #expect(
      request.target.contains("query=Tom%20%26%20Jerry%20%231%20%2B%2050%25%20%3D%20Am%C3%A9lie%20")
    )
  }

  @Test func unauthorizedGivesTMDbsMessageWithoutTheKey() async throws {
    let server = try LoopbackServer { _ in
      .json(401, Fixtures.tmdbError(7, "Invalid API key: You must be granted a valid key."))
    }
    defer { server.stop() }
    let error = await #expect(throws: MovieServiceError.self) {
      try await client(server, .apiKey("secret-key")).searchMovies(MovieQuery("matrix"))
    }
    #expect(
      error
        == .invalidCredentials(
          message: "Invalid API key: You must be granted a valid key. (code 7)"))
    #expect(error?.description.contains("secret-key") == false)
  }

  @Test func eachHTTPFaultHasItsOwnError() async throws {
    #expect(
      try await failure(
        .json(404, Fixtures.tmdbError(34, "The resource you requested could not be found.")))
        == .notFound(
          message: "The resource you requested could not be found. (HTTP 404, code 34)"))
    #expect(
      try await failure(.json(500, "oops"))
        == .server(status: 500, message: "Internal Server Error"))
    #expect(
      try await failure(.json(503, "")) == .server(status: 503, message: "Service Unavailable"))
    #expect(try await failure(.json(418, "{}")) == .http(status: 418, message: "Client Error"))
    // TMDb's other error document keeps the server's words.
    #expect(
      try await failure(.json(422, #"{"errors":["page must be less than or equal to 500"]}"#))
        == .http(status: 422, message: "page must be less than or equal to 500"))
    #expect(
      try await failure(.json(422, #"{"errors":["a","b"]}"#))
        == .http(status: 422, message: "a; b"))
  }

  @Test func aMalformedBodySaysWhatIsWrong() async throws {
    #expect(try await failure(.json(200, "{not json")) == .badResponse("it is not valid JSON"))
    #expect(
      try await failure(.json(200, #"{"page":1,"results":"none"}"#))
        == .badResponse("'results' is not a list"))
    #expect(try await failure(.json(200, #"{"page":1}"#)) == .badResponse("'results' is missing"))
  }

  @Test func rateLimitingWaitsForRetryAfterThenSucceeds() async throws {
    let calls = Lock(0)
    let server = try LoopbackServer { _ in
      let call = calls.withLock { count in
        count += 1
        return count
      }
      return call == 1
        ? .json(
          429, Fixtures.tmdbError(25, "Your request count is over the allowed limit."),
          headers: ["Retry-After": "2"])
        : .json(200, Fixtures.searchPage)
    }
    defer { server.stop() }
    let clock = RecordingClock()
    let page = try await client(server, clock: clock).searchMovies(MovieQuery("matrix"))
    #expect(page.results.count == 2)
    #expect(clock.sleeps == [.seconds(2)])
    #expect(server.requests.count == 2)
  }

  @Test func aLongRetryAfterIsCappedAndReportedBeforeEachWait() async throws {
    let calls = Lock(0)
    let server = try LoopbackServer { _ in
      let call = calls.withLock { count in
        count += 1
        return count
      }
      return call <= 2
        ? .json(429, "", headers: ["Retry-After": "3600"]) : .json(200, Fixtures.searchPage)
    }
    defer { server.stop() }
    let clock = RecordingClock()
    let waits = Lock<[RetryWait]>([])
    let client = TMDbClient(
      credentials: .bearerToken("tok-123"), baseURL: server.baseURL, clock: clock,
      onWait: { wait in waits.withLock { $0.append(wait) } })
    let page = try await client.searchMovies(MovieQuery("matrix"))
    #expect(page.results.count == 2)
    #expect(clock.sleeps == [.seconds(10), .seconds(10)])
    #expect(
      waits.withLock { $0 }
        == [
          RetryWait(delay: .seconds(10), asked: .seconds(3600), retry: 1),
          RetryWait(delay: .seconds(10), asked: .seconds(3600), retry: 2),
        ])
  }

  @Test func aConnectionClosedMidBodyOrResetIsATransportError() async throws {
    let midBody = try await failure(
      .closeMidBody(status: 200, declaredLength: 5000, body: Data("{\"page\":1,".utf8)))
    let reset = try await failure(.reset)
    for error in [midBody, reset] {
      guard case .transport(let host, _) = error else {
        Issue.record("expected a transport error, got \(String(describing: error))")
        continue
      }
      #expect(host == "127.0.0.1")
    }
  }

  @Test func aRefusedConnectionNamesTheHost() async throws {
    // A port bound but not listening refuses, and stays ours while the test runs: a stopped
    // server's port could be taken by another test's server in between.
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    #expect(fd >= 0)
    defer { close(fd) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) { pointer in
      pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(fd, $0, length) == 0 && getsockname(fd, $0, &length) == 0
      }
    }
    try #require(bound)
    let refusing = TMDbClient(
      credentials: .bearerToken("tok-123"),
      baseURL: URL(string: "http://127.0.0.1:\(UInt16(bigEndian: address.sin_port))/3")!,
      clock: RecordingClock(), timeout: 15)
    let error = await #expect(throws: MovieServiceError.self) {
      try await refusing.searchMovies(MovieQuery("matrix"))
    }
    #expect(error == .transport(host: "127.0.0.1", reason: "the connection was refused"))
  }

  @Test func aServerThatNeverAnswersTimesOut() async throws {
    let server = try LoopbackServer { _ in .hang }
    defer { server.stop() }
    let error = await #expect(throws: MovieServiceError.self) {
      try await client(server, timeout: 0.2).searchMovies(MovieQuery("matrix"))
    }
    // It was reached: the message says it did not answer, not that it could not be reached.
    #expect(error == .noAnswer(host: "127.0.0.1", seconds: 0.2))
    #expect(error?.description == "127.0.0.1 did not answer within 0.2 s")
    try await server.wait { $0 == .clientClosed(path: "/3/search/movie") }
  }

  /// A search for "slow" on a server that never answers, once the server has its request.
  func searchUnderWay() async throws -> (
    server: LoopbackServer, search: Task<MoviePage, any Error>
  ) {
    let server = try LoopbackServer { _ in .hang }
    let client = client(server)
    let search = Task { try await client.searchMovies(MovieQuery("slow")) }
    do {
      try await server.wait { $0 == .received(path: "/3/search/movie") }
    } catch {
      search.cancel()
      server.stop()
      throw error
    }
    return (server, search)
  }

  @Test func cancellingTheCallerClosesTheConnection() async throws {
    let (server, search) = try await searchUnderWay()
    defer { server.stop() }
    search.cancel()
    // The server sees the connection closed: the request was really cancelled.
    try await server.wait { $0 == .clientClosed(path: "/3/search/movie") }
    let result = await search.result
    #expect(throws: MovieServiceError.cancelled) { try result.get() }
  }

  /// A program started while a request is under way does not inherit its connection: one
  /// that lives on (here, started by a plain `posix_spawn`, which closes nothing) would hold it
  /// open past the cancellation, and the server would never see it closed.
  @Test func aProgramStartedMeanwhileHoldsNoConnectionOpen() async throws {
    let (server, search) = try await searchUnderWay()
    defer { server.stop() }
    var program: pid_t = 0
    let words = ["/bin/sh", "-c", "read line"]
    let arguments: [UnsafeMutablePointer<CChar>?] = words.map { strdup($0) } + [nil]
    defer { for argument in arguments { free(argument) } }
    // Its input this process's, which nothing is written to: it lives until it is killed.
    var input: [Int32] = [0, 0]
    try #require(pipe(&input) == 0)
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_adddup2(&actions, input[0], STDIN_FILENO)
    try #require(posix_spawn(&program, "/bin/sh", &actions, nil, arguments, environ) == 0)
    defer {
      kill(program, SIGKILL)
      var status: Int32 = 0
      waitpid(program, &status, 0)
      close(input[0])
      close(input[1])
    }
    search.cancel()
    try await server.wait { $0 == .clientClosed(path: "/3/search/movie") }
    #expect(kill(program, 0) == 0)  // still there
  }

  @Test func cancellingRequestsWhileTheyFailNeitherDeadlocksNorCrashes() async throws {
    // Requests cancelled while their failure is being handled: on Linux, URLSession's own
    // async API can deadlock here, and a session with a URLCache can trap.
    let server = try LoopbackServer { request in
      request.query["query"]?.hasSuffix("0") == true ? .reset : .json(200, Fixtures.searchPage)
    }
    defer { server.stop() }
    let client = client(server)
    for round in 0..<20 {
      await withTaskGroup(of: Void.self) { group in
        for index in 0..<10 {
          group.addTask { _ = try? await client.searchMovies(MovieQuery("q\(round)\(index)")) }
        }
        // Cancel the others once one has finished: they are in flight, some failing.
        await group.next()
        group.cancelAll()
      }
    }
    #expect(try await client.searchMovies(MovieQuery("after")).results.count == 2)
  }

  @Test func theImageConfigurationIsFetchedOnce() async throws {
    let server = try LoopbackServer { _ in .json(200, Fixtures.configuration) }
    defer { server.stop() }
    let client = client(server)
    let first = try await client.imageConfiguration()
    let second = try await client.imageConfiguration()
    #expect(first == second)
    #expect(
      first?.posterURL(path: "/m.jpg")?.absoluteString == "https://image.tmdb.org/t/p/w342/m.jpg")
    #expect(server.requests.count == 1)
  }

  @Test func callersAskingForTheConfigurationTogetherShareOneRequest() async throws {
    let server = try LoopbackServer { _ in .json(200, Fixtures.configuration) }
    defer { server.stop() }
    let client = client(server)
    let answers = try await withThrowingTaskGroup(of: ImageConfiguration?.self) { group in
      for _ in 0..<6 { group.addTask { try await client.imageConfiguration() } }
      return try await group.reduce(into: []) { $0.append($1) }
    }
    #expect(answers.count == 6 && Set(answers).count == 1 && answers[0] != nil)
    #expect(server.requests.filter { $0.path == "/3/configuration" }.count == 1)
    // A configuration the server does not have is not asked for again.
    let missing = try LoopbackServer { _ in .json(404, "") }
    defer { missing.stop() }
    let other = self.client(missing)
    for _ in 0..<2 {
      await #expect(throws: MovieServiceError.self) { try await other.imageConfiguration() }
    }
    #expect(missing.requests.count == 1)
  }

  @Test func anEmptyQuerySendsNoRequest() async throws {
    let server = try LoopbackServer { _ in .json(500, "") }
    defer { server.stop() }
    #expect(try await client(server).searchMovies(MovieQuery(" \t ")) == .empty)
    #expect(server.requests.isEmpty)
  }
}
