/// A table of non-decreasing whole numbers — where each title's text, words or postings
/// start — read in place, in blocks of ``blockSize``: each block a line from its first number
/// to its last, and each number's distance above the line's lowest point below it, in as
/// many bits as the block's largest distance needs.
///
/// Offsets grow by about as much from one to the next, so a block's numbers lie near a line:
/// their distances from it need a few bits where their differences from the block's first
/// need as many as the block's span — at IMDb's size the eight offset tables take 8.2 MB
/// where differences from each block's first took 11.7 (the built-in catalog's: 271 KB
/// against 411). A number costs a block's record — its distances' width, its line's slope,
/// its lowest point and where its distances start, side by side in one run of bits, read in
/// two loads — and one load of its distance.
///
/// A block whose lowest point would lie below zero (one of the first, where offsets are
/// small and a run of equal ones sits under the line) is written flat: its line is its first
/// number, and its distances are the others' differences from it. A number is its block's
/// lowest point, its line's rise and its distance, none below zero: no sum of them is.
///
/// The bytes: a byte saying the bits of a record's lowest point, one saying those of where
/// its distances start, a byte saying ``blockShift``, one saying the bits of a slope, four
/// zeros; the records; the distances, and eight spare bytes. A table whose bytes do not fit
/// what its catalog says reads every number from the same few bytes — a damaged file finds
/// wrong or no results, never crashes, and never reads a number below zero.
struct OffsetTable: @unchecked Sendable {  // Its bytes are immutable and outlive it.
  /// Numbers per block: a power of two.
  static let blockShift = 6
  static var blockSize: Int { 1 << blockShift }
  /// The bits of a block's distances' width, in its record.
  static let widthBits = 6
  /// The fractional bits of a slope: the line rises by a slope over 2⁸ a number.
  static let slopeFraction = 8

  private let records: UnsafeRawPointer
  private let distances: UnsafeRawPointer
  /// The bits of a record and of its fields.
  private let recordBits, lowestBits, startBits: Int
  /// Where a record's lowest point and start are; its slope's bits; the bits its first load
  /// reads (its width, its slope, and its lowest point when they fit one load).
  private let lowestShift, startShift, slopeMask, headBits: Int
  private let headHoldsLowest: Bool
  /// The distances' bits: a start past them is damage, read as their end.
  private let distanceBits: Int
  /// Every bit of a block's number; none in a damaged table, whose reads all stay in its
  /// first block.
  private let blockMask: Int

  /// The bytes before the records.
  static let headerSize = 8

  /// The most bits one eight-byte load reads past a shift of up to seven.
  static let widestLoad = 57

  /// The bits of a block's record.
  static func recordBits(lowest: Int, start: Int, slope: Int) -> Int {
    lowest + start + widthBits + slope
  }

  /// The table of `count` numbers up to `largest` in the `bytes` bytes at `base`.
  init(_ base: UnsafeRawPointer, bytes: Int, count: Int, largest: Int) {
    let blocks = (max(0, count) + Self.blockSize - 1) >> Self.blockShift
    let header: (UInt8, UInt8, UInt8, UInt8) =
      bytes >= Self.headerSize
      ? (
        base.load(as: UInt8.self), base.load(fromByteOffset: 1, as: UInt8.self),
        base.load(fromByteOffset: 2, as: UInt8.self), base.load(fromByteOffset: 3, as: UInt8.self)
      ) : (0, 0, 0, 0)
    let (startWidth, slopeWidth) = (Int(header.1), Int(header.3))
    let lowestWidth = PackedInts.width(largest: largest)
    let recordBits = Self.recordBits(lowest: lowestWidth, start: startWidth, slope: slopeWidth)
    let sizes = Self.headerSize + (blocks * recordBits + 7) / 8 + 8
    // The starts take as many bits as the distances' end needs, as written; each field is
    // read with one eight-byte load.
    guard Int(header.0) == lowestWidth, (1...48).contains(startWidth),
      Int(header.2) == Self.blockShift, (0...48).contains(slopeWidth), bytes >= sizes + 8,
      PackedInts.width(largest: (bytes - sizes - 8) * 8) == startWidth
    else {
      // Damage: every number is read from bytes of zeros that are always there, as if it
      // were one block of no distances.
      let anywhere = Self.zeros
      records = anywhere
      distances = anywhere
      (self.recordBits, lowestBits, startBits) = (0, 1, 1)
      (lowestShift, startShift, slopeMask, headBits, headHoldsLowest) = (0, 0, 0, 1, false)
      distanceBits = 0
      blockMask = 0
      return
    }
    records = base + Self.headerSize
    distances = base + sizes
    (self.recordBits, lowestBits, startBits) = (recordBits, lowestWidth, startWidth)
    lowestShift = Self.widthBits + slopeWidth
    startShift = lowestShift + lowestWidth
    slopeMask = 1 << slopeWidth - 1
    headHoldsLowest = startShift <= Self.widestLoad
    headBits = headHoldsLowest ? startShift : lowestShift
    distanceBits = (bytes - sizes - 8) * 8
    blockMask = .max
  }

  /// A table of nothing, read as a damaged one.
  static var damaged: OffsetTable {
    OffsetTable(zeros, bytes: 0, count: 0, largest: 0)
  }

  /// Bytes of zeros for a damaged table to read (more than one read of a block takes), for
  /// the life of the process.
  private static var zeros: UnsafeRawPointer { UnsafeRawPointer(bitPattern: zerosAddress)! }
  private static let zerosAddress: UInt = {
    let bytes = UnsafeMutableRawPointer.allocate(byteCount: 64, alignment: 16)
    bytes.initializeMemory(as: UInt8.self, repeating: 0, count: 64)
    return UInt(bitPattern: bytes)
  }()

  /// Number `index` (the caller has checked it against the table's count).
  @inline(__always) subscript(index: Int) -> Int {
    let (bit, width, lowest, slope) = position(index)
    return number(
      index & (Self.blockSize &- 1), bit: bit, width: width, lowest: lowest, slope: slope)
  }

  /// The number `within` its block whose distance is `width` bits at `bit`, on the block's
  /// line from `lowest` rising by `slope`.
  @inline(__always) private func number(
    _ within: Int, bit: Int, width: Int, lowest: Int, slope: Int
  ) -> Int {
    lowest &+ ((within &* slope) &>> Self.slopeFraction) &+ distances.bits(at: bit, width: width)
  }

  /// Numbers `index` and `index + 1` (the caller has checked both against the table's
  /// count) — where a run starts and ends — read in order of `index` through `walk`: a
  /// block's record is read once for all its numbers read one after the other.
  @inline(__always) func pair(_ index: Int, _ walk: inout Walk) -> (Int, Int) {
    let within = index & (Self.blockSize &- 1)
    guard within &+ 1 < Self.blockSize else { return (self[index], self[index &+ 1]) }
    if index &>> Self.blockShift != walk.block {
      walk.block = index &>> Self.blockShift
      (walk.bit, walk.width, walk.lowest, walk.slope) = position(index & ~(Self.blockSize &- 1))
    }
    let bit = min(walk.bit &+ within &* walk.width, distanceBits)
    return (
      number(within, bit: bit, width: walk.width, lowest: walk.lowest, slope: walk.slope),
      number(
        within &+ 1, bit: min(bit &+ walk.width, distanceBits), width: walk.width,
        lowest: walk.lowest, slope: walk.slope)
    )
  }

  /// The record of the block last read by ``pair(_:_:)``.
  struct Walk {
    var block = -1
    var bit = 0, width = 0, lowest = 0, slope = 0
  }

  /// Where number `index`'s distance starts (for a prefetch hint).
  @inline(__always) func address(of index: Int) -> UnsafeRawPointer {
    distances + position(index).bit &>> 3
  }

  /// The bit where number `index`'s distance starts, its width, and its block's lowest point
  /// and slope.
  @inline(__always) private func position(_ index: Int) -> (
    bit: Int, width: Int, lowest: Int, slope: Int
  ) {
    let record = (index &>> Self.blockShift & blockMask) &* recordBits
    // The width, the slope and (when they fit) the lowest point in one load.
    let head = records.bits(at: record, width: headBits)
    let width = min(head & (1 &<< Self.widthBits &- 1), 48)
    let slope = head &>> Self.widthBits & slopeMask
    let lowest =
      headHoldsLowest
      ? head &>> lowestShift : records.bits(at: record &+ lowestShift, width: lowestBits)
    let start = records.bits(at: record &+ startShift, width: startBits)
    let bit = start &+ (index & (Self.blockSize &- 1)) &* width
    return (min(bit, distanceBits), width, lowest, slope)
  }
}

extension [UInt8] {
  /// Appends `values` (non-decreasing, each from 0 to `largest`) as an ``OffsetTable``.
  mutating func append(offsets values: [Int], largest: Int) {
    typealias Table = OffsetTable
    // Each block: its line's slope, its lowest point (below its first number by its deepest
    // distance under the line), its distances above that point — or flat, when that point
    // would lie below zero.
    var blocks: [(lowest: Int, slope: Int, width: Int, distances: [UInt64])] = []
    for blockStart in stride(from: 0, to: values.count, by: Table.blockSize) {
      let block = values[blockStart..<Swift.min(values.count, blockStart + Table.blockSize)]
      let first = block.first ?? 0
      let span = (block.last ?? first) - first
      var slope = block.count > 1 ? (span << Table.slopeFraction) / (block.count - 1) : 0
      var above = block.enumerated().map { $1 - first - (($0 * slope) >> Table.slopeFraction) }
      var deepest = Swift.min(0, above.min() ?? 0)
      if first + deepest < 0 {
        (slope, deepest) = (0, 0)
        above = block.map { $0 - first }
      }
      let distances = above.map { UInt64($0 - deepest) }
      let width = Int.bitWidth - Int(distances.max() ?? 0).leadingZeroBitCount
      blocks.append((first + deepest, slope, width, distances))
    }
    // Each block's distances start on a byte of their own.
    var bits: [UInt8] = []
    var starts: [Int] = []
    for block in blocks {
      starts.append(bits.count * 8)
      if block.width > 0 { bits.append(bits: block.distances, width: block.width) }
    }
    let bit = bits.count * 8
    let lowestWidth = PackedInts.width(largest: largest)
    let startWidth = PackedInts.width(largest: bit)
    let slopeWidth = Int.bitWidth - (blocks.map(\.slope).max() ?? 0).leadingZeroBitCount
    append(contentsOf: [lowestWidth, startWidth, Table.blockShift, slopeWidth].map { UInt8($0) })
    append(contentsOf: repeatElement(0, count: 4))
    var records = BitWriter()
    for (block, start) in zip(blocks, starts) {
      records.write(UInt64(block.width), bits: Table.widthBits)
      records.write(UInt64(block.slope), bits: slopeWidth)
      records.write(UInt64(block.lowest), bits: lowestWidth)
      records.write(UInt64(start), bits: startWidth)
    }
    append(contentsOf: records.finished())
    append(contentsOf: bits)
    append(contentsOf: repeatElement(0, count: 8))
  }
}
