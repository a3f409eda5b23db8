/// The catalog's title words by phonetic key (see ``Phonetic``): the words of five letters or
/// more that some title has (a word of people's names alone is not read by ear), stored by
/// key in the catalog's sound order (see ``CatalogFile``), so that those of one key are
/// neighbours found by a binary search — nothing is built when a catalog is opened or a word
/// first read by ear.
struct PhoneticIndex {
  let store: CatalogStore

  /// The words of `word`'s key.
  func terms(soundingLike word: [UInt8]) -> [Int] {
    let sought = Phonetic.key(word)
    let count = store.layout.soundOrderCount
    // A damaged entry has no key: it sorts first, and is never one of the words found.
    func key(at position: Int) -> [UInt8]? {
      let id = store.soundOrderTerm(position)
      return id < 0 ? nil : Phonetic.key(Array(store.term(id)))
    }
    var low = SortedPositions.first(in: 0..<count) {
      key(at: $0).map { $0.lexicographicallyPrecedes(sought) } ?? true
    }
    var found: [Int] = []
    while low < count, key(at: low) == sought {
      found.append(store.soundOrderTerm(low))
      low += 1
    }
    return found
  }
}
