import CacheHints

/// The vocabulary's trie, read in place (see ``CatalogFile/trie(_:)``): the walks of the
/// vocabulary go down it, and a term's bytes are spelled along it.
extension CatalogStore {
  /// The vocabulary's trie in place (see ``CatalogFile/trie(_:)``), asking at each read how
  /// its nodes are stored — for what reads a few nodes (a term's spelling); a walk over many
  /// is made for the layout (``trie(_:)``).
  var trie: Trie<EitherTrieLayout> { trie(EitherTrieLayout(inBlocks: layout.trieInBlocks)) }

  /// The vocabulary's trie in place, read as `nodes` says its nodes are stored — the store's
  /// own layout, as ``Layout/trieInBlocks`` says: a walk made for each layout asks nothing at
  /// each read (asking cost the built-in catalog's typo walks 11 %).
  func trie<Nodes: TrieLayout>(_ nodes: Nodes) -> Trie<Nodes> {
    Trie(
      base: base + layout.nodesStart, nodes: nodes, wideBlocks: layout.wideTrieBlocks,
      count: layout.nodes, termCount: termCount, termStarts: termStarts,
      termBytes: base + layout.termBytesStart, termBytesCount: layout.termBytes,
      tailSymbols: StoredSymbolTable(base: base + layout.tailSymbols))
  }

  /// A node of the trie: the terms that start with its path, its children, the last byte of
  /// its path and whether its path is a term itself.
  struct TrieNode {
    var terms: Range<Int>
    var children: Range<Int>
    var byte: UInt8
    var isTerm: Bool

    /// What a damaged node reads as: a leaf of no terms.
    static let damaged = TrieNode(terms: 0..<0, children: 0..<0, byte: 0, isTerm: false)
  }

  /// The trie of the vocabulary, read in place; a damaged node reads as a leaf of no terms.
  /// Its nodes are whole, seven bytes each, or — in a large catalog — in blocks a cache line
  /// each (see ``TrieBlocks``), as `Nodes` says.
  struct Trie<Nodes: TrieLayout> {
    typealias Node = TrieNode

    let base: UnsafeRawPointer
    /// How the nodes are stored.
    let nodes: Nodes
    /// The nodes in blocks (when they are).
    let blocks: TrieBlocks.Reader
    /// The number of nodes (the sentinel after them not counted).
    let count: Int
    let termCount: Int
    let termStarts: OffsetTable
    let termBytes: UnsafeRawPointer
    let termBytesCount: Int
    /// The symbols the term bytes are coded with.
    let tailSymbols: StoredSymbolTable

    init(
      base: UnsafeRawPointer, nodes: Nodes, wideBlocks: Int, count: Int, termCount: Int,
      termStarts: OffsetTable, termBytes: UnsafeRawPointer, termBytesCount: Int,
      tailSymbols: StoredSymbolTable
    ) {
      (self.base, self.nodes, self.count, self.termCount) = (base, nodes, count, termCount)
      blocks = TrieBlocks.Reader(blocks: base, nodes: count + 1, wide: wideBlocks)
      (self.termStarts, self.termBytes, self.termBytesCount, self.tailSymbols) =
        (termStarts, termBytes, termBytesCount, tailSymbols)
    }

    /// Whether the nodes are in blocks: a constant of a walk made for its layout.
    @inline(__always) var inBlocks: Bool { nodes.inBlocks }

    /// The root: every term.
    var root: Node {
      inBlocks ? blockNode(0, termsEnd: termCount) : node(0, termsEnd: termCount)
    }

    /// Child `index` of `parent` (one of `parent.children`): its terms end where its next
    /// sibling's begin, or with its parent's.
    @inline(__always) func child(_ index: Int, of parent: Node) -> Node {
      let last = index + 1 >= parent.children.upperBound
      if inBlocks { return blockNode(index, termsEnd: last ? parent.terms.upperBound : nil) }
      return node(index, termsEnd: last ? parent.terms.upperBound : firstTerm(index + 1))
    }

    /// Asks for what walking below whole node `index` reads first: its first child (nodes
    /// are stored breadth first, so a node's children are far from it) and where its first
    /// term starts (a tail's bytes are read from there). A walk asks this of every child of a
    /// node before entering any, so that their cache misses overlap. (Nodes in blocks: the
    /// same asked of a ``Node`` read.)
    @inline(__always) func prefetchBelow(_ index: Int) {
      guard index >= 0, index < count else { return }
      let fields = base.loadUnaligned(
        fromByteOffset: index &* CatalogFile.nodeSize, as: UInt64.self
      )
      .littleEndian
      let term = Int(truncatingIfNeeded: fields & 0xFF_FFFF)
      let first =
        Int(truncatingIfNeeded: fields &>> 24 & 0xFF_FFFF) & ~Int(CatalogFile.trieTermFlag)
      ms_prefetch(base + min(first, count) &* CatalogFile.nodeSize)
      if term < termCount { ms_prefetch(termStarts.address(of: term)) }
    }

    /// Asks for what walking below `node` (read from blocks) reads first: its first child's
    /// block and where its first term starts.
    @inline(__always) func prefetchBelow(_ node: Node) {
      blocks.prefetchBlock(of: node.children.lowerBound)
      if node.terms.lowerBound < termCount {
        ms_prefetch(termStarts.address(of: node.terms.lowerBound))
      }
    }

    /// Children read at once from blocks by ``children(_:of:into:)``: most nodes have few (a
    /// walk reads a longer run a few at a time).
    typealias ChildNodes = InlineArray<8, Node>

    /// Reads the children `run` of `parent` (`parent.children` or a part of it; the first
    /// `ChildNodes.count` of a longer one) into `nodes`, in order: from blocks, each node and
    /// each block's head once, where ``child(_:of:)`` reads a block's head and two nodes a
    /// child. Never inlined: the typo walk that inlined it called `enter` instead of inlining
    /// it (4 % of an IMDb-size first pass in those calls, `perf`).
    @inline(never) func children(
      _ run: Range<Int>, of parent: Node, into nodes: inout ChildNodes
    ) {
      let run = run.lowerBound..<min(run.upperBound, run.lowerBound + ChildNodes.count)
      guard inBlocks, run.lowerBound >= 0, run.upperBound <= count else {
        for index in run { nodes[index - run.lowerBound] = child(index, of: parent) }
        return
      }
      // Each node's block position counted on, not divided out again; the sentinel after
      // the last node is always there, so the next node can be read.
      var position = run.lowerBound % TrieBlocks.size
      guard var block = blocks.block(of: run.lowerBound) else {
        for index in run { nodes[index - run.lowerBound] = .damaged }
        return
      }
      var fields = block.node(position)
      for index in run {
        position &+= 1
        if position == TrieBlocks.size {
          position = 0
          guard let next = blocks.block(of: index &+ 1) else {
            for index in index..<run.upperBound { nodes[index - run.lowerBound] = .damaged }
            return
          }
          block = next
        }
        let following = block.node(position)
        let high =
          index &+ 1 < parent.children.upperBound ? following.firstTerm : parent.terms.upperBound
        nodes[index &- run.lowerBound] = node(
          fields, at: index, termsEnd: high, childrenEnd: following.firstChild)
        fields = following
      }
    }

    /// The byte of node `index` (0 past the end).
    @inline(__always) func byte(_ index: Int) -> UInt8 {
      guard index < count else { return 0 }
      if inBlocks { return blocks.node(index)?.byte ?? 0 }
      return base.load(fromByteOffset: index &* CatalogFile.nodeSize &+ 6, as: UInt8.self)
    }

    @inline(__always) private func firstTerm(_ index: Int) -> Int {
      guard index < count else { return 0 }
      if inBlocks { return blocks.firstTerm(index) ?? 0 }
      return Int(load(index &* CatalogFile.nodeSize) & 0xFF_FFFF)
    }

    @inline(__always) private func load(_ offset: Int) -> UInt32 {
      base.loadUnaligned(fromByteOffset: offset, as: UInt32.self).littleEndian
    }

    /// Whole node `index`, its terms ending at `high`.
    @inline(__always) private func node(_ index: Int, termsEnd high: Int) -> Node {
      // The sentinel after the last node, and a spare byte, are always there: node
      // `index + 1` can be read, eight bytes at a time.
      guard index >= 0, index < count else { return .damaged }
      let at = index &* CatalogFile.nodeSize
      let fields = base.loadUnaligned(fromByteOffset: at, as: UInt64.self).littleEndian
      let first = UInt32(truncatingIfNeeded: fields &>> 24) & 0xFF_FFFF
      return node(
        TrieBlocks.Node(
          firstTerm: Int(truncatingIfNeeded: fields & 0xFF_FFFF),
          firstChild: Int(first & ~CatalogFile.trieTermFlag),
          isTerm: first & CatalogFile.trieTermFlag != 0,
          byte: UInt8(truncatingIfNeeded: fields &>> 48)),
        at: index, termsEnd: high,
        childrenEnd: Int(
          (load(at &+ CatalogFile.nodeSize &+ 3) & 0xFF_FFFF) & ~CatalogFile.trieTermFlag))
    }

    /// Node `index` of the blocks, its terms ending at `high` — or, when `nil`, where the
    /// next node's begin; its children end where the next node's begin. Both are read from
    /// its block but for the last node of a block, whose next is the next block's first.
    @inline(__always) private func blockNode(_ index: Int, termsEnd high: Int?) -> Node {
      // The sentinel after the last node is always there: node `index + 1` can be read.
      guard index >= 0, index < count, let block = blocks.block(of: index) else {
        return .damaged
      }
      let position = index % TrieBlocks.size
      let fields = block.node(position)
      let next: (firstTerm: Int, firstChild: Int)
      if position + 1 < TrieBlocks.size {
        let following = block.node(position + 1)
        next = (following.firstTerm, following.firstChild)
      } else if let following = blocks.node(index + 1) {
        next = (following.firstTerm, following.firstChild)
      } else {
        next = (-1, -1)
      }
      return node(fields, at: index, termsEnd: high ?? next.firstTerm, childrenEnd: next.firstChild)
    }

    /// Node `index` from its stored fields, its terms ending at `high` and its children at
    /// `end` (where the next node's begin); a leaf of no terms when they disagree (damage).
    @inline(__always) private func node(
      _ fields: TrieBlocks.Node, at index: Int, termsEnd high: Int, childrenEnd end: Int
    ) -> Node {
      let (low, firstChild) = (fields.firstTerm, fields.firstChild)
      guard low <= high, high <= termCount, firstChild > index, firstChild <= end, end <= count
      else { return Node(terms: 0..<0, children: 0..<0, byte: fields.byte, isTerm: false) }
      return Node(
        terms: low..<high, children: firstChild..<end, byte: fields.byte, isTerm: fields.isTerm)
    }

    /// When `node`, whose path is `depth` bytes long, is a tail (see ``CatalogFile/trie(_:)``):
    /// its term's bytes, the path going on along them past `depth` — decoded, at most
    /// ``CatalogFile/longestTail`` (more is damage, cut).
    @inline(__always) func tail(of node: Node, depth: Int) -> Tail? {
      guard node.terms.count == 1, node.children.isEmpty, !node.isTerm else { return nil }
      let codes = storedBytes(node.terms.lowerBound)
      // A tail's term goes on past it.
      guard !codes.isEmpty else { return nil }
      var tail = Tail(from: depth)
      let written = withUnsafeMutableBytes(of: &tail.bytes) {
        tailSymbols.decode(codes, into: $0.baseAddress!, limit: CatalogFile.longestTail)
      }
      tail.restCount = min(written, CatalogFile.longestTail)
      return tail.restCount > 0 ? tail : nil
    }

    /// The codes the file stores of term `term`: of the bytes its trie path does not spell
    /// (see ``CatalogFile/trie(_:)``); none for damage.
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
      /// The stored bytes, decoded (``CatalogFile/longestTail`` at most, and eight bytes of
      /// room a decoder's last eight-byte store may write).
      var bytes: (UInt64, UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0, 0)
      /// How many of them are the term's.
      var restCount = 0
      /// The tail's depth: the length of the path the trie spells.
      let from: Int

      init(from: Int) { self.from = from }

      /// The term's byte at `depth` (at least ``from``, below ``count``).
      @inline(__always) subscript(depth: Int) -> UInt8 {
        withUnsafeBytes(of: bytes) { $0[depth &- from] }
      }

      /// The term's bytes from the tail's on.
      var rest: [UInt8] { withUnsafeBytes(of: bytes) { Array($0.prefix(restCount)) } }

      /// The term's length.
      var count: Int { from &+ restCount }
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

/// How a trie's nodes are stored, for ``CatalogStore/Trie``: known when the walk is made
/// (``WholeNodes``, ``NodesInBlocks``), or asked at each read (``EitherTrieLayout``).
protocol TrieLayout {
  /// Whether the nodes are in blocks (see ``TrieBlocks``), else whole, seven bytes each.
  var inBlocks: Bool { get }
}

/// Nodes of seven bytes each.
struct WholeNodes: TrieLayout {
  @inline(__always) var inBlocks: Bool { false }
}

/// Nodes in blocks a cache line each (see ``TrieBlocks``).
struct NodesInBlocks: TrieLayout {
  @inline(__always) var inBlocks: Bool { true }
}

/// Nodes stored as the catalog says, asked at each read.
struct EitherTrieLayout: TrieLayout {
  let inBlocks: Bool
}
