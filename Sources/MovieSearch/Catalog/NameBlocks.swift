/// People's names as a catalog stores them (see ``CatalogFile``): sorted, in blocks
/// of ``size``, each name after a block's first keeping only what differs from the name
/// before it — a sorted list of names shares long beginnings ("John Smith", "John Smythe"),
/// and IMDb's files name millions of people.
///
/// A name is a **head** byte — its shared length in the high four bits, its own length in
/// the low four — then its own bytes; a name that shares 15 bytes or more, or adds more than
/// 15, has the head 0xF0 and the two lengths as ``Varint``s. One name is found by decoding
/// its block up to it: at most ``size`` names.
///
/// At IMDb's size (1.6 million names, sorted: most share a first name and more with the one
/// before) two varints took 3.23 MB of the names' 8.34, a head byte takes 1.68; blocks of 32
/// rather than 16 store half the first names whole and half the starts (−0.4 MB), blocks of
/// 64 half again (−0.2 MB), and a name is found in decoding 32 others on average instead of
/// 8 (names are read to be shown, a few a listing).
enum NameBlocks {
  /// How many names a block holds.
  static let size = 64

  /// The bits of a head that say the own length (the others say the shared one).
  static let ownBits: UInt8 = 4
  /// The head of a name whose lengths take varints: the shared length's bits all set.
  static let longHead: UInt8 = ~0 << ownBits
  /// The largest shared length, and own length, a head says itself.
  static let largestSharedInHead = Int(longHead >> ownBits) - 1
  static let largestOwnInHead = Int(~longHead)

  /// How many blocks `names` names take.
  static func blocks(_ names: Int) -> Int { (names + size - 1) / size }

  /// `names` (sorted) as blocks: where each starts (4 bytes each, then the end), and their
  /// bytes; with `symbols`, what each name adds is written as their codes.
  static func encode(_ names: [[UInt8]], symbols: SymbolTable? = nil) -> (
    starts: [UInt8], bytes: [UInt8]
  ) {
    var starts: [UInt8] = []
    var bytes: [UInt8] = []
    var previous: [UInt8] = []
    for (index, name) in names.enumerated() {
      if index % size == 0 {
        starts.append(uint32: bytes.count)
        previous = []
      }
      let shared = zip(previous, name).prefix { $0 == $1 }.count
      let own = symbols?.encode(Array(name[shared...])) ?? Array(name[shared...])
      if shared <= largestSharedInHead, own.count <= largestOwnInHead {
        bytes.append(UInt8(shared) << ownBits | UInt8(own.count))
      } else {
        bytes.append(longHead)
        bytes.append(varint: shared)
        bytes.append(varint: own.count)
      }
      bytes += own
      previous = name
    }
    starts.append(uint32: bytes.count)
    return (starts, bytes)
  }

  /// Calls `body` with the position in the block and the bytes of each name of `block`, up
  /// to position `last`; with `symbols`, what each name adds is read as their codes. Damage (a
  /// length past the block's end, a shared beginning longer than the name before) ends the
  /// block early.
  static func decode(
    _ block: UnsafeRawBufferPointer, symbols: StoredSymbolTable? = nil, through last: Int,
    _ body: (Int, UnsafeRawBufferPointer) -> Void
  ) {
    // A name is no longer than its block's bytes stand for: each code for eight at most.
    let room = StoredSymbolTable.decodedLimit(max(block.count, 1)) + 8
    withUnsafeTemporaryAllocation(byteCount: room, alignment: 8) { name in
      var length = 0
      var at = 0
      for position in 0...max(0, min(last, size - 1)) {
        guard let (shared, own) = lengths(block, at: &at), shared <= length,
          own <= block.count - at
        else { return }
        let codes = UnsafeRawBufferPointer(rebasing: block[at..<at + own])
        if let symbols {
          // The room holds what the whole block stands for, and the name's beginning is no
          // longer than the name before.
          length = shared + symbols.decode(codes, into: name.baseAddress! + shared)
        } else {
          guard shared + own <= name.count else { return }
          if own > 0 {
            (name.baseAddress! + shared).copyMemory(from: codes.baseAddress!, byteCount: own)
          }
          length = shared + own
        }
        at += own
        body(position, UnsafeRawBufferPointer(start: name.baseAddress, count: length))
      }
    }
  }

  /// A name's shared and own lengths at `at` in `block` (its head, and the varints a long
  /// head says follow), `at` moved past them; `nil` past the end (damage).
  @inline(__always) static func lengths(_ block: UnsafeRawBufferPointer, at: inout Int) -> (
    shared: Int, own: Int
  )? {
    guard at < block.count else { return nil }
    let head = block[at]
    at += 1
    guard head & longHead == longHead else { return (Int(head >> ownBits), Int(head & ~longHead)) }
    guard let shared = Varint.read(block, at: &at), let own = Varint.read(block, at: &at)
    else { return nil }
    return (shared, own)
  }
}

/// Unsigned numbers in seven-bit groups, the lowest first, the top bit of each byte set
/// when another follows (LEB128): small numbers take one byte.
enum Varint {
  /// The number at `at` in `bytes`, `at` moved past it; `nil` past the end or for more
  /// than four bytes (a catalog stores nothing that large this way: damage).
  @inline(__always) static func read(_ bytes: UnsafeRawBufferPointer, at: inout Int) -> Int? {
    var value = 0
    for shift in stride(from: 0, to: 28, by: 7) {
      guard at < bytes.count else { return nil }
      let byte = bytes[at]
      at += 1
      value |= Int(byte & 0x7F) << shift
      if byte < 0x80 { return value }
    }
    return nil
  }
}

extension [UInt8] {
  /// Appends `value` (below 2³²) as a ``Varint``.
  mutating func append(varint value: Int) {
    var rest = UInt32(clamping: Swift.max(0, value))
    while rest >= 0x80 {
      append(UInt8(truncatingIfNeeded: rest) | 0x80)
      rest >>= 7
    }
    append(UInt8(rest))
  }
}
