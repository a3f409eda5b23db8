import Foundation
import Testing

@testable import MovieSearchCLI
@testable import TestSupport

/// The finder with a catalog named and a TMDb key, on the fake terminal against a loopback
/// TMDb that answers only when the test lets it: the catalog's films at once, TMDb's merged in
/// without moving the highlight, the films only TMDb knows marked.
@Suite(.timeLimit(.minutes(5))) struct HybridFinderTests {
  @Test func theHighlightedFilmStaysHighlightedWhenTMDbsFilmsArrive() async throws {
    let directory = try temporaryDirectory()
    let catalog = try await HybridStreamTests(directory: directory).catalog()
    // TMDb's search answers once the test has moved the highlight (at most 60 s later: never
    // a hang); it has no popular films (the catalog's are shown).
    let answer = DispatchSemaphore(value: 0)
    let server = try LoopbackServer { request in
      guard request.path == "/3/search/movie" else { return .json(404, "") }
      _ = answer.wait(timeout: .now() + 60)
      return .json(200, Fixtures.searchPage)
    }
    defer { server.stop() }
    let session = try FinderSession(
      [
        "--catalog", catalog, "--base-url", server.baseURL.absoluteString, "--token", "tok-123",
        "--debounce", "0", "--print-id",
      ], columns: 100, rows: 12)
    await session.waitFor("Type a title.")
    session.type("matrix")
    await session.waitFor("asking TMDb…")
    #expect(session.lines.contains { $0.hasPrefix("  The Matrix Revisited (2001)") })
    session.terminal.press(.down)
    await session.waitFor("> The Matrix Revisited (2001)")
    session.clearOutput()
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
    let directory = try temporaryDirectory()
    let catalog = try await HybridStreamTests(directory: directory).catalog()
    let server = try LoopbackServer { request in
      request.path.hasSuffix("/movie/603")
        ? .json(200, Fixtures.details) : .json(200, Fixtures.searchPage)
    }
    defer { server.stop() }
    // Wide enough for the preview beside the list.
    let session = try FinderSession(
      [
        "--catalog", catalog, "--base-url", server.baseURL.absoluteString, "--token", "tok-123",
        "--debounce", "0",
      ], columns: 170, rows: 20)
    await session.waitFor("Type a title.")
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
}
