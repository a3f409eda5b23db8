/// The titles of a catalog's most popular films, most popular first: a probe for a better
/// film through a typo, when only a film nearly as popular as the most popular could be
/// better, scores these few titles instead of reading the postings of every typo (see
/// ``Searcher/typoMayWin(_:over:below:year:keep:)``). Found in one read of the films'
/// summaries, which also gives the greatest popularity every search's bounds need.
struct PopularTitles: Sendable {
  /// How many films are kept: enough for the probes whose best is close to the typo bound
  /// (Benchmarks/README, round ten), and their titles few enough to keep (1,694 at IMDb's
  /// size: 14 KB).
  static let keptFilms = 1_024

  /// The titles of the films kept, most popular film first (ties by film), each film's
  /// display title then its others.
  let titles: [Int32]
  /// Their films' popularities, in the same order.
  let popularities: [Float]
  /// The greatest popularity of a film not kept: minus infinity when every film is.
  let unlisted: Float

  /// The titles of the `keptFilms` most popular films of `store`. A popularity that is not a
  /// number (a damaged file) counts as the least: such a title's scores are not numbers
  /// either, and never win.
  init(store: CatalogStore, keptFilms: Int = Self.keptFilms) {
    struct Entry: Comparable {
      let popularity: Float
      let film: Int
      /// The more popular first, then the lower index.
      static func < (a: Entry, b: Entry) -> Bool {
        a.popularity != b.popularity ? a.popularity > b.popularity : a.film < b.film
      }
    }
    var best = SmallestElements<Entry>(limit: max(keptFilms, 1))
    // A film's display title is the title of its index, and its titles share its summary's
    // popularity.
    for film in 0..<store.filmCount {
      let popularity = store.summary(film).popularity
      best.insert(Entry(popularity: popularity.isNaN ? -.infinity : popularity, film: film))
    }
    let films = best.sorted()
    var titles: [Int32] = []
    var popularities: [Float] = []
    for entry in films {
      for title in [entry.film] + Array(store.otherTitles(of: entry.film)) {
        titles.append(Int32(title))
        popularities.append(entry.popularity)
      }
    }
    self.titles = titles
    self.popularities = popularities
    unlisted = store.filmCount > films.count ? (films.last?.popularity ?? .infinity) : -.infinity
  }

  /// The greatest popularity of a film: what popularity can give a score at most (0 for a
  /// catalog without films).
  var greatest: Float { max(0, popularities.first ?? 0) }

  /// Every title more popular than `floor`, most popular first; `nil` when a title not kept
  /// may be.
  func above(_ floor: Float) -> ArraySlice<Int32>? {
    guard unlisted <= floor else { return nil }
    // The popularities fall: the first at or below the floor ends the run.
    let end = SortedPositions.first(in: popularities.indices) { popularities[$0] > floor }
    return titles[..<end]
  }
}
