/// The `limit` best hits seen (the search's collector; see ``Searcher``), in a max-heap by
/// score so that most candidates are rejected with one comparison. Ties go to the lower
/// index — the film with the lower id, as films are stored by id (popularity is already in
/// the score).
struct BestHits {
  private var heap: [SearchEngine.Hit] = []
  let limit: Int

  init(limit: Int) {
    self.limit = limit
    heap.reserveCapacity(min(limit, 1024))
  }

  @inline(__always) private static func worse(_ a: SearchEngine.Hit, _ b: SearchEngine.Hit) -> Bool
  {
    a.score != b.score ? a.score > b.score : a.index > b.index
  }

  mutating func insert(_ hit: SearchEngine.Hit) {
    if heap.count < limit {
      heap.append(hit)
      var child = heap.count - 1
      while child > 0 {
        let parent = (child - 1) / 2
        guard Self.worse(heap[child], heap[parent]) else { break }
        heap.swapAt(parent, child)
        child = parent
      }
    } else if let worst = heap.first, Self.worse(worst, hit) {
      heap[0] = hit
      var parent = 0
      while true {
        let left = 2 * parent + 1
        let right = left + 1
        var largest = parent
        if left < heap.count, Self.worse(heap[left], heap[largest]) { largest = left }
        if right < heap.count, Self.worse(heap[right], heap[largest]) { largest = right }
        guard largest != parent else { break }
        heap.swapAt(parent, largest)
        parent = largest
      }
    }
  }

  func sorted() -> [SearchEngine.Hit] { heap.sorted { Self.worse($1, $0) } }

  /// The score a hit must beat to enter, once `limit` hits are kept.
  var worstWhenFull: Float? { heap.count == limit ? heap.first?.score : nil }
}
