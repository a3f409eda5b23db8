import Testing

@testable import MovieSearch
@testable import TestSupport

/// A film's other titles (original, alternative) follow every display title, by film; where
/// each film's start is a table of its own, and a bit says which films have some: a word of
/// people's names alone stores its films and is read as every title of them (see
/// ``CatalogStore/Postings``).
@Suite struct OtherTitlesTests {
  /// Films of none to nine other titles, each with a person of its own and one shared.
  static func entries() -> [CatalogFile.Entry] {
    (0..<200).map { index in
      var entry = CatalogFile.Entry(
        id: index + 1, title: "Night \(index)", year: 1990, votes: index)
      let others = index % 11
      if others > 0 {
        entry.originalTitle = "Nuit \(index)"
        entry.alternativeTitles = (1..<others).map { "Notte \(index) \($0)" }
      }
      entry.directors = ["Ada Keller"]
      entry.cast = ["Solo Person\(index)x"]
      return entry
    }
  }

  @Test func aFilmsOtherTitlesAreThoseOfItsFilm() throws {
    let store = try CatalogStore(bytes: CatalogFile.encode(Self.entries()))
    #expect(store.titleCount > store.filmCount)
    var byFilm = [[Int]](repeating: [], count: store.filmCount)
    for title in store.filmCount..<store.titleCount {
      byFilm[store.film(ofTitle: title)].append(title)
    }
    for film in 0..<store.filmCount {
      #expect(Array(store.otherTitles(of: film)) == byFilm[film], "film \(film)")
      #expect(byFilm[film].count == min(film % 11, CatalogFile.maxOtherTitles), "film \(film)")
    }
    #expect(store.otherTitles(of: store.filmCount).isEmpty)
    #expect(store.otherTitles(of: -1).isEmpty)
  }

  /// A film's place among those with other titles counts the bits set before it across
  /// lines of ``OtherTitleIndex/lineFilms`` films — a line with none, one with all, words
  /// whose last bit is set — and its other titles are its own.
  @Test func filmsAcrossLinesOfBitsFindTheirOwn() throws {
    let entries = (0..<1_300).map { index in
      var entry = CatalogFile.Entry(
        id: index + 1, title: "Night \(index)", year: 1990, votes: index)
      let hasOthers =
        switch index {
        case 512..<1_024: false
        case 1_024..<1_100: true
        default: index % 64 == 63 || index % 7 == 0
        }
      if hasOthers {
        entry.originalTitle = "Nuit \(index)"
        entry.alternativeTitles = (0..<index % 3).map { "Notte \(index) \($0)" }
      }
      return entry
    }
    let store = try CatalogStore(bytes: CatalogFile.encode(entries))
    var byFilm = [[Int]](repeating: [], count: store.filmCount)
    for title in store.filmCount..<store.titleCount {
      byFilm[store.film(ofTitle: title)].append(title)
    }
    for film in 0..<store.filmCount {
      #expect(Array(store.otherTitles(of: film)) == byFilm[film], "film \(film)")
      #expect(store.hasOtherTitles(film) == (entries[film].originalTitle != nil), "film \(film)")
      #expect(
        store.otherTitles(of: film).map { store.title($0).text }.first
          == entries[film].originalTitle, "film \(film)")
    }
    #expect(store.otherTitleIndex.filmsWithOthers == entries.count { $0.originalTitle != nil })
  }

  /// The shared director's word lists every title; a person of one film lists that film's
  /// titles — stored as the film alone — and neither is read by a search of titles' words.
  @Test func aPeopleWordReadsEveryTitleOfItsFilms() throws {
    let store = try CatalogStore(bytes: CatalogFile.encode(Self.entries()))
    func titles(_ word: String, titleWordsOnly: Bool = false) -> [Int] {
      guard let term = store.exactAndPrefix(Array(word.utf8)).exact.first else { return [] }
      var read: [Int] = []
      store.postings(term..<term + 1).visit(titleWordsOnly: titleWordsOnly) { title, inTitle in
        #expect(!inTitle)
        read.append(title)
      }
      return read
    }
    #expect(titles("keller") == Array(0..<store.titleCount))
    #expect(
      store.postings(store.exactAndPrefix(Array("keller".utf8)).exact).count == store.titleCount)
    for film in [0, 1, 9, 10, 12] {
      let expected = [film] + Array(store.otherTitles(of: film))
      #expect(titles("person\(film)x") == expected, "film \(film)")
      #expect(titles("person\(film)x", titleWordsOnly: true).isEmpty)
    }
  }

  /// A table of other titles' starts whose last is not the count of other titles is damage,
  /// refused; one whose numbers were overwritten reads, at most, as many other titles as a
  /// film can have, each a title of the catalog.
  @Test func aDamagedTableIsRefusedOrReadWithinBounds() throws {
    let good = try CatalogFile.encode(Self.entries())
    let store = try CatalogStore(bytes: good)
    let start = store.layout.otherTitleStarts
    let size = store.layout.tableSizes[CatalogFile.OffsetTableKind.otherTitleStarts.rawValue]
    var random = SeededGenerator(seed: 47)
    var refused = 0
    for _ in 0..<200 {
      var bytes = good
      for _ in 0..<4 {
        bytes[start + OffsetTable.headerSize + Int(random.next() % UInt64(size - 16))] =
          UInt8(truncatingIfNeeded: random.next())
      }
      guard let damaged = try? CatalogStore(bytes: bytes) else {
        refused += 1
        continue
      }
      for film in 0..<damaged.filmCount {
        let others = damaged.otherTitles(of: film)
        #expect(others.count <= CatalogFile.maxOtherTitles)
        #expect(others.allSatisfy { (damaged.filmCount..<damaged.titleCount).contains($0) })
      }
      var read = 0
      damaged.postings(0..<damaged.termCount).visit { title, _ in
        #expect(title < damaged.titleCount)
        read += 1
      }
      #expect(
        read <= damaged.postings(0..<damaged.termCount).count * (1 + CatalogFile.maxOtherTitles))
    }
    #expect(refused < 200)
  }
}
