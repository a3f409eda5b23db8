import Foundation
import MovieSearchBuiltInCatalog
import Testing

@testable import MovieSearch

/// A large catalog's trie stores its nodes in blocks of eighteen a cache line each, each
/// node as its differences from its block's smallest first term and first child, its flag and
/// its byte in 25 bits (a wide block's nodes whole, after the lines); a small one's, seven
/// bytes a node.
/// Every node reads back as it was built, a vocabulary's trie takes far fewer bytes, damaged
/// blocks read as no node, never past the bytes — and a catalog whose trie is in blocks
/// walks, spells and searches as the same catalog of whole nodes.
@Suite(.onOwnThreads) struct TrieInBlocksTests {
  /// A vocabulary of `count` words from a fixed generator: shared beginnings, words that
  /// begin others, tails of every length.
  static func vocabulary(_ count: Int) -> [[UInt8]] {
    var state: UInt64 = 0x9E37_79B9_7F4A_7C15
    var words = Set<[UInt8]>()
    while words.count < count {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      let length = 1 + Int(state >> 60)
      words.insert(
        (0..<length).map { place in
          // Few letters early (shared beginnings), more later.
          let letters = UInt64(min(26, 3 + 4 * place))
          return UInt8(ascii: "a") + UInt8((state >> UInt64(7 * place % 56)) % letters)
        })
    }
    return words.sorted { CatalogFile.bytewiseLess($0, $1) }
  }

  /// The nodes of `count` nodes' blocks `bytes`, `wide` of them wide, read one by one.
  static func read(_ bytes: [UInt8], nodes count: Int, wide: Int) -> [TrieBlocks.Node?] {
    bytes.withUnsafeBytes { bytes in
      let reader = TrieBlocks.Reader(blocks: bytes.baseAddress!, nodes: count, wide: wide)
      // Out of range: none.
      #expect(reader.node(-1) == nil && reader.node(count) == nil)
      return (0..<count).map { reader.node($0) }
    }
  }

  /// `nodes`, encoded and read back.
  static func readBack(_ nodes: [TrieBlocks.Node]) -> [TrieBlocks.Node?] {
    let (bytes, wide) = TrieBlocks.encode(nodes)
    #expect(bytes.count == TrieBlocks.bytes(nodes: nodes.count, wide: wide))
    return read(bytes, nodes: nodes.count, wide: wide)
  }

  @Test func everyNodeOfAVocabularysTrieReadsBackAsItWasBuilt() throws {
    let (nodes, _) = try CatalogFile.trie(Self.vocabulary(5_000))
    // Not a multiple of a block: the last block is short.
    #expect(nodes.count % TrieBlocks.size != 0)
    #expect(Self.readBack(nodes) == nodes)
    // Fewer bytes than seven a node: a line of 64 for eighteen nodes.
    let (bytes, wide) = TrieBlocks.encode(nodes)
    #expect(wide < TrieBlocks.blocks(nodes: nodes.count) / 10)
    #expect(Double(bytes.count) < 4 * Double(nodes.count))
  }

  /// A block's nodes whose differences would take 24 bits each: a wide block.
  static func wideBlock() -> [TrieBlocks.Node] {
    let largest = 1 << TrieBlocks.baseBits - 1
    return (0..<TrieBlocks.size).map { (place: Int) -> TrieBlocks.Node in
      let term: Int = place.isMultiple(of: 2) ? 0 : largest
      let child: Int = place == 0 ? 0 : largest
      return TrieBlocks.Node(
        firstTerm: term, firstChild: child, isTerm: place % 3 == 0, byte: UInt8(place * 13))
    }
  }

  @Test func numbersAsWideAsATrieAllowsAndBlocksOfOneValueReadBack() {
    let largest = 1 << TrieBlocks.baseBits - 1
    // A block whose differences take no bits, a wide one (its differences would take 24
    // bits each), one short block.
    let same = [TrieBlocks.Node](
      repeating: .init(firstTerm: 7, firstChild: 9, isTerm: true, byte: 0xFF),
      count: TrieBlocks.size)
    let wide = Self.wideBlock()
    let short = [TrieBlocks.Node(firstTerm: largest, firstChild: largest, isTerm: false, byte: 1)]
    let nodes = same + wide + short
    #expect(Self.readBack(nodes) == nodes)
    #expect(TrieBlocks.encode(nodes).wide == 1)
    for nodes in [[], short] { #expect(Self.readBack(nodes) == nodes) }
  }

  @Test func damagedBlocksReadAsNoNodeNeverPastTheBytes() throws {
    let nodes = try Self.wideBlock() + CatalogFile.trie(Self.vocabulary(600)).nodes
    let (bytes, wide) = TrieBlocks.encode(nodes)
    let slot = TrieBlocks.slotBytes
    let lines = TrieBlocks.blocks(nodes: nodes.count)
    // A head's width: the low five bits of its seventh byte. The first block is wide, a
    // later one not.
    let width = { (bytes: [UInt8], line: Int) in Int(bytes[line * slot + 6] & 0x1F) }
    #expect(wide >= 1 && width(bytes, 0) == TrieBlocks.wideMark)
    let narrow = try #require((1..<lines).first { width(bytes, $0) != TrieBlocks.wideMark })
    // A wide block's number past the wide ones: its nodes read as none, the others as they
    // were.
    var numbered = bytes
    numbered[0] = UInt8(wide)
    (numbered[1], numbered[2]) = (0, 0)
    let misnumbered = Self.read(numbered, nodes: nodes.count, wide: wide)
    #expect(misnumbered.prefix(TrieBlocks.size).allSatisfy { $0 == nil })
    #expect(
      Array(misnumbered.dropFirst(TrieBlocks.size)) == nodes.dropFirst(TrieBlocks.size).map { $0 })
    // Widths whose nodes would not fit the line: the block reads as none.
    var widened = bytes
    widened[narrow * slot + 6] = widened[narrow * slot + 6] & 0xE0 | 0x1E
    let wider = Self.read(widened, nodes: nodes.count, wide: wide)
    let damaged = narrow * TrieBlocks.size..<(narrow + 1) * TrieBlocks.size
    #expect(wider[damaged].allSatisfy { $0 == nil })
    #expect(Array(wider[..<damaged.lowerBound]) == nodes[..<damaged.lowerBound].map { $0 })
    #expect(Array(wider[damaged.upperBound...]) == nodes[damaged.upperBound...].map { $0 })
    // Every head byte, and every third byte of the rest, set to each of a few values: no
    // read goes past the bytes (the reads' own checks; the address sanitizer would tell).
    let headBytes = (TrieBlocks.headBits + 7) / 8
    let heads = (0..<lines).flatMap { line in (0..<headBytes).map { line * slot + $0 } }
    for place in Set(heads + Array(stride(from: 0, to: bytes.count, by: 3))).sorted() {
      for value: UInt8 in [0x7F, 0xFF] {
        var damaged = bytes
        damaged[place] = value
        _ = Self.read(damaged, nodes: nodes.count, wide: wide)
      }
    }
  }

  /// The built-in catalog, its trie's nodes rewritten in blocks (the rest byte for byte).
  static func builtInInBlocks() throws -> (whole: CatalogStore, blocks: CatalogStore) {
    let whole = try OfflineCatalog.builtIn().store
    let layout = whole.layout
    #expect(!layout.trieInBlocks)
    let bytes = Array(UnsafeRawBufferPointer(start: whole.base, count: layout.end))
    let nodes = (0...layout.nodes).map { index -> TrieBlocks.Node in
      let at = layout.nodesStart + index * CatalogFile.nodeSize
      func number(_ offset: Int) -> Int {
        (0..<3).reduce(0) { $0 | Int(bytes[at + offset + $1]) << (8 * $1) }
      }
      let flag = Int(CatalogFile.trieTermFlag)
      return TrieBlocks.Node(
        firstTerm: number(0), firstChild: number(3) & ~flag, isTerm: number(3) & flag != 0,
        byte: bytes[at + 6])
    }
    let trie = CatalogFile.trieBytes(nodes, inBlocks: true)
    var header = Array(bytes[0..<CatalogFile.headerSize])
    header.replaceSubrange(
      CatalogFile.trieBlocksOffset..<CatalogFile.trieBlocksOffset + 4,
      with: (0..<4).map { UInt8(truncatingIfNeeded: trie.header >> (8 * $0)) })
    let padding = CatalogFile.trieAligned(layout.nodesStart) - layout.nodesStart
    let rewritten =
      header + bytes[CatalogFile.headerSize..<layout.nodesStart]
      + [UInt8](repeating: 0, count: padding) + trie.bytes + bytes[layout.tailSymbols...]
    return (whole, try CatalogStore(bytes: rewritten))
  }

  @Test func aCatalogWhoseTrieIsInBlocksWalksSpellsAndSearchesAsOneOfWholeNodes() throws {
    let (whole, blocks) = try Self.builtInInBlocks()
    #expect(blocks.layout.trieInBlocks && blocks.termCount == whole.termCount)
    // The nodes take about two thirds of the bytes.
    let size = { (store: CatalogStore) in store.layout.tailSymbols - store.layout.nodesStart }
    #expect(Double(size(blocks)) < 0.7 * Double(size(whole)))
    for term in 0..<whole.termCount {
      #expect(blocks.term(term) == whole.term(term))
      #expect(blocks.trie.firstByte(term) == whole.trie.firstByte(term))
    }
    for text in VocabularyWalkTests.words + ["abcdefghij", String(repeating: "a", count: 64)] {
      let word = Array(text.utf8)
      for start in word.indices {
        var walks: [[String]] = [[], []]
        for (walk, store) in [whole, blocks].enumerated() {
          store.termsAlong(word, from: start) { length, exact, longer in
            walks[walk].append("\(length) \(exact) \(longer)")
            return true
          }
        }
        #expect(walks[0] == walks[1], "\(text) from \(start)")
        #expect(
          blocks.exactAndPrefix(Array(word[start...]))
            == whole.exactAndPrefix(Array(word[start...])))
      }
      for limit in 0...3 {
        for inTwo in [false, true] {
          #expect(
            blocks.fuzzyMatches(word, maxDistance: limit, inTwo: inTwo)
              == whole.fuzzyMatches(word, maxDistance: limit, inTwo: inTwo),
            "\(text) within \(limit)")
        }
      }
    }
    for text in ["matrix", "matirx relodaed", "godfathre 2", "the lord of the rigns", "starwras"] {
      let query = MovieQuery(text)
      #expect(
        try OfflineCatalog(store: blocks).searchMovies(query).results
          == OfflineCatalog(store: whole).searchMovies(query).results, "\(text)")
    }
  }

  @Test func aTrieIsStoredInBlocksOnlyWhenItsWholeNodesPassTheLimit() throws {
    let node = TrieBlocks.Node(firstTerm: 0, firstChild: 1, isTerm: false, byte: 0x61)
    let most = CatalogFile.largestTrieOfWholeNodes / CatalogFile.nodeSize
    let fits = CatalogFile.trieBytes(Array(repeating: node, count: most))
    #expect(fits.header == 0 && fits.bytes.count == most * CatalogFile.nodeSize + 1)
    let outgrows = CatalogFile.trieBytes(Array(repeating: node, count: most + 1))
    #expect(outgrows.header == 1)
    #expect(outgrows.bytes.count == TrieBlocks.bytes(nodes: most + 1, wide: 0))
    // The built-in catalog's trie fits: whole nodes.
    #expect(try !OfflineCatalog.builtIn().store.layout.trieInBlocks)
  }

  @Test func aHeaderSayingMoreWideBlocksThanTheTrieHasIsRefused() throws {
    let (_, blocks) = try Self.builtInInBlocks()
    var bytes = Array(UnsafeRawBufferPointer(start: blocks.base, count: blocks.layout.end))
    let lines = TrieBlocks.blocks(nodes: blocks.layout.nodes + 1)
    for said in [lines + 2, Int(UInt32.max)] {
      bytes.replaceSubrange(
        CatalogFile.trieBlocksOffset..<CatalogFile.trieBlocksOffset + 4,
        with: (0..<4).map { UInt8(truncatingIfNeeded: said >> (8 * $0)) })
      #expect(throws: CatalogFile.FormatError.self) { try CatalogStore(bytes: bytes) }
    }
  }
}
