import Foundation
import MovieSearch
import Streams
import Synchronization
import Testing

@testable import TestSupport

/// Faults, bad input and memory, through the real binary.
@Suite(.timeLimit(.minutes(5))) struct ReliabilityTests {
  struct Fault {
    let name: String
    let arguments: [String]
    let reply: @Sendable (LoopbackServer.Request, Int) -> LoopbackServer.Reply
    let status: Int32
    let stderr: String
    let stdout: String
  }

  static let limited = Fixtures.tmdbError(25, "Your request count is over the allowed limit.")

  /// Every known quirk in one page: odd rows are kept, broken ones skipped.
  static let quirkyPage = """
    {"page":1,"total_pages":1,"total_results":6,"results":[
      {"id":1,"title":"Empty Date","release_date":"","overview":"","poster_path":null},
      {"id":2,"title":"No Date","vote_average":7},
      {"id":3,"name":"A Collection","media_type":"collection","extra":{"x":[1,2]}},
      {"title":"No Id"},
      "not a row",
      {"id":6,"title":"千と千尋の神隠し","release_date":"2001-07-20","vote_average":8.6,"vote_count":15000}
    ]}
    """

  static let faults: [Fault] = [
    Fault(
      name: "401", arguments: ["matrix"],
      reply: { _, _ in
        .json(401, Fixtures.tmdbError(7, "Invalid API key: You must be granted a valid key."))
      },
      status: 1,
      stderr:
        "Error: The API key or token was refused (HTTP 401): Invalid API key: You must be granted a valid key. (code 7)\n",
      stdout: ""),
    Fault(
      name: "404 for a search", arguments: ["matrix"],
      reply: { _, _ in
        .json(404, Fixtures.tmdbError(34, "The resource you requested could not be found."))
      },
      status: 1,
      stderr:
        "Error: Not found: The resource you requested could not be found. (HTTP 404, code 34)\n",
      stdout: ""),
    Fault(
      name: "404", arguments: ["details", "42"],
      reply: { _, _ in
        .json(404, Fixtures.tmdbError(34, "The resource you requested could not be found."))
      },
      status: 1,
      stderr:
        "Error: Not found: The resource you requested could not be found. (HTTP 404, code 34)\n",
      stdout: ""),
    Fault(
      name: "422 with TMDb's other error body", arguments: ["matrix"],
      reply: { _, _ in .json(422, #"{"errors":["query must be provided"]}"#) },
      status: 1, stderr: "Error: The request failed (HTTP 422): query must be provided\n",
      stdout: ""),
    Fault(
      name: "429 once, then 200", arguments: ["matrix"],
      reply: { _, call in
        call == 1
          ? .json(429, limited, headers: ["Retry-After": "0"]) : .json(200, Fixtures.searchPage)
      },
      status: 0, stderr: "",
      stdout:
        "1\tThe Matrix\t1999\t8.2\t26000\t603\n2\tThe Matrix Reloaded\t2003\t7.0\t11000\t604\n"),
    Fault(
      name: "429 always", arguments: ["matrix"],
      reply: { _, _ in .json(429, limited, headers: ["Retry-After": "0"]) },
      status: 1,
      stderr:
        "Error: Too many requests (HTTP 429), still limited after retrying: Your request count is over the allowed limit. (code 25)\n",
      stdout: ""),
    Fault(
      name: "500", arguments: ["matrix"], reply: { _, _ in .json(500, "<html>oops</html>") },
      status: 1,
      stderr: "Error: The server failed (HTTP 500): Internal Server Error\n", stdout: ""),
    Fault(
      name: "503", arguments: ["matrix"],
      reply: { _, _ in .json(503, Fixtures.tmdbError(9, "Service offline.")) }, status: 1,
      stderr: "Error: The server failed (HTTP 503): Service offline. (code 9)\n", stdout: ""),
    Fault(
      name: "503 with an empty body", arguments: ["matrix"], reply: { _, _ in .json(503, "") },
      status: 1, stderr: "Error: The server failed (HTTP 503): Service Unavailable\n", stdout: ""),
    Fault(
      name: "malformed body", arguments: ["matrix"],
      reply: { _, _ in .json(200, "{\"page\":1,\"results\":[") },
      status: 1, stderr: "Error: The server's answer could not be read: it is not valid JSON\n",
      stdout: ""),
    Fault(
      name: "wrong field type", arguments: ["matrix"],
      reply: { _, _ in .json(200, #"{"page":1,"results":{"id":1}}"#) }, status: 1,
      stderr: "Error: The server's answer could not be read: 'results' is not a list\n", stdout: ""),
    Fault(
      name: "a total that is not a number (tolerated)", arguments: ["matrix"],
      reply: { _, _ in .json(200, #"{"page":1,"results":[],"total_results":"many"}"#) },
      status: 0, stderr: "", stdout: ""),
    Fault(
      name: "truncated body", arguments: ["matrix"],
      reply: { _, _ in
        .closeMidBody(status: 200, declaredLength: 4000, body: Data(#"{"page":1,"results":["#.utf8))
      },
      status: 1, stderr: "Error: Could not reach 127.0.0.1: ", stdout: ""),
    Fault(
      name: "connection reset", arguments: ["matrix"], reply: { _, _ in .reset }, status: 1,
      stderr: "Error: Could not reach 127.0.0.1: ", stdout: ""),
    Fault(
      name: "huge response (10 MB)", arguments: ["matrix"],
      reply: { _, _ in
        let row = #"{"id":1,"title":"\#(String(repeating: "x", count: 1000))"}"#
        let rows = Array(repeating: row, count: 10_300).joined(separator: ",")
        return .json(200, #"{"page":1,"results":[\#(rows)]}"#)
      },
      status: 1, stderr: "Error: The server's answer could not be read: the answer is 10",
      stdout: ""),
    Fault(
      name: "rows with every quirk", arguments: ["--limit", "20", "quirks"],
      reply: { _, _ in .json(200, quirkyPage) }, status: 0,
      stderr: "Note: 1 result on this page could not be read and is left out.\n",
      stdout:
        "1\tEmpty Date\t\t\t\t1\n2\tNo Date\t\t\t\t2\n3\t千と千尋の神隠し\t2001\t8.6\t15000\t6\n"
    ),
  ]

  @Test func everyFaultGivesItsMessageAndExitCode() async throws {
    for fault in Self.faults {
      let calls = Lock(0)
      let reply = fault.reply
      let server = try LoopbackServer { request in
        let call = calls.withLock {
          $0 += 1
          return $0
        }
        return reply(request, call)
      }
      defer { server.stop() }
      let result = try await CLI.run(
        ["--online", "--base-url", server.baseURL.absoluteString, "--api-key", "s3cret"]
          + fault.arguments)
      #expect(result.status == fault.status, "\(fault.name): \(result.stderr)")
      #expect(result.stderr.hasPrefix(fault.stderr), "\(fault.name): \(result.stderr)")
      #expect(
        result.stderr.filter { $0 == "\n" }.count == (fault.stderr.isEmpty ? 0 : 1),
        "\(fault.name)")
      #expect(!result.stderr.contains("s3cret"), "\(fault.name)")
      #expect(result.stdout == fault.stdout, "\(fault.name)")
    }
  }

  @Test func aSlowAnswerSupersededByANewerQueryIsCancelledOnTheWire() async throws {
    let server = try LoopbackServer { request in
      request.query["query"] == "slow"
        ? .slow(seconds: 3, then: Data(Fixtures.searchPage.utf8)) : .json(200, Fixtures.searchPage)
    }
    defer { server.stop() }
    // The newer query once the slow one has reached the server — not at a time, which a
    // stalled machine misses (a whole run once started the program after both times had
    // passed: the slow query was never asked).
    let result = try await CLI.run(
      [
        "stream", "--debounce", "0", "--online", "--base-url", server.baseURL.absoluteString,
        "--token", "t",
      ],
      stdin: #"{"search":"slow"}"# + "\n",
      later: ProcessRunner.LaterInput(Data((#"{"search":"fast"}"# + "\n").utf8)) {
        try server.waitBlocking { $0 == .received(path: "/3/search/movie") }
      })
    #expect(result.status == 0)
    #expect(result.stderr == "")
    // The server saw the slow request's connection closed, not answered.
    #expect(server.events.contains(.clientClosed(path: "/3/search/movie")))
    let states = result.stdout.split(separator: "\n").map { line in
      String(line.drop { $0 != "," }.dropFirst())  // without the "at" stamp
    }
    #expect(
      states == [
        #""state":"idle"}"#, #""query":"slow","state":"loading"}"#,
        #""query":"fast","state":"loading"}"#,
        #""query":"fast","results":[{"genres":["Action","Science Fiction"],"id":603,"rating":8.2,"title":"The Matrix","year":1999},{"id":604,"rating":7,"title":"The Matrix Reloaded","year":2003}],"state":"success","total":2}"#,
      ])
  }

  @Test func tenThousandRandomAndBrokenLinesAreReportedAndTheStreamGoesOn() async throws {
    var generator = SeededGenerator(seed: 2026)
    var input = Data()
    var bad: [Int] = []
    var time = 0
    // A fifth of them under ThreadSanitizer, whose process takes ten times as long.
    for number in 1...repetitions(10_000) {
      var line: [UInt8]
      var isBad = true
      switch Int.random(in: 0..<12, using: &generator) {
      case 0:  // invalid UTF-8
        line = Array("matrix".utf8) + [0xFF, 0xC3, 0x28] + Array("x".utf8)
      case 1:  // broken JSON
        line = Array(#"{"search":"mat"#.utf8)
      case 2:  // deep nesting
        line = Array(("{\"search\":" + String(repeating: "[", count: 5_000)).utf8)
      case 3:  // wrong types
        line = Array(
          [
            #"{"search":5}"#, #"{"select":"603"}"#, #"{"appear":1}"#, #"{"at":"1","search":"x"}"#,
            #"{"select":1.5}"#,
          ][
            Int.random(in: 0..<5, using: &generator)
          ].utf8)
      case 4:  // unknown keys, several events, empty objects, arrays after a brace
        line = Array(
          [#"{"query":"x"}"#, #"{"search":"a","select":1}"#, "{}", #"{"at":5}"#, "{[1,2]}"][
            Int.random(in: 0..<5, using: &generator)
          ].utf8)
      case 5:  // a huge line, now and then
        line =
          number % 1_000 == 0
          ? Array(repeating: UInt8(ascii: "m"), count: 1_100_000) : Array("ma".utf8)
        isBad = number % 1_000 == 0
      case 6:  // control characters in plain text: a search like any other
        line = (0..<10).map { _ in UInt8.random(in: 1...31, using: &generator) }.filter {
          $0 != 10 && $0 != 13
        }
        isBad = false
      default:  // valid events
        time += Int.random(in: 0...400, using: &generator)
        let text = String(
          (0..<Int.random(in: 0...6, using: &generator)).map { _ in
            "abcdefghijklmnopqrstuvwxyz éü千".randomElement(using: &generator) ?? "a"
          })
        let events = [
          text, #"{"search":"\#(text)","at":\#(time)}"#,
          #"{"select":\#(Int.random(in: 1...58_788, using: &generator))}"#,
          #"{"appear":true}"#,
        ]
        line = Array(events[Int.random(in: 0..<events.count, using: &generator)].utf8)
        isBad = false
      }
      if isBad { bad.append(number) }
      input.append(contentsOf: line)
      input.append(UInt8(ascii: "\n"))
    }
    let result = try await CLI.run(
      executable: CLI.binary, ["stream", "--virtual-time"], stdin: input,
      environment: CLI.environment())
    #expect(result.status == 0)
    let reported = result.stderr.split(separator: "\n").map { line -> Int in
      #expect(line.hasPrefix("Error: line ") && line.hasSuffix("; skipped."), "\(line)")
      return Int(line.dropFirst("Error: line ".count).prefix { $0 != ":" }) ?? -1
    }
    #expect(reported == bad)
    let states = result.stdout.split(separator: "\n")
    #expect(states.count > 100)
    for state in states {
      #expect(
        (try? JSONSerialization.jsonObject(with: Data(state.utf8))) != nil, "\(state.prefix(80))")
    }
  }

  @Test(
    .disabled(if: underAddressSanitizer, "memory is not measurable under AddressSanitizer"),
    .disabled(
      if: underThreadSanitizer,
      "memory is not measurable under ThreadSanitizer, and 100,000 events take minutes"))
  func aHundredMegabyteLineIsSkippedInBoundedMemory() async throws {
    var input = Data(repeating: UInt8(ascii: "m"), count: 100 << 20)
    input.append(contentsOf: Array("\nmatrix\n".utf8))
    let result = try await CLI.run(
      executable: CLI.binary, ["stream", "--debounce", "0"], stdin: input,
      environment: CLI.environment(["MOVIE_SEARCH_REPORT_MEMORY": "1"]))
    #expect(result.status == 0)
    let lines = result.stderr.split(separator: "\n")
    #expect(lines.first == "Error: line 1: the line is longer than 1048576 bytes; skipped.")
    let peak = Int(lines.last?.split(separator: " ").dropFirst(2).first ?? "") ?? .max
    #expect(peak < 64 * 1024, "peak memory \(peak) kB")
    #expect(result.stdout.contains(#""query":"matrix","results""#))
  }

  @Test(
    .disabled(if: underAddressSanitizer, "memory is not measurable under AddressSanitizer"),
    .disabled(
      if: underThreadSanitizer,
      "memory is not measurable under ThreadSanitizer, and 100,000 events take minutes"))
  func aLongSessionKeepsMemoryFlat() async throws {
    func peak(events: Int) async throws -> (kilobytes: Int, states: Int) {
      var generator = SeededGenerator(seed: 7)
      var time = 0
      let words = ["matrix", "star wars", "godfather", "", "zzz", "matrix reloaded"]
      let lines = (0..<events).map { _ in
        // Gaps around the debounce interval: most texts are searched, some superseded.
        time += Int.random(in: 20...300, using: &generator)
        return #"{"search":"\#(words.randomElement(using: &generator) ?? "")","at":\#(time)}"#
      }
      let result = try await CLI.run(
        ["stream", "--virtual-time", "--debounce", "100"],
        stdin: lines.joined(separator: "\n") + "\n",
        environment: ["MOVIE_SEARCH_REPORT_MEMORY": "1"])
      #expect(result.status == 0)
      let report = result.stderr.split(separator: "\n").last ?? ""
      let kilobytes = Int(report.split(separator: " ").dropFirst(2).first ?? "") ?? .max
      return (kilobytes, result.stdout.split(separator: "\n").count)
    }
    // The two runs at once; 20,000 events, not 100,000, which made this the suite's longest
    // test by far — ten times the events is what shows memory flat.
    async let smallRun = peak(events: 2_000)
    async let largeRun = peak(events: 20_000)
    let (small, large) = try await (smallRun, largeRun)
    // Ten times the events, ten times the states written…
    #expect(small.states > 2_000)
    #expect(large.states > 20_000)
    // …but not ten times the memory: the virtual-time replay holds its parsed input (about
    // 6 MB more for 45,000 more events, 2.4 MB for these 18,000); the pipeline itself does
    // not grow (half a kilobyte an event kept would pass the bound).
    #expect(
      large.kilobytes < small.kilobytes + 8 * 1024,
      "2k events: \(small.kilobytes) kB, 20k events: \(large.kilobytes) kB")
  }

  @Test func mutatedAnswersNeverCrashTheDecoders() {
    var generator = SeededGenerator(seed: 99)
    let documents = [
      Fixtures.searchPage, Fixtures.details, Fixtures.configuration, Self.quirkyPage,
    ].map {
      Array($0.utf8)
    }
    var decoded = 0
    var rejected = 0
    for _ in 0..<10_000 {
      var bytes = documents[Int.random(in: 0..<documents.count, using: &generator)]
      for _ in 0..<Int.random(in: 1...4, using: &generator) {
        let index = Int.random(in: 0..<bytes.count, using: &generator)
        switch Int.random(in: 0..<4, using: &generator) {
        case 0: bytes[index] = UInt8.random(in: 0...255, using: &generator)
        case 1: bytes.remove(at: index)
        case 2:
          bytes.insert(
            Array("{}[]\",:0-e.\\u".utf8).randomElement(using: &generator) ?? 0, at: index)
        default: bytes = Array(bytes.prefix(index))
        }
        if bytes.isEmpty { bytes = [UInt8(ascii: "{")] }
      }
      let data = Data(bytes)
      let decoder = JSONDecoder()
      let outcomes = [
        (try? decoder.decode(MoviePage.self, from: data)) != nil,
        (try? decoder.decode(MovieDetails.self, from: data)) != nil,
        (try? decoder.decode(APIConfiguration.self, from: data)) != nil,
      ]
      if outcomes.contains(true) { decoded += 1 } else { rejected += 1 }
    }
    // Both kinds happen: the mutations are neither all harmless nor all fatal.
    #expect(decoded > 100)
    #expect(rejected > 100)
  }
}
