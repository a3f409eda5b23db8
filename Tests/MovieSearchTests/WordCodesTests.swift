import Foundation
import Testing

@testable import MovieSearch
@testable import TestSupport

/// The titles' and people's words are written as codes as long as their terms are rare
/// (``WordCodes``): every run reads back as it was, the commonest terms take the fewest bits,
/// and damaged codes read as some terms (or none), never past their bytes.
@Suite(.onOwnThreads) struct WordCodesTests {
  /// Runs of words of a vocabulary of `terms` terms, a few very common (the articles, the
  /// first names that recur), most rare.
  static func runs(terms: Int, count: Int, seed: UInt64) -> [[Int]] {
    var random = SeededGenerator(seed: seed)
    return (0..<count).map { _ in
      (0..<Int(random.next() % 9)).map { _ in
        switch random.next() % 10 {
        case 0..<4: Int(random.next() % 200)
        case 4..<7: Int(random.next() % UInt64(min(terms, 20_000)))
        default: Int(random.next() % UInt64(terms))
        }
      }
    }
  }

  /// `runs` coded as a build codes them: one flat array of ids and where each run ends.
  static func encode(_ runs: [[Int]], terms: Int) -> (
    codes: [UInt8], starts: [Int], commonestTerms: [Int], commonTerms: [Int]
  ) {
    var ends: [Int] = []
    for run in runs { ends.append((ends.last ?? 0) + run.count) }
    return WordCodes.encode(
      ids: runs.flatMap { $0.map { Int32($0) } }, ends: ends, termCount: terms)
  }

  /// `runs` coded, and each read back from its start to its end.
  private func roundTrip(_ runs: [[Int]], terms: Int) -> [[Int]] {
    let coded = Self.encode(runs, terms: terms)
    var bytes = coded.codes
    bytes.append(packed: coded.commonestTerms, largest: terms - 1)
    bytes.append(packed: coded.commonTerms, largest: terms - 1)
    let bits = coded.starts.last ?? 0
    #expect(coded.codes.count == WordCodes.size(bits: bits))
    return bytes.withUnsafeBytes { raw in
      let tables = raw.baseAddress! + WordCodes.size(bits: bits)
      let reader = WordCodes.Reader(
        codes: raw.baseAddress!, bits: bits,
        commonestTerms: PackedInts(tables, largest: terms - 1),
        commonTerms: PackedInts(
          tables + PackedInts.size(count: WordCodes.commonest, largest: terms - 1),
          largest: terms - 1),
        idBits: PackedInts.width(largest: terms - 1), termCount: terms)
      return runs.indices.map { run in
        var ids = CatalogStore.WordIDs.Storage(repeating: -1)
        let count = reader.decode(
          from: coded.starts[run], to: coded.starts[run + 1], into: &ids, at: 0)
        return (0..<count).map { Int(ids[$0]) }
      }
    }
  }

  @Test(arguments: [1, 2, 300, 20_000, 1_500_000])
  func everyRunReadsBack(terms: Int) {
    let runs = Self.runs(terms: terms, count: 3_000, seed: UInt64(terms)).map { run in
      run.map { $0 % terms }
    }
    #expect(roundTrip(runs, terms: terms) == runs)
  }

  @Test func theCommonestTermsTakeTheFewestBits() {
    let terms = 1_500_000
    let runs = Self.runs(terms: terms, count: 20_000, seed: 5)
    let coded = Self.encode(runs, terms: terms)
    let words = runs.reduce(0) { $0 + $1.count }
    let bits = coded.starts.last ?? 0
    // Four words in ten among 200 terms, three among the next: far below 21 bits a word.
    #expect(Double(bits) / Double(words) < 16, "\(bits) bits for \(words) words")
    // The most frequent first.
    var frequency: [Int: Int] = [:]
    for run in runs { for id in run { frequency[id, default: 0] += 1 } }
    let first = coded.commonestTerms[0]
    #expect(frequency[first] == frequency.values.max())
  }

  /// A run longer than the words a search reads of a title stops at that many.
  @Test func aLongRunStopsAtTheCapacity() {
    let run = Array(0..<100)
    let read = roundTrip([run, [7]], terms: 1_000)
    #expect(read[0] == Array(0..<CatalogStore.WordIDs.capacity))
    #expect(read[1] == [7])
  }

  /// Codes overwritten at random, or read from anywhere to anywhere, read as some terms —
  /// ids past the vocabulary as -1 — within their bytes (a copy of exactly them).
  @Test func damagedCodesReadWithinTheirBytes() {
    let terms = 5_000
    let runs = Self.runs(terms: terms, count: 500, seed: 8).map { $0.map { $0 % terms } }
    let coded = Self.encode(runs, terms: terms)
    var bytes = coded.codes
    bytes.append(packed: coded.commonestTerms, largest: terms - 1)
    bytes.append(packed: coded.commonTerms, largest: terms - 1)
    let bits = coded.starts.last ?? 0
    var random = SeededGenerator(seed: 9)
    for _ in 0..<500 {
      var damaged = bytes
      for _ in 0..<16 {
        damaged[Int(random.next() % UInt64(damaged.count))] = UInt8(
          truncatingIfNeeded: random.next())
      }
      let copy = UnsafeMutableRawBufferPointer.allocate(byteCount: damaged.count, alignment: 8)
      defer { copy.deallocate() }
      copy.copyBytes(from: damaged)
      let tables = UnsafeRawPointer(copy.baseAddress!) + WordCodes.size(bits: bits)
      let reader = WordCodes.Reader(
        codes: UnsafeRawPointer(copy.baseAddress!), bits: bits,
        commonestTerms: PackedInts(tables, largest: terms - 1),
        commonTerms: PackedInts(
          tables + PackedInts.size(count: WordCodes.commonest, largest: terms - 1),
          largest: terms - 1),
        idBits: PackedInts.width(largest: terms - 1), termCount: terms)
      let start = Int(random.next() % UInt64(bits + 100))
      let end = start + Int(random.next() % 2_000)
      var ids = CatalogStore.WordIDs.Storage(repeating: -1)
      let count = reader.decode(from: start, to: end, into: &ids, at: 0)
      #expect(count <= CatalogStore.WordIDs.capacity)
      #expect((0..<count).allSatisfy { ids[$0] >= -1 && ids[$0] < terms })
    }
  }
}
