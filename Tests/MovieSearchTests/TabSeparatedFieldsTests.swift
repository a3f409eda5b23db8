import Testing

@testable import MovieSearch
@testable import TestSupport

/// A line of IMDb's files is cut at its tabs as `split` would cut it, empty fields kept.
@Suite struct TabSeparatedFieldsTests {
  @Test func aLineIsCutAtEveryTab() {
    var random = SeededGenerator(seed: 9)
    for _ in 0..<3_000 {
      let line = (0..<Int(random.next() % 12)).map { _ in
        [UInt8(ascii: "\t"), UInt8(ascii: "a"), UInt8(ascii: "\\"), 0xC3][Int(random.next() % 4)]
      }
      // Inside a larger buffer, as the reader's lines are.
      let buffer = [UInt8(ascii: "x")] + line + [UInt8(ascii: "\n")]
      let slice = buffer[1..<buffer.count - 1]
      #expect(
        slice.fields.map(Array.init)
          == slice.split(separator: UInt8(ascii: "\t"), omittingEmptySubsequences: false).map(
            Array.init), "\(line)")
    }
  }
}
