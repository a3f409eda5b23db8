import Foundation
import Testing

@testable import MovieSearch
@testable import TestSupport

/// People's names are stored sorted, in blocks sharing beginnings, each name's lengths in a
/// byte when they are short: every name reads back as it was, one at a time or all in order,
/// and damage ends a block without a crash.
@Suite struct NameBlocksTests {
  /// Names that share beginnings (and some that do not), non-ASCII ones and an empty one,
  /// over several blocks, the last one partly full.
  static let names: [[UInt8]] = {
    var random = SeededGenerator(seed: 7)
    let first = ["John", "Johnny", "Jo", "Jean-Luc", "Zoë", "Åsa", "Li", ""]
    let last = ["Smith", "Smythe", "Sm", "Godard", "Kurosawa", "Ng", "Øvergaard"]
    var set = Set<String>()
    while set.count < 150 {
      let name =
        first[Int(random.next() % 8)] + " " + last[Int(random.next() % 7)]
        + String(repeating: "x", count: Int(random.next() % 3))
      set.insert(name)
    }
    return set.map { Array($0.utf8) }.sorted { $0.lexicographicallyPrecedes($1) }
  }()

  @Test func everyNameReadsBackAloneAndInOrder() throws {
    let (starts, bytes) = NameBlocks.encode(Self.names)
    #expect(starts.count == (NameBlocks.blocks(Self.names.count) + 1) * 4)
    // Shared beginnings are stored once: smaller than the names themselves.
    #expect(bytes.count < Self.names.reduce(0) { $0 + $1.count })
    var read: [[UInt8]] = []
    bytes.withUnsafeBytes { all in
      for block in 0..<NameBlocks.blocks(Self.names.count) {
        let start = Int(
          starts.withUnsafeBytes { $0.load(fromByteOffset: block * 4, as: UInt32.self) })
        let end = Int(
          starts.withUnsafeBytes { $0.load(fromByteOffset: block * 4 + 4, as: UInt32.self) })
        let last = min(NameBlocks.size, Self.names.count - block * NameBlocks.size) - 1
        NameBlocks.decode(UnsafeRawBufferPointer(rebasing: all[start..<end]), through: last) {
          position, name in
          #expect(position == read.count - block * NameBlocks.size)
          read.append(Array(name))
        }
      }
    }
    #expect(read == Self.names)
  }

  @Test func aCatalogsPeopleAreFoundByIndexAndByName() throws {
    var entries: [CatalogFile.Entry] = []
    for (index, name) in Self.names.enumerated() {
      var entry = CatalogFile.Entry(id: index + 1, title: "Film \(index)", year: 2000, votes: 10)
      entry.directors = [String(decoding: name, as: UTF8.self)]
      entry.cast = [String(decoding: Self.names[(index * 7) % Self.names.count], as: UTF8.self)]
      entries.append(entry)
    }
    let store = try CatalogStore(bytes: CatalogFile.encode(entries))
    #expect(store.personCount == Self.names.count)
    var all: [String] = []
    store.forEachName { index, bytes in
      #expect(index == all.count)
      all.append(String(decoding: bytes, as: UTF8.self))
    }
    // Sorted by their words, then bytewise: a name is found by its words.
    let byWords = Self.names.map { String(decoding: $0, as: UTF8.self) }.sorted {
      let (a, b) = (CatalogFile.nameKey($0), CatalogFile.nameKey($1))
      return CatalogFile.bytewiseLess(a, b)
        || (a == b && $0.utf8.lexicographicallyPrecedes($1.utf8))
    }
    #expect(all == byWords)
    for (film, entry) in entries.enumerated() {
      let extras = store.extras(of: film)
      #expect(extras.directors == entry.directors)
      #expect(extras.cast == entry.cast)
    }
    #expect(store.name(Self.names.count) == nil)
    #expect(store.name(-1) == nil)
    let smiths = store.peopleMatcher(named: "john smith").names
    #expect(!smiths.isEmpty)
    #expect(smiths.allSatisfy { store.name($0).map { $0.hasPrefix("John Smith") } == true })
  }

  /// A name's lengths take one byte when it shares at most 14 bytes with the one before and
  /// adds at most 15, else a long head and two varints: names of both kinds, and lengths at
  /// the edges, read back.
  @Test func aNamesLengthsTakeAByteUnlessTheyAreLong() {
    let short = [Array("Ann Lee".utf8), Array("Ann Leeds".utf8)]
    let (_, shortBytes) = NameBlocks.encode(short)
    // Heads: "Ann Lee" adds 7; "Ann Leeds" shares 7 and adds 2.
    #expect(shortBytes == [0x07] + short[0] + [0x72] + Array("ds".utf8))
    let long = [
      Array(String(repeating: "a", count: 15).utf8), Array(String(repeating: "a", count: 16).utf8),
      Array((String(repeating: "a", count: 16) + String(repeating: "b", count: 20)).utf8),
      Array(String(repeating: "c", count: 14).utf8),
      Array((String(repeating: "c", count: 14) + "d").utf8),
    ]
    let (starts, bytes) = NameBlocks.encode(long)
    // Adds 15 (a head), shares 15 (a long head), adds 20 (a long head), adds 14, shares 14.
    #expect(bytes.count == (1 + 15) + (3 + 1) + (3 + 20) + (1 + 14) + (1 + 1))
    #expect(starts.count == 8)
    var read: [[UInt8]] = []
    bytes.withUnsafeBytes { block in
      NameBlocks.decode(block, through: long.count - 1) { _, name in read.append(Array(name)) }
    }
    #expect(read == long)
  }

  @Test func damageEndsABlockWithoutACrash() {
    let (_, bytes) = NameBlocks.encode(Array(Self.names.prefix(NameBlocks.size)))
    var random = SeededGenerator(seed: 11)
    for _ in 0..<2_000 {
      var damaged = bytes
      for _ in 0..<3 {
        damaged[Int(random.next() % UInt64(damaged.count))] = UInt8(
          truncatingIfNeeded: random.next())
      }
      let cut = Int(random.next() % UInt64(damaged.count + 1))
      var count = 0
      damaged.prefix(cut).withUnsafeBytes { block in
        NameBlocks.decode(block, through: NameBlocks.size - 1) { _, name in
          count += 1
          #expect(name.count <= cut)
        }
      }
      #expect(count <= NameBlocks.size)
    }
  }
}
