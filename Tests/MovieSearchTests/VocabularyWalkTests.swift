import Foundation
import MovieSearchBuiltInCatalog
import TestSupport
import Testing

@testable import MovieSearch

/// The walks of the vocabulary's trie agree with the plain definitions they speed up: every
/// term (by its bytes) compared with the word, one by one.
@Suite(.onOwnThreads) struct VocabularyWalkTests {
  /// Words of every shape: a title word, a typo of one, a word's beginning, words run
  /// together, digits, a letter, nothing the vocabulary has.
  static let words = [
    "matrix", "matirx", "termin", "terminator", "backtothefuture", "starwars", "2001", "a",
    "zzqqx", "godfathre", "alien", "loveactually", "the",
  ]

  @Test func theTermsAlongAWordAreTheTermsThatStartWithIt() throws {
    let store = try OfflineCatalog.builtIn().store
    let terms = (0..<store.termCount).map { Array(store.term($0)) }
    #expect(terms == terms.sorted { $0.lexicographicallyPrecedes($1) }, "terms are sorted")
    for text in Self.words {
      let word = Array(text.utf8)
      for start in 0..<word.count {
        var walked: [Int: (Range<Int>, Range<Int>)] = [:]
        store.termsAlong(word, from: start) { length, exact, longer in
          walked[length] = (exact, longer)
          return true
        }
        for length in 1...(word.count - start) {
          let part = Array(word[start..<start + length])
          let (exact, longer) = Self.startingWith(part, in: terms)
          #expect(store.exactAndPrefix(part) == (exact, longer), "\(text): \(length) from \(start)")
          if exact.isEmpty, longer.isEmpty {
            #expect(walked[length] == nil, "\(text) from \(start), \(length) letters")
          } else {
            #expect(walked[length]?.0 == exact, "\(text) from \(start), \(length) letters")
            #expect(walked[length]?.1 == longer, "\(text) from \(start), \(length) letters")
          }
        }
      }
    }
  }

  /// The term equal to `word` and the longer ones that start with it, in sorted `terms`: the
  /// first not before it, and those after it that start with it.
  static func startingWith(_ word: [UInt8], in terms: [[UInt8]]) -> (Range<Int>, Range<Int>) {
    var low = 0
    var high = terms.count
    while low < high {
      let middle = (low + high) / 2
      if terms[middle].lexicographicallyPrecedes(word) { low = middle + 1 } else { high = middle }
    }
    var end = low
    while end < terms.count, terms[end].starts(with: word) { end += 1 }
    guard low < end else { return (0..<0, 0..<0) }
    return terms[low] == word ? (low..<low + 1, low + 1..<end) : (low..<low, low..<end)
  }

  @Test func theTypoWalkFindsEveryTermWithinItsDistanceAndNoOther() throws {
    let catalog = try smallCatalog(
      [
        ("The Matrix", 1999, 100), ("Matrimony", 1950, 10), ("Mattress Men", 2003, 5),
        ("The Terminator", 1984, 100), ("Terminal Velocity", 1994, 20), ("Term Life", 2016, 5),
        ("The Godfather", 1972, 100), ("Godfather's Daughter", 1999, 3), ("Alien", 1979, 90),
        ("Aliens", 1986, 80), ("Allen", 2001, 2), ("Love Actually", 2003, 50),
        ("Back to the Future", 1985, 90), ("Star Wars", 1977, 99), ("Stars", 2000, 1),
        ("2001: A Space Odyssey", 1968, 80), ("Zazie", 1960, 4), ("Them!", 1954, 10),
      ])
    for text in Self.words where text.count >= 3 {
      for limit in 1...2 { Self.expectWalkAgrees(catalog.store, Array(text.utf8), limit: limit) }
    }
  }

  /// The walk's rows are 64-bit sets of the word's lengths: a word of 64 bytes uses every
  /// bit, the whole word the top one; a longer word has no typo matches (a query word is
  /// at most ``SearchPlan/longestWord`` bytes anyway).
  @Test func wordsOfSixtyFourBytesUseTheWholeSet() throws {
    let long = String(repeating: "supercalifragilistic", count: 3) + "abcd"
    #expect(long.utf8.count == 64)
    let catalog = try smallCatalog([
      ("The \(long)", 1999, 10), ("\(long.dropLast()) Returns", 2001, 5), ("Matrix", 1999, 9),
    ])
    let store = catalog.store
    for word in [long, String(long.dropLast()) + "x", "x" + long.dropFirst(), long + "x"] {
      for limit in 1...2 { Self.expectWalkAgrees(store, Array(word.utf8), limit: limit) }
    }
    let term = try #require(store.exactAndPrefix(Array(long.utf8)).exact.first)
    #expect(
      store.fuzzyMatches(Array((String(long.dropLast()) + "x").utf8), maxDistance: 1).contains(
        TermMatch(terms: term..<term + 1, distance: 1, prefix: false)))
    #expect(store.fuzzyMatches(Array((long + "x").utf8), maxDistance: 2).isEmpty)
  }

  /// The typo walk of `word` within `limit` in `store` against the plain definition: every
  /// term within the distance is found (whole when the whole of it is its closest reading,
  /// else by its beginning), and no other. Words longer than the walk takes find nothing.
  static func expectWalkAgrees(
    _ store: CatalogStore, _ word: [UInt8], limit: Int,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let terms = (0..<store.termCount).map { Array(store.term($0)) }
    let walked = store.fuzzyMatches(word, maxDistance: limit)
    guard word.count <= CatalogStore.longestWalkedWord else {
      #expect(walked.isEmpty, sourceLocation: sourceLocation)
      return
    }
    var whole: [Int: Int] = [:]
    var covered = Set<Int>()
    for match in walked {
      covered.formUnion(match.terms)
      if !match.prefix { for term in match.terms { whole[term] = match.distance } }
    }
    let text = String(decoding: word, as: UTF8.self)
    for (id, term) in terms.enumerated() {
      let name = "\(text) within \(limit): \(String(decoding: term, as: UTF8.self))"
      // The word against each beginning of the term, the term itself last.
      let row = distances(word, term)
      let distance = row.last!
      let closest = row.min()!
      if distance <= limit, distance == closest {
        #expect(whole[id] == distance, "\(name)", sourceLocation: sourceLocation)
      }
      #expect(covered.contains(id) == (closest <= limit), "\(name)", sourceLocation: sourceLocation)
    }
  }

  @Test func theEndOfATermNoOtherTermSharesIsReadFromTheTermItself() throws {
    // One word: the root's path goes on along "zazie" alone, with no node for its letters.
    let alone = try smallCatalog([("Zazie", 1960, 4)]).store
    #expect(alone.layout.nodes == 1)
    #expect(
      alone.fuzzyMatches(Array("zaize".utf8), maxDistance: 1) == [
        TermMatch(terms: 0..<1, distance: 1, prefix: false)
      ])
    var walked: [Int: (Range<Int>, Range<Int>)] = [:]
    alone.termsAlong(Array("zaziex".utf8), from: 0) { length, exact, longer in
      walked[length] = (exact, longer)
      return true
    }
    #expect(walked.keys.sorted() == [1, 2, 3, 4, 5])
    #expect(walked[3]! == (0..<0, 0..<1))
    #expect(walked[5]! == (0..<1, 1..<1))
    // "zap" and "zazie" share "za": a node for "z" and "za", then one tail each.
    let two = try smallCatalog([("Zazie", 1960, 4), ("Zap", 1970, 2)]).store
    #expect(two.layout.nodes == 5)
    #expect(
      two.fuzzyMatches(Array("zazei".utf8), maxDistance: 1).contains(
        TermMatch(terms: 1..<2, distance: 1, prefix: false)))
  }

  /// A walk made in two halves on two threads (at IMDb's size, for two typos) finds what
  /// one walk finds, in the same order.
  @Test func aWalkInTwoHalvesIsTheWalk() throws {
    let store = try OfflineCatalog.builtIn().store
    var bothHalves = 0
    for text in Self.words + ["abcdefghij", String(repeating: "a", count: 64)] {
      for limit in 1...3 {
        let word = Array(text.utf8)
        let one = store.fuzzyMatches(word, maxDistance: limit, inTwo: false)
        #expect(store.fuzzyMatches(word, maxDistance: limit, inTwo: true) == one, "\(text)")
        // Walks that find terms in both halves of the vocabulary, so that both threads'
        // matches are compared.
        if one.contains(where: { $0.terms.lowerBound < store.termCount / 3 }),
          one.contains(where: { $0.terms.lowerBound > store.termCount * 2 / 3 })
        {
          bothHalves += 1
        }
      }
    }
    #expect(bothHalves >= 10)
  }

  /// A search that looks again for more typos walks for the same words: the searcher
  /// remembers each walk, by word and distance, and gives back what the walk finds.
  @Test func aRememberedWalkIsTheWalk() throws {
    let searcher = try OfflineCatalog.builtIn().searcher
    for _ in 0..<2 {
      for text in Self.words {
        for limit in 0...2 {
          let word = Array(text.utf8)
          #expect(
            searcher.fuzzyMatches(word, maxDistance: limit)
              == searcher.store.fuzzyMatches(word, maxDistance: limit), "\(text) within \(limit)")
        }
      }
    }
  }

  /// The optimal string alignment distance (insert, delete, substitute, swap two neighbours)
  /// between `word` and each beginning of `term`, the empty one first.
  static func distances(_ word: [UInt8], _ term: [UInt8]) -> [Int] {
    let (a, b) = (word, term)
    var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
    for i in 0...a.count { table[i][0] = i }
    for j in 0...b.count { table[0][j] = j }
    for i in stride(from: 1, through: a.count, by: 1) {
      for j in stride(from: 1, through: b.count, by: 1) {
        table[i][j] = min(
          table[i - 1][j] + 1, table[i][j - 1] + 1,
          table[i - 1][j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
          table[i][j] = min(table[i][j], table[i - 2][j - 2] + 1)
        }
      }
    }
    return table[a.count]
  }
}
