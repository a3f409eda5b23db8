import Foundation

/// The binary form of a catalog: `Sources/CatalogData/catalog.bin` (built in), or any file
/// made by `movie-search build-catalog` (`--catalog`).
///
/// Little-endian, read in place (embedded, or memory-mapped): opening one only checks its
/// header, so a million films cost nothing until a search touches them. After a 64-byte
/// header:
///
/// | section | size | what |
/// |---|---|---|
/// | records | 32 B per film, by id | id, title offset, votes, budget, year, minutes, title length, rating, MPAA, genres |
/// | summaries | 8 B per film | what ranking reads in its loop: popularity (log10), year, flags |
/// | word starts | 4 B per film + 4 | where each film's word ids start |
/// | word ids | 4 B per title word | the film's title, as term ids in order |
/// | term starts | 4 B per term + 4 | where each term's bytes start |
/// | posting starts | 4 B per term + 4 | where each term's films start |
/// | postings | 4 B per (term, film) | for each term, the films whose title has it, in order |
/// | trie nodes | 16 B per node | the vocabulary as a trie, for the typo walk: each node's run of terms, first child, child count, byte, and whether its path is a term |
/// | term bytes | | the terms, sorted bytewise: the vocabulary |
/// | titles | | the display titles |
///
/// Terms are sorted, and postings are laid out in term order: the films of every term
/// starting with a prefix are one contiguous run of postings. The trie's nodes are stored
/// breadth first, so every node's children are neighbours.
enum CatalogFile {
  static let magic: [UInt8] = Array("MSCATLG3".utf8)
  static let headerSize = 64
  static let recordSize = 32
  static let summarySize = 8
  static let nodeSize = 16

  /// Record flag: the title starts with an article ("The Matrix").
  static let leadingArticle: UInt8 = 1

  /// Genre flags, in the CSV's column order, with TMDb's genre ids.
  static let genres: [(column: String, genre: Genre)] = [
    ("Action", Genre(id: 28, name: "Action")),
    ("Animation", Genre(id: 16, name: "Animation")),
    ("Comedy", Genre(id: 35, name: "Comedy")),
    ("Drama", Genre(id: 18, name: "Drama")),
    ("Documentary", Genre(id: 99, name: "Documentary")),
    ("Romance", Genre(id: 10749, name: "Romance")),
    // TMDb has no "Short" genre; the catalog gives it an id of its own.
    ("Short", Genre(id: 100_001, name: "Short")),
  ]

  /// MPAA ratings, by their code in a record (0: none).
  static let ratings = ["", "G", "PG", "PG-13", "R", "NC-17"]

  /// One film of a catalog, as a source gives it.
  struct Entry: Equatable {
    var id: Int
    var title: String
    var year: Int = 0
    var minutes: Int = 0
    var budget: Int?
    var rating: Double = 0
    var votes: Int = 0
    /// How popular the film is, on the scale of vote counts (see ``popularityWeight``).
    var popularity: Double = 0
    var mpaa: String = ""
    var genreFlags: UInt8 = 0
  }

  /// Why a catalog could not be built or read.
  struct FormatError: Error, Equatable, CustomStringConvertible {
    let description: String
    /// What kind of problem it is, for a caller that knows how it is fixed.
    var kind: OfflineCatalog.FileError.Kind = .damaged
  }

  /// What the ranking adds for popularity, before its weight: log10(1 + popularity).
  static func popularityWeight(_ popularity: Double) -> Float {
    Float(log10(1 + max(0, popularity)))
  }

  /// Encodes entries (in any order; they are stored by id) into the binary form.
  static func encode(_ entries: [Entry]) throws -> [UInt8] {
    let entries = entries.sorted { $0.id < $1.id }
    var titles: [UInt8] = []
    var records: [UInt8] = []
    var summaries: [UInt8] = []
    var wordStarts: [UInt8] = []
    var recordTerms: [Int] = []  // each film's words as terms, in the order they were met
    var wordCounts: [Int] = []
    var termIndex: [[UInt8]: Int] = [:]
    var terms: [[UInt8]] = []
    var postingsByTerm: [[UInt32]] = []
    records.reserveCapacity(entries.count * recordSize)
    var previousID = 0
    for (index, entry) in entries.enumerated() {
      let display = TitleText.displayTitle(entry.title).display
      let title = Array(display.utf8)
      let words = TitleText.words(display).map(\.text)
      guard entry.id > previousID, entry.id <= Int(UInt32.max), title.count <= UInt16.max,
        (0...Int(UInt16.max)).contains(entry.year), let mpaa = ratings.firstIndex(of: entry.mpaa)
      else { throw FormatError(description: "film \(entry.id) cannot be encoded") }
      previousID = entry.id
      let article = words.count > 1 && TitleText.articleWords.contains(words[0])
      records.append(uint32: entry.id)
      records.append(uint32: titles.count)
      records.append(uint32: entry.votes)
      records.append(uint32: entry.budget ?? 0)
      records.append(uint16: entry.year)
      records.append(uint16: entry.minutes)
      records.append(uint16: title.count)
      records.append(UInt8(clamping: Int((entry.rating * 10).rounded())))
      records.append(UInt8(mpaa))
      records.append(entry.genreFlags)
      records.append(article ? leadingArticle : 0)
      records += [0, 0, 0, 0, 0, 0]
      summaries.append(float: popularityWeight(entry.popularity))
      summaries.append(uint16: entry.year)
      summaries.append(article ? leadingArticle : 0)
      summaries.append(0)
      titles += title
      wordCounts.append(words.count)
      for word in words {
        let term: Int
        if let known = termIndex[word] {
          term = known
        } else {
          term = terms.count
          termIndex[word] = term
          terms.append(word)
          postingsByTerm.append([])
        }
        if postingsByTerm[term].last != UInt32(index) { postingsByTerm[term].append(UInt32(index)) }
        recordTerms.append(term)
      }
    }
    // Term ids are the terms' places in bytewise order.
    let order = terms.indices.sorted { terms[$0].lexicographicallyPrecedes(terms[$1]) }
    var idOfTerm = [Int](repeating: 0, count: terms.count)
    for (id, term) in order.enumerated() { idOfTerm[term] = id }
    var wordIDs: [UInt8] = []
    var wordTotal = 0
    for term in recordTerms { wordIDs.append(uint32: idOfTerm[term]) }
    for count in wordCounts {
      wordStarts.append(uint32: wordTotal)
      wordTotal += count
    }
    wordStarts.append(uint32: wordTotal)
    var termStarts: [UInt8] = []
    var postingStarts: [UInt8] = []
    var termBytes: [UInt8] = []
    var postings: [UInt8] = []
    var postingTotal = 0
    for term in order {
      termStarts.append(uint32: termBytes.count)
      postingStarts.append(uint32: postingTotal)
      termBytes += terms[term]
      for record in postingsByTerm[term] { postings.append(uint32: Int(record)) }
      postingTotal += postingsByTerm[term].count
    }
    termStarts.append(uint32: termBytes.count)
    postingStarts.append(uint32: postingTotal)
    let nodes = trie(order.map { terms[$0] })
    var header = magic
    for count in [
      entries.count, terms.count, titles.count, termBytes.count, postingTotal, wordTotal,
      nodes.count / nodeSize,
    ] {
      header.append(uint32: count)
    }
    header += [UInt8](repeating: 0, count: headerSize - header.count)
    return header + records + summaries + wordStarts + wordIDs + termStarts + postingStarts
      + postings + nodes + termBytes + titles
  }

  /// The trie of sorted `terms`, breadth first: node 0 is the root; a node's children (one per
  /// next byte, in order) are contiguous.
  static func trie(_ terms: [[UInt8]]) -> [UInt8] {
    // (terms, depth) of each node, in breadth-first order; children found when a node is read.
    var queue: [(terms: Range<Int>, depth: Int, byte: UInt8)] = [(0..<terms.count, 0, 0)]
    var bytes: [UInt8] = []
    var next = 0
    while next < queue.count {
      let (range, depth, byte) = queue[next]
      next += 1
      let isTerm = !range.isEmpty && terms[range.lowerBound].count == depth
      var low = range.lowerBound + (isTerm ? 1 : 0)
      let firstChild = queue.count
      while low < range.upperBound {
        let child = terms[low][depth]
        var high = low + 1
        while high < range.upperBound, terms[high][depth] == child { high += 1 }
        queue.append((low..<high, depth + 1, child))
        low = high
      }
      bytes.append(uint32: range.lowerBound)
      bytes.append(uint32: range.upperBound)
      bytes.append(uint32: firstChild)
      bytes.append(uint16: queue.count - firstChild)
      bytes.append(byte)
      bytes.append(isTerm ? 1 : 0)
    }
    return bytes
  }
}

extension [UInt8] {
  fileprivate mutating func append(uint32 value: Int) {
    let value = UInt32(clamping: value)
    for shift in stride(from: 0, to: 32, by: 8) {
      append(UInt8(truncatingIfNeeded: value >> shift))
    }
  }

  fileprivate mutating func append(uint16 value: Int) {
    let value = UInt16(clamping: value)
    append(UInt8(truncatingIfNeeded: value))
    append(UInt8(truncatingIfNeeded: value >> 8))
  }

  fileprivate mutating func append(float value: Float) {
    append(uint32: Int(value.bitPattern))
  }
}
