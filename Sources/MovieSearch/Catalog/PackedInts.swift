/// A table of whole numbers read in place, each in the same number of bits: as many as the
/// largest a table of its kind can hold needs (the header's counts say it), low bits first,
/// with eight spare bytes after the last so that any can be read with one eight-byte load.
///
/// A catalog's offsets and ids are tables like this (see ``CatalogFile``): four bytes each
/// would spend a quarter to a third of them on bits that are always zero — 8 MB at IMDb's
/// size.
struct PackedInts {
  let base: UnsafeRawPointer
  /// Bits per number, 1 to 48.
  let width: Int

  /// The table at `base` whose numbers are at most `largest`.
  init(_ base: UnsafeRawPointer, largest: Int) {
    self.base = base
    width = Self.width(largest: largest)
  }

  /// The table at `base` whose numbers take `width` bits (1 to 48).
  init(_ base: UnsafeRawPointer, width: Int) {
    self.base = base
    self.width = min(48, max(1, width))
  }

  /// How many bits numbers up to `largest` take (at least one, at most 48: a larger
  /// `largest` is damage, read as 48).
  static func width(largest: Int) -> Int {
    min(48, max(1, Int.bitWidth - max(0, largest).leadingZeroBitCount))
  }

  /// The bytes of a table of `count` numbers up to `largest`.
  static func size(count: Int, largest: Int) -> Int {
    size(count: count, width: width(largest: largest))
  }

  /// The bytes of a table of `count` numbers of `width` bits.
  static func size(count: Int, width: Int) -> Int {
    (max(0, count) * width + 7) / 8 + 8
  }

  /// Where number `index` starts (for a prefetch hint: it may be past the table).
  @inline(__always) func address(of index: Int) -> UnsafeRawPointer {
    base + (index &* width) &>> 3
  }

  /// Number `index` (the caller has checked it against the table's count).
  @inline(__always) subscript(index: Int) -> Int {
    base.bits(at: index &* width, width: width)
  }
}

extension UnsafeRawPointer {
  /// The `width` bits (0 to 56) that start at bit `bit` of these bytes, low bits first: one
  /// unaligned load of the eight bytes from `bit`'s byte on, which must be readable (every
  /// packed section keeps eight spare bytes after its last value).
  @inline(__always) func bits(at bit: Int, width: Int) -> Int {
    let word = loadUnaligned(fromByteOffset: bit &>> 3, as: UInt64.self).littleEndian
    return Int(truncatingIfNeeded: (word &>> UInt64(bit & 7)) & ((1 &<< UInt64(width)) &- 1))
  }
}

extension PackedInts {
  /// `values` (each from 0 to `largest`) as a table.
  static func encode(_ values: [Int], largest: Int) -> [UInt8] {
    var bytes: [UInt8] = []
    bytes.append(packed: values, largest: largest)
    return bytes
  }
}

extension [UInt8] {
  /// Appends a term's postings (each below 2⁴⁸: a title's gap from the one before, doubled,
  /// plus one when the term is a word of the title itself — every one, or none: a mixed
  /// term is ``append(mixed:films:)``) packed (see ``CatalogStore/Postings``): one value
  /// alone in as few bytes as it takes (how many bytes the values take says it: most terms
  /// of a large catalog have one title, and a byte of width would be a quarter of them);
  /// else blocks of up to ``CatalogFile/postingBlock`` values, each a byte saying how many
  /// bits each of its values takes (as many as its largest needs, at least one), then their
  /// bits. The first block's byte also says, in its top two bits, whether the term is a word
  /// of every title (``CatalogFile/PostingKind``) or of none but their people's; the values
  /// keep no flag. `titles`: how many the reader is told the term has — more than `values`
  /// when these are the films of a word of people's names alone (see
  /// ``CatalogStore/Postings``): their bytes then say how many (the last block as many as
  /// its bits hold), and one film alone is a byte of
  /// ``CatalogFile/PostingKind/oneFilmsPeople`` and its film's low six bits, then the rest
  /// in as few bytes as it takes.
  mutating func append(packing values: [UInt64], titles: Int) {
    if titles == 1, values.count == 1 {
      append(alone: values[0], atLeast: 1)
      return
    }
    if values.count == 1, values[0] & 1 == 0 {
      let film = values[0] >> 1
      let kind = CatalogFile.PostingKind.oneFilmsPeople.rawValue << CatalogFile.PostingKind.shift
      append(kind | UInt8(film & UInt64(CatalogFile.PostingKind.widthMask)))
      append(alone: film >> UInt64(CatalogFile.PostingKind.shift), atLeast: 0)
      return
    }
    let inTitle = values.first.map { $0 & 1 != 0 } ?? false
    precondition(values.allSatisfy { ($0 & 1 != 0) == inTitle }, "a mixed term's postings")
    append(
      blocks: values.map { $0 >> 1 },
      kind: inTitle ? CatalogFile.PostingKind.titleWords : .peopleWords)
  }

  /// Appends a mixed term's postings — of some titles as a word of their own, of others
  /// only as a word of their film's people's names (see ``CatalogStore/Postings``): a byte
  /// of kind ``CatalogFile/PostingKind/mixed``, how many `titles` (seven bits a byte, low
  /// first, the top bit set on each but the last), the blocks of `titles` (the gaps between
  /// the titles that have it as a word of their own), then those of `films` (the gaps
  /// between the films whose people's names have it, uncounted: the reader gives all their
  /// titles).
  mutating func append(mixed titles: [UInt64], films: [UInt64]) {
    append(CatalogFile.PostingKind.mixed.rawValue << CatalogFile.PostingKind.shift)
    var count = titles.count
    while count >= 0x80 {
      append(UInt8(count & 0x7F) | 0x80)
      count >>= 7
    }
    append(UInt8(count))
    append(blocks: titles, kind: nil)
    append(blocks: films, kind: nil)
  }

  /// Appends `values` in blocks of up to ``CatalogFile/postingBlock``, each a byte saying
  /// how many bits each value takes, then their bits; the first block's byte with `kind` in
  /// its top bits.
  private mutating func append(blocks values: [UInt64], kind: CatalogFile.PostingKind?) {
    var start = values.startIndex
    while start < values.endIndex {
      let block = values[start..<Swift.min(start + CatalogFile.postingBlock, values.endIndex)]
      let width = Swift.max(1, 64 - (block.max() ?? 0).leadingZeroBitCount)
      let kindBits =
        start == values.startIndex ? kind.map { $0.rawValue << CatalogFile.PostingKind.shift } : nil
      append(UInt8(width) | (kindBits ?? 0))
      append(bits: [UInt64](block), width: width)
      start = block.endIndex
    }
  }

  /// Appends `value` in as few bytes as it takes, low first, and at least `atLeast`: a
  /// posting alone, read back by the bytes its term takes.
  mutating func append(alone value: UInt64, atLeast: Int) {
    let bytes = Swift.max(atLeast, (64 - value.leadingZeroBitCount + 7) / 8)
    for byte in 0..<bytes { append(UInt8(truncatingIfNeeded: value >> UInt64(8 * byte))) }
  }

  /// Appends `values`, each in its low `width` bits (at most 48), low bits first, the last
  /// byte filled with zeros.
  mutating func append(bits values: [UInt64], width: Int) {
    var pending = PendingBits()
    for value in values { pending.write(value, bits: width, to: &self) }
    pending.flush(to: &self)
  }

  /// Appends `values` (each from 0 to `largest`) as a ``PackedInts`` table.
  mutating func append(packed values: [Int], largest: Int) {
    append(bits: values.map { UInt64(Swift.max(0, $0)) }, width: PackedInts.width(largest: largest))
    append(contentsOf: repeatElement(0, count: 8))
  }
}

/// Bits written low first, each value in as many as it is said to take (at most 56).
struct BitWriter {
  private(set) var bytes: [UInt8] = []
  private(set) var bits = 0
  private var pending = PendingBits()

  mutating func write(_ value: UInt64, bits count: Int) {
    // A copy, as the bytes are written at the same time (both parts of `self`).
    var pending = self.pending
    pending.write(value, bits: count, to: &bytes)
    self.pending = pending
    bits += count
  }

  /// The bytes, the last filled with zeros, and eight spare.
  consuming func finished() -> [UInt8] {
    var pending = self.pending
    pending.flush(to: &bytes)
    bytes += repeatElement(0, count: 8)
    return bytes
  }
}

/// The bits of a byte array being written (by ``BitWriter`` and `append(bits:width:)`) that
/// do not make a whole byte yet: fewer than 8 wait between values, so one more of up to 56
/// always fits.
struct PendingBits {
  private var pending: UInt64 = 0
  private var count = 0

  /// Writes `value`'s low `width` bits after those pending, and the whole bytes to `bytes`.
  @inline(__always) mutating func write(_ value: UInt64, bits width: Int, to bytes: inout [UInt8]) {
    pending |= value << UInt64(count)
    count += width
    while count >= 8 {
      bytes.append(UInt8(truncatingIfNeeded: pending))
      pending >>= 8
      count -= 8
    }
  }

  /// Writes the bits pending as a last byte filled with zeros.
  mutating func flush(to bytes: inout [UInt8]) {
    if count > 0 { bytes.append(UInt8(truncatingIfNeeded: pending)) }
    (pending, count) = (0, 0)
  }
}
