import Foundation
import Testing

@testable import TestSupport

#if canImport(Glibc)
  import Glibc
#endif

/// Keys and what servers say, through the binary: a key from a file readable by its owner
/// alone, never in `ps`, never in a core file, a warning when it would cross a network
/// unencrypted; credentials in a URL never printed; a server's text cut; a redirect away from
/// http(s) and endless headers refused in the right words.
@Suite(.timeLimit(.minutes(3))) struct SecretsTests {

  func keyFile(_ directory: URL, _ content: String, mode: Int) throws -> String {
    let path = directory.appendingPathComponent("key-\(UUID().uuidString)").path
    try content.write(toFile: path, atomically: false, encoding: .utf8)
    try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: path)
    return path
  }

  @Test func keysAndTokensComeFromFilesReadableByTheirOwnerAlone() async throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let server = try LoopbackServer { _ in .json(200, Fixtures.searchPage) }
    defer { server.stop() }
    let base = ["--online", "--base-url", server.baseURL.absoluteString]
    let key = try keyFile(directory, "  v3key\n", mode: 0o600)
    #expect(try await CLI.run(base + ["--api-key-file", key, "matrix"]).status == 0)
    let token = try keyFile(directory, "v4token\n", mode: 0o400)
    #expect(try await CLI.run(base + ["--token-file", token, "matrix"]).status == 0)
    let requests = server.requests
    #expect(requests.map { $0.query["api_key"] } == ["v3key", nil])
    #expect(requests.map { $0.header("authorization") } == [nil, "Bearer v4token"])

    let open = try keyFile(directory, "v3key", mode: 0o644)
    let empty = try keyFile(directory, " \n", mode: 0o600)
    let two = try keyFile(directory, "one two", mode: 0o600)
    let failures: [([String], String)] = [
      (
        ["--api-key-file", open],
        "the key file '\(open)' can be read or written by other users: make it yours alone (chmod 600 '\(open)')"
      ),
      (["--api-key-file", empty], "the key file '\(empty)' is empty"),
      (
        ["--token-file", two],
        "the key file '\(two)' does not hold a key: a key is one word of printable ASCII characters, at most 2,048"
      ),
      (["--api-key-file", directory.path], "the key file '\(directory.path)' is a folder"),
    ]
    for (arguments, message) in failures {
      let result = try await CLI.run(base + arguments + ["matrix"])
      #expect(result.status == 1)
      #expect(result.stderr == "Error: \(message)\n")
    }
    #expect(server.requests.count == 2)
    // Usage errors: an empty key, and a key given twice.
    let blank = try await CLI.run(["--api-key", "", "matrix"])
    #expect(blank.status == 64)
    #expect(blank.stderr.hasPrefix("Error: The value of '--api-key' is empty.\n"))
    let both = try await CLI.run(["--token", "t", "--token-file", token, "matrix"])
    #expect(both.status == 64)
    #expect(both.stderr.hasPrefix("Error: Give '--token' or '--token-file', not both.\n"))
  }

  @Test func whatIsNotAKeyIsNeverSentNorPrinted() async throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let server = try LoopbackServer { _ in .json(200, Fixtures.searchPage) }
    defer { server.stop() }
    let base = ["--online", "--base-url", server.baseURL.absoluteString]
    // A link to the process's environment: a regular file, readable by its owner alone.
    let environ = directory.appendingPathComponent("key").path
    try FileManager.default.createSymbolicLink(
      atPath: environ, withDestinationPath: "/proc/self/environ")
    let nul = try keyFile(directory, "abc\u{0}def", mode: 0o600)
    let long = try keyFile(directory, String(repeating: "k", count: 2049), mode: 0o600)
    let accented = try keyFile(directory, "clé", mode: 0o600)
    let secret = ["SECRET_MARKER": "do-not-print-me"]
    for path in [environ, nul, long, accented] {
      let result = try await CLI.run(base + ["--api-key-file", path, "x"], environment: secret)
      #expect(result.status == 1)
      #expect(
        result.stderr
          == "Error: the key file '\(path)' does not hold a key: a key is one word of printable ASCII characters, at most 2,048\n"
      )
    }
    let variable = try await CLI.run(
      base + ["x"], environment: ["TMDB_API_KEY": "abc\ndef", "SECRET_MARKER": "x"])
    #expect(variable.status == 1)
    #expect(
      variable.stderr
        == "Error: TMDB_API_KEY does not hold a key: a key is one word of printable ASCII characters, at most 2,048\n"
    )
    let option = try await CLI.run(base + ["--token", "a\u{1B}[2Jb", "x"])
    #expect(option.status == 64)
    #expect(option.stderr.hasPrefix("Error: The value of '--token' is not a key: "))
    #expect(server.requests.isEmpty)
  }

  @Test func aKeyOnTheCommandLineIsHiddenFromPsAndCoreDumpsAreOff() async throws {
    let terminal = try PseudoTerminal.movieSearch([
      "stream", "--offline", "--api-key=SECRET-ONE", "--token", "SECRET-TWO",
    ])
    await terminal.waitFor(#""state":"idle"}"#)
    let commandLine = try String(contentsOfFile: "/proc/\(terminal.pid)/cmdline", encoding: .utf8)
    #expect(!commandLine.contains("SECRET"))
    #expect(commandLine.contains("--api-key=**********"))
    let limits = try String(contentsOfFile: "/proc/\(terminal.pid)/limits", encoding: .utf8)
    let core = limits.split(separator: "\n").first { $0.hasPrefix("Max core file size") }
    #expect(
      core?.split(separator: " ", omittingEmptySubsequences: true).dropFirst(4).prefix(2) == [
        "0", "0",
      ])
    terminal.type("\u{04}")
    #expect(await terminal.waitForExit() == 0)
  }

  @Test func aKeySentOverPlainHTTPToAnotherHostIsWarnedAboutOnce() async throws {
    // 192.0.2.1 is a documentation address: nothing answers there.
    let remote = try await CLI.run(
      [
        "details", "603", "--online", "--base-url", "http://192.0.2.1/3", "--api-key", "k",
        "--timeout", "1",
      ])
    #expect(remote.status == 1)
    let lines = remote.stderr.split(separator: "\n")
    #expect(
      lines.first
        == "Warning: the TMDb key or token travels unencrypted to 192.0.2.1 (http://): use https.")
    #expect(lines.count == 2)
    // Loopback, or no key: no warning.
    let server = try LoopbackServer { _ in .json(200, Fixtures.searchPage) }
    defer { server.stop() }
    let local = try await CLI.run([
      "--online", "--base-url", server.baseURL.absoluteString, "--api-key", "k", "matrix",
    ])
    #expect(local.status == 0 && local.stderr.isEmpty)
  }

  @Test func credentialsInTheBaseURLAreNeverPrinted() async throws {
    let server = try LoopbackServer { _ in
      .json(404, #"{"status_code":34,"status_message":"The resource could not be found."}"#)
    }
    defer { server.stop() }
    let base = "http://someone:hunter2@127.0.0.1:\(server.port)/v9"
    let result = try await CLI.run([
      "--online", "--base-url", base, "--token", "t0ken-secret", "matrix",
    ])
    #expect(result.status == 1)
    #expect(
      result.stderr
        == "Error: Not found: The resource could not be found. (HTTP 404, code 34) — is '/3' missing from the base URL 'http://127.0.0.1:\(server.port)/v9'? TMDb's is https://api.themoviedb.org/3\n"
    )
    let invalid = try await CLI.run([
      "--online", "--base-url", "ftp://someone:hunter2@host/3", "--token", "t", "x",
    ])
    #expect(invalid.status == 64)
    #expect(invalid.stderr.hasPrefix("Error: The value of '--base-url' is not an http(s) URL.\n"))
    #expect(!invalid.stderr.contains("hunter2"))
  }

  @Test func whatAServerSaysIsCutAndWhatItDoesWrongIsNamed() async throws {
    let server = try LoopbackServer { request in
      switch request.path {
      case "/3/search/movie":
        let message = String(repeating: "A", count: 5_000_000)
        return .json(401, #"{"status_code":7,"status_message":"\#(message)"}"#)
      case "/3/movie/1":
        return .respond(status: 302, headers: ["Location": "file:///etc/passwd"], body: Data())
      default:
        var headers: [String: String] = [:]
        // 400 KB of headers: past the 256 KB read, without megabytes to make and send.
        for index in 0..<4_000 { headers["X-Junk-\(index)"] = String(repeating: "a", count: 90) }
        return .respond(status: 200, headers: headers, body: Data("{}".utf8))
      }
    }
    defer { server.stop() }
    let base = ["--online", "--base-url", server.baseURL.absoluteString, "--token", "t0ken-secret"]
    let long = try await CLI.run(base + ["matrix"])
    #expect(long.status == 1)
    #expect(
      long.stderr
        == "Error: The API key or token was refused (HTTP 401): \(String(repeating: "A", count: 300))… (code 7)\n"
    )
    let redirect = try await CLI.run(base + ["details", "1"])
    #expect(redirect.status == 1)
    #expect(
      redirect.stderr
        == "Error: The answer of 127.0.0.1 was refused: it redirected to an unsupported address (only http and https are followed)\n"
    )
    let headers = try await CLI.run(base + ["details", "2"])
    #expect(headers.status == 1)
    #expect(
      headers.stderr
        == "Error: The answer of 127.0.0.1 was refused: its headers are too large (over 256 KB)\n")
  }
}
