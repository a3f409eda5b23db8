import Foundation
import MovieSearch
import Testing

@testable import MovieSearchCLI
@testable import TestSupport

#if canImport(Glibc)
  import Glibc
#endif

@Suite struct StreamInputTests {
  func parse(_ line: String) -> Result<StreamEvent, StreamInputError> {
    StreamEvent.parse(Array(line.utf8))
  }

  @Test func plainLinesAndJSONObjects() throws {
    #expect(try parse("the matrix").get() == StreamEvent(kind: .search("the matrix")))
    #expect(try parse("mat\r").get() == StreamEvent(kind: .search("mat")))
    #expect(
      try parse(#"{"search":"mat","at":120}"#).get() == StreamEvent(kind: .search("mat"), at: 120))
    #expect(try parse(#"{"select":603}"#).get() == StreamEvent(kind: .select(MoviePick(id: 603))))
    // In a merged list, the row's source picks between two films of one number.
    #expect(
      try parse(#"{"select":603,"source":"catalog","at":9}"#).get()
        == StreamEvent(kind: .select(MoviePick(id: 603, source: .catalog)), at: 9))
    #expect(
      try parse(#"{"source":"tmdb","select":603}"#).get()
        == StreamEvent(kind: .select(MoviePick(id: 603, source: .tmdb))))
    #expect(try parse(#"{"appear":true,"at":0}"#).get() == StreamEvent(kind: .appear, at: 0))
    // A recording's first line says the debounce it ran with; only there.
    #expect(
      try parse(#"{"appear":true,"at":0,"debounce":50}"#).get()
        == StreamEvent(kind: .appear, at: 0, debounce: 50))
    func reason(_ line: String) -> String? {
      if case .failure(let error) = parse(line) { return error.reason }
      return nil
    }
    #expect(
      reason(#"{"search":"x","debounce":50}"#)
        == #""debounce" goes with "appear", on a session's first line"#)
    #expect(reason(#"{"appear":true,"debounce":70000}"#) == #""debounce" is too large"#)
    #expect(try parse(#"{"at":5,"more":true}"#).get() == StreamEvent(kind: .more, at: 5))
  }

  @Test func badLinesSayWhatIsWrong() {
    func reason(_ line: String) -> String? {
      if case .failure(let error) = parse(line) { return error.reason }
      return nil
    }
    #expect(reason(#"{"search":"#) == "it starts with '{' but is not valid JSON")
    #expect(reason(#"{"search":5}"#) == #""search" must be a string"#)
    #expect(reason(#"{"select":-1}"#) == #""select" must be a film id (a positive whole number)"#)
    #expect(reason(#"{"appear":false}"#) == #""appear" must be true"#)
    #expect(reason(#"{"more":1}"#) == #""more" must be true"#)
    #expect(reason(#"{"more":false}"#) == #""more" must be true"#)
    #expect(reason(#"{"sarch":"x"}"#) == #"unknown key "sarch""#)
    #expect(
      reason(#"{"select":1,"source":"imdb"}"#) == #""source" must be "catalog", "tmdb" or "both""#)
    #expect(reason(#"{"select":1,"source":2}"#) == #""source" must be "catalog", "tmdb" or "both""#)
    #expect(
      reason(#"{"search":"x","source":"tmdb"}"#)
        == #""source" goes with "select": the source of the row selected"#)
    #expect(
      reason(#"{"source":"tmdb"}"#)
        == #"the object has none of "search", "select", "appear", "more", "retry" and "filter""#)
    #expect(StreamEvent.parse([0xFF, 0xFE]) == .failure(StreamInputError("it is not valid UTF-8")))
  }

  @Test func filterLinesReadEveryPartAndWriteBackTheSame() throws {
    let line =
      #"{"filter":{"allGenres":true,"certification":"R","genres":["Comedy","Drama"],"minRating":7.5,"minVotes":1000,"person":"kubrick","runtime":[90,null],"sort":"year:asc","years":[1990,1999]}}"#
    var filter = MovieFilter()
    (filter.genres, filter.allGenres) = (["Comedy", "Drama"], true)
    (filter.fromYear, filter.toYear) = (1990, 1999)
    (filter.minRating, filter.minVotes) = (7.5, 1000)
    (filter.minRuntime, filter.certification, filter.person) = (90, "R", "kubrick")
    filter.sort = MovieFilter.Sort(.year, ascending: true)
    #expect(try parse(line).get() == StreamEvent(kind: .filter(filter)))
    // What a recording writes is what `stream` reads.
    #expect(try #"{"filter":"# + JSON.line(FilterJSON(filter)).dropLast() + "}" == line)
    #expect(try parse(#"{"filter":{}}"#).get() == StreamEvent(kind: .filter(MovieFilter())))
  }

  @Test(arguments: [
    (
      #"{"filter":5}"#,
      #""filter" must be an object such as {"genres":["Comedy"],"years":[1990,1999]}"#
    ),
    (
      #"{"filter":{"minrating":7}}"#,
      #"the filter has no key "minrating" (its keys: "genres", "allGenres", "years", "minRating", "minVotes", "runtime", "certification", "person", "sort")"#
    ),
    (#"{"filter":{"minRating":1e300}}"#, #""minRating" must be a number from 0 to 10"#),
    (#"{"filter":{"minRating":"7"}}"#, #""minRating" must be a number from 0 to 10"#),
    (#"{"filter":{"minVotes":-1}}"#, #""minVotes" must be a whole number from 0 to 2147483647"#),
    (#"{"filter":{"minVotes":1e300}}"#, #""minVotes" must be a whole number from 0 to 2147483647"#),
    (
      #"{"filter":{"minVotes":9223372036854775807}}"#,
      #""minVotes" must be a whole number from 0 to 2147483647"#
    ),
    (
      #"{"filter":{"runtime":[-1e300,null]}}"#,
      #""runtime" must be [shortest, longest], minutes from 1 to 10000 (null: open)"#
    ),
    (
      #"{"filter":{"minRating":-1e300}}"#, #""minRating" must be a number from 0 to 10"#
    ),
    (#"{"filter":{"minVotes":10.5}}"#, #""minVotes" must be a whole number from 0 to 2147483647"#),
    (
      #"{"filter":{"certification":"X"}}"#,
      #""certification" must be one of G, PG, PG-13, R, NC-17"#
    ),
    (#"{"filter":{"certification":7}}"#, #""certification" must be one of G, PG, PG-13, R, NC-17"#),
    (
      #"{"filter":{"years":[1999,1990]}}"#,
      #""years" must be [first, last], years from 1800 to 2200 (null: open)"#
    ),
    (
      #"{"filter":{"years":[1990]}}"#,
      #""years" must be [first, last], years from 1800 to 2200 (null: open)"#
    ),
    (
      #"{"filter":{"years":[-1e300,1e300]}}"#,
      #""years" must be [first, last], years from 1800 to 2200 (null: open)"#
    ),
    (
      #"{"filter":{"runtime":[0,10]}}"#,
      #""runtime" must be [shortest, longest], minutes from 1 to 10000 (null: open)"#
    ),
    (
      #"{"filter":{"sort":"cost"}}"#,
      #""sort" must be one of popularity, rating, votes, year, title, runtime, with :asc or :desc"#
    ),
    (#"{"filter":{"genres":"Comedy"}}"#, #""genres" must be a list of at most 100 genre names"#),
    (
      #"{"filter":{},"search":"x"}"#,
      #"give one of "search", "select", "appear", "more", "retry" and "filter", not several"#
    ),
  ])
  func badFilterLinesSayWhatIsWrong(line: String, reason: String) {
    guard case .failure(let error) = parse(line) else {
      Issue.record("\(line) was read")
      return
    }
    #expect(error.reason == reason)
  }

  @Test func theLineReaderSplitsLinesAndSkipsOverlongOnes() throws {
    var descriptors: [Int32] = [0, 0]
    #expect(pipe(&descriptors) == 0)
    let input = "one\n" + String(repeating: "x", count: 100) + "\nthree\r\nlast"
    _ = input.utf8CString.withUnsafeBufferPointer {
      write(descriptors[1], $0.baseAddress, input.utf8.count)
    }
    close(descriptors[1])
    var reader = LineReader(descriptor: descriptors[0], maxLength: 50)
    var lines: [String] = []
    while let line = reader.next() {
      switch line {
      case .text(let bytes): lines.append(String(decoding: bytes, as: UTF8.self))
      case .tooLong: lines.append("<too long>")
      }
    }
    close(descriptors[0])
    #expect(lines == ["one", "<too long>", "three\r", "last"])
  }
}
