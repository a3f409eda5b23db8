/// The `limit` best hits seen (the search's collector; see ``Searcher``): lower scores first,
/// ties to the lower index — the film with the lower id, as films are stored by id
/// (popularity is already in the score).
///
/// With `key`, hits of the same key (the titles of one film) are one: the page keeps the
/// best of them, so that a film found by two titles takes one place and a search need not
/// be made again for a page of distinct films.
struct BestHits {
  /// A hit as the page orders it, with its key.
  private struct Ranked: Comparable {
    var hit: SearchEngine.Hit
    var key: Int

    static func < (a: Ranked, b: Ranked) -> Bool {
      a.hit.score != b.hit.score ? a.hit.score < b.hit.score : a.hit.index < b.hit.index
    }

    static func == (a: Ranked, b: Ranked) -> Bool {
      a.hit.score == b.hit.score && a.hit.index == b.hit.index
    }
  }

  private var page: SmallestElements<Ranked>
  private let key: ((Int) -> Int)?

  init(limit: Int, key: ((Int) -> Int)? = nil) {
    page = SmallestElements(limit: limit)
    self.key = key
  }

  mutating func insert(_ hit: SearchEngine.Hit) {
    var ranked = Ranked(hit: hit, key: hit.index)
    // A hit that would not enter a full page is rejected before its key is looked up.
    if page.isFull, let largest = page.largest, !(ranked < largest) { return }
    guard let key else { return page.insert(ranked) }
    ranked.key = key(hit.index)
    if let at = page.items.firstIndex(where: { $0.key == ranked.key }) {
      // Its key is on the page: the better of the two stays.
      if ranked < page.items[at] { page.replace(at: at, with: ranked) }
      return
    }
    page.insert(ranked)
  }

  func sorted() -> [SearchEngine.Hit] { page.sorted().map(\.hit) }

  /// The score a hit must beat to enter, once `limit` hits are kept.
  var worstWhenFull: Float? { page.isFull ? page.largest?.hit.score : nil }
}
