import Foundation
import Testing

@testable import MovieSearch
@testable import TestSupport

/// A catalog's offsets are stored in blocks, each a line and the offsets' distances above it
/// (``OffsetTable``): every offset reads back as it was, and a table whose bytes were damaged
/// reads numbers, never past its bytes.
@Suite(.onOwnThreads) struct OffsetTableTests {
  /// `values` as a table, and the table read from them.
  private func roundTrip(_ values: [Int], largest: Int) -> [Int] {
    var bytes: [UInt8] = []
    bytes.append(offsets: values, largest: largest)
    return bytes.withUnsafeBytes { raw in
      let table = OffsetTable(
        raw.baseAddress!, bytes: raw.count, count: values.count, largest: largest)
      return values.indices.map { table[$0] }
    }
  }

  /// Sequences of every shape: empty, one number, a block and one more, steps of nothing,
  /// of a little, of up to 2³⁶ at once, runs of equal numbers between them.
  @Test func everyOffsetReadsBack() {
    var random = SeededGenerator(seed: 31)
    for count in [0, 1, 2, 63, 64, 65, 128, 129, 1_000] {
      for largestStep in [0, 1, 7, 300, 1 << 20, 1 << 36] {
        var value = 0
        let values = (0..<count).map { index -> Int in
          // A run of equal offsets now and then (titles with no words, terms no title has).
          if index % 17 < 3 { return value }
          value += largestStep == 0 ? 0 : Int(random.next() % UInt64(largestStep + 1))
          return value
        }
        let largest = max(value, 1)
        #expect(roundTrip(values, largest: largest) == values, "\(count) by \(largestStep)")
      }
    }
  }

  /// Two neighbours read in order through a walk (a film's other titles' start and end) are
  /// the numbers the subscript reads, at a block's end too, and from a walk that skips.
  @Test func pairsReadInOrderAreTheNumbers() {
    var random = SeededGenerator(seed: 35)
    for count in [2, 64, 65, 130, 1_000] {
      var value = 0
      let values = (0..<count).map { index -> Int in
        if index % 5 != 0 { value += Int(random.next() % 4) }
        return value
      }
      var bytes: [UInt8] = []
      bytes.append(offsets: values, largest: max(value, 1))
      bytes.withUnsafeBytes { raw in
        let table = OffsetTable(
          raw.baseAddress!, bytes: raw.count, count: count, largest: max(value, 1))
        var walk = OffsetTable.Walk()
        var skipping = OffsetTable.Walk()
        for index in 0..<count - 1 {
          let pair = table.pair(index, &walk)
          #expect(pair == (values[index], values[index + 1]), "\(count): \(index)")
          if random.next() % 3 == 0 {
            #expect(table.pair(index, &skipping) == pair, "\(count): \(index)")
          }
        }
      }
    }
  }

  /// The first number may be anything up to the largest, not only zero.
  @Test func aTableNeedNotStartAtZero() {
    let values = (0..<200).map { 5_000_000 + $0 * $0 }
    #expect(roundTrip(values, largest: values.last!) == values)
  }

  /// Far smaller than the same numbers packed each in as many bits as the largest needs,
  /// when they grow a little at a time — as offsets do.
  @Test func offsetsTakeFewBits() {
    var random = SeededGenerator(seed: 32)
    var value = 0
    let values = (0..<100_000).map { _ in
      value += Int(random.next() % 10)
      return value
    }
    var bytes: [UInt8] = []
    bytes.append(offsets: values, largest: value)
    let packed = PackedInts.size(count: values.count, largest: value)
    #expect(bytes.count * 3 < packed * 2, "\(bytes.count) bytes against \(packed) packed")
  }

  /// Offsets that grow by about as much each time lie near each block's line: steps of 40
  /// to 100 (a block's span about 4,400: 13 bits a difference from its first) take under 10
  /// bits each, the blocks' records included.
  @Test func offsetsNearALineTakeFewerBitsThanTheirSpan() {
    var random = SeededGenerator(seed: 34)
    var value = 0
    let values = (0..<64_000).map { _ in
      value += 40 + Int(random.next() % 61)
      return value
    }
    var bytes: [UInt8] = []
    bytes.append(offsets: values, largest: value)
    #expect(bytes.count * 8 < values.count * 10, "\(bytes.count) bytes")
    #expect(roundTrip(values, largest: value) == values)
  }

  /// A table whose header says other widths, or whose bytes are fewer than its blocks need,
  /// is read as a damaged one: every number the same. One whose bytes were overwritten at
  /// random reads numbers, all within its bytes (read from a copy of exactly them, which the
  /// sanitizers' run checks).
  @Test func aDamagedTableReadsWithinItsBytes() {
    var random = SeededGenerator(seed: 33)
    var value = 0
    let values = (0..<500).map { _ in
      value += Int(random.next() % 1_000)
      return value
    }
    var bytes: [UInt8] = []
    bytes.append(offsets: values, largest: value)
    func read(_ damaged: [UInt8]) -> [Int] {
      let copy = UnsafeMutableRawBufferPointer.allocate(
        byteCount: max(1, damaged.count), alignment: 8)
      defer { copy.deallocate() }
      copy.copyBytes(from: damaged)
      let table = OffsetTable(
        UnsafeRawPointer(copy.baseAddress!), bytes: damaged.count, count: values.count,
        largest: value)
      return values.indices.map { table[$0] }
    }
    #expect(read(bytes) == values)
    for trial in 0..<1_500 {
      var damaged = bytes
      switch trial % 3 {
      case 0:
        // A header of another width of first numbers, or of another block size.
        let at = trial % 2 == 0 ? 0 : 2
        damaged[at] = damaged[at] &+ UInt8(1 + random.next() % 200)
        #expect(Set(read(damaged)).count == 1, "header byte \(at) \(damaged[at])")
      case 1:
        // Fewer bytes than its blocks' tables need, or its differences cut short: the
        // first is damage; the second reads numbers, within what is left.
        let blocks = (values.count + 63) / 64
        let tables =
          8 + PackedInts.size(count: blocks, largest: value)
          + PackedInts.size(count: blocks, width: Int(bytes[1])) + blocks + 8
        let kept = Int(random.next() % UInt64(bytes.count))
        damaged.removeLast(bytes.count - kept)
        if kept < tables {
          #expect(Set(read(damaged)).count == 1, "\(kept) bytes")
        } else {
          #expect(read(damaged).count == values.count)
        }
      default:
        // Anywhere but the two header bytes checked: the width of the differences' starts,
        // the blocks' tables, the differences.
        for _ in 0..<8 {
          var at = Int(random.next() % UInt64(damaged.count))
          if at == 0 || at == 2 { at = 1 }
          damaged[at] = UInt8(truncatingIfNeeded: random.next())
        }
        #expect(read(damaged).count == values.count)
      }
    }
  }
}
