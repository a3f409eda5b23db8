import Foundation
import Testing

@testable import MovieSearch
@testable import TestSupport

/// A catalog's offsets and ids are packed in as many bits as the largest needs, and each
/// block of a term's postings in as many as its largest gap needs: all read back as they were — the
/// postings as the titles that have the term, in order, with whether it is a word of the
/// title itself.
@Suite(.onOwnThreads) struct PackingTests {
  /// Numbers of every width from 1 to 48 bits read back, the largest and zero among them.
  @Test func packedNumbersReadBackAtEveryWidth() {
    var random = SeededGenerator(seed: 20)
    for width in 1...48 {
      let largest = Int((UInt64(1) << UInt64(width)) - 1)
      #expect(PackedInts.width(largest: largest) == width)
      let values =
        [0, largest] + (0..<100).map { _ in Int(random.next() % UInt64(largest + 1)) } + [largest]
      let bytes = PackedInts.encode(values, largest: largest)
      #expect(bytes.count == PackedInts.size(count: values.count, largest: largest))
      bytes.withUnsafeBytes { raw in
        let table = PackedInts(raw.baseAddress!, largest: largest)
        #expect(values.indices.map { table[$0] } == values, "width \(width)")
      }
    }
    #expect(PackedInts.width(largest: 0) == 1)
    #expect(PackedInts.width(largest: -5) == 1)
    #expect(PackedInts.width(largest: Int.max) == 48)
  }

  /// Terms of every width from 1 to 48 bits, empty ones, one-posting ones and ones of more
  /// than a block among them, of each kind (mixed ones with more than 127 titles of their
  /// own: a count of two bytes), read one term at a time and as one run.
  @Test func everyWidthReadsBack() {
    var random = SeededGenerator(seed: 21)
    var lists: [[(title: Int, inTitle: Bool)]] = []
    for width in 1...48 {
      // Terms of titles of each kind: some the term's own words, only their people's, all.
      for (count, kind) in [0, 1, 2, 9, 64, 100, 300].flatMap({ c in (0..<3).map { (c, $0) } }) {
        var title = 0
        lists.append(
          (0..<count).map { index in
            // One gap as wide as the width allows; the others smaller, none empty (a term's
            // titles are distinct) but the first.
            // (A mixed term's films are listed apart from its titles: a gap between two
            // of them spans the titles' between, and must stay below 2⁴⁸.)
            let top = UInt64(1) << UInt64(max(0, (kind == 0 ? min(width, 40) : width) - 2))
            let gap = index == count / 2 ? Int(top) : Int(random.next() % top)
            title += index == 0 ? gap : max(1, gap)
            return (title, kind == 0 ? random.next() % 2 == 0 : kind == 1)
          })
      }
    }
    var starts: [Int] = []
    var byteStarts: [Int] = []
    var packed: [UInt8] = []
    var postings = 0
    for list in lists {
      starts.append(postings)
      byteStarts.append(packed.count)
      postings += list.count
      func gaps(_ titles: [Int]) -> [UInt64] {
        titles.indices.map { UInt64(titles[$0] - ($0 == 0 ? 0 : titles[$0 - 1])) }
      }
      let own = list.filter(\.inTitle).map(\.title)
      if !own.isEmpty, own.count < list.count {
        // Mixed: its titles' own, then the rest as films (none has other titles here).
        packed.append(mixed: gaps(own), films: gaps(list.filter { !$0.inTitle }.map(\.title)))
      } else {
        packed.append(
          packing: zip(gaps(list.map(\.title)), list).map { $0 << 1 | ($1.inTitle ? 1 : 0) },
          titles: list.count)
      }
    }
    starts.append(postings)
    byteStarts.append(packed.count)
    packed += [UInt8](repeating: 0, count: 8)
    var startTable: [UInt8] = []
    startTable.append(offsets: starts, largest: postings)
    var byteStartTable: [UInt8] = []
    byteStartTable.append(offsets: byteStarts, largest: packed.count)
    startTable.withUnsafeBytes { starts in
      byteStartTable.withUnsafeBytes { byteStarts in
        packed.withUnsafeBytes { packed in
          func read(_ terms: Range<Int>, titleWordsOnly: Bool = false) -> [(Int, Bool)] {
            let run = CatalogStore.Postings(
              terms: terms,
              starts: OffsetTable(
                starts.baseAddress!, bytes: starts.count, count: lists.count + 1,
                largest: postings),
              byteStarts: OffsetTable(
                byteStarts.baseAddress!, bytes: byteStarts.count, count: lists.count + 1,
                largest: packed.count),
              postings: packed.baseAddress!, count: 0, bytes: packed.count, limit: 1 << 60,
              // No film has other titles to give after its people's words' titles.
              otherTitles: .none)
            var read: [(Int, Bool)] = []
            run.visit(titleWordsOnly: titleWordsOnly) { read.append(($0, $1)) }
            return read
          }
          for (term, list) in lists.enumerated() {
            let one = read(term..<term + 1)
            #expect(one.map(\.0) == list.map(\.title), "term \(term)")
            #expect(one.map(\.1) == list.map(\.inTitle), "term \(term)")
            let titled = read(term..<term + 1, titleWordsOnly: true)
            #expect(titled.map(\.0) == list.filter(\.inTitle).map(\.title), "term \(term)")
          }
          #expect(read(0..<lists.count).map(\.0) == lists.joined().map(\.title))
        }
      }
    }
  }

  /// No term's values keep a flag, and a wide gap widens its own block alone: 100 gaps of 1
  /// and one of 2³⁰ take a byte a block, a bit each in three blocks and 31 bits each in the
  /// second — a mixed term's two lists as much each.
  @Test func flagsAndWidthsCostOnlyWhereNeeded() {
    let gaps = (0..<101).map { $0 == 50 ? UInt64(1) << 30 : 1 }
    /// The bytes of blocks of 32, 32, 32 and 5 values, the second `wide` bits each.
    func size(narrow: Int, wide: Int) -> Int {
      [32, 32, 32, 5].enumerated().map { 1 + ($1 * ($0 == 1 ? wide : narrow) + 7) / 8 }
        .reduce(0, +)
    }
    for kind in [CatalogFile.PostingKind.titleWords, .peopleWords] {
      var bytes: [UInt8] = []
      bytes.append(
        packing: gaps.map { $0 << 1 | (kind == .titleWords ? 1 : 0) }, titles: gaps.count)
      #expect(bytes.count == size(narrow: 1, wide: 31), "\(kind)")
      #expect(bytes[0] >> CatalogFile.PostingKind.shift == kind.rawValue)
    }
    // A mixed term: its kind's byte, how many titles have it as a word (one byte below
    // 128), their gaps, then its people's films' — no flags.
    var mixed: [UInt8] = []
    mixed.append(mixed: gaps, films: gaps)
    #expect(mixed[0] >> CatalogFile.PostingKind.shift == CatalogFile.PostingKind.mixed.rawValue)
    #expect(mixed[1] == UInt8(gaps.count))
    #expect(mixed.count == 2 + 2 * size(narrow: 1, wide: 31))
  }

  /// Through a catalog: every term's postings are the titles whose words, or whose film's
  /// people's words, have it — a word of people's names alone stores its films' display
  /// titles, and reads every title of them.
  @Test func aCatalogsPostingsAreItsTitlesWords() throws {
    var random = SeededGenerator(seed: 22)
    let words = ["red", "river", "night", "moon", "city", "the", "of", "love", "war", "sea"]
    let names = ["Ann Lee", "Bo Moon", "Cy River", "Di Sea", "Ed Night"]
    var entries: [CatalogFile.Entry] = []
    for index in 0..<300 {
      func title() -> String {
        (0..<Int(1 + random.next() % 4)).map { _ in words[Int(random.next() % 10)] }
          .joined(separator: " ") + (index % 7 == 0 ? " Unique\(index)x" : "")
      }
      var entry = CatalogFile.Entry(id: index + 1, title: title(), year: 1990, votes: index)
      if index % 3 == 0 { entry.alternativeTitles = [title()] }
      entry.directors = [names[Int(random.next() % 5)]]
      // And a person of this film alone: a word of one film's people (with other titles or
      // without).
      entry.cast = [names[Int(random.next() % 5)]] + (index % 4 == 0 ? ["Uno Solo\(index)q"] : [])
      entries.append(entry)
    }
    let store = try CatalogStore(bytes: CatalogFile.encode(entries))
    func terms(_ text: String) -> Set<[UInt8]> { Set(TitleText.words(text).map(\.text)) }
    let people = (0..<store.filmCount).map { film in
      store.extras(of: film).directors.reduce(into: Set<[UInt8]>()) { $0.formUnion(terms($1)) }
        .union(store.extras(of: film).cast.reduce(into: Set<[UInt8]>()) { $0.formUnion(terms($1)) })
    }
    let titles = (0..<store.titleCount).map { terms(store.title($0).text) }
    for id in 0..<store.termCount {
      let term = Array(store.term(id))
      let expected = titles.indices.compactMap { title -> (Int, Bool)? in
        if titles[title].contains(term) { return (title, true) }
        return people[store.film(ofTitle: title)].contains(term) ? (title, false) : nil
      }
      var read: [(Int, Bool)] = []
      let postings = store.postings(id..<id + 1)
      postings.visit { read.append(($0, $1)) }
      let word = String(decoding: term, as: UTF8.self)
      #expect(read.map(\.0) == expected.map(\.0), "\(word)")
      #expect(read.map(\.1) == expected.map(\.1), "\(word)")
      #expect(postings.count == expected.count, "\(word)")
    }
  }
}
