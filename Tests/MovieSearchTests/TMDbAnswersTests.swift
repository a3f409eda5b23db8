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
}
