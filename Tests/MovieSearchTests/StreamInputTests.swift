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
    #expect(try parse(#"{"select":603}"#).get() == StreamEvent(kind: .select(603)))
    #expect(try parse(#"{"appear":true,"at":0}"#).get() == StreamEvent(kind: .appear, at: 0))
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
    #expect(StreamEvent.parse([0xFF, 0xFE]) == .failure(StreamInputError("it is not valid UTF-8")))
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
