import Testing

@testable import MovieSearch
@testable import TestSupport

/// A catalog whose body is damaged after its header was checked (a file changed while it is
/// mapped, a bad disk) gives wrong or no results, never a crash or a search that does not
/// end: every offset, count, term id, trie node and posting read from it is checked.
@Suite(.onOwnThreads) struct DamagedCatalogTests {
  /// Films with alternative titles and people, so that every section has content.
  static func entries() -> [CatalogFile.Entry] {
    let words = ["star", "wars", "matrix", "love", "dead", "night", "the", "of", "alien", "king"]
    var random = SeededGenerator(seed: 9)
    return (1...60).map { id in
      let title = (0..<(1 + Int(random.next() % 4))).map { _ in
        words[Int(random.next() % UInt64(words.count))]
      }.joined(separator: " ")
      var entry = CatalogFile.Entry(
        id: id, title: title.capitalized, year: 1950 + id, votes: Int(random.next() % 5000))
      entry.alternativeTitles =
        id % 3 == 0 ? [words.shuffled(using: &random).prefix(2).joined(separator: " ")] : []
      entry.directors = ["Ridley Scott", "J. P. Miller"].shuffled(using: &random)
      entry.cast = ["Anna King"]
      entry.genres = ["Drama"]
      return entry
    }
  }

  static let queries = [
    "star wars", "matrx", "the", "ridley", "starwars", "lov", "night of the dead", "k",
    "alein kign 1960", "qq",
  ]

  @Test func randomBytesOverTheBodyNeverCrashASearch() throws {
    let good = try CatalogFile.encode(Self.entries())
    var random = SeededGenerator(seed: 2026)
    var opened = 0
    for round in 0..<300 {
      var bytes = good
      // A few bytes, or a run of them, anywhere after the header.
      let changes = round % 3 == 0 ? 64 : 1 + Int(random.next() % 8)
      var at =
        CatalogFile.headerSize + Int(random.next() % UInt64(bytes.count - CatalogFile.headerSize))
      for _ in 0..<changes {
        bytes[at] = UInt8(truncatingIfNeeded: random.next())
        at =
          round % 3 == 0 && at + 1 < bytes.count
          ? at + 1
          : CatalogFile.headerSize
            + Int(random.next() % UInt64(bytes.count - CatalogFile.headerSize))
      }
      // Damage to what opening checks (the posting count the offset tables end with) is
      // found at once, and said; the rest is found, if at all, by searching.
      let store: CatalogStore
      do {
        store = try CatalogStore(bytes: bytes)
      } catch {
        #expect(error.description.hasSuffix("is damaged: its size is wrong"))
        continue
      }
      opened += 1
      let catalog = OfflineCatalog(store: store)
      for query in Self.queries {
        let page = try catalog.searchMovies(MovieQuery(query))
        #expect(page.results.count <= 20)
      }
      _ = try? catalog.movieDetails(id: 1 + Int(random.next() % 60), language: nil)
    }
    // Most damage is past what opening checks: those catalogs were searched.
    #expect(opened >= 270, "\(opened) of 300 opened")
  }
}
