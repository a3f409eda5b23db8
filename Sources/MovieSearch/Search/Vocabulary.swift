import Dispatch
import Foundation
import Streams

/// How a run of terms of the vocabulary matches a word of a query.
struct TermMatch: Equatable {
  /// Consecutive term ids.
  var terms: Range<Int>
  /// Edits (insert, delete, substitute, swap two neighbours) between the query word and the
  /// term — or, for a prefix match, the term's beginning.
  var distance: Int
  /// Whether the terms are longer than what the query word matched (a word being typed).
  var prefix: Bool
}

/// Finding the terms a query word matches, in the catalog's sorted vocabulary.
extension CatalogStore {
  /// The terms equal to `word` (zero or one), and the longer terms that start with it: one
  /// walk of the trie along its bytes (empty runs when no term starts with it).
  func exactAndPrefix(_ word: [UInt8]) -> (exact: Range<Int>, longer: Range<Int>) {
    // Every term starts with nothing; the empty word is no term (terms are words).
    guard !word.isEmpty else { return (0..<0, 0..<termCount) }
    var found = (exact: 0..<0, longer: 0..<0)
    termsAlong(word, from: 0) { length, exact, longer in
      if length == word.count { found = (exact, longer) }
      return length < word.count
    }
    return found
  }

  /// The terms met walking the trie along `word`'s bytes from `start`: for each length at
  /// which those bytes begin some term, shortest first, `body` gets the length, the term
  /// they spell (an empty run when none) and the longer terms that begin with them; the
  /// walk ends where no term begins so, or when `body` says `false`. One walk answers what
  /// a binary search per length would (splitting a word: every beginning of it at once).
  func termsAlong(
    _ word: [UInt8], from start: Int,
    _ body: (_ length: Int, _ exact: Range<Int>, _ longer: Range<Int>) -> Bool
  ) {
    if layout.trieInBlocks {
      termsAlong(word, from: start, in: trie(NodesInBlocks()), body)
    } else {
      termsAlong(word, from: start, in: trie(WholeNodes()), body)
    }
  }

  /// ``termsAlong(_:from:_:)`` in `trie`, read as its nodes are stored.
  private func termsAlong<Nodes: TrieLayout>(
    _ word: [UInt8], from start: Int, in trie: Trie<Nodes>,
    _ body: (_ length: Int, _ exact: Range<Int>, _ longer: Range<Int>) -> Bool
  ) {
    guard trie.count > 0, start >= 0 else { return }
    var node = trie.root
    var depth = 0
    while start + depth < word.count {
      let byte = word[start + depth]
      if let tail = trie.tail(of: node, depth: depth) {
        // Along a tail, the path is its one term's bytes, to their end.
        let term = node.terms.lowerBound
        while start + depth < word.count, depth < tail.count {
          guard tail[depth] == word[start + depth] else { return }
          depth += 1
          let ends = depth == tail.count
          let exact = ends ? term..<term + 1 : term..<term
          guard body(depth, exact, exact.upperBound..<term + 1) else { return }
        }
        return
      }
      // Children are sorted by byte: a binary search among them.
      var low = node.children.lowerBound
      var high = node.children.upperBound
      while low < high {
        let middle = (low + high) / 2
        if trie.byte(middle) < byte { low = middle + 1 } else { high = middle }
      }
      guard low < node.children.upperBound else { return }
      let child = trie.child(low, of: node)
      guard child.byte == byte, !child.terms.isEmpty else { return }
      node = child
      depth += 1
      let terms = child.terms
      let exact =
        child.isTerm ? terms.lowerBound..<terms.lowerBound + 1 : terms.lowerBound..<terms.lowerBound
      guard body(depth, exact, exact.upperBound..<terms.upperBound) else { return }
    }
  }

  /// Every run of terms within `maxDistance` edits of `word`, or whose beginning is (a word
  /// being typed): a walk down the implicit trie of the sorted vocabulary, carrying the
  /// rows of the edit-distance table (optimal string alignment, so a swap of neighbours is
  /// one edit) as bit sets, and leaving a branch as soon as no term in it can come within
  /// the distance. A branch whose beginning already settles the distance is returned whole,
  /// as one run. Words longer than ``CatalogStore/longestWalkedWord`` bytes have no typo matches.
  func fuzzyMatches(_ word: [UInt8], maxDistance: Int) -> [TermMatch] {
    // A walk of two typos over a large vocabulary takes a millisecond or more: on a machine
    // of two cores or more, it is made in two halves at once.
    fuzzyMatches(
      word, maxDistance: maxDistance,
      inTwo: maxDistance >= 2 && termCount >= Self.termsWalkedInTwo && Self.cores >= 2)
  }

  /// ``fuzzyMatches(_:maxDistance:)``, `inTwo` halves on two threads: the root's children
  /// split in two runs of about as many terms. The two runs' matches, one after the other,
  /// are those of one walk, in its order.
  func fuzzyMatches(_ word: [UInt8], maxDistance: Int, inTwo: Bool) -> [TermMatch] {
    guard !word.isEmpty, word.count <= Self.longestWalkedWord, termCount > 0, maxDistance >= 0
    else { return [] }
    let root = trie.root
    let children = root.children
    guard inTwo, trie.tail(of: root, depth: 0) == nil, children.count >= 2 else {
      return fuzzyMatches(word, maxDistance: maxDistance, below: nil)
    }
    var split = children.lowerBound + 1
    while split < children.upperBound - 1,
      trie.child(split, of: root).terms.lowerBound < termCount / 2
    {
      split += 1
    }
    let runs = [children.lowerBound..<split, split..<children.upperBound]
    let halves = Lock<[[TermMatch]]>([[], []])
    DispatchQueue.concurrentPerform(iterations: 2) { half in
      let run = runs[half]
      let found = fuzzyMatches(word, maxDistance: maxDistance, below: run)
      halves.withLock { $0[half] = found }
    }
    return halves.withLock { $0[0] + $0[1] }
  }

  /// The vocabulary's size from which two-typo walks are split between two threads: at
  /// IMDb's size (1.3 million terms) such a walk takes 1.3 ms alone, 0.74 ms in two; the
  /// built-in catalog's 39,000 terms are walked in far less, too little to wake a thread for.
  static let termsWalkedInTwo = 500_000

  /// The longest word the typo walk takes (``FuzzyWalk``): its lengths fit a 64-bit set (the
  /// empty beginning, within `e` edits of a prefix of length at most `e`, is not stored but
  /// known).
  static let longestWalkedWord = 64

  /// The processors this process may run on.
  static let cores = ProcessInfo.processInfo.activeProcessorCount

  /// ``fuzzyMatches(_:maxDistance:)`` of `word`, below the root's children `run` only (all
  /// of them when `nil`).
  private func fuzzyMatches(_ word: [UInt8], maxDistance: Int, below run: Range<Int>?)
    -> [TermMatch]
  {
    // The walk's rows and path are scratch memory for this call, borrowed as pointers: the
    // walk is the costly part of a search, and arrays would check and retain at every step.
    let levels = maxDistance + 1
    let depths = word.count + maxDistance + 2
    return withUnsafeTemporaryAllocation(of: UInt64.self, capacity: (depths + 1) * levels + 256) {
      rows in
      withUnsafeTemporaryAllocation(of: UInt8.self, capacity: depths) { path in
        // A walk made for the trie's layout (see ``CatalogStore/trie(_:)``).
        func walk<Nodes: TrieLayout>(_ trie: Trie<Nodes>) -> [TermMatch] {
          var walk = FuzzyWalk(
            word: word, limit: maxDistance, trie: trie, scratch: rows.baseAddress!,
            path: path.baseAddress!, depths: depths)
          if let run {
            walk.visit(trie.root, children: run, depth: 0, best: word.count)
          } else {
            walk.descend(trie.root, depth: 0, best: word.count)
          }
          return walk.matches
        }
        return layout.trieInBlocks ? walk(trie(NodesInBlocks())) : walk(trie(WholeNodes()))
      }
    }
  }
}

/// The state of ``CatalogStore/fuzzyMatches(_:maxDistance:)``: a Levenshtein automaton run
/// on bit sets (Wu and Manber's, with Hyyrö's swap of neighbours). At each depth of the
/// walk, and for each distance `e` up to `limit`, a bit set holds the lengths `j` (bit
/// `j - 1`, from 1 to the word's length) for which the word's first `j` bytes are within
/// `e` edits of the walk's current prefix. A step is a few shifts and masks per distance,
/// not a cell per letter: the walk visits tens of thousands of nodes for a long word.
struct FuzzyWalk<Nodes: TrieLayout> {
  let limit: Int
  let trie: CatalogStore.Trie<Nodes>
  /// How deep the walk may go: `word.count + limit + 1` bytes.
  let depths: Int
  /// The bit of the whole word, and the bits of all its lengths.
  let whole: UInt64
  let lengths: UInt64
  /// For each byte, the lengths `j` whose last byte (`word[j - 1]`) it is.
  let letters: UnsafeMutablePointer<UInt64>
  /// rows[depth * (limit + 1) + e], for depth from -1 (no prefix yet, an empty row that
  /// makes the swap rule's row before the previous one read nothing) to `depths - 1`.
  let rows: UnsafeMutablePointer<UInt64>
  /// The prefix being walked (its first `depth` bytes).
  let path: UnsafeMutablePointer<UInt8>
  var matches: [TermMatch] = []

  /// A walk of `word` (1 to ``CatalogStore/longestWalkedWord`` bytes) over `scratch` (256 + (`depths` + 1) ×
  /// (`limit` + 1) words) and `path` (`depths` bytes).
  init(
    word: [UInt8], limit: Int, trie: CatalogStore.Trie<Nodes>,
    scratch: UnsafeMutablePointer<UInt64>,
    path: UnsafeMutablePointer<UInt8>, depths: Int
  ) {
    precondition(!word.isEmpty && word.count <= CatalogStore.longestWalkedWord)
    self.limit = limit
    self.trie = trie
    self.path = path
    self.depths = depths
    letters = scratch
    letters.initialize(repeating: 0, count: 256)
    for (index, byte) in word.enumerated() { letters[Int(byte)] |= 1 &<< UInt64(index) }
    whole = 1 &<< UInt64(word.count - 1)
    lengths = whole | (whole &- 1)
    let levels = limit + 1
    rows = scratch + 256 + levels
    (rows - levels).initialize(repeating: 0, count: (depths + 1) * levels)
    // At depth 0, the word's first j bytes are j edits away.
    for distance in 0...limit {
      rows[distance] = distance >= 64 ? lengths : (1 &<< UInt64(distance) &- 1) & lengths
    }
    path.initialize(repeating: 0, count: depths)
  }
  /// Visits the children of trie node `node`, whose path (of length `depth`) is `path`;
  /// `best` is the smallest distance between `word` and a beginning of `path`.
  mutating func descend(_ node: CatalogStore.TrieNode, depth: Int, best: Int) {
    if let tail = trie.tail(of: node, depth: depth) {
      // The rest of the path is one term's: followed byte by byte.
      var depth = depth
      var best = best
      let term = node.terms.lowerBound..<node.terms.lowerBound + 1
      while depth < tail.count {
        let isTerm = depth + 1 == tail.count
        guard let deeper = enter(tail[depth], terms: term, isTerm: isTerm, depth: depth, best: best)
        else { return }
        (depth, best) = (depth + 1, deeper)
      }
      return
    }
    visit(node, children: node.children, depth: depth, best: best)
  }

  /// Visits the children `run` of trie node `node` (not a tail), as ``descend(_:depth:best:)``.
  mutating func visit(
    _ node: CatalogStore.TrieNode, children run: Range<Int>, depth: Int, best: Int
  ) {
    // Each of the two in a function of its own, with one call of `enter` (so that it is
    // inlined): a walk made for its layout calls one.
    if trie.inBlocks {
      visitBlocks(node, children: run, depth: depth, best: best)
    } else {
      for index in run { trie.prefetchBelow(index) }
      for index in run {
        let child = trie.child(index, of: node)
        if let deeper = enter(
          child.byte, terms: child.terms, isTerm: child.isTerm, depth: depth, best: best)
        {
          descend(child, depth: depth + 1, best: deeper)
        }
      }
    }
  }

  /// ``visit(_:children:depth:best:)`` of nodes in blocks: the children read a few at a time
  /// (most nodes have no more), each block's head once for the few, and each few asked for
  /// ahead before any is entered.
  private mutating func visitBlocks(
    _ node: CatalogStore.TrieNode, children run: Range<Int>, depth: Int, best: Int
  ) {
    var children = CatalogStore.Trie<Nodes>.ChildNodes(repeating: .damaged)
    var start = run.lowerBound
    while start < run.upperBound {
      let few = start..<min(run.upperBound, start + children.count)
      trie.children(few, of: node, into: &children)
      for position in 0..<few.count { trie.prefetchBelow(children[position]) }
      for position in 0..<few.count {
        let child = children[position]
        if let deeper = enter(
          child.byte, terms: child.terms, isTerm: child.isTerm, depth: depth, best: best)
        {
          descend(child, depth: depth + 1, best: deeper)
        }
      }
      start = few.upperBound
    }
  }

  /// Extends the path (of length `depth`) by `byte`, towards `terms` (the first of which is
  /// the extended path itself when `isTerm`), and records what is settled there. Returns the
  /// `best` to carry deeper, or `nil` when nothing deeper is to be walked.
  @inline(__always) mutating func enter(
    _ byte: UInt8, terms: Range<Int>, isTerm: Bool, depth: Int, best: Int
  ) -> Int? {
    let (full, smallest) = step(byte: byte, depth: depth)
    let best = min(best, full)
    let (low, high) = (terms.lowerBound, terms.upperBound)
    guard low < high else { return nil }
    if smallest > limit || (full == 0 && best == 0) {
      // Nothing deeper can come closer: the whole branch is settled. (A term equal to the
      // word itself is an exact match; the rest of the branch starts with it.)
      if full == 0, isTerm {
        matches.append(TermMatch(terms: low..<low + 1, distance: 0, prefix: false))
        if low + 1 < high {
          matches.append(TermMatch(terms: low + 1..<high, distance: 0, prefix: true))
        }
      } else if best <= limit {
        matches.append(TermMatch(terms: low..<high, distance: best, prefix: true))
      }
      return nil
    }
    if isTerm {
      // This term: as a whole word, or by its beginning, whichever is closer.
      if full <= limit, full <= best {
        matches.append(TermMatch(terms: low..<low + 1, distance: full, prefix: false))
      } else if best <= limit {
        matches.append(TermMatch(terms: low..<low + 1, distance: best, prefix: true))
      }
    }
    let rest = (isTerm ? low + 1 : low)..<high
    if depth + 2 < depths {
      path[depth] = byte
      return best
    }
    if best <= limit, !rest.isEmpty {
      matches.append(TermMatch(terms: rest, distance: best, prefix: true))
    }
    return nil
  }

  /// Computes the row of depth + 1 (the path extended by `byte`); returns the distance of
  /// the whole word to the extended path and the smallest distance of any of its
  /// beginnings (`limit + 1` standing for anything larger).
  @inline(__always) func step(byte: UInt8, depth: Int) -> (full: Int, smallest: Int) {
    // The usual limits spelled out, so that the loop over distances is unrolled.
    switch limit {
    case 1: step(byte: byte, depth: depth, levels: 2)
    case 2: step(byte: byte, depth: depth, levels: 3)
    default: step(byte: byte, depth: depth, levels: limit &+ 1)
    }
  }

  @inline(__always) private func step(byte: UInt8, depth: Int, levels: Int) -> (
    full: Int, smallest: Int
  ) {
    let older = rows + (depth &- 1) &* levels
    let previous = older + levels
    let row = previous + levels
    let letter = letters[Int(byte)]
    // Lengths j ≥ 2 whose last two bytes, swapped, end the extended path (none at depth 0,
    // where the row before the previous one is empty).
    let swapped = depth > 0 ? letters[Int(path[depth &- 1])] & (letter &<< 1) : 0
    // The bit of length 1, shifted in from the empty beginning (j = 0), which is `depth`
    // edits from a prefix of length `depth`.
    @inline(__always) func empty(_ depth: Int, _ distance: Int) -> UInt64 {
      depth <= distance ? 1 : 0
    }
    // Each distance's set holds the one before's (within e edits is within e + 1): the
    // first distance at which a set is not empty, or holds the whole word, is the number
    // of sets before it that are not so.
    var full = levels
    var smallest = levels
    var below: UInt64 = 0
    for distance in 0..<levels {
      // A match: the word's next byte is `byte`.
      var bits = (previous[distance] &<< 1 | empty(depth, distance)) & letter
      if distance > 0 {
        let fewer = distance &- 1
        let earlier = previous[fewer]
        bits |= earlier  // `byte` inserted
        bits |= earlier &<< 1 | empty(depth, fewer)  // a byte of the word replaced by it
        bits |= below &<< 1 | empty(depth &+ 1, fewer)  // a byte of the word left out
        // Two neighbours swapped.
        bits |= (older[fewer] &<< 2 | (empty(depth &- 1, fewer) &<< 1)) & swapped
      }
      bits &= lengths
      row[distance] = bits
      below = bits
      full &-= bits & whole != 0 ? 1 : 0
      smallest &-= bits != 0 ? 1 : 0
    }
    // The empty beginning is depth + 1 edits away.
    return (full, min(smallest, depth &+ 1))
  }
}
