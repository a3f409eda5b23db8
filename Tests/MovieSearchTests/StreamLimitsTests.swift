import Foundation
import Testing

@testable import TestSupport

/// `stream` costs what its input costs, in time and memory: lines on virtual time
/// are read as they are played, not all first; a filter naming a genre twenty thousand times
/// is one genre, and one naming more genres than any catalog has is refused.
@Suite(.timeLimit(.minutes(3))) struct StreamLimitsTests {
  @Test(
    .disabled(if: underAddressSanitizer, "memory is not measurable under AddressSanitizer"),
    .disabled(if: underThreadSanitizer, "memory is not measurable under ThreadSanitizer"))
  func aQuarterOfAMillionLinesOnVirtualTimeKeepMemoryFlat() async throws {
    // The whole input read before the session played kept 263 bytes a line (263 MB for a
    // million lines); a session takes 35 MB whatever its length: these would take 100 MB.
    // (A million lines took the debug binary 28 s, the suite's longest test.)
    let result = try await CLI.run(
      ["stream", "--virtual-time"], stdin: String(repeating: "\n", count: 250_000),
      environment: ["MOVIE_SEARCH_REPORT_MEMORY": "1"], limit: .seconds(150))
    #expect(result.status == 0)
    #expect(result.stdout == "{\"at\":0,\"state\":\"idle\"}\n")
    let line = try #require(
      result.stderr.split(separator: "\n").last { $0.hasPrefix("peak memory: ") })
    let megabytes =
      (Int(line.dropFirst("peak memory: ".count).prefix { $0.isNumber }) ?? .max) / 1024
    #expect(megabytes < 60)
  }

  @Test(arguments: [false, true])
  func aGenreNamedTwentyThousandTimesIsOneGenre(virtualTime: Bool) async throws {
    let genres = Array(repeating: "\"comedy\"", count: 20_000).joined(separator: ",")
    let result = try await CLI.run(
      ["stream", "--debounce", "0"] + (virtualTime ? ["--virtual-time"] : []),
      stdin: "{\"filter\":{\"genres\":[\(genres),\"Comedy\"]}}\nlove\n", limit: .seconds(60))
    #expect(result.status == 0)
    #expect(result.stderr == "")
    #expect(result.stdout.contains(#""filter":{"genres":["comedy"]}"#))
    #expect(result.stdout.contains(#""state":"success""#))
  }

  @Test func moreGenresThanAnyCatalogHasAreRefused() async throws {
    let genres = (0..<20_000).map { "\"genre\($0)\"" }.joined(separator: ",")
    let result = try await CLI.run(
      ["stream", "--virtual-time", "--debounce", "0"],
      stdin: "{\"filter\":{\"genres\":[\(genres)]}}\nlove\n", limit: .seconds(60))
    #expect(result.status == 0)
    #expect(
      result.stderr
        == "Error: line 1: \"genres\" must be a list of at most 100 genre names; skipped.\n")
    #expect(result.stdout.contains(#""state":"success""#))
  }
}
