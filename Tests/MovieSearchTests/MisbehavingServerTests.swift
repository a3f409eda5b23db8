import Foundation
import Testing

@testable import TestSupport

/// Through the binary, against loopback servers that misbehave: a page that does
/// not move on, pages of rows that are not films, a body that stops halfway, a base URL
/// without TMDb's version, a redirect that leads back to itself.
@Suite(.timeLimit(.minutes(5))) struct MisbehavingServerTests {
  /// A search page of `count` films with ids `page * 100 + 1…`, saying it is `page` of
  /// `pages`, with `others` rows that are not films.
  static func page(_ page: Int, of pages: Int, films count: Int = 2, others: Int = 0) -> String {
    let films = (0..<count).map { index in
      #"{"id":\#(page * 100 + index + 1),"title":"Matrix \#(page)-\#(index)","genre_ids":[28]}"#
    }
    let rows = (0..<others).map { #"{"id":\#(9000 + $0),"name":"Show \#($0)","media_type":"tv"}"# }
    return
      #"{"page":\#(page),"total_pages":\#(pages),"total_results":\#(pages * (count + others)),"results":[\#((films + rows).joined(separator: ","))]}"#
  }

  /// The stream's lines as "at state ids" (and the message of a moreFailed).
  static func summary(_ stdout: String) -> [String] {
    stdout.split(separator: "\n").map { line in
      let state = line.firstRange(of: #""state":""#).map {
        line[$0.upperBound...].prefix { $0 != "\"" }
      }
      let ids = line.matches(of: #/"id":(\d+)/#).map { String($0.1) }.joined(separator: ",")
      let total = line.firstMatch(of: #/"total":(\d+)/#).map { " total \($0.1)" } ?? ""
      let message = line.firstMatch(of: #/"message":"([^"]*)"/#).map { " \($0.1)" } ?? ""
      return "\(line.prefix { $0 != "," }.dropFirst(6)) \(state ?? "") \(ids)\(total)\(message)"
    }
  }

  func stream(_ server: LoopbackServer, _ input: String) async throws -> CLI.Result {
    try await CLI.run(
      [
        "stream", "--virtual-time", "--online", "--base-url", server.baseURL.absoluteString,
        "--token", "t",
      ],
      stdin: input)
  }

  @Test func aServerThatDoesNotMoveOnEndsThePagingAtOnce() async throws {
    // Whatever page is asked, page 1 comes back.
    let server = try LoopbackServer { request in
      request.path == "/3/search/movie" ? .json(200, Self.page(1, of: 3)) : .json(404, "")
    }
    defer { server.stop() }
    let result = try await stream(
      server,
      """
      {"search":"matrix","at":0}
      {"more":true,"at":1000}
      {"more":true,"at":2000}
      {"more":true,"at":3000}

      """)
    #expect(result.status == 0)
    #expect(
      Self.summary(result.stdout) == [
        "0 idle ", "300 loading ", "300 success 101,102 total 6",
        "1000 loadingMore 101,102 total 6",
        "1000 moreFailed 101,102 total 2 No more pages: asked for page 2, the server sent page 1.",
      ])
    // One request per page asked: the later `more`s ask nothing.
    #expect(
      server.requests.filter { $0.path == "/3/search/movie" }.map { $0.query["page"] } == [
        "1", "2",
      ])
  }

  @Test func aPageOfRowsThatAreNotFilmsMovesOn() async throws {
    // Page 2 has only TV rows; page 3 has films again.
    let server = try LoopbackServer { request in
      guard request.path == "/3/search/movie", let page = Int(request.query["page"] ?? "")
      else { return .json(404, "") }
      return .json(200, Self.page(page, of: 3, films: page == 2 ? 0 : 2, others: page == 2 ? 3 : 0))
    }
    defer { server.stop() }
    let result = try await stream(
      server,
      """
      {"search":"matrix","at":0}
      {"more":true,"at":1000}
      {"more":true,"at":2000}

      """)
    #expect(
      Self.summary(result.stdout).suffix(4) == [
        // The server's total (less the rows it sent that are not films), then, at the last
        // page, what was listed.
        "1000 loadingMore 101,102 total 6", "1000 success 101,102 total 6",
        "2000 loadingMore 101,102 total 6", "2000 success 101,102,301,302 total 4",
      ])
    #expect(
      server.requests.filter { $0.path == "/3/search/movie" }.map { $0.query["page"] } == [
        "1", "2", "3",
      ])
  }

  @Test func rowsThatAreNotFilmsAreNotCountedAsFilms() async throws {
    let server = try LoopbackServer { request in
      request.path == "/3/search/movie"
        ? .json(200, Self.page(1, of: 1, films: 1, others: 2)) : .json(404, "")
    }
    defer { server.stop() }
    let result = try await stream(server, "matrix\n")
    #expect(Self.summary(result.stdout).last?.hasSuffix(" success 101 total 1") == true)
    let json = try await CLI.run(
      ["matrix", "--json", "--online", "--base-url", server.baseURL.absoluteString, "--token", "t"])
    #expect(json.stdout.contains(#""total_results":1"#))
  }

  @Test func theFinderAsksForAPageThatDoesNotMoveOnOnce() async throws {
    let server = try LoopbackServer { request in
      request.path == "/3/search/movie"
        ? .json(200, Self.page(1, of: 3, films: 3)) : .json(404, "")
    }
    defer { server.stop() }
    let terminal = try PseudoTerminal.movieSearch(
      [
        "interactive", "--debounce", "0", "--no-preview", "--online", "--base-url",
        server.baseURL.absoluteString, "--token", "t",
      ], columns: 80, rows: 12)
    terminal.type("matrix")
    await terminal.waitFor("Matrix 1-2")
    // Down to the last row: the next page is asked for, and the server sends page 1 again.
    terminal.type("\u{1B}[B\u{1B}[B")
    await terminal.waitFor("No more pages: asked for page 2, the server sent page 1.")
    // On the last row still, keys move nothing and ask nothing more.
    terminal.type("\u{1B}[B\u{1B}[6~\u{1B}[A")
    await terminal.waitFor("> Matrix 1-1")
    #expect(
      server.requests.filter { $0.path == "/3/search/movie" }.map { $0.query["page"] } == [
        "1", "2",
      ])
    terminal.type("\u{03}")
    #expect(await terminal.waitForExit() == 130)
  }

  @Test func aBodyThatStopsHalfwayIsSaidToStopNotToBeUnreachable() async throws {
    let server = try LoopbackServer { request in
      request.path == "/3/search/movie"
        ? .stallMidBody(status: 200, declaredLength: 500, body: Data(#"{"page":1,"res"#.utf8))
        : .json(404, "")
    }
    defer { server.stop() }
    let result = try await CLI.run(
      [
        "matrix", "--timeout", "1", "--online", "--base-url", server.baseURL.absoluteString,
        "--token", "t",
      ])
    #expect(result.status == 1)
    #expect(
      result.stderr
        == "Error: 127.0.0.1 stopped answering: its answer began but did not finish before the time limit\n"
    )
    #expect(server.events.contains(.clientClosed(path: "/3/search/movie")))
  }

  @Test func aMovedAddressIsFollowedAndARedirectLoopIsSaidToBeOne() async throws {
    // "/3/search/movie" moved once to "/3/moved/movie"; "/3/movie/1" redirects to itself
    // with one more "x" each time, for ever.
    let server = try LoopbackServer { request in
      switch request.path {
      case "/3/search/movie":
        .respond(status: 301, headers: ["Location": "/3/moved/movie"], body: Data())
      case "/3/moved/movie": .json(200, Self.page(1, of: 1, films: 1))
      default:
        .respond(status: 302, headers: ["Location": request.path + "x"], body: Data())
      }
    }
    defer { server.stop() }
    let base = ["--online", "--base-url", server.baseURL.absoluteString, "--token", "t0ken"]
    let moved = try await CLI.run(base + ["matrix"])
    #expect(moved.status == 0)
    #expect(moved.stdout == "1\tMatrix 1-0\t\t\t\t101\n")
    let movedRequest = try #require(server.requests.first { $0.path == "/3/moved/movie" })
    #expect(movedRequest.header("Authorization") == "Bearer t0ken")
    let loop = try await CLI.run(base + ["details", "1"])
    #expect(loop.status == 1)
    #expect(
      loop.stderr == "Error: The answer of 127.0.0.1 was refused: it redirected more than 5 times\n"
    )
    // The first request and the five redirects followed, no more.
    #expect(server.requests.filter { $0.path.hasPrefix("/3/movie/1") }.count == 6)
  }

  @Test func aBaseURLWithoutTheVersionGetsAHint() async throws {
    let server = try LoopbackServer { _ in
      .json(
        404,
        #"{"status_code":34,"status_message":"The resource you requested could not be found."}"#)
    }
    defer { server.stop() }
    let root = "http://127.0.0.1:\(server.port)"
    let result = try await CLI.run(["matrix", "--online", "--base-url", root, "--token", "s3cret"])
    #expect(result.status == 1)
    #expect(
      result.stderr
        == "Error: Not found: The resource you requested could not be found. (HTTP 404, code 34) — is '/3' missing from the base URL '\(root)'? TMDb's is https://api.themoviedb.org/3\n"
    )
  }

  @Test func aPageWhoseOneResultCannotBeReadSaysSo() async throws {
    let server = try LoopbackServer { request in
      request.path == "/3/search/movie"
        ? .json(
          200,
          #"{"page":1,"total_pages":1,"total_results":1,"results":[{"id":"x","title":7,"vote_count":3}]}"#
        )
        : .json(404, "")
    }
    defer { server.stop() }
    let result = try await CLI.run(
      ["matrix", "--online", "--base-url", server.baseURL.absoluteString, "--token", "t"])
    #expect(result.status == 1)
    #expect(
      result.stderr
        == "Error: The server's answer could not be read: the one result on page 1 could not be read\n"
    )
  }
}

/// A server that accepts the connection and never answers was reached — the
/// message says it did not answer in time, not that it could not be reached.
@Suite(.timeLimit(.minutes(2))) struct SilentServerTests {
  @Test func aServerThatAcceptsButDoesNotAnswerDidNotAnswerWithinTheLimit() async throws {
    let server = try LoopbackServer { _ in .hang }
    defer { server.stop() }
    let result = try await CLI.run([
      "--timeout", "1", "--online", "--base-url", server.baseURL.absoluteString, "--token", "t",
      "matrix",
    ])
    #expect(result.status == 1)
    #expect(result.stdout == "")
    #expect(result.stderr == "Error: 127.0.0.1 did not answer within 1 s\n")
  }
}
