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
    let trie = self.trie
    guard trie.count > 0, start >= 0 else { return }
    var node = trie.root
    var depth = 0
    while start + depth < word.count {
      let byte = word[start + depth]
      if let tail = trie.tail(of: node, depth: depth) {
        // Along a tail, the path is its one term's bytes.
        guard tail[depth] == byte else { return }
        depth += 1
        let term = node.terms.lowerBound
        let ends = depth == tail.count
        let exact = ends ? term..<term + 1 : term..<term
        guard body(depth, exact, exact.upperBound..<term + 1) else { return }
        continue
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
  /// one edit), and leaving a branch as soon as no term in it can come within the distance.
  /// A branch whose beginning already settles the distance is returned whole, as one run.
  func fuzzyMatches(_ word: [UInt8], maxDistance: Int) -> [TermMatch] {
    guard !word.isEmpty, termCount > 0, maxDistance >= 0 else { return [] }
    // The walk's table and path are scratch memory for this call, borrowed as pointers: the
    // walk is the costly part of a search, and arrays would check and retain at every cell.
    let width = word.count + 1
    let depths = word.count + maxDistance + 2
    return word.withUnsafeBufferPointer { word in
      withUnsafeTemporaryAllocation(of: Int32.self, capacity: depths * width) { rows in
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: depths) { path in
          var walk = FuzzyWalk(
            word: word, limit: maxDistance, trie: trie, rows: rows.baseAddress!,
            path: path.baseAddress!, depths: depths)
          walk.descend(trie.root, depth: 0, best: word.count)
          return walk.matches
        }
      }
    }
  }
}

/// The state of ``CatalogStore/fuzzyMatches(_:maxDistance:)``: one row of the edit-distance
/// table per depth of the walk, in one flat buffer. Only the cells within `limit` of the
/// diagonal are computed: any other cell is more than `limit` anyway.
struct FuzzyWalk {
  let word: UnsafeBufferPointer<UInt8>
  let limit: Int
  let trie: CatalogStore.Trie
  let width: Int
  /// How deep the walk may go: `word.count + limit + 1` bytes.
  let depths: Int
  /// rows[depth * width + i]: the distance between `word`'s first i bytes and the walk's
  /// current prefix of length `depth` (`limit + 1` standing for anything larger).
  let rows: UnsafeMutablePointer<Int32>
  /// The prefix being walked (its first `depth` bytes).
  let path: UnsafeMutablePointer<UInt8>
  var matches: [TermMatch] = []

  /// A walk over `rows` (`depths` × (`word.count` + 1) cells) and `path` (`depths` bytes).
  init(
    word: UnsafeBufferPointer<UInt8>, limit: Int, trie: CatalogStore.Trie,
    rows: UnsafeMutablePointer<Int32>, path: UnsafeMutablePointer<UInt8>, depths: Int
  ) {
    self.word = word
    self.limit = limit
    self.trie = trie
    self.rows = rows
    self.path = path
    self.depths = depths
    width = word.count + 1
    rows.initialize(repeating: Int32(limit + 1), count: depths * width)
    for index in 0..<min(width, limit + 1) { rows[index] = Int32(index) }
    path.initialize(repeating: 0, count: depths)
  }

  /// Visits the children of trie node `node`, whose path (of length `depth`) is `path`;
  /// `best` is the smallest distance between `word` and a beginning of `path`.
  mutating func descend(_ node: CatalogStore.Trie.Node, depth: Int, best: Int) {
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
    for index in node.children { trie.prefetchBelow(index) }
    for index in node.children {
      let child = trie.child(index, of: node)
      if let deeper = enter(
        child.byte, terms: child.terms, isTerm: child.isTerm, depth: depth, best: best)
      {
        descend(child, depth: depth + 1, best: deeper)
      }
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

  /// Fills the row of depth + 1 (the path extended by `byte`); returns its last cell (the
  /// whole word against the path) and its smallest.
  @inline(__always) func step(byte: UInt8, depth: Int) -> (full: Int, smallest: Int) {
    let previous = rows + depth &* width
    let row = previous + width
    let infinity = Int32(limit + 1)
    let from = max(1, depth + 1 - limit)
    let to = min(width - 1, depth + 1 + limit)
    row[0] = depth + 1 <= limit ? Int32(depth + 1) : infinity
    var smallest = row[0]
    if from > 1 { row[from - 1] = infinity }
    if from <= to {
      // The row before the previous, for a swap of neighbours (meaningful from depth 1).
      let older = previous - width
      let last = depth > 0 ? path[depth - 1] : 0
      for index in from...to {
        let letter = word[index &- 1]
        var value = min(
          previous[index] &+ 1, row[index &- 1] &+ 1,
          previous[index &- 1] &+ (letter == byte ? 0 : 1))
        if index > 1, depth > 0, letter == last, word[index &- 2] == byte {
          value = min(value, older[index &- 2] &+ 1)
        }
        value = min(value, infinity)
        row[index] = value
        smallest = min(smallest, value)
      }
    }
    if to + 1 < width { row[to + 1] = infinity }
    return (Int(row[width - 1]), Int(smallest))
  }
}
