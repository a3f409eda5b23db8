import CacheHints

/// The search index of a catalog, read in place: each title's summary and words, the
/// vocabulary (its trie, its terms, the sound and initials orders), the postings, and the
/// packed tables of offsets they are found through (see ``CatalogFile``).
extension CatalogStore {
  /// What ranking reads of title `index` in one load of its six bytes: its film's
  /// log10(1 + popularity) and year, its flags (whether it starts with an article), and how
  /// many words the title has (up to 15: ranking's lower bounds count no more, which keeps
  /// them bounds).
  @inline(__always) func summary(_ index: Int) -> (
    popularity: Float, year: Int, flags: UInt8, titleWords: Int
  ) {
    let value = base.loadUnaligned(
      fromByteOffset: layout.summaries + index * CatalogFile.summarySize, as: UInt64.self
    ).littleEndian
    return (
      Float(bitPattern: UInt32(truncatingIfNeeded: value)), Int((value >> 32) & 0x7FF),
      UInt8(truncatingIfNeeded: (value >> 43) & 1), Int((value >> 44) & 0xF)
    )
  }

  /// The term ids of title `index`: its words in order, then its film's people's (stored
  /// once per film, read after the title's words whichever of its titles it is), decoded
  /// (see ``WordCodes``); at most ``WordIDs/capacity``.
  @inline(__always) func words(_ index: Int) -> WordIDs {
    var words = WordIDs()
    guard index >= 0, index < titleCount else { return words }
    let people = layout.titles + film(ofTitle: index)
    let starts = wordStarts
    let reader = wordCodes
    words.titleCount = reader.decode(
      from: starts[index], to: starts[index + 1], into: &words.ids, at: 0)
    words.count = reader.decode(
      from: starts[people], to: starts[people + 1], into: &words.ids, at: words.titleCount)
    return words
  }

  /// The term ids of title `index`'s own words (not its people's).
  @inline(__always) func titleWords(_ index: Int) -> WordIDs {
    var words = WordIDs()
    guard index >= 0, index < titleCount else { return words }
    words.titleCount = wordCodes.decode(
      from: wordStarts[index], to: wordStarts[index + 1], into: &words.ids, at: 0)
    words.count = words.titleCount
    return words
  }

  /// The codes of every title's words, then every film's people's (see ``WordCodes``).
  var wordCodes: WordCodes.Reader {
    let tables = base + layout.wordIDs + WordCodes.size(bits: layout.wordBits)
    return WordCodes.Reader(
      codes: base + layout.wordIDs, bits: layout.wordBits,
      commonestTerms: PackedInts(tables, largest: termCount - 1),
      commonTerms: PackedInts(
        tables + PackedInts.size(count: WordCodes.commonest, largest: termCount - 1),
        largest: termCount - 1),
      idBits: PackedInts.width(largest: termCount - 1), termCount: termCount)
  }

  /// A title's term ids, decoded: its own words, then its film's people's (-1 for damage).
  struct WordIDs {
    /// The most words read of a title and its people.
    static let capacity = 64
    typealias Storage = InlineArray<64, Int32>

    var ids = Storage(repeating: -1)
    /// How many words are the title's: the rest are its film's people's.
    var titleCount = 0
    var count = 0

    @inline(__always) subscript(position: Int) -> Int { Int(ids[position]) }
  }

  /// Asks for title `index`'s summary ahead of reading it (see CacheHints).
  @inline(__always) func prefetchSummary(_ index: Int) {
    ms_prefetch(base + layout.summaries + index &* CatalogFile.summarySize)
  }

  /// Asks for where title `index`'s words start ahead of reading them.
  @inline(__always) func prefetchWordStart(_ index: Int) {
    ms_prefetch(wordStarts.address(of: index))
  }

  /// Asks for title `index`'s first words ahead of reading them (where they start is read).
  @inline(__always) func prefetchTitleWords(_ index: Int) {
    guard index >= 0, index < titleCount else { return }
    ms_prefetch(base + layout.wordIDs + min(wordStarts[index], layout.wordBits) &>> 3)
  }

  /// Asks for the film of title `index` ahead of reading it (a display title's is itself).
  @inline(__always) func prefetchFilm(ofTitle index: Int) {
    guard index >= filmCount else { return }
    ms_prefetch(titleFilms.address(of: index &- filmCount))
  }

  /// Asks for what scoring each of `titles` reads, in three rounds: its summary, where its
  /// words start and its film; its words, and where its film's people's words start; then
  /// those. Each round reads what the one before asked for, so that a round's misses overlap
  /// rather than each title's coming one after the other.
  @inline(__always) func prefetchForScoring<Titles: Collection<Int32>>(_ titles: Titles) {
    let count = titleCount
    for title in titles where title >= 0 && Int(title) < count {
      prefetchSummary(Int(title))
      prefetchWordStart(Int(title))
      prefetchFilm(ofTitle: Int(title))
    }
    for title in titles where title >= 0 && Int(title) < count {
      prefetchTitleWords(Int(title))
      prefetchWordStart(layout.titles + film(ofTitle: Int(title)))
    }
    for title in titles where title >= 0 && Int(title) < count {
      let start = wordStarts[layout.titles + film(ofTitle: Int(title))]
      ms_prefetch(base + layout.wordIDs + min(start, layout.wordBits) &>> 3)
    }
  }

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
      guard term >= 0, term < termCount, count > 0 else { return bytes }
      var node = root
      // Each step goes a node deeper: a path longer than the nodes is damage.
      for depth in 0...count {
        if let tail = tail(of: node, depth: depth) {
          return node.terms.lowerBound == term ? bytes + tail.rest : []
        }
        if node.isTerm, node.terms.lowerBound == term { return bytes }
        // The last child whose first term is at most `term`.
        var low = node.children.lowerBound
        var high = node.children.upperBound
        while low < high {
          let middle = (low + high) / 2
          if firstTerm(middle) <= term { low = middle + 1 } else { high = middle }
        }
        guard low > node.children.lowerBound else { return [] }
        let child = self.child(low - 1, of: node)
        guard child.terms.contains(term), depth < count else { return [] }
        bytes.append(child.byte)
        node = child
      }
      return []
    }
  }

  /// The bytes of term `term` (see ``Trie/spell(_:)``): for what a search reads of a few
  /// terms — their lengths, their sounds, their first letters. A walk of the vocabulary reads
  /// the trie itself.
  func term(_ term: Int) -> [UInt8] { trie.spell(term) }

  /// The id of the term at `position` of the sound order (see ``CatalogFile``); -1 for damage.
  @inline(__always) func soundOrderTerm(_ position: Int) -> Int {
    guard position >= 0, position < layout.soundOrderCount else { return -1 }
    let id = soundOrderIDs[position]
    return id < termCount ? id : -1
  }

  /// Entry `position` of the initials order (see ``InitialsIndex``); 0 past the end.
  @inline(__always) func initialsEntry(_ position: Int) -> UInt32 {
    guard position >= 0, position < layout.initialsCount else { return 0 }
    let entry = PackedInts(
      base + layout.initialsOrder,
      largest: CatalogFile.largestInitialsEntry(titles: titleCount))[position]
    return UInt32(truncatingIfNeeded: entry >> 1)
      | (entry & 1 != 0 ? InitialsKey.skipsArticle : 0)
  }

  /// The term ids in sound order (see ``CatalogFile``).
  var soundOrderIDs: PackedInts { PackedInts(base + layout.soundOrder, largest: termCount - 1) }

  /// The postings (title indices) of the terms `terms`, one contiguous run.
  @inline(__always) func postings(_ terms: Range<Int>) -> Postings {
    let start = postingStarts[terms.lowerBound]
    let end = postingStarts[terms.upperBound]
    guard start <= end, end <= layout.postings else {
      return Postings(
        terms: 0..<0, starts: postingStarts, byteStarts: postingByteStarts, postings: base,
        count: 0, bytes: 0, limit: 0)
    }
    return Postings(
      terms: terms, starts: postingStarts, byteStarts: postingByteStarts,
      postings: base + layout.postingsStart,
      count: end - start, bytes: layout.postingBytes, limit: titleCount)
  }

  /// A run of postings, read in place. Each term's are packed (see ``CatalogFile``): a byte
  /// saying how many bits each takes, then each title less the one before (the first: less
  /// 0), doubled, plus one when the term is a word of the title itself. A fixed width reads
  /// without a branch per posting; a term's largest gap sets it.
  struct Postings {
    /// Their terms; how many postings, and how many bytes of them, come before each one's.
    let terms: Range<Int>
    let starts: OffsetTable
    let byteStarts: OffsetTable
    let postings: UnsafeRawPointer
    let count: Int
    /// The postings' bytes: a term's past them are damage, skipped.
    let bytes: Int
    /// Indices at or past this are damage, skipped.
    let limit: Int

    /// Calls `body` with the titles of ``visit(titleWordsOnly:_:)`` in batches of up to
    /// ``batchSize``, each as its index times two, plus one when the term is a word of the
    /// title itself: a caller that reads something of each title at random can ask for all of
    /// a batch's first (see CacheHints), so that their cache misses overlap.
    @inline(__always) func visitBatches(
      titleWordsOnly: Bool = false, _ body: (UnsafeBufferPointer<Int>) -> Void
    ) {
      guard !terms.isEmpty else { return }
      withUnsafeTemporaryAllocation(of: Int.self, capacity: Self.batchSize) { batch in
        var count = 0
        visit(titleWordsOnly: titleWordsOnly) { title, inTitle in
          batch[count] = title &<< 1 | (inTitle ? 1 : 0)
          count &+= 1
          if count == Self.batchSize {
            body(UnsafeBufferPointer(rebasing: batch[..<count]))
            count = 0
          }
        }
        if count > 0 { body(UnsafeBufferPointer(rebasing: batch[..<count])) }
      }
    }

    /// How many titles a batch of ``visitBatches(titleWordsOnly:_:)`` holds at most: enough
    /// to keep the processor's outstanding misses busy, few enough to stay in its first cache.
    static let batchSize = 32

    /// Calls `body` with each title, in order for each term, and whether the term is a word
    /// of the title itself; with `titleWordsOnly`, only with those that have it so (not only
    /// in their people's names).
    @inline(__always) func visit(titleWordsOnly: Bool = false, _ body: (Int, Bool) -> Void) {
      guard !terms.isEmpty else { return }
      let limit = UInt64(limit)
      var count = starts[terms.lowerBound]
      var start = byteStarts[terms.lowerBound]
      for term in terms {
        let nextCount = starts[term &+ 1]
        let nextStart = byteStarts[term &+ 1]
        defer { (count, start) = (nextCount, nextStart) }
        // The spare bytes after the last term's are not its own.
        guard start < nextStart, nextStart <= bytes &- 8, count < nextCount else { continue }
        let width = Int(postings.load(fromByteOffset: start, as: UInt8.self))
        guard (1...48).contains(width) else { continue }
        let mask: UInt64 = (1 &<< UInt64(width)) &- 1
        let data = start &+ 1
        // As many as its bytes hold at most.
        let values = min(nextCount &- count, (nextStart &- data) &* 8 / width)
        var title: UInt64 = 0
        var bit = 0
        for _ in 0..<values {
          let word = postings.loadUnaligned(fromByteOffset: data &+ bit &>> 3, as: UInt64.self)
            .littleEndian
          let value = (word &>> UInt64(bit & 7)) & mask
          bit &+= width
          title &+= value &>> 1
          let inTitle = value & 1 != 0
          if title < limit, inTitle || !titleWordsOnly { body(Int(title), inTitle) }
        }
      }
    }
  }
}
