import CacheHints

/// The vocabulary trie's nodes as a catalog stores them (see ``CatalogFile/trie(_:)``): in
/// blocks of ``size`` consecutive nodes, breadth first, each block one cache line of
/// ``slotBytes``. A block starts with the smallest first term and first child of its nodes
/// and how many bits the differences from the first take (``headBits``); each node is then
/// ``nodeBits``: its two differences in the low ``differenceBits``, whether its path is a
/// term, and its byte.
///
/// Breadth first, a level's nodes are in term order and every node's first child comes after
/// the one before's, so neighbours differ by the terms and children between them: nearly
/// every block fits its line (at IMDb's size all but 1,337 of 93,393), 3.6 bytes a node
/// instead of the 7 of two full numbers, a flag and a byte. A block whose differences do not
/// fit — near the root, where a node holds thousands of terms — is **wide**: its line says
/// where its nodes are, whole, after the lines. A node's line is found by arithmetic alone,
/// so a walk can ask for it ahead (see ``Reader/prefetchBlock(of:)``), and a node is one
/// eight-byte load within its line.
///
/// How many nodes a line holds, measured at IMDb's size (the same trie; wide blocks
/// included): 14 of 32 bits 7.69 MB (format `l`), 16 of 28 6.77, 17 of 27 6.40, **18 of 25
/// 6.17**, 19 of 24 6.10 (2,892 wide, their nodes read apart), 20 of 22 6.66.
enum TrieBlocks {
  /// How many nodes a block holds: as many as its line holds after its head.
  static let size = (8 * slotBytes - headBits) / nodeBits
  /// The bytes of a block: a cache line.
  static let slotBytes = 64
  /// The bits of a node of a block that is not wide.
  static let nodeBits = 25
  /// The bits of a block's smallest first term, and of its smallest first child: a
  /// catalog's terms and nodes are fewer than 2²⁴.
  static let baseBits = 24
  /// The bits that say how wide a block's term differences are.
  static let widthBits = 5
  /// The term width of a wide block's head (no block's differences take it).
  static let wideMark = 1 << widthBits - 1
  /// A block's head: its two smallest numbers and its term differences' width (a wide
  /// block's: its number among the wide ones, and ``wideMark``), read in one eight-byte load.
  static let headBits = 2 * baseBits + widthBits
  /// The bits a node's two differences share: the term's, then the child's in the rest —
  /// what its flag and byte leave.
  static let differenceBits = nodeBits - 9
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
    for first in stride(from: 0, to: nodes.count, by: size) {
      let block = nodes[first..<min(first + size, nodes.count)]
      var line = BitWriter()
      let termBase = block.lazy.map(\.firstTerm).min() ?? 0
      let childBase = block.lazy.map(\.firstChild).min() ?? 0
      let termWidth = width((block.lazy.map(\.firstTerm).max() ?? 0) - termBase)
      let childWidth = width((block.lazy.map(\.firstChild).max() ?? 0) - childBase)
      if termWidth + childWidth <= differenceBits {
        line.write(
          UInt64(termBase) | UInt64(childBase) << UInt64(baseBits)
            | UInt64(termWidth) << UInt64(2 * baseBits), bits: headBits)
        for node in block {
          line.write(
            UInt64(node.firstTerm - termBase) | UInt64(node.firstChild - childBase)
              << UInt64(termWidth)
              | UInt64(node.isTerm ? 1 : 0) << UInt64(differenceBits)
              | UInt64(node.byte) << UInt64(differenceBits + 1), bits: nodeBits)
        }
      } else {
        line.write(UInt64(wide) | UInt64(wideMark) << UInt64(2 * baseBits), bits: headBits)
        for node in block {
          for shift in stride(from: 0, to: 8 * wideNodeBytes, by: 8) {
            wideNodes.append(UInt8(truncatingIfNeeded: wideNode(node) >> UInt64(shift)))
          }
        }
        wideNodes += repeatElement(0, count: (size - block.count) * wideNodeBytes)
        wide += 1
      }
      let written = line.finished().prefix(slotBytes)
      bytes += written
      bytes += repeatElement(0, count: slotBytes - written.count)
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
        line: slot, termBase: Int(truncatingIfNeeded: head & baseMask),
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
    /// Its line (the head first), or a wide block's nodes.
    let nodes: UnsafeRawPointer
    let termBase, childBase, termWidth: Int
    let termMask, childMask: UInt64
    /// Whether its nodes are whole, eight bytes each (see ``wideNode(_:)``).
    let isWide: Bool

    /// A block whose line is at `line`, its nodes' term differences `termWidth` bits wide.
    init(line: UnsafeRawPointer, termBase: Int, childBase: Int, termWidth: Int) {
      (self.nodes, self.termBase, self.childBase, self.termWidth) =
        (line, termBase, childBase, termWidth)
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
      // An eight-byte load that ends within the line at the latest: the next line is
      // another block (most likely not in the cache).
      let bit = headBits &+ position &* nodeBits
      let byte = min(bit &>> 3, slotBytes &- 8)
      let value =
        nodes.loadUnaligned(fromByteOffset: byte, as: UInt64.self).littleEndian
        &>> UInt64(bit &- byte &* 8) & mask(nodeBits)
      return Node(
        firstTerm: termBase &+ Int(truncatingIfNeeded: value & termMask),
        firstChild: childBase &+ Int(truncatingIfNeeded: value &>> UInt64(termWidth) & childMask),
        isTerm: value &>> UInt64(differenceBits) & 1 != 0,
        byte: UInt8(truncatingIfNeeded: value &>> UInt64(differenceBits + 1)))
    }
  }
}
