import Foundation
import Testing

@testable import MovieSearch
@testable import TestSupport

@Suite struct CSVTests {
  @Test func parsesQuotedFieldsWithCommasQuotesAndLineBreaks() throws {
    let text = "a,b,c\n\"x, y\",\"say \"\"hi\"\"\",\"two\nlines\"\r\n1,,3"
    #expect(
      try CSV.parse(text) == [
        ["a", "b", "c"], ["x, y", "say \"hi\"", "two\nlines"], ["1", "", "3"],
      ])
  }

  @Test func acceptsCRLFATrailingLineBreakAndBlankLines() throws {
    #expect(try CSV.parse("a,b\r\n\r\n1,2\r\n") == [["a", "b"], ["1", "2"]])
    #expect(try CSV.parse("\"$\",\"\"\n") == [["$", ""]])
  }

  @Test func reportsMalformedQuotingWithItsLine() {
    #expect(throws: CSV.SyntaxError(line: 2, reason: "a quoted field is never closed")) {
      try CSV.parse("a\n\"open,b\nc")
    }
    #expect(throws: CSV.SyntaxError(line: 1, reason: "text after a closing quote")) {
      try CSV.parse("\"a\"b,c")
    }
  }
}
