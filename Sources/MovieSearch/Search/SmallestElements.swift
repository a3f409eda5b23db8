/// The `limit` smallest elements seen, in a max-heap of that size, so that most candidates
/// are rejected with one comparison against ``largest``: the one collector behind a
/// search's page (``BestHits``), a discover listing's and its prefix pass.
struct SmallestElements<Element: Comparable> {
  let limit: Int
  private var heap: BinaryHeap<Element, GreatestFirst>

  init(limit: Int) {
    self.limit = limit
    heap = BinaryHeap(capacity: min(max(limit, 0), 1024))
  }

  /// The elements kept, as a heap (the largest first); ``sorted()`` orders them.
  var items: [Element] { heap.items }

  /// The largest element kept: a new one must be smaller to enter once ``isFull``.
  var largest: Element? { heap.top }

  var isFull: Bool { heap.count >= limit }

  /// Keeps `element` if it is among the `limit` smallest seen.
  mutating func insert(_ element: Element) {
    if heap.count < limit {
      heap.push(element)
    } else if let largest = heap.top, element < largest {
      heap.replace(at: 0, with: element)
    }
  }

  /// Replaces the element at `index` (of ``items``) with a smaller one.
  mutating func replace(at index: Int, with element: Element) {
    heap.replace(at: index, with: element)
  }

  /// The elements kept, smallest first.
  func sorted() -> [Element] { heap.items.sorted() }
}
