import Foundation
import MovieSearchBuiltInCatalog
import Testing

@testable import MovieSearch
@testable import TestSupport

/// Titles and names are written as codes of a table of their commonest pieces
/// (``SymbolTable``): each reads back as it was, the table is the same for the same texts,
/// they take fewer bytes, and damaged codes or tables read as some text, never past their
/// bytes.
@Suite(.onOwnThreads) struct SymbolTableTests {
  /// Titles of every kind: English, with articles and numbers, accented, other scripts,
  /// punctuation, and one long title.
  static let titles: [String] = [
    "The Lord of the Rings: The Fellowship of the Ring", "Star Wars: Episode V", "Amélie",
    "Shichinin no samurai", "La vita è bella", "8½", "Crouching Tiger, Hidden Dragon",
    "千と千尋の神隠し", "Léon: The Professional", "The Good, the Bad and the Ugly", "Se7en",
    "M", "", "Dr. Strangelove or: How I Learned to Stop Worrying and Love the Bomb",
    String(repeating: "The Long Title ", count: 40),
  ]

  /// `texts` read back through a stored table.
  private func roundTrip(_ texts: [[UInt8]], _ table: SymbolTable) -> [[UInt8]] {
    let stored = table.stored
    #expect(stored.count == SymbolTable.storedSize)
    return stored.withUnsafeBytes { raw in
      let symbols = StoredSymbolTable(base: raw.baseAddress!)
      return texts.map { text in
        table.encode(text).withUnsafeBytes { codes in symbols.withDecoded(codes) { Array($0) } }
      }
    }
  }

  @Test func textsReadBackAsTheyWere() {
    let texts = Self.titles.map { Array($0.utf8) }
    let table = SymbolTable.trained(on: texts)
    #expect(roundTrip(texts, table) == texts)
    // Texts the table was not trained on, and bytes of every value.
    let others = [Array("Zazie dans le métro".utf8), (0...255).map { UInt8($0) }]
    #expect(roundTrip(others, table) == others)
    // A table of nothing writes every byte escaped, and reads it back.
    #expect(roundTrip(texts, SymbolTable(symbols: [])) == texts)
  }

  @Test func theSameTextsMakeTheSameTable() {
    let texts = Self.titles.map { Array($0.utf8) }
    #expect(SymbolTable.trained(on: texts) == SymbolTable.trained(on: texts.reversed()))
    #expect(SymbolTable.trained(on: texts).stored == SymbolTable.trained(on: texts).stored)
  }

  /// The built-in catalog's titles take well under the bytes they stand for.
  @Test func titlesTakeFewerBytes() throws {
    let catalog = try OfflineCatalog.builtIn()
    let texts = catalog.allMovies.prefix(20_000).map { Array($0.title.utf8) }
    let table = SymbolTable.trained(on: CatalogFile.sample(texts))
    let bytes = texts.reduce(0) { $0 + $1.count }
    let codes = texts.reduce(0) { $0 + table.encode($1).count }
    #expect(codes * 10 < bytes * 7, "\(codes) codes for \(bytes) bytes")
    #expect(roundTrip(Array(texts.prefix(2_000)), table) == Array(texts.prefix(2_000)))
  }

  /// Codes past the table's symbols, an escape at the end, random codes, a table whose
  /// count and lengths are damaged: each reads as some text within the room it was given.
  @Test func damagedCodesAndTablesReadWithinTheirRoom() {
    let texts = Self.titles.map { Array($0.utf8) }
    let table = SymbolTable.trained(on: texts)
    var random = SeededGenerator(seed: 41)
    for trial in 0..<3_000 {
      var stored = table.stored
      if trial % 3 == 0 {
        for _ in 0..<4 {
          stored[Int(random.next() % UInt64(1 + SymbolTable.maxSymbols))] = UInt8(
            truncatingIfNeeded: random.next())
        }
      }
      let count = Int(random.next() % 40)
      let codes =
        (0..<count).map { _ in UInt8(truncatingIfNeeded: random.next()) }
        + (trial % 5 == 0 ? [SymbolTable.escape] : [])
      stored.withUnsafeBytes { raw in
        codes.withUnsafeBytes { codes in
          let room = StoredSymbolTable.decodedLimit(codes.count) + 8
          let output = UnsafeMutableRawPointer.allocate(byteCount: room, alignment: 8)
          defer { output.deallocate() }
          let length = StoredSymbolTable(base: raw.baseAddress!).decode(codes, into: output)
          #expect(length <= StoredSymbolTable.decodedLimit(codes.count))
        }
      }
    }
  }

  /// Names written with a table read back from their blocks, and a catalog's names are
  /// the same through it.
  @Test func namesWrittenAsCodesReadBack() throws {
    let names = [
      "Akira Kurosawa", "Alfred Hitchcock", "Alfredo Hitch", "Anna Karina", "Anna Karenina",
      "Jean-Luc Godard", "Jean Renoir", "Zhang Yimou",
    ].map { Array($0.utf8) }.sorted { $0.lexicographicallyPrecedes($1) }
    let table = SymbolTable.trained(on: names)
    let (_, bytes) = NameBlocks.encode(names, symbols: table)
    let stored = table.stored
    var read: [[UInt8]] = []
    stored.withUnsafeBytes { raw in
      bytes.withUnsafeBytes { block in
        NameBlocks.decode(
          block, symbols: StoredSymbolTable(base: raw.baseAddress!), through: names.count - 1
        ) { _, name in read.append(Array(name)) }
      }
    }
    #expect(read == names)
  }
}
