import CacheHints

/// The vocabulary trie's nodes as a catalog stores them (see ``CatalogFile/trie(_:)``): in
/// blocks of ``size`` consecutive nodes, breadth first, each block one cache line of
/// ``slotBytes``. A block starts with the smallest first term and first child of its nodes
/// and how many bits the differences from the first take; each node is then four bytes: its
/// two differences in the low ``differenceBits``, whether its path is a term, and its byte.
///
/// Breadth first, a level's nodes are in term order and every node's first child comes after
/// the one before's, so neighbours differ by the terms and children between them: nearly
/// every block fits its line (at IMDb's size all but 47 of 120,077), 4.6 bytes a node
/// instead of the 7 of two full numbers, a flag and a byte. A block whose differences do not
/// fit — near the root, where a node holds thousands of terms — is **wide**: its line says
/// where its nodes are, whole, after the lines. A node's line is found by arithmetic alone,
/// so a walk can ask for it ahead (see ``Reader/prefetchBlock(of:)``), and a node is one
/// four-byte load.
enum TrieBlocks {
  /// How many nodes a block holds: its line less its head, four bytes each.
  static let size = (slotBytes - headBytes) / nodeBytes
  /// The bytes of a block: a cache line.
  static let slotBytes = 64
  /// The bytes of a node of a block that is not wide.
  static let nodeBytes = 4
  /// The bits of a block's smallest first term, and of its smallest first child: a
  /// catalog's terms and nodes are fewer than 2²⁴.
  static let baseBits = 24
  /// The bits that say how wide a block's term differences are.
  static let widthBits = 5
  /// The term width of a wide block's head (no block's differences take it).
  static let wideMark = 1 << widthBits - 1
  /// A block's head: its two smallest numbers and its term differences' width (a wide
  /// block's: its number among the wide ones, and ``wideMark``), in one eight-byte load.
  static let headBytes = 8
  /// The bits a node's two differences share: the term's, then the child's in the rest.
  static let differenceBits = 8 * nodeBytes - 9
  /// The bytes of a node of a wide block: its two numbers, flag and byte in eight.
  static let wideNodeBytes = 8
  /// The bytes after the blocks and the wide nodes.
  static let spare = 8

  /// A node as the trie is built (and read back whole).
  struct Node: Equatable {
    var firstTerm: Int
    var firstChild: Int
    var isTerm: Bool
    var byte: UInt8
  }

  /// How many blocks `nodes` nodes take.
  static func blocks(nodes: Int) -> Int { (max(0, nodes) + size - 1) / size }

  /// The bytes of the blocks of `nodes` nodes, of which `wide` are wide.
  static func bytes(nodes: Int, wide: Int) -> Int {
    blocks(nodes: nodes) * slotBytes + max(0, wide) * size * wideNodeBytes + spare
  }

  /// The bits a difference up to `largest` takes (none for 0).
  static func width(_ largest: Int) -> Int { Int.bitWidth - max(0, largest).leadingZeroBitCount }

  /// `nodes` (each number below 2²⁴) in blocks, then the wide blocks' nodes, and how many
  /// blocks are wide.
  static func encode(_ nodes: [Node]) -> (bytes: [UInt8], wide: Int) {
    var bytes: [UInt8] = []
    var wideNodes: [UInt8] = []
    var wide = 0
    bytes.reserveCapacity(blocks(nodes: nodes.count) * slotBytes)
    func append(_ value: UInt64, bytes count: Int, to bytes: inout [UInt8]) {
      for shift in stride(from: 0, to: 8 * count, by: 8) {
        bytes.append(UInt8(truncatingIfNeeded: value >> UInt64(shift)))
      }
    }
    for first in stride(from: 0, to: nodes.count, by: size) {
      let block = nodes[first..<min(first + size, nodes.count)]
      let slot = bytes.count
      let termBase = block.lazy.map(\.firstTerm).min() ?? 0
      let childBase = block.lazy.map(\.firstChild).min() ?? 0
      let termWidth = width((block.lazy.map(\.firstTerm).max() ?? 0) - termBase)
      let childWidth = width((block.lazy.map(\.firstChild).max() ?? 0) - childBase)
      if termWidth + childWidth <= differenceBits {
        append(
          UInt64(termBase) | UInt64(childBase) << UInt64(baseBits)
            | UInt64(termWidth) << UInt64(2 * baseBits), bytes: headBytes, to: &bytes)
        for node in block {
          let value =
            UInt64(node.firstTerm - termBase) | UInt64(node.firstChild - childBase)
            << UInt64(termWidth)
            | UInt64(node.isTerm ? 1 : 0) << UInt64(differenceBits)
            | UInt64(node.byte) << UInt64(differenceBits + 1)
          append(value, bytes: nodeBytes, to: &bytes)
        }
      } else {
        append(
          UInt64(wide) | UInt64(wideMark) << UInt64(2 * baseBits), bytes: headBytes, to: &bytes)
        for node in block { append(wideNode(node), bytes: wideNodeBytes, to: &wideNodes) }
        wideNodes += repeatElement(0, count: (size - block.count) * wideNodeBytes)
        wide += 1
      }
      bytes += repeatElement(0, count: slot + slotBytes - bytes.count)
    }
    return (bytes + wideNodes + repeatElement(0, count: spare), wide)
  }

  /// A node of a wide block, in eight bytes: its first term, its first child, its flag, its
  /// byte.
  static func wideNode(_ node: Node) -> UInt64 {
    UInt64(node.firstTerm) | UInt64(node.firstChild) << UInt64(baseBits)
      | UInt64(node.isTerm ? 1 : 0) << UInt64(2 * baseBits)
      | UInt64(node.byte) << UInt64(2 * baseBits + 1)
  }

  @inline(__always) static func mask(_ width: Int) -> UInt64 { (1 &<< UInt64(width)) &- 1 }

  /// A trie's blocks, read in place; a damaged block reads as no node.
  struct Reader {
    let blocks: UnsafeRawPointer
    /// The nodes the blocks hold (the sentinel after the trie's last node included).
    let nodes: Int
    /// How many blocks are wide: their nodes follow the blocks.
    let wide: Int

    /// Node `index`'s block, its head read; `nil` out of range or damaged.
    @inline(__always) func block(of index: Int) -> Block? {
      guard index >= 0, index < nodes else { return nil }
      let slot = blocks + (index / size) &* slotBytes
      let head = slot.loadUnaligned(as: UInt64.self).littleEndian
      let baseMask = mask(baseBits)
      let termWidth = Int(truncatingIfNeeded: head &>> UInt64(2 * baseBits) & mask(widthBits))
      if termWidth == wideMark {
        let number = Int(truncatingIfNeeded: head & baseMask)
        guard number < wide else { return nil }
        let wideNodes = blocks + TrieBlocks.blocks(nodes: nodes) &* slotBytes
        return Block(wide: wideNodes + number &* size &* wideNodeBytes)
      }
      guard termWidth <= differenceBits else { return nil }
      return Block(
        nodes: slot + headBytes, termBase: Int(truncatingIfNeeded: head & baseMask),
        childBase: Int(truncatingIfNeeded: head &>> UInt64(baseBits) & baseMask),
        termWidth: termWidth)
    }

    /// Asks for node `index`'s block ahead of reading it (see CacheHints).
    @inline(__always) func prefetchBlock(of index: Int) {
      guard index >= 0, index < nodes else { return }
      ms_prefetch(blocks + (index / size) &* slotBytes)
    }

    /// Node `index`, whole; `nil` out of range or damaged.
    @inline(__always) func node(_ index: Int) -> Node? {
      block(of: index)?.node(index % size)
    }

    /// Node `index`'s first term; `nil` out of range or damaged.
    @inline(__always) func firstTerm(_ index: Int) -> Int? {
      block(of: index)?.node(index % size).firstTerm
    }
  }

  /// A block, its head read.
  struct Block {
    let nodes: UnsafeRawPointer
    let termBase, childBase, termWidth: Int
    let termMask, childMask: UInt64
    /// Whether its nodes are whole, eight bytes each (see ``wideNode(_:)``).
    let isWide: Bool

    /// A block whose nodes start at `nodes`, their term differences `termWidth` bits wide.
    init(nodes: UnsafeRawPointer, termBase: Int, childBase: Int, termWidth: Int) {
      (self.nodes, self.termBase, self.childBase, self.termWidth) =
        (nodes, termBase, childBase, termWidth)
      termMask = mask(termWidth)
      childMask = mask(differenceBits &- termWidth)
      isWide = false
    }

    /// A wide block, whose nodes are whole at `nodes`.
    init(wide nodes: UnsafeRawPointer) {
      (self.nodes, termBase, childBase, termWidth) = (nodes, 0, 0, baseBits)
      (termMask, childMask) = (mask(baseBits), mask(baseBits))
      isWide = true
    }

    /// The block's node at `position` (below ``size``).
    @inline(__always) func node(_ position: Int) -> Node {
      if isWide {
        let value = nodes.loadUnaligned(
          fromByteOffset: position &* wideNodeBytes, as: UInt64.self
        ).littleEndian
        return Node(
          firstTerm: Int(truncatingIfNeeded: value & termMask),
          firstChild: Int(truncatingIfNeeded: value &>> UInt64(baseBits) & childMask),
          isTerm: value &>> UInt64(2 * baseBits) & 1 != 0,
          byte: UInt8(truncatingIfNeeded: value &>> UInt64(2 * baseBits + 1)))
      }
      let value = UInt64(
        nodes.loadUnaligned(fromByteOffset: position &* nodeBytes, as: UInt32.self).littleEndian)
      return Node(
        firstTerm: termBase &+ Int(truncatingIfNeeded: value & termMask),
        firstChild: childBase &+ Int(truncatingIfNeeded: value &>> UInt64(termWidth) & childMask),
        isTerm: value &>> UInt64(differenceBits) & 1 != 0,
        byte: UInt8(truncatingIfNeeded: value &>> UInt64(differenceBits + 1)))
    }
  }
}
