import Testing

@testable import MovieSearch
@testable import TestSupport

/// A film's words are one run — its display title's, its other titles' in order, then its
/// people's — of which only the start is kept (see ``CatalogStore/filmWords(_:title:people:)``):
/// every title reads its own words, then its film's people's, whatever the word counts before
/// it, those past what a summary counts (15) included; damaged bytes read as some terms or
/// none, within a title's capacity.
@Suite struct FilmWordsTests {
  /// A title of `count` words, of the film `index` (each word of its own, and a few shared).
  static func title(_ index: Int, _ count: Int, salt: String) -> String {
    (0..<max(1, count)).map { $0 % 3 == 0 ? "word\($0)" : "\(salt)\(index)x\($0)" }.joined(
      separator: " ")
  }

  /// Films whose titles have from one to seventy words, some with other titles as long.
  static func entries() -> [CatalogFile.Entry] {
    let counts = [1, 2, 14, 15, 16, 30, 63, 64, 70, 3]
    return (0..<60).map { index in
      var entry = CatalogFile.Entry(
        id: index + 1, title: title(index, counts[index % counts.count], salt: "d"), year: 1990,
        votes: index)
      let others = index % 5
      if others > 0 {
        entry.originalTitle = title(index, counts[(index + 3) % counts.count], salt: "o")
        entry.alternativeTitles = (1..<others).map {
          title(index, counts[(index + $0 * 7) % counts.count], salt: "a\($0)")
        }
      }
      entry.directors = index % 4 == 0 ? [] : ["Ada Keller"]
      entry.cast = ["Solo Person\(index)x", "Mia Long"]
      return entry
    }
  }

  /// The terms of `ids` read back as their bytes.
  private func spelled(_ store: CatalogStore, _ words: CatalogStore.WordIDs, _ range: Range<Int>)
    -> [[UInt8]]
  {
    range.map { store.term(words[$0]) }
  }

  @Test func everyTitleReadsItsOwnWordsThenItsPeoples() throws {
    let entries = Self.entries()
    let store = try CatalogStore(bytes: CatalogFile.encode(entries))
    #expect(store.titleCount > store.filmCount)
    let capacity = CatalogStore.WordIDs.capacity
    for title in 0..<store.titleCount {
      let film = store.film(ofTitle: title)
      let own = TitleText.words(store.title(title).text).map(\.text)
      let people = (entries[film].directors + entries[film].cast).flatMap {
        TitleText.words($0).map(\.text)
      }
      let titleWords = store.titleWords(title)
      #expect(titleWords.count == titleWords.titleCount)
      #expect(spelled(store, titleWords, 0..<titleWords.count) == Array(own.prefix(capacity)))
      let words = store.words(title)
      #expect(words.titleCount == min(own.count, capacity), "title \(title)")
      #expect(
        spelled(store, words, 0..<words.count) == Array((own + people).prefix(capacity)),
        "title \(title)")
    }
    for film in 0..<store.filmCount {
      let people = store.peopleWords(of: film)
      #expect(
        spelled(store, people, 0..<people.count)
          == (entries[film].directors + entries[film].cast).flatMap {
            TitleText.words($0).map(\.text)
          })
    }
    #expect(store.words(store.titleCount).count == 0)
    #expect(store.titleWords(-1).count == 0)
    #expect(store.peopleWords(of: store.filmCount).count == 0)
  }

  /// Words, their starts or summaries overwritten at random read as some terms (or none) —
  /// ids within the vocabulary or -1 — and never more than a title's capacity.
  @Test func damagedWordsReadWithinBounds() throws {
    let good = try CatalogFile.encode(Self.entries())
    let store = try CatalogStore(bytes: good)
    let start = store.layout.summaries
    let end = store.layout.termStarts
    var random = SeededGenerator(seed: 61)
    var read = 0
    for _ in 0..<100 {
      var bytes = good
      for _ in 0..<8 {
        bytes[start + Int(random.next() % UInt64(end - start))] = UInt8(
          truncatingIfNeeded: random.next())
      }
      guard let damaged = try? CatalogStore(bytes: bytes) else { continue }
      read += 1
      for title in 0..<damaged.titleCount {
        let words = damaged.words(title)
        #expect(words.titleCount <= words.count)
        #expect(words.count <= CatalogStore.WordIDs.capacity)
        #expect((0..<words.count).allSatisfy { (-1..<damaged.termCount).contains(words[$0]) })
      }
    }
    #expect(read > 0)
  }
}
