import CacheHints

/// The vocabulary's trie, read in place (see ``CatalogFile/trie(_:)``): the walks of the
/// vocabulary go down it, and a term's bytes are spelled along it.
extension CatalogStore {
  /// The vocabulary's trie in place (see ``CatalogFile/trie(_:)``).
  var trie: Trie {
    Trie(
      base: base + layout.nodesStart, count: layout.nodes, termCount: termCount,
      termStarts: termStarts, termBytes: base + layout.termBytesStart,
      termBytesCount: layout.termBytes)
  }

  /// The trie of the vocabulary, read in place; a damaged node reads as a leaf of no terms.
  struct Trie {
    /// The top bit of a node's first child (three bytes): its path is a term.
    static let termFlag: UInt32 = 1 << 23

    let base: UnsafeRawPointer
    /// The number of nodes (the sentinel after them not counted).
    let count: Int
    let termCount: Int
    let termStarts: OffsetTable
    let termBytes: UnsafeRawPointer
    let termBytesCount: Int

    /// A node: the terms that start with its path, its children, the last byte of its path
    /// and whether its path is a term itself.
    struct Node {
      var terms: Range<Int>
      var children: Range<Int>
      var byte: UInt8
      var isTerm: Bool
    }

    /// The root: every term.
    var root: Node { node(0, termsEnd: termCount) }

    /// Child `index` of `parent` (one of `parent.children`): its terms end where its next
    /// sibling's begin, or with its parent's.
    @inline(__always) func child(_ index: Int, of parent: Node) -> Node {
      let end =
        index + 1 < parent.children.upperBound ? firstTerm(index + 1) : parent.terms.upperBound
      return node(index, termsEnd: end)
    }

    /// Asks for what walking below node `index` reads first: its first child (nodes are
    /// stored breadth first, so a node's children are far from it) and where its first term
    /// starts (a tail's bytes are read from there). A walk asks this of every child of a node
    /// before entering any, so that their cache misses overlap.
    @inline(__always) func prefetchBelow(_ index: Int) {
      guard index >= 0, index < count else { return }
      let fields = base.loadUnaligned(
        fromByteOffset: index &* CatalogFile.nodeSize, as: UInt64.self
      )
      .littleEndian
      let term = Int(truncatingIfNeeded: fields & 0xFF_FFFF)
      let first = Int(truncatingIfNeeded: fields &>> 24 & 0xFF_FFFF) & ~Int(Self.termFlag)
      ms_prefetch(base + min(first, count) &* CatalogFile.nodeSize)
      if term < termCount { ms_prefetch(termStarts.address(of: term)) }
    }

    /// The byte of node `index` (0 past the end).
    @inline(__always) func byte(_ index: Int) -> UInt8 {
      index < count
        ? base.load(fromByteOffset: index &* CatalogFile.nodeSize &+ 6, as: UInt8.self) : 0
    }

    @inline(__always) private func firstTerm(_ index: Int) -> Int {
      index < count ? Int(load(index &* CatalogFile.nodeSize) & 0xFF_FFFF) : 0
    }

    @inline(__always) private func load(_ offset: Int) -> UInt32 {
      base.loadUnaligned(fromByteOffset: offset, as: UInt32.self).littleEndian
    }

    @inline(__always) private func node(_ index: Int, termsEnd high: Int) -> Node {
      // The sentinel after the last node, and a spare byte, are always there: node
      // `index + 1` can be read, eight bytes at a time.
      guard index >= 0, index < count else {
        return Node(terms: 0..<0, children: 0..<0, byte: 0, isTerm: false)
      }
      let at = index &* CatalogFile.nodeSize
      let fields = base.loadUnaligned(fromByteOffset: at, as: UInt64.self).littleEndian
      let low = Int(truncatingIfNeeded: fields & 0xFF_FFFF)
      let first = UInt32(truncatingIfNeeded: fields &>> 24) & 0xFF_FFFF
      let firstChild = Int(first & ~Self.termFlag)
      let end = Int((load(at &+ CatalogFile.nodeSize &+ 3) & 0xFF_FFFF) & ~Self.termFlag)
      let byte = UInt8(truncatingIfNeeded: fields &>> 48)
      guard low <= high, high <= termCount, firstChild > index, firstChild <= end, end <= count
      else { return Node(terms: 0..<0, children: 0..<0, byte: byte, isTerm: false) }
      return Node(
        terms: low..<high, children: firstChild..<end, byte: byte,
        isTerm: first & Self.termFlag != 0)
    }

    /// When `node`, whose path is `depth` bytes long, is a tail (see ``CatalogFile/trie(_:)``):
    /// its term's bytes, the path going on along them past `depth`.
    @inline(__always) func tail(of node: Node, depth: Int) -> Tail? {
      guard node.terms.count == 1, node.children.isEmpty, !node.isTerm else { return nil }
      let rest = storedBytes(node.terms.lowerBound)
      // A tail's term goes on past it.
      guard !rest.isEmpty else { return nil }
      return Tail(rest: rest, from: depth)
    }

    /// The bytes the file stores of term `term`: those its trie path does not spell (see
    /// ``CatalogFile/trie(_:)``); none for damage.
    @inline(__always) func storedBytes(_ term: Int) -> UnsafeRawBufferPointer {
      let start = termStarts[term]
      let end = termStarts[term &+ 1]
      guard start >= 0, start <= end, end <= termBytesCount else {
        return UnsafeRawBufferPointer(start: nil, count: 0)
      }
      return UnsafeRawBufferPointer(start: termBytes + start, count: end - start)
    }

    /// A tail's term, read by the depth of the path: its bytes from the tail's on are
    /// stored (those before, the path to the tail, are spelled by the trie).
    struct Tail {
      let rest: UnsafeRawBufferPointer
      /// The tail's depth: the length of the path the trie spells.
      let from: Int

      /// The term's byte at `depth` (at least ``from``).
      @inline(__always) subscript(depth: Int) -> UInt8 { rest[depth &- from] }

      /// The term's length.
      var count: Int { from &+ rest.count }
    }

    /// The bytes of term `term`, spelled down the trie: from the root, the child whose terms
    /// hold it at each depth (a binary search among the children by their first terms), then
    /// a tail's stored rest. Empty for an id out of range or damage.
    func spell(_ term: Int) -> [UInt8] {
      var bytes: [UInt8] = []
      return spell(term, appendingTo: &bytes) ? bytes : []
    }

    /// Appends the bytes of term `term` (see ``spell(_:)``) to `bytes`; false, and `bytes` as
    /// it was, for an id out of range or damage.
    func spell(_ term: Int, appendingTo bytes: inout [UInt8]) -> Bool {
      guard term >= 0, term < termCount, count > 0 else { return false }
      let start = bytes.count
      var node = root
      // Each step goes a node deeper: a path longer than the nodes, or than the longest
      // title a catalog takes (which holds its words), is damage — a damaged trie costs a
      // term's spelling no more than that.
      for depth in 0...min(count, CatalogFile.longestTitle) {
        if let tail = tail(of: node, depth: depth) {
          guard node.terms.lowerBound == term else { break }
          bytes += tail.rest
          return true
        }
        if node.isTerm, node.terms.lowerBound == term { return true }
        guard let child = child(holding: term, of: node), depth < count else { break }
        bytes.append(child.byte)
        node = child
      }
      bytes.removeSubrange(start...)
      return false
    }

    /// The first byte of term `term` — what the first step of ``spell(_:)`` reads; `nil` for
    /// an id out of range or damage.
    func firstByte(_ term: Int) -> UInt8? {
      guard term >= 0, term < termCount, count > 0 else { return nil }
      if let tail = tail(of: root, depth: 0) { return tail[0] }
      return child(holding: term, of: root)?.byte
    }

    /// The child of `node` whose terms hold `term`: the last whose first term is at most
    /// `term` (children are in term order), found by a binary search.
    private func child(holding term: Int, of node: Node) -> Node? {
      var low = node.children.lowerBound
      var high = node.children.upperBound
      while low < high {
        let middle = (low + high) / 2
        if firstTerm(middle) <= term { low = middle + 1 } else { high = middle }
      }
      guard low > node.children.lowerBound else { return nil }
      let child = self.child(low - 1, of: node)
      return child.terms.contains(term) ? child : nil
    }
  }

  /// The bytes of term `term` (see ``Trie/spell(_:)``): for what a search reads of a few
  /// terms — their lengths, their sounds (a first letter alone: ``Trie/firstByte(_:)``). A
  /// walk of the vocabulary reads the trie itself.
  func term(_ term: Int) -> [UInt8] { trie.spell(term) }
}
