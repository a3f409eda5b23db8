/// Films (or titles) as bits, counted as they are first set.
struct FilmBits {
  private var words: [UInt64]
  private(set) var count = 0

  init(count films: Int) { words = [UInt64](repeating: 0, count: (films + 63) / 64) }

  @inline(__always) mutating func insert(_ film: Int) {
    let bit: UInt64 = 1 << UInt64(film & 63)
    guard film >= 0, film >> 6 < words.count, words[film >> 6] & bit == 0 else { return }
    words[film >> 6] |= bit
    count += 1
  }

  @inline(__always) func contains(_ film: Int) -> Bool {
    film >= 0 && film >> 6 < words.count && words[film >> 6] & (1 << UInt64(film & 63)) != 0
  }
}

/// How many matches a search found: titles, or (for a catalog with other titles than the
/// display ones) films, each counted once however many of its titles match. A value, not a
/// local function over local variables: those are checked for exclusive access at run time,
/// at every title counted.
struct FoundCount {
  let store: CatalogStore
  /// A bit per film, when films are counted (a set of them hashed every title: a twentieth
  /// of a search's time).
  var films: FilmBits?
  /// The titles counted, when titles are.
  var total = 0

  init(store: CatalogStore, byFilm: Bool) {
    self.store = store
    films = byFilm ? FilmBits(count: store.filmCount) : nil
  }

  @inline(__always) mutating func add(_ title: Int32) {
    if films != nil { films?.insert(store.film(ofTitle: Int(title))) } else { total += 1 }
  }

  var count: Int { films?.count ?? total }
}
