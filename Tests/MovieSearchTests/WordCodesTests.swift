import Foundation
import Testing

@testable import MovieSearch
@testable import TestSupport

/// The titles' and people's words are written as codes as long as their terms are rare in
/// their book (``WordCodes``): every run reads back as it was, with the book it was written
/// in; the commonest terms take the fewest bits, each book's tables sized for the fewest
/// bits in all; damaged codes read as some terms (or none), never past their bytes.
@Suite(.onOwnThreads) struct WordCodesTests {
  /// Runs of words of a vocabulary of `terms` terms, a few very common (the articles, the
  /// first names that recur), most rare.
  static func runs(terms: Int, count: Int, seed: UInt64) -> [[Int]] {
    var random = SeededGenerator(seed: seed)
    return (0..<count).map { _ in
      (0..<Int(random.next() % 9)).map { _ in
        switch random.next() % 10 {
        case 0..<4: Int(random.next() % 200)
        case 4..<7: Int(random.next() % UInt64(min(terms, 20_000)))
        default: Int(random.next() % UInt64(terms))
        }
      }
    }
  }

  /// `runs` coded as a build codes them: one flat array of ids and where each run ends, the
  /// runs from `secondBook` on in a second book (the people's; before it, titles').
  static func encode(_ runs: [[Int]], terms: Int, secondBook: Int? = nil) -> (
    codes: [UInt8], starts: [Int], books: [WordCodes.Book]
  ) {
    var coded: [WordCodes.Run] = []
    for (number, run) in runs.enumerated() {
      coded.append(
        WordCodes.Run(
          end: (coded.last?.end ?? 0) + run.count, isTitle: number < secondBook ?? runs.count))
    }
    // Runs of fewer words than a title's longest.
    return try! WordCodes.encode(
      ids: runs.flatMap { $0.map { Int32($0) } }, runs: coded, termCount: terms)
  }

  /// The codes and then each book's tables, as a catalog stores them.
  static func stored(_ coded: (codes: [UInt8], starts: [Int], books: [WordCodes.Book]), terms: Int)
    -> [UInt8]
  {
    var bytes = coded.codes
    for book in coded.books {
      bytes.append(packed: book.commonestTerms, largest: terms - 1)
      bytes.append(packed: book.commonTerms, largest: terms - 1)
    }
    return bytes
  }

  /// The reader of book `number` of `books` over `bytes` (see ``stored(_:terms:)``).
  static func reader(
    _ bytes: UnsafeRawPointer, bits: Int, books: [WordCodes.Book], number: Int, terms: Int
  ) -> WordCodes.Reader {
    let tables =
      bytes + WordCodes.size(bits: bits)
      + books.prefix(number).reduce(0) { $0 + $1.tiers.tablesSize(termCount: terms) }
    return WordCodes.Reader(
      codes: bytes, bits: bits, tiers: books[number].tiers, tables: tables, termCount: terms)
  }

  /// `runs` coded (from `secondBook` on in a second book), and each read back with its book:
  /// a title's as many words as its count says (as a summary counts them, then at its run's
  /// start), a people's run from its start to its end.
  private func roundTrip(_ runs: [[Int]], terms: Int, secondBook: Int? = nil) -> [[Int]] {
    let coded = Self.encode(runs, terms: terms, secondBook: secondBook)
    let bytes = Self.stored(coded, terms: terms)
    let bits = coded.starts.last ?? 0
    #expect(coded.codes.count == WordCodes.size(bits: bits))
    return bytes.withUnsafeBytes { raw in
      let readers = (0..<2).map {
        Self.reader(raw.baseAddress!, bits: bits, books: coded.books, number: $0, terms: terms)
      }
      return runs.indices.map { run in
        var ids = CatalogStore.WordIDs.Storage(repeating: -1)
        let (start, end) = (coded.starts[run], coded.starts[run + 1])
        guard run < secondBook ?? runs.count else {
          let count = readers[1].decode(from: start, to: end, into: &ids, at: 0)
          return (0..<count).map { Int(ids[$0]) }
        }
        var bit = start
        let words = readers[0].titleWordCount(
          counted: min(runs[run].count, SummaryLayout.mostWords), at: &bit, end: end)
        #expect(words == runs[run].count)
        var skipped = bit
        readers[0].skip(words, from: &skipped, to: .max)
        #expect(skipped == end)
        let count = readers[0].decode(from: &bit, to: .max, count: words, into: &ids, at: 0)
        return (0..<count).map { Int(ids[$0]) }
      }
    }
  }

  @Test(arguments: [1, 2, 300, 20_000, 1_500_000])
  func everyRunReadsBack(terms: Int) {
    let runs = Self.runs(terms: terms, count: 3_000, seed: UInt64(terms)).map { run in
      run.map { $0 % terms }
    }
    #expect(roundTrip(runs, terms: terms) == runs)
    // Two books: the second's runs of other words (the first's terms shifted).
    let second = runs.map { $0.map { ($0 + terms / 2) % terms } }
    #expect(roundTrip(runs + second, terms: terms, secondBook: runs.count) == runs + second)
  }

  /// Each book lists its own commonest terms: a term common in one and rare in the other
  /// takes a short code in the first only, and the tables are as large as pay for
  /// themselves — none for a book of few words.
  @Test func eachBookListsItsOwnCommonestTerms() {
    let terms = 100_000
    let titles = [[Int]](repeating: [7, 8, 9], count: 2_000)
    let people = [[Int]](repeating: [70_000, 80_000], count: 2_000) + [[7]]
    let coded = Self.encode(titles + people, terms: terms, secondBook: titles.count)
    func listed(_ book: WordCodes.Book) -> Set<Int> {
      Set(book.commonestTerms.prefix(book.tiers.commonest) + book.commonTerms)
    }
    #expect(listed(coded.books[0]).isSuperset(of: [7, 8, 9]))
    #expect(!listed(coded.books[0]).contains(70_000))
    #expect(listed(coded.books[1]).isSuperset(of: [70_000, 80_000]))
    #expect(listed(coded.books[1]).isDisjoint(with: [8, 9]))
    // Two or four bits a word where one book would take more for both.
    let titleBits = coded.starts[titles.count]
    #expect(titleBits <= 3 * 3 * titles.count)
    #expect((coded.starts.last ?? 0) - titleBits <= 3 * 2 * 2_000 + 2 + 17)
    #expect(coded.books.allSatisfy { $0.tiers.commonest + $0.tiers.common <= 8 })
    #expect(roundTrip(titles + people, terms: terms, secondBook: titles.count) == titles + people)
  }

  @Test func theCommonestTermsTakeTheFewestBits() {
    let terms = 1_500_000
    let runs = Self.runs(terms: terms, count: 20_000, seed: 5)
    let coded = Self.encode(runs, terms: terms)
    let words = runs.reduce(0) { $0 + $1.count }
    let bits = 8 * Self.stored(coded, terms: terms).count
    // Four words in ten among 200 terms, three among the next: far below 21 bits a word,
    // the tables included (tables of 256 and 16,384 terms alone would take 4.3 bits a word
    // here: the tiers are chosen smaller).
    #expect(Double(bits) / Double(words) < 18, "\(bits) bits for \(words) words")
    // The most frequent first.
    var frequency: [Int: Int] = [:]
    for run in runs { for id in run { frequency[id, default: 0] += 1 } }
    let first = coded.books[0].commonestTerms[0]
    #expect(frequency[first] == frequency.values.max())
  }

  /// A run longer than the words a search reads of a title stops at that many; a title's
  /// count past what a summary counts is read at its run's start, in as many chunks as it
  /// takes — and skipping a title's words ends where the next title's start.
  @Test func aLongRunStopsAtTheCapacity() {
    let runs = [
      Array(0..<100), [7], Array(0..<14), Array(0..<15), Array(0..<16), Array(0..<142),
      Array(repeating: 3, count: 20_000),
    ]
    let read = roundTrip(runs, terms: 1_000)
    #expect(read[0] == Array(0..<CatalogStore.WordIDs.capacity))
    #expect(read[1...4].map { $0 } == runs[1...4].map { $0 })
    #expect(read[5] == Array(0..<CatalogStore.WordIDs.capacity))
    #expect(read[6].count == CatalogStore.WordIDs.capacity)
  }

  /// Codes overwritten at random, or read from anywhere to anywhere, read as some terms —
  /// ids past the vocabulary as -1 — within their bytes (a copy of exactly them).
  @Test func damagedCodesReadWithinTheirBytes() {
    let terms = 5_000
    let runs = Self.runs(terms: terms, count: 500, seed: 8).map { $0.map { $0 % terms } }
    let coded = Self.encode(runs, terms: terms, secondBook: runs.count / 2)
    let bytes = Self.stored(coded, terms: terms)
    let bits = coded.starts.last ?? 0
    var random = SeededGenerator(seed: 9)
    for _ in 0..<500 {
      var damaged = bytes
      for _ in 0..<16 {
        damaged[Int(random.next() % UInt64(damaged.count))] = UInt8(
          truncatingIfNeeded: random.next())
      }
      let copy = UnsafeMutableRawBufferPointer.allocate(byteCount: damaged.count, alignment: 8)
      defer { copy.deallocate() }
      copy.copyBytes(from: damaged)
      let reader = Self.reader(
        UnsafeRawPointer(copy.baseAddress!), bits: bits, books: coded.books,
        number: Int(random.next() % 2), terms: terms)
      let start = Int(random.next() % UInt64(bits + 100))
      let end = start + Int(random.next() % 2_000)
      var ids = CatalogStore.WordIDs.Storage(repeating: -1)
      let count = reader.decode(from: start, to: end, into: &ids, at: 0)
      #expect(count <= CatalogStore.WordIDs.capacity)
      #expect((0..<count).allSatisfy { ids[$0] >= -1 && ids[$0] < terms })
      // A count read from anywhere is at most a title's longest, and skipping that many
      // codes stops within a code of the end.
      var bit = start
      let words = reader.titleWordCount(counted: SummaryLayout.mostWords, at: &bit, end: end)
      #expect(words <= CatalogFile.longestTitle)
      reader.skip(words, from: &bit, to: end)
      #expect(bit <= max(start, min(end, bits) + 64))
    }
  }
}
