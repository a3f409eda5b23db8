/// The `limit` smallest elements seen, in a max-heap of that size, so that most candidates
/// are rejected with one comparison against ``largest``: the one collector behind a
/// search's page (``BestHits``), a discover listing's and its prefix pass.
struct SmallestElements<Element: Comparable> {
  let limit: Int
  /// The elements kept, as a heap (the largest first); ``sorted()`` orders them.
  private(set) var items: [Element] = []

  init(limit: Int) {
    self.limit = limit
    items.reserveCapacity(min(max(limit, 0), 1024))
  }

  /// The largest element kept: a new one must be smaller to enter once ``isFull``.
  var largest: Element? { items.first }

  var isFull: Bool { items.count >= limit }

  /// Keeps `element` if it is among the `limit` smallest seen.
  mutating func insert(_ element: Element) {
    if items.count < limit {
      items.append(element)
      siftUp(items.count - 1)
    } else if let largest = items.first, element < largest {
      items[0] = element
      siftDown(0)
    }
  }

  /// Replaces the element at `index` (of ``items``) with a smaller one.
  mutating func replace(at index: Int, with element: Element) {
    items[index] = element
    siftDown(index)
  }

  /// The elements kept, smallest first.
  func sorted() -> [Element] { items.sorted() }

  private mutating func siftUp(_ start: Int) {
    var child = start
    while child > 0 {
      let parent = (child - 1) / 2
      guard items[parent] < items[child] else { break }
      items.swapAt(parent, child)
      child = parent
    }
  }

  private mutating func siftDown(_ start: Int) {
    var parent = start
    while true {
      let left = 2 * parent + 1
      let right = left + 1
      var largest = parent
      if left < items.count, items[largest] < items[left] { largest = left }
      if right < items.count, items[largest] < items[right] { largest = right }
      guard largest != parent else { return }
      items.swapAt(parent, largest)
      parent = largest
    }
  }
}
