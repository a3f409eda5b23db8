import Foundation
import Testing

@testable import MovieSearch
@testable import TestSupport

/// Numbers from outside — a server, a file, stdin, argv — at their extremes, through the
/// binary: none ends the process; each bad value gets what its source's rule says (a row
/// left out with a note, a field unknown, a line skipped with its number, a usage error).
@Suite(.timeLimit(.minutes(3))) struct OutsideNumberTests {
  /// The extremes every source is fed.
  static let extremes = ["1e300", "-1e300", "9223372036854775807", "-9223372036854775808"]

  @Test func theHelperRefusesWhatIsNotFiniteOrOutOfRange() {
    #expect(Int(outside: 1e300, in: 0...10) == nil)
    #expect(Int(outside: -1e300, in: 0...10) == nil)
    #expect(Int(outside: .nan, in: 0...10) == nil)
    #expect(Int(outside: .infinity, in: 0...Int.max) == nil)
    #expect(Int(outside: 9_223_372_036_854_775_807.0, in: 0...Int.max) == nil)
    #expect(Int(outside: -0.0, in: 0...10) == 0)
    #expect(Int(outside: 4.6, in: 0...10) == 5)
    #expect(Int(outside: 10.4, in: 0...10) == 10)
    #expect(Int(outside: 10.6, in: 0...10) == nil)
  }

  @Test func searchRowsWithNumbersOutOfRangeAreLeftOutWithANote() async throws {
    let bad = Self.extremes.flatMap { value in
      [
        #"{"id":1,"title":"Votes \#(value)","vote_count":\#(value)}"#,
        #"{"id":2,"title":"Rating \#(value)","vote_average":\#(value)}"#,
        #"{"id":3,"title":"Popularity \#(value)","popularity":\#(value),"genre_ids":[]}"#,
        #"{"id":\#(value),"title":"Id \#(value)","genre_ids":[]}"#,
      ]
    }
    let good = [
      #"{"id":7,"title":"Zero","vote_count":-0,"vote_average":1e-400,"popularity":-0}"#,
      #"{"id":8,"title":"Plain","vote_count":12.0,"vote_average":7.5,"popularity":3}"#,
    ]
    let body =
      #"{"page":1e300,"total_pages":9223372036854775807,"total_results":-1e300,"results":["#
      + (bad + good).joined(separator: ",") + "]}"
    let server = try LoopbackServer { request in
      request.path == "/3/search/movie" ? .json(200, body) : .json(404, "")
    }
    defer { server.stop() }
    let result = try await CLI.run(
      ["--online", "--base-url", server.baseURL.absoluteString, "--token", "t", "x"])
    #expect(result.status == 0)
    // A film nobody voted for has an empty rating and votes, as always.
    #expect(result.stdout == "1\tZero\t\t\t\t7\n2\tPlain\t\t7.5\t12\t8\n")
    #expect(
      result.stderr
        == "Note: \(bad.count) results on this page could not be read and are left out.\n")
  }

  @Test func detailsFieldsOutOfRangeAreUnknown() async throws {
    let body = """
      {"id":5,"title":"Long","runtime":1e300,"budget":-1e300,"revenue":9223372036854775807,
       "vote_count":3,"vote_average":6,
       "credits":{"cast":[{"name":"Last","order":1e300},{"name":"First","order":0}],"crew":[]}}
      """
    let server = try LoopbackServer { request in
      request.path == "/3/movie/5" ? .json(200, body) : .json(404, "")
    }
    defer { server.stop() }
    let arguments = [
      "details", "5", "--online", "--base-url", server.baseURL.absoluteString, "--token", "t",
    ]
    let text = try await CLI.run(arguments)
    #expect(text.status == 0)
    #expect(text.stdout == "Long\nrated 6.0/10 by 3\nWith First, Last\n\nid 5\n")
    let json = try await CLI.run(arguments + ["--json"])
    #expect(json.status == 0)
    let object = try #require(
      JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
    #expect(object["runtime"] is NSNull)
    #expect(object["budget"] == nil && object["revenue"] == nil)
    // The cast member whose order was no number is listed last, with no order.
    let cast = try #require((object["credits"] as? [String: Any])?["cast"] as? [[String: Any]])
    #expect(cast.map { $0["name"] as? String } == ["First", "Last"])
    #expect(cast.map { $0["order"] as? Int } == [0, nil])
  }

  @Test func streamLinesOutOfRangeAreSkippedWithTheirNumber() async throws {
    let lines =
      Self.extremes.map { #"{"at":\#($0),"search":"x"}"# } + [
        #"{"select":9223372036854775807}"#, #"{"select":1e300}"#, #"{"select":-0}"#,
        #"{"at":"NaN","search":"x"}"#, #"{"at":1e-400,"search":"matrix"}"#,
        #"{"at":-0,"search":"alien"}"#,
      ]
    for clock in [["--virtual-time"], []] {
      let result = try await CLI.run(
        ["stream"] + clock, stdin: lines.joined(separator: "\n") + "\n")
      #expect(result.status == 0)
      #expect(
        result.stderr == """
          Error: line 1: "at" is too large; skipped.
          Error: line 2: "at" must be a whole number of milliseconds, 0 or more; skipped.
          Error: line 3: "at" is too large; skipped.
          Error: line 4: "at" must be a whole number of milliseconds, 0 or more; skipped.
          Error: line 5: "select" is too large; skipped.
          Error: line 6: "select" is too large; skipped.
          Error: line 7: "select" must be a film id (a positive whole number); skipped.
          Error: line 8: "at" must be a whole number of milliseconds, 0 or more; skipped.

          """)
      // The two good lines at 0 ms are searched (the last one wins after the debounce).
      #expect(result.stdout.contains(#""query":"alien","#))
    }
  }

  @Test func csvColumnsOutOfRangeAreReportedAndSkipped() async throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let source = directory.appendingPathComponent("films.csv").path
    let catalog = directory.appendingPathComponent("films.bin").path
    try """
    title,id,year,votes,rating,length,budget,popularity
    Year,1,1e30,1,1,1,1,1
    Votes,2,1999,1e300,1,1,1,1
    Rating,3,1999,1,nan,1,1,1
    Minutes,4,1999,1,1,-1e300,1,1
    Budget,5,1999,1,1,1,1e300,1
    Id,9223372036854775807,1999,1,1,1,1,1
    Popularity,7,1999,1,1,1,1,-1e300
    Zero,8,-0,-0,-0,-0,-0,-0
    Tiny,9,1999-01-01,1e-400,1e-400,1.5,1,1

    """.write(toFile: source, atomically: true, encoding: .utf8)
    let built = try await CLI.run(["build-catalog", source, catalog])
    #expect(built.status == 0)
    #expect(
      built.stderr == """
        \(source):2: the year '1e30' is not a number from 0 to 9999; skipped.
        \(source):3: the vote count '1e300' is not a number from 0 to 4294967295; skipped.
        \(source):4: the rating 'nan' is not a number from 0 to 10; skipped.
        \(source):5: the running time '-1e300' is not a number from 0 to 65535; skipped.
        \(source):6: the budget '1e300' is not a number from 0 to 4294967295; skipped.
        \(source):7: the id '9223372036854775807' is not a number from 1 to 4294967295; skipped.
        \(source):8: the popularity '-1e300' is not a number from 0 to 1000000000000; skipped.

        """)
    let found = try await CLI.run(["--catalog", catalog, "tiny"])
    #expect(found.stdout == "1\tTiny\t1999\t\t\t9\n")
  }

  @Test func catalogHeadersOfExtremeCountsAreDamage() async throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let good = try CatalogFile.encode([.init(id: 1, title: "The Matrix", year: 1999, votes: 10)])
    // Every count of the header at its largest, one at a time, the offset tables' sizes
    // among them.
    let tableSizes = CatalogFile.OffsetTableKind.allCases.map {
      CatalogFile.offsetTableSizesOffset + 4 * $0.rawValue
    }
    for field in Array(stride(from: 8, to: 60, by: 4))
      + [
        CatalogFile.postingBytesOffset, CatalogFile.soundOrderOffset,
        CatalogFile.initialsOrderOffset,
      ] + tableSizes
    {
      var bytes = good
      for offset in field..<field + 4 { bytes[offset] = 0xFF }
      let path = directory.appendingPathComponent("header-\(field).bin").path
      try Data(bytes).write(to: URL(fileURLWithPath: path))
      let result = try await CLI.run(["--catalog", path, "matrix"])
      #expect(result.status == 1)
      #expect(result.stderr == "Error: the catalog '\(path)' is damaged: its size is wrong\n")
    }
  }

  @Test func commandLineValuesOutOfRangeAreUsageErrors() async throws {
    let cases: [([String], String)] = [
      (
        ["--page", "9223372036854775807", "x"],
        "The value '9223372036854775807' of '--page' must be between 1 and 21474836."
      ),
      (["--year", "1e300", "x"], "The value '1e300' of '--year' is not a whole number."),
      (["--limit", "-0", "x"], "The value '-0' of '--limit' must be between 1 and 100."),
      (
        ["--timeout", "99999999999999999999", "x"],
        "The value of '--timeout' is too large: it must be between 1 and 600."
      ),
      (["details", "9223372036854775807"], "'9223372036854775807' is too large to be a film id."),
      (["details", "4294967296"], "'4294967296' is too large to be a film id."),
      (
        ["details", "1e300"],
        "'1e300' is not a film id (a positive whole number, perhaps after catalog: or tmdb:, a TMDb link, or IMDb's id or link: tt0080684)."
      ),
    ]
    for (arguments, message) in cases {
      let result = try await CLI.run(arguments)
      #expect(result.status == 64, "\(arguments)")
      #expect(result.stderr.hasPrefix("Error: \(message)\n"), "\(arguments): \(result.stderr)")
    }
  }
}
