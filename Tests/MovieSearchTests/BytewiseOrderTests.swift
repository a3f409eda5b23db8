import Testing

@testable import MovieSearch
@testable import TestSupport

/// A build sorts terms and names with `memcmp` and keys its vocabulary by bytes hashed in
/// one pass: the order and the lookups are those of plain byte arrays.
@Suite struct BytewiseOrderTests {
  /// Pairs of short byte strings, often sharing a beginning, empty ones among them.
  static func pairs(count: Int) -> [([UInt8], [UInt8])] {
    var random = SeededGenerator(seed: 26)
    func bytes() -> [UInt8] {
      (0..<Int(random.next() % 5)).map { _ in [0, 0x61, 0x62, 0xFF][Int(random.next() % 4)] }
    }
    return (0..<count).map { _ in
      let shared = bytes()
      return (shared + bytes(), shared + bytes())
    }
  }

  @Test func theOrderIsTheBytesOrder() {
    for (a, b) in Self.pairs(count: 5_000) {
      #expect(CatalogFile.bytewiseLess(a, b) == a.lexicographicallyPrecedes(b), "\(a) \(b)")
    }
  }

  @Test func aKeyFindsWhatItsBytesFind() {
    var byKey: [BytesKey: Int] = [:]
    var byArray: [[UInt8]: Int] = [:]
    for (index, (a, b)) in Self.pairs(count: 2_000).enumerated() {
      byKey[BytesKey(a)] = index
      byArray[a] = index
      #expect(byKey[BytesKey(b)] == byArray[b], "\(b)")
    }
    #expect(byKey.count == byArray.count)
  }
}
