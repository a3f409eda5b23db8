import Foundation
import Testing

@testable import MovieSearch

/// A catalog stores of each term only the bytes its trie path does not spell — nothing of a
/// term a node ends at, the rest of a tail's, at most ``CatalogFile/longestTail``, as codes
/// of symbols — and spells every term back whole: the sorted vocabulary, read from the file
/// alone, with fewer bytes than its terms have.
@Suite struct StoredTermBytesTests {
  /// Terms that begin others ("star", "stars", "starship"), tails of one byte and of many,
  /// a term of one letter, digits, and people's names beside the titles' words.
  static let entries: [CatalogFile.Entry] = [
    .init(id: 1, title: "Star Wars", year: 1977, votes: 900, directors: ["George Lucas"]),
    .init(id: 2, title: "Stars and Bars", year: 1988, votes: 10),
    .init(id: 3, title: "Starship Troopers", year: 1997, votes: 400, cast: ["Casper Van Dien"]),
    .init(id: 4, title: "Plan 9 from Outer Space", year: 1957, votes: 50),
    .init(id: 5, title: "X", alternativeTitles: ["Pearl's Sister"], year: 2022, votes: 60),
    .init(id: 6, title: "Starstruck", year: 1982, votes: 5, directors: ["Gillian Armstrong"]),
  ]

  /// Every word of the entries' titles and people, as the catalog reads them, sorted.
  static func vocabulary() -> [[UInt8]] {
    let texts = entries.flatMap { [$0.title] + $0.alternativeTitles + $0.directors + $0.cast }
    let words = Set(texts.flatMap { TitleText.words($0).map(\.text) })
    return words.sorted { $0.lexicographicallyPrecedes($1) }
  }

  /// What the trie does not spell of each term, from the sorted terms alone: nothing when the
  /// next term begins with it (a node ends there); else the bytes past the depth at which no
  /// neighbour shares its beginning.
  static func unspelledBytes(_ terms: [[UInt8]]) -> Int {
    func shared(_ a: [UInt8], _ b: [UInt8]) -> Int {
      zip(a, b).prefix { $0 == $1 }.count
    }
    return terms.indices.reduce(0) { total, index in
      let term = terms[index]
      let next = index + 1 < terms.count ? terms[index + 1] : []
      guard !next.starts(with: term) else { return total }
      let previous = index > 0 ? terms[index - 1] : []
      let depth = 1 + max(shared(term, previous), shared(term, next))
      return total + max(0, term.count - depth)
    }
  }

  /// The bytes the codes of each term's stored rest stand for, in all.
  static func storedRests(_ store: CatalogStore) -> Int {
    let trie = store.trie
    return (0..<store.termCount).reduce(0) { total, term in
      total + trie.tailSymbols.withDecoded(trie.storedBytes(term)) { $0.count }
    }
  }

  @Test func everyTermIsSpelledBackFromTheTrieAndItsStoredRest() throws {
    let store = try CatalogStore(bytes: CatalogFile.encode(Self.entries))
    let vocabulary = Self.vocabulary()
    #expect(store.termCount == vocabulary.count)
    #expect((0..<store.termCount).map { store.term($0) } == vocabulary)
    #expect((0..<store.termCount).map { store.trie.firstByte($0) } == vocabulary.map(\.first))
    // Only the rests are stored: fewer bytes than the terms have (under a quarter of them at
    // IMDb's size, where most beginnings are shared).
    #expect(Self.storedRests(store) == Self.unspelledBytes(vocabulary))
    #expect(store.layout.termBytes <= Self.unspelledBytes(vocabulary))
    #expect(store.layout.termBytes < vocabulary.reduce(0) { $0 + $1.count })
    // Each term is found whole by its bytes, and the beginning of the terms that start so.
    for (id, term) in vocabulary.enumerated() {
      #expect(store.exactAndPrefix(term).exact == id..<id + 1)
    }
    #expect(store.exactAndPrefix(Array("star".utf8)).longer.count == 3)
    // An id out of range spells nothing.
    #expect(store.term(-1).isEmpty && store.term(store.termCount).isEmpty)
  }

  @Test func aVocabularyOfOneTermIsATailAtTheRoot() throws {
    let store = try CatalogStore(
      bytes: CatalogFile.encode([.init(id: 1, title: "Zardoz", year: 1974, votes: 70)]))
    #expect(store.termCount == 1)
    #expect(store.term(0) == Array("zardoz".utf8))
    #expect(store.trie.firstByte(0) == UInt8(ascii: "z") && store.trie.firstByte(1) == nil)
    // The root spells nothing: the whole term is its stored rest.
    #expect(Self.storedRests(store) == "zardoz".utf8.count)
    #expect(store.exactAndPrefix(Array("zard".utf8)).longer == 0..<1)
    #expect(store.exactAndPrefix(Array("zardozz".utf8)) == (0..<0, 0..<0))
    let typo = store.fuzzyMatches(Array("zardos".utf8), maxDistance: 1)
    #expect(typo == [TermMatch(terms: 0..<1, distance: 1, prefix: false)])
  }

  @Test func aTermLongerThanATailHoldsIsSpelledDownTheTrieToItsLastBytes() throws {
    // Words of 33 and 200 letters, and a neighbour sharing the first ten.
    let long = String(repeating: "abcdefghij", count: 20)
    let entries: [CatalogFile.Entry] = [
      .init(id: 1, title: String(long.prefix(33)), year: 2001, votes: 10),
      .init(id: 2, title: long, year: 2002, votes: 20),
      .init(id: 3, title: "abcdefghijz", year: 2003, votes: 30),
    ]
    let store = try CatalogStore(bytes: CatalogFile.encode(entries))
    let vocabulary = [String(long.prefix(33)), long, "abcdefghijz"].map { Array($0.utf8) }
    #expect(
      (0..<store.termCount).map { store.term($0) }
        == vocabulary.sorted {
          $0.lexicographicallyPrecedes($1)
        })
    let trie = store.trie
    for term in 0..<store.termCount {
      let rest = trie.tailSymbols.withDecoded(trie.storedBytes(term)) { $0.count }
      #expect(rest <= CatalogFile.longestTail)
      #expect(store.exactAndPrefix(store.term(term)).exact == term..<term + 1)
    }
    // A typo in the last of 33 letters, two past a tail's most: found along the trie.
    let typo = store.fuzzyMatches(Array((long.prefix(32) + "x").utf8), maxDistance: 1)
    #expect(typo.contains(TermMatch(terms: 0..<1, distance: 1, prefix: false)))
  }
}
