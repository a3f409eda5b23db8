import Foundation
import Testing

@testable import TestSupport

#if canImport(Glibc)
  import Glibc
#endif

/// Through the binary: hostile input costs time and memory in proportion to its
/// length; misbehaving servers never make it loop; whole jobs stop; sources are never lost.
@Suite(.timeLimit(.minutes(5))) struct HostileInputTests {
  /// The peak memory a run reports (`MOVIE_SEARCH_REPORT_MEMORY=1`), in MB.
  func peakMegabytes(_ stderr: String) throws -> Int {
    let line = try #require(stderr.split(separator: "\n").last { $0.hasPrefix("peak memory: ") })
    return (Int(line.dropFirst("peak memory: ".count).prefix { $0.isNumber }) ?? .max) / 1024
  }

  @Test func aHundredThousandCharacterInputOfEveryKindEndsInLittleMemory() async throws {
    let word = String(repeating: "x", count: 100_000)
    let words = Array(repeating: "ab", count: 33_333).joined(separator: " ")
    let report = ["MOVIE_SEARCH_REPORT_MEMORY": "1"]
    // One word, and many: a query. (The quadratic typo table took 80 GB for this word.)
    // Each run has a limit of 120 s: a regression to quadratic cost is killed and fails.
    // (A run takes 2 s of a debug build's processor time; with the whole suite's processes
    // sharing two slow processors, one took more than 30 s.)
    let limit = Duration.seconds(120).orLongerUnderSanitizer
    for query in [word, words] {
      let result = try await CLI.run([query], environment: report, limit: limit)
      #expect(result.status == 0)
      #expect(try peakMegabytes(result.stderr) < 100)
    }
    // A stream line, plain and in JSON.
    let stream = try await CLI.run(
      ["stream", "--virtual-time"],
      stdin: "{\"search\":\"\(word)\",\"at\":0}\n{\"search\":\"\(words)\",\"at\":1000}\n",
      environment: report, limit: limit)
    #expect(stream.status == 0)
    #expect(stream.stdout.contains(#"{"at":300,"query":"xxxxxxxxxx"#))
    #expect(stream.stdout.contains(#"xxxx","state":"noResults"}"#))
    #expect(stream.stdout.contains(#"ab ab","results":[{"#))
    #expect(try peakMegabytes(stream.stderr) < 100)
    // A paste in the finder, without spaces.
    let terminal = try PseudoTerminal.movieSearch(["interactive", "--offline", "--debounce", "0"])
    await terminal.waitFor("Type a title.")
    terminal.type("\u{1B}[200~" + word + "\u{1B}[201~")
    await terminal.waitFor("No films match")
    terminal.type("\u{03}")
    #expect(await terminal.waitForExit(limit: .seconds(10)) == 130)
  }

  @Test func aTenMegabytePasteIsCutToTheFieldAndCtrlCStillActs() async throws {
    // It took 30 s and 383 MB; Ctrl-C after a 4 MB paste took 10.6 s. Now the paste is
    // scanned for its end and cut, the status line says so, and Ctrl-C right behind it ends
    // the finder well within the limit.
    let terminal = try PseudoTerminal.movieSearch(["interactive", "--offline", "--debounce", "0"])
    await terminal.waitFor("Type a title.")
    let paste = "\u{1B}[200~" + String(repeating: "x", count: 10_000_000) + "\u{1B}[201~"
    terminal.type(paste)
    await terminal.waitFor("The field holds 1,000 characters; the rest was dropped.")
    let status = try String(contentsOfFile: "/proc/\(terminal.pid)/status", encoding: .utf8)
    let peak = status.split(separator: "\n").first { $0.hasPrefix("VmHWM:") }
    let kilobytes = peak.flatMap { Int($0.filter(\.isNumber)) } ?? .max
    #expect(kilobytes / 1024 < 100, "\(peak ?? "")")
    // Another, with Ctrl-C right behind it.
    terminal.type(paste + "\u{03}")
    #expect(await terminal.waitForExit(limit: .seconds(20)) == 130)
  }

  /// 25,000 events of one kind, as `stream` lines: what kept a few kilobytes an event shows
  /// (each selection's details task, when it was kept, took 1,000 MB for 100,000). (Many
  /// searches: ``ReliabilityTests/aLongSessionKeepsMemoryFlat()``.)
  enum EventFlood: String, CaseIterable, Sendable {
    case selections, selectionsOnTheRealClock, pages

    var lines: [String] {
      switch self {
      case .selections, .selectionsOnTheRealClock:
        (0..<Self.count).map { #"{"select":\#(32_710 + $0 % 5)}"# }
      case .pages: [#"{"search":"love"}"#] + Array(repeating: #"{"more":true}"#, count: Self.count)
      }
    }

    static let count = 25_000

    var clock: [String] { self == .selectionsOnTheRealClock ? [] : ["--virtual-time"] }
  }

  /// Selections (each one's details task used to be kept: 1,000 MB) and pages, at one
  /// instant on virtual time and as fast as they can be read on the real clock.
  @Test(
    .disabled(if: underAddressSanitizer, "memory is not measurable under AddressSanitizer"),
    .disabled(if: underThreadSanitizer, "memory is not measurable under ThreadSanitizer"),
    arguments: EventFlood.allCases)
  func manyEventsOfOneKindKeepMemoryFlat(flood: EventFlood) async throws {
    let result = try await CLI.run(
      ["stream", "--debounce", "0"] + flood.clock,
      stdin: flood.lines.joined(separator: "\n") + "\n",
      environment: ["MOVIE_SEARCH_REPORT_MEMORY": "1"], limit: .seconds(120))
    #expect(result.status == 0)
    #expect(try peakMegabytes(result.stderr) < 100)
  }

  // MARK: build-catalog

  @Test func buildCatalogNeverWritesOverItsSourceNorAFileThatIsNotACatalog() async throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let source = directory.appendingPathComponent("films.csv").path
    let csv = "title,year\nThe Matrix,1999\nAlien,1979\n"
    try csv.write(toFile: source, atomically: true, encoding: .utf8)
    let same = try await CLI.run(["build-catalog", source, source])
    #expect(same.status == 64)
    #expect(
      same.stderr.hasPrefix("Error: The output is the source '\(source)': name another file.\n"))
    #expect(try String(contentsOfFile: source, encoding: .utf8) == csv)
    // A file that is not a catalog is kept, unless --force.
    let notes = directory.appendingPathComponent("notes.txt").path
    try "my notes\n".write(toFile: notes, atomically: true, encoding: .utf8)
    let refused = try await CLI.run(["build-catalog", source, notes])
    #expect(refused.status == 1)
    #expect(
      refused.stderr
        == "Error: '\(notes)' exists and is not a movie-search catalog: give --force to replace it.\n"
    )
    #expect(try String(contentsOfFile: notes, encoding: .utf8) == "my notes\n")
    let forced = try await CLI.run(["build-catalog", source, notes, "--force"])
    #expect(forced.status == 0)
    // A catalog is replaced without --force; nothing is left beside it.
    #expect(try await CLI.run(["build-catalog", source, notes]).status == 0)
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted() == [
        "films.csv", "notes.txt",
      ])
    #expect(try await CLI.run(["alien", "--catalog", notes]).stdout == "1\tAlien\t1979\t\t\t2\n")
  }

  @Test func buildCatalogReadsAnyCSVWithATitleAndSkipsBadRows() async throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let source = directory.appendingPathComponent("films.csv").path
    let out = directory.appendingPathComponent("films.bin").path
    // Headers in any case and order, a genres list, a bad number, a short row, a broken
    // quote: the bad rows are reported with their lines and skipped.
    try #"""
    Votes,TITLE,Year,genres,id,rating
    900,Heat,1995,Action|Drama,949,8.3
    12,Heat,nineteen,Drama,950,5
    40,"Cool ""Heat""",2001,Comedy,951,6
    7,Short Row
    "Broken" quote,2002,,952,1
    80,Heat Wave,1990,,953,5.5

    """#.write(toFile: source, atomically: true, encoding: .utf8)
    let built = try await CLI.run(["build-catalog", source, out])
    #expect(built.status == 0)
    #expect(
      built.stderr == """
        \(source):3: the year 'nineteen' is not a number from 0 to 9999; skipped.
        \(source):5: 2 fields where the header has 6; skipped.
        \(source):6: text after a closing quote; skipped.

        """)
    #expect(built.stdout.hasPrefix("wrote 3 films"))
    #expect(built.stdout.hasSuffix("; 3 bad lines skipped\n"))
    let found = try await CLI.run(["heat", "--catalog", out, "--ndjson"])
    let first = try #require(found.stdout.split(separator: "\n").first)
    #expect(first.contains(#""id":949"#) && first.contains(#""genre_ids":[28,18]"#))
    // Compressed: said, not misread.
    let compressed = directory.appendingPathComponent("films.csv.gz").path
    try Data([0x1F, 0x8B, 8, 0, 0, 0, 0, 0]).write(to: URL(fileURLWithPath: compressed))
    let gz = try await CLI.run(["build-catalog", compressed, out])
    #expect(gz.status == 1)
    #expect(
      gz.stderr
        == "Error: '\(compressed)' is compressed with gzip: unzip it first (gunzip -k '\(compressed)').\n"
    )
    // Without a title column: one line.
    try "name,year\nHeat,1995\n".write(toFile: source, atomically: true, encoding: .utf8)
    let untitled = try await CLI.run(["build-catalog", source, out])
    #expect(untitled.status == 1)
    #expect(
      untitled.stderr
        == "Error: cannot build a catalog from '\(source)': the CSV has no 'title' column (its header: name,year).\n"
    )
  }

  @Test func buildCatalogShowsItsProgressOnATerminal() async throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let source = directory.appendingPathComponent("big.csv").path
    let out = directory.appendingPathComponent("big.bin").path
    let rows = (0...100_000).map { "Film \($0),\(1900 + $0 % 100)" }
    try (["title,year"] + rows).joined(separator: "\n").write(
      toFile: source, atomically: true, encoding: .utf8)
    let terminal = try PseudoTerminal.movieSearch(["build-catalog", source, out])
    // Events, not durations: a loaded two-core machine builds this debug binary's catalog
    // slowly, so each wait has a generous limit only so that it cannot hang.
    await terminal.waitFor("reading: 100,001 lines…", limit: .seconds(120))
    await terminal.waitFor("wrote 100,001 films", limit: .seconds(120))
    #expect(await terminal.waitForExit(limit: .seconds(120)) == 0)
  }
}
