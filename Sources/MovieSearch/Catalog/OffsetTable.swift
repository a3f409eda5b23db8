/// A table of non-decreasing whole numbers — where each title's text, words or postings
/// start — read in place, in blocks of ``blockSize``: each block is its first number and the
/// others' differences from it, in as many bits as the block's largest difference needs.
///
/// Offsets grow by a little from one to the next, so a block's differences need a few bits
/// where a ``PackedInts`` table spends as many as the last offset needs on each: the six
/// offset tables of an IMDb-size catalog take 9 MB instead of 23. A number costs a load
/// from each of the blocks' three small tables (the first numbers, where their differences
/// start, their widths) and one of its difference.
///
/// The bytes: a byte saying the bits of a first number, a byte saying those of a difference
/// start, a byte saying ``blockShift``, five zeros; the blocks' first numbers and where
/// their differences start (two ``PackedInts`` tables); a byte per block, its width; then
/// the differences, and eight spare bytes. A table whose bytes do not fit what its catalog
/// says reads every number from the same few bytes — a damaged file finds wrong or no
/// results, never crashes.
struct OffsetTable: @unchecked Sendable {  // Its bytes are immutable and outlive it.
  /// Numbers per block: a power of two.
  static let blockShift = 6
  static var blockSize: Int { 1 << blockShift }

  private let firsts: PackedInts
  private let starts: PackedInts
  private let widths: UnsafeRawPointer
  private let differences: UnsafeRawPointer
  /// The differences' bits: a start past them is damage, read as their end.
  private let differenceBits: Int
  /// Every bit of a block's number; none in a damaged table, whose reads all stay in its
  /// first block.
  private let blockMask: Int

  /// The table of `count` numbers up to `largest` in the `bytes` bytes at `base`.
  init(_ base: UnsafeRawPointer, bytes: Int, count: Int, largest: Int) {
    let blocks = (max(0, count) + Self.blockSize - 1) >> Self.blockShift
    let firstWidth = PackedInts.width(largest: largest)
    let header: (UInt8, UInt8, UInt8) =
      bytes >= 8
      ? (
        base.load(as: UInt8.self), base.load(fromByteOffset: 1, as: UInt8.self),
        base.load(fromByteOffset: 2, as: UInt8.self)
      ) : (0, 0, 0)
    let startWidth = Int(header.1)
    let sizes =
      8 + PackedInts.size(count: blocks, width: firstWidth)
      + PackedInts.size(count: blocks, width: startWidth) + blocks
    // The starts take as many bits as the differences' end needs, as written.
    guard Int(header.0) == firstWidth, (1...48).contains(startWidth),
      Int(header.2) == Self.blockShift, bytes >= sizes + 8,
      PackedInts.width(largest: (bytes - sizes - 8) * 8) == startWidth
    else {
      // Damage: every number is read from bytes of zeros that are always there, as if it
      // were one block of no differences.
      let anywhere = Self.zeros
      firsts = PackedInts(anywhere, width: 1)
      starts = PackedInts(anywhere, width: 1)
      widths = anywhere
      differences = anywhere
      differenceBits = 0
      blockMask = 0
      return
    }
    firsts = PackedInts(base + 8, width: firstWidth)
    let startsAt = 8 + PackedInts.size(count: blocks, width: firstWidth)
    starts = PackedInts(base + startsAt, width: startWidth)
    widths = base + startsAt + PackedInts.size(count: blocks, width: startWidth)
    differences = widths + blocks
    differenceBits = (bytes - sizes - 8) * 8
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
    let (bit, width) = position(index)
    return firsts[index &>> Self.blockShift & blockMask] &+ differences.bits(at: bit, width: width)
  }

  /// Where number `index`'s difference starts (for a prefetch hint).
  @inline(__always) func address(of index: Int) -> UnsafeRawPointer {
    differences + position(index).bit &>> 3
  }

  /// The bit where number `index`'s difference starts, and its width.
  @inline(__always) private func position(_ index: Int) -> (bit: Int, width: Int) {
    let block = index &>> Self.blockShift & blockMask
    let width = min(Int(widths.load(fromByteOffset: block, as: UInt8.self)), 48)
    let bit = starts[block] &+ (index & (Self.blockSize &- 1)) &* width
    return (min(bit, differenceBits), width)
  }
}

extension [UInt8] {
  /// Appends `values` (non-decreasing, each from 0 to `largest`) as an ``OffsetTable``.
  mutating func append(offsets values: [Int], largest: Int) {
    let firstWidth = PackedInts.width(largest: largest)
    var firsts: [Int] = []
    var starts: [Int] = []
    var widths: [UInt8] = []
    // Each block's differences start on a byte of their own.
    var bits: [UInt8] = []
    for blockStart in stride(from: 0, to: values.count, by: OffsetTable.blockSize) {
      let block = values[blockStart..<Swift.min(values.count, blockStart + OffsetTable.blockSize)]
      let first = block.first ?? 0
      let width = Int.bitWidth - ((block.last ?? first) - first).leadingZeroBitCount
      firsts.append(first)
      starts.append(bits.count * 8)
      widths.append(UInt8(width))
      if width > 0 { bits.append(bits: block.map { UInt64($0 - first) }, width: width) }
    }
    let bit = bits.count * 8
    let startWidth = PackedInts.width(largest: bit)
    append(contentsOf: [UInt8(firstWidth), UInt8(startWidth), UInt8(OffsetTable.blockShift)])
    append(contentsOf: repeatElement(0, count: 5))
    append(packed: firsts, largest: largest)
    append(packed: starts, largest: bit)
    append(contentsOf: widths)
    append(contentsOf: bits)
    append(contentsOf: repeatElement(0, count: 8))
  }
}
