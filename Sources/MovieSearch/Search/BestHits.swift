/// The `limit` best hits seen (the search's collector; see ``Searcher``), in a max-heap by
/// score so that most candidates are rejected with one comparison. Ties go to the lower
/// index — the film with the lower id, as films are stored by id (popularity is already in
/// the score).
///
/// With `key`, hits of the same key (the titles of one film) are one: the page keeps the
/// best of them, so that a film found by two titles takes one place and a search need not
/// be made again for a page of distinct films.
struct BestHits {
  private var heap: [(hit: SearchEngine.Hit, key: Int)] = []
  let limit: Int
  private let key: ((Int) -> Int)?

  init(limit: Int, key: ((Int) -> Int)? = nil) {
    self.limit = limit
    self.key = key
    heap.reserveCapacity(min(limit, 1024))
  }

  @inline(__always) private static func worse(_ a: SearchEngine.Hit, _ b: SearchEngine.Hit) -> Bool
  {
    a.score != b.score ? a.score > b.score : a.index > b.index
  }

  mutating func insert(_ hit: SearchEngine.Hit) {
    // A hit that would not enter a full page is rejected before its key is looked up.
    if heap.count == limit, let worst = heap.first, !Self.worse(worst.hit, hit) { return }
    let key = self.key?(hit.index) ?? hit.index
    if self.key != nil, let at = heap.firstIndex(where: { $0.key == key }) {
      // Its key is on the page: the better of the two stays.
      guard Self.worse(heap[at].hit, hit) else { return }
      heap[at].hit = hit
      siftDown(at)
      return
    }
    if heap.count < limit {
      heap.append((hit, key))
      siftUp(heap.count - 1)
    } else {
      heap[0] = (hit, key)
      siftDown(0)
    }
  }

  private mutating func siftUp(_ start: Int) {
    var child = start
    while child > 0 {
      let parent = (child - 1) / 2
      guard Self.worse(heap[child].hit, heap[parent].hit) else { break }
      heap.swapAt(parent, child)
      child = parent
    }
  }

  private mutating func siftDown(_ start: Int) {
    var parent = start
    while true {
      let left = 2 * parent + 1
      let right = left + 1
      var largest = parent
      if left < heap.count, Self.worse(heap[left].hit, heap[largest].hit) { largest = left }
      if right < heap.count, Self.worse(heap[right].hit, heap[largest].hit) { largest = right }
      guard largest != parent else { break }
      heap.swapAt(parent, largest)
      parent = largest
    }
  }

  func sorted() -> [SearchEngine.Hit] { heap.map(\.hit).sorted { Self.worse($1, $0) } }

  /// The score a hit must beat to enter, once `limit` hits are kept.
  var worstWhenFull: Float? { heap.count == limit ? heap.first?.hit.score : nil }
}
