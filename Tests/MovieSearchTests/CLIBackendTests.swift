import Foundation
import MovieSearch
import Streams
import Synchronization
import Testing

@testable import TestSupport

/// The CLI against the loopback TMDb-shaped server: credentials and faults.
@Suite(.timeLimit(.minutes(5))) struct CLIBackendTests {
  @Test func aKeyAndATokenReachTheServer() async throws {
    let server = try LoopbackServer { _ in .json(200, Fixtures.searchPage) }
    defer { server.stop() }
    let base = server.baseURL.absoluteString
    let withKey = try await CLI.run([
      "--online", "--base-url", base, "--api-key", "k-1", "the", "matrix",
    ])
    #expect(withKey.status == 0)
    #expect(
      withKey.stdout
        == "1\tThe Matrix\t1999\t8.2\t26000\t603\n2\tThe Matrix Reloaded\t2003\t7.0\t11000\t604\n")
    let withToken = try await CLI.run(
      ["--online", "--base-url", base, "matrix"], environment: ["TMDB_ACCESS_TOKEN": "t-2"])
    #expect(withToken.status == 0)
    let requests = server.requests
    #expect(requests.count == 2)
    #expect(requests[0].query["api_key"] == "k-1")
    #expect(requests[0].header("Authorization") == nil)
    #expect(requests[1].header("Authorization") == "Bearer t-2")
    #expect(requests[1].query["api_key"] == nil)
    // --offline wins over any key.
    let offline = try await CLI.run([
      "--offline", "--api-key", "k-1", "--base-url", base, "the", "matrix", "--limit", "1",
    ])
    #expect(offline.stdout.hasPrefix("1\tThe Matrix\t1999\t8.5"))
    #expect(server.requests.count == 2)
  }

  @Test func anAnswerOfRowsThatAreNotFilmsSaysSoOnATerminal() async throws {
    let onlyAShow =
      #"{"page":1,"results":[{"id":3,"title":"A Show","media_type":"tv","vote_count":1}],"total_pages":1,"total_results":1}"#
    let server = try LoopbackServer { _ in .json(200, onlyAShow) }
    defer { server.stop() }
    let terminal = try PseudoTerminal.movieSearch([
      "--online", "--base-url", server.baseURL.absoluteString, "--api-key", "k", "a", "show",
    ])
    #expect(await terminal.waitForExit() == 0)
    #expect(terminal.lines == ["No films match 'a show' (1 row that is not a film left out)."])
  }

  // Faults from the server: one table, ReliabilityTests.everyFaultGivesItsMessageAndExitCode.

  @Test func languageAndAdultTitlesArePassedOn() async throws {
    let server = try LoopbackServer { _ in .json(200, Fixtures.searchPage) }
    defer { server.stop() }
    let result = try await CLI.run([
      "--online", "--base-url", server.baseURL.absoluteString, "--token", "t", "--language", "de",
      "--include-adult", "--year", "1999", "--region", "at", "--page", "2", "matrix",
    ])
    #expect(result.status == 0)
    // --year is the year of first release: TMDb's primary_release_year, not "year" (any
    // release date).
    #expect(
      server.requests.first?.query
        == [
          "query": "matrix", "page": "2", "include_adult": "true", "language": "de",
          "primary_release_year": "1999", "region": "AT",
        ])
    #expect(server.requests.first?.header("User-Agent") == "movie-search/0.1.0")
    let badRegion = try await CLI.run(["--region", "Austria", "matrix"])
    #expect(badRegion.status == 64)
    #expect(
      badRegion.stderr.hasPrefix(
        "Error: The value 'Austria' of '--region' is not a two-letter country code.\n"))
  }

  @Test func rateLimitingIsRetriedThenSucceeds() async throws {
    let calls = Lock(0)
    let server = try LoopbackServer { _ in
      let call = calls.withLock {
        $0 += 1
        return $0
      }
      return call < 3
        ? .json(429, "", headers: ["Retry-After": "0"]) : .json(200, Fixtures.searchPage)
    }
    defer { server.stop() }
    let result = try await CLI.run([
      "--online", "--base-url", server.baseURL.absoluteString, "matrix",
    ])
    #expect(result.status == 0)
    #expect(result.stdout.hasPrefix("1\tThe Matrix\t"))
    #expect(server.requests.count == 3)
  }
}
