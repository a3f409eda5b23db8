/// Which element of a ``BinaryHeap`` comes first.
protocol HeapOrder {
  /// Whether `a` comes before `b`.
  static func first<T: Comparable>(_ a: T, before b: T) -> Bool
}

/// The least element first.
enum LeastFirst: HeapOrder {
  @inline(__always) static func first<T: Comparable>(_ a: T, before b: T) -> Bool { a < b }
}

/// The greatest element first.
enum GreatestFirst: HeapOrder {
  @inline(__always) static func first<T: Comparable>(_ a: T, before b: T) -> Bool { b < a }
}

/// A binary heap in an array: the element that comes first by `Order` is at the top. The
/// one heap behind a search's page (``SmallestElements``, greatest first) and the films it
/// scores best first (`SearchEngine.Hopefuls`, least first).
struct BinaryHeap<Element: Comparable, Order: HeapOrder> {
  /// The elements, in heap order.
  private(set) var items: [Element] = []

  /// The element at the top.
  var top: Element? { items.first }

  var count: Int { items.count }

  /// An empty heap with room for `capacity` elements.
  init(capacity: Int = 0) {
    items.reserveCapacity(capacity)
  }

  /// Adds `element`.
  mutating func push(_ element: Element) {
    items.append(element)
    var child = items.count - 1
    while child > 0 {
      let parent = (child - 1) / 2
      guard Order.first(items[child], before: items[parent]) else { return }
      items.swapAt(parent, child)
      child = parent
    }
  }

  /// Takes the element at the top out; the heap must not be empty.
  mutating func popTop() -> Element {
    let top = items[0]
    items[0] = items[items.count - 1]
    items.removeLast()
    if !items.isEmpty { siftDown(0) }
    return top
  }

  /// Replaces the element at `index` with one that does not come before it.
  mutating func replace(at index: Int, with element: Element) {
    items[index] = element
    siftDown(index)
  }

  private mutating func siftDown(_ start: Int) {
    var parent = start
    while true {
      let left = 2 * parent + 1
      let right = left + 1
      var first = parent
      if left < items.count, Order.first(items[left], before: items[first]) { first = left }
      if right < items.count, Order.first(items[right], before: items[first]) { first = right }
      guard first != parent else { return }
      items.swapAt(parent, first)
      parent = first
    }
  }
}
