import Foundation
import MovieSearch
import Testing

/// What real TMDb answers and real terminals do to the CLI, through the built binary and a
/// loopback server answering in TMDb's shapes.
@Suite(.timeLimit(.minutes(5))) struct TMDbAnswersTests {
  /// Runs the binary against `server` with a token.
  func run(
    _ arguments: [String], _ server: LoopbackServer, environment: [String: String] = [:],
    stdoutPath: String? = nil
  ) async throws -> CLI.Result {
    try await CLI.run(
      ["--base-url", server.baseURL.absoluteString, "--token", "t"] + arguments,
      environment: environment, stdoutPath: stdoutPath)
  }

  @Test func aFailedWriteIsAnErrorAndOnlyAClosedPipeIsQuiet() async throws {
    let server = try LoopbackServer { request in
      request.path.hasSuffix("/603")
        ? .json(200, Fixtures.details) : .json(200, Fixtures.searchPage)
    }
    defer { server.stop() }
    let full = "Error: cannot write the output: No space left on device.\n"
    for arguments in [["matrix"], ["matrix", "--json"], ["details", "603"], ["--help"]] {
      let result = try await run(arguments, server, stdoutPath: "/dev/full")
      #expect(result.status == 1, "\(arguments)")
      #expect(result.stderr == full, "\(arguments)")
    }
    let stream = try await CLI.run(
      ["stream", "--virtual-time", "--offline"], stdin: "matrix\n", stdoutPath: "/dev/full")
    #expect(stream.status == 1)
    #expect(stream.stderr == full)
    let version = try await CLI.run(["--version"], stdoutPath: "/dev/full")
    #expect(version.status == 1)
    #expect(version.stderr == full)
  }

  @Test func controlCharactersFromAServerNeverReachTheTerminal() async throws {
    // A real overview has a bare \r; a hostile one could clear the screen or set the title.
    let page = #"""
      {"page":1,"total_pages":1,"total_results":1,"results":[
       {"id":7,"title":"Evil\u001b]0;pwned\u0007 Film\r\tTwo\u001b[2J\u202e","release_date":"2001-01-01",
        "vote_average":5,"vote_count":10}]}
      """#
    let details = #"""
      {"id":7,"title":"Evil\u001b[31m Film","release_date":"2001-01-01","runtime":90,
       "overview":"Line one.\rLine two.\u0000\u009b1m","tagline":"\u001b[5mBlink","vote_count":0}
      """#
    let server = try LoopbackServer { request in
      request.path.hasSuffix("/7") ? .json(200, details) : .json(200, page)
    }
    defer { server.stop() }
    let tsv = try await run(["evil"], server)
    #expect(tsv.stdout == "1\tEvil Film  Two\t2001\t5.0\t10\t7\n")
    let shown = try await run(["details", "7"], server)
    #expect(shown.status == 0)
    #expect(!shown.stdout.contains("\u{1B}") && !shown.stdout.contains("\r"))
    #expect(shown.stdout.contains("Line one. Line two."))
    #expect(shown.stdout.contains("“Blink”"))
    // JSON keeps the text as it came, escaped.
    let json = try await run(["details", "7", "--json"], server)
    #expect(json.stdout.contains(#""overview":"Line one.\rLine two.\u0000\u009b1m""#))
    // On a terminal, the table and the interactive list are clean too.
    let terminal = try PseudoTerminal(
      ["--base-url", server.baseURL.absoluteString, "--token", "t", "evil"],
      environment: ["NO_COLOR": "1"])
    #expect(await terminal.waitForExit() == 0)
    #expect(!terminal.output.contains("\u{1B}]0;") && !terminal.output.contains("\r\t"))
    #expect(terminal.lines.contains { $0.hasPrefix("1  Evil Film  Two") })
  }
}
