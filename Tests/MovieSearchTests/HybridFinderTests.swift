import Foundation
import Streams
import Testing

@testable import MovieSearchCLI
@testable import TestSupport

/// The finder with a catalog named and a TMDb key, on the fake terminal against a loopback
/// TMDb that answers only when the test lets it: the catalog's films at once, TMDb's merged in
/// without moving the highlight, the films only TMDb knows marked.
@Suite(.timeLimit(.minutes(5))) struct HybridFinderTests {
  /// The test's files (the catalog, a recording), removed when it ends.
  let folder: TestFolder

  init() throws {
    folder = try TestFolder()
  }

  /// The finder on the fake terminal at `columns` × `rows`, with the test catalog named beside
  /// the loopback TMDb `server` (a token, no debounce) and `extra` options, showing its prompt.
  func finder(
    beside server: LoopbackServer, _ extra: [String] = [], columns: Int, rows: Int
  ) async throws -> FinderSession {
    let catalog = try await HybridStreamTests(folder: folder).catalog()
    let session = try FinderSession(
      [
        "--catalog", catalog, "--base-url", server.baseURL.absoluteString, "--token", "tok-123",
        "--debounce", "0",
      ] + extra, columns: columns, rows: rows)
    await session.waitFor("Type a title.")
    return session
  }

  /// A finder (the catalog named, a TMDb token, `--print-id`) that has typed "matrix" and
  /// moved the highlight down to the catalog's documentary while TMDb's search, answering
  /// `page`, is held until `answer` is signalled (at most 60 s later: never a hang). TMDb has
  /// no popular films (the catalog's are shown). The caller stops the server.
  func documentaryHighlightedWhileTMDbWaits(answering page: String) async throws -> (
    session: FinderSession, answer: DispatchSemaphore, server: LoopbackServer
  ) {
    let answer = DispatchSemaphore(value: 0)
    let server = try LoopbackServer { request in
      guard request.path == "/3/search/movie" else { return .json(404, "") }
      _ = answer.wait(timeout: .now() + 60)
      return .json(200, page)
    }
    do {
      let session = try await finder(beside: server, ["--print-id"], columns: 100, rows: 12)
      session.type("matrix")
      await session.waitFor("asking TMDb…")
      #expect(session.lines.contains { $0.hasPrefix("  The Matrix Revisited (2001)") })
      session.terminal.press(.down)
      await session.waitFor("> The Matrix Revisited (2001)")
      session.clearOutput()
      return (session, answer, server)
    } catch {
      server.stop()
      throw error
    }
  }

  @Test func theHighlightedFilmStaysHighlightedWhenTMDbsFilmsArrive() async throws {
    let (session, answer, server) = try await documentaryHighlightedWhileTMDbWaits(
      answering: Fixtures.searchPage)
    defer { server.stop() }
    answer.signal()
    await session.waitFor("The Matrix Reloaded (2003)  7.0  TMDb")
    // Three films now, the sequel only TMDb has between them: the highlight stayed on the
    // documentary, which moved down a row. (Every row changed, so the frame drew all three.)
    let rows = session.lines.filter { $0.hasPrefix(">") || $0.hasPrefix("  The") }.map {
      $0.replacingOccurrences(of: " +$", with: "", options: .regularExpression)
    }
    #expect(
      rows == [
        "  The Matrix (1999)  8.2", "  The Matrix Reloaded (2003)  7.0  TMDb",
        "> The Matrix Revisited (2001)  7.0",
      ])
    #expect(!session.visible.contains("asking TMDb"))
    session.terminal.press(.enter)
    let outcome = await session.outcome()
    #expect(outcome.status == 0)
    #expect(outcome.chosen == ["2"])
  }

  @Test func thePreviewOfAFilmComesFromWhereItWasFound() async throws {
    let server = try LoopbackServer { request in
      request.path.hasSuffix("/movie/603")
        ? .json(200, Fixtures.details) : .json(200, Fixtures.searchPage)
    }
    defer { server.stop() }
    // Wide enough for the preview beside the list.
    let session = try await finder(beside: server, columns: 170, rows: 20)
    session.type("matrix")
    await session.waitFor("The Matrix Reloaded (2003)  7.0  TMDb")
    // The Matrix is TMDb's 603 now: its details are TMDb's, not those of the catalog's 603.
    await session.waitFor("Welcome to the Real World.")
    #expect(!session.visible.contains("│ Moonlit Short"))
    session.terminal.press(.down)
    session.terminal.press(.down)
    // The documentary only the catalog has: the catalog's details.
    await session.waitFor("Documentary")
    session.terminal.press(.escape)
    _ = await session.outcome()
  }

  @Test func enterOpensTheRowHighlightedWhenTwoFilmsShareAnId() async throws {
    // TMDb's 2 is a film only TMDb has; the catalog's 2 is the documentary only it has.
    let asked = Lock<[String]>([])
    let server = try LoopbackServer { request in
      asked.withLock { $0.append(request.path) }
      switch request.path {
      case "/3/search/movie": return .json(200, Self.sharedIdPage)
      case "/3/movie/2": return .json(200, Self.sharedIdDetails)
      default: return .json(404, "")
      }
    }
    defer { server.stop() }
    let recording = folder.url.appendingPathComponent("session.ndjson").path
    let session = try await finder(beside: server, ["--record", recording], columns: 100, rows: 12)
    session.type("matrix")
    await session.waitFor("The Matrix Resurrections (2021)  TMDb")
    // The documentary, third: the catalog's 2, whose details are the catalog's.
    session.terminal.press(.down)
    session.terminal.press(.down)
    await session.waitFor("> The Matrix Revisited (2001)")
    session.terminal.press(.enter)
    await session.waitFor("Documentary")
    #expect(!asked.withLock { $0.contains("/3/movie/2") })
    // Its id as `details` reads it back: plain, the catalog being named.
    #expect(session.lines.contains { $0.hasPrefix("id 2") })
    // Back to the list, and TMDb's 2: TMDb's details.
    session.terminal.press(.escape)
    await session.waitFor("> The Matrix Revisited (2001)")
    session.terminal.press(.up)
    await session.waitFor("> The Matrix Resurrections (2021)")
    session.terminal.press(.enter)
    await session.waitFor("Return to the source.")
    #expect(session.lines.contains { $0.hasPrefix("id tmdb:2") })
    session.terminal.press(.escape)
    await session.waitFor("> The Matrix Resurrections (2021)")
    session.terminal.press(.escape)
    _ = await session.outcome()
    // The recording says each row's source, so that a replay opens the same films.
    let selects = try String(contentsOfFile: recording, encoding: .utf8)
      .split(separator: "\n").filter { $0.contains("select") }
      .map { $0.replacingOccurrences(of: #""at":[0-9]+,"#, with: "", options: .regularExpression) }
    #expect(selects == [#"{"select":2,"source":"catalog"}"#, #"{"select":2,"source":"tmdb"}"#])
  }

  @Test func thePaneShowsEachRowsOwnFilmWhenTwoFilmsShareAnId() async throws {
    let server = try LoopbackServer { request in
      switch request.path {
      case "/3/search/movie": return .json(200, Self.sharedIdPage)
      case "/3/movie/2": return .json(200, Self.sharedIdDetails)
      default: return .json(404, "")
      }
    }
    defer { server.stop() }
    // Wide enough for the pane beside the list.
    let session = try await finder(beside: server, columns: 170, rows: 20)
    session.type("matrix")
    await session.waitFor("The Matrix Resurrections (2021)  TMDb")
    // TMDb's 2, then the catalog's 2: each its own details, not the other's kept for the pane.
    session.terminal.press(.down)
    await session.waitFor("Return to the source.")
    session.clearOutput()
    session.terminal.press(.down)
    await session.waitFor("> The Matrix Revisited (2001)")
    await session.waitFor("Documentary")
    #expect(!session.visible.contains("Return to the source."))
    session.terminal.press(.escape)
    _ = await session.outcome()
  }

  @Test func theHighlightStaysOnItsRowWhenAnotherFilmOfItsNumberArrives() async throws {
    let (session, answer, server) = try await documentaryHighlightedWhileTMDbWaits(
      answering: Self.sharedIdPage)
    defer { server.stop() }
    answer.signal()
    // TMDb's 2 comes before it: the highlight stays on the documentary.
    await session.waitFor("The Matrix Resurrections (2021)  TMDb")
    #expect(session.lines.contains { $0.hasPrefix("> The Matrix Revisited (2001)") })
    session.terminal.press(.enter)
    let outcome = await session.outcome()
    #expect(outcome.chosen == ["2"])
  }

  /// TMDb's search: The Matrix (the catalog's too) and a film only TMDb has, numbered 2 as the
  /// catalog's documentary is.
  static let sharedIdPage = """
    {"page":1,"total_pages":1,"total_results":2,"results":[
      {"id":603,"title":"The Matrix","release_date":"1999-03-31","vote_average":8.2},
      {"id":2,"title":"The Matrix Resurrections","release_date":"2021-12-16","vote_average":6.5}]}
    """

  /// TMDb's details of its film numbered 2.
  static let sharedIdDetails = """
    {"id":2,"title":"The Matrix Resurrections","release_date":"2021-12-16","runtime":148,
     "tagline":"Return to the source."}
    """
}
