import Testing

@testable import MovieSearch
@testable import TestSupport

/// One grammar of ranges for a query's filters and the command line's options.
@Suite struct RangeTextTests {
  @Test(arguments: [
    ("1990..1999", RangeText.Reading.bounds(lower: 1990, upper: 1999)),
    (" 1990 .. 1999 ", .bounds(lower: 1990, upper: 1999)),
    ("2000..", .bounds(lower: 2000, upper: nil)),
    ("..1950", .bounds(lower: nil, upper: 1950)),
    (">2000", .bounds(lower: 2001, upper: nil)),
    (">=2000", .bounds(lower: 2000, upper: nil)),
    ("<1950", .bounds(lower: nil, upper: 1949)),
    ("<=1950", .bounds(lower: nil, upper: 1950)),
    // An end moved by one stays within the range.
    (">2200", .bounds(lower: 2200, upper: nil)),
    ("<1800", .bounds(lower: nil, upper: 1800)),
    ("1994", .number(1994)),
    ("=1994", .number(1994)),
    ("1994.0", .number(1994)),
  ])
  func aRangeIsReadAsWritten(text: String, reading: RangeText.Reading) throws {
    #expect(try RangeText.read(text, in: 1800...2200) == reading)
  }

  @Test(arguments: [
    ("", RangeText.Problem.noEnd), ("..", .noEnd), (">", .noEnd), ("  ", .noEnd),
    ("1999..1990", .reversed), ("1990..abc", .notANumber), ("1799..", .notANumber),
    ("-1e300..", .notANumber), ("1994.5", .notANumber), ("1990..2000..2010", .notANumber),
    ("nan", .notANumber), ("١٩٩٠", .notANumber), (">1990..2000", .notANumber),
  ])
  func whatIsNoRangeSaysWhy(text: String, problem: RangeText.Problem) {
    #expect(throws: problem) { try RangeText.read(text, in: 1800...2200) }
  }

  @Test func theCommandLineReadsRangesAsQueriesDo() async throws {
    // `--years >2004` is `--years 2005..`; `--years <=1920` is `--years ..1920`.
    for (written, plain) in [(">2004", "2005.."), ("<=1920", "..1920")] {
      let given = try await CLI.run(["discover", "--years", written, "--limit", "5"])
      let expected = try await CLI.run(["discover", "--years", plain, "--limit", "5"])
      #expect(given.status == 0)
      #expect(!given.stdout.isEmpty)
      #expect(given.stdout == expected.stdout)
    }
  }
}
