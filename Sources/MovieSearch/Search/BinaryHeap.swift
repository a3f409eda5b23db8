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

  /// Adds `element`. The elements it comes before move down one level each, into the hole
  /// that rises to its place, and it is written once (not swapped at every level).
  mutating func push(_ element: Element) {
    items.append(element)
    items.withUnsafeMutableBufferPointer { items in
      var hole = items.count - 1
      while hole > 0 {
        let parent = (hole - 1) / 2
        guard Order.first(element, before: items[parent]) else { break }
        items[hole] = items[parent]
        hole = parent
      }
      items[hole] = element
    }
  }

  /// Takes the element at the top out; the heap must not be empty.
  mutating func popTop() -> Element {
    let top = items[0]
    let last = items.removeLast()
    if !items.isEmpty {
      items.withUnsafeMutableBufferPointer { Self.siftDown(last, from: 0, in: $0) }
    }
    return top
  }

  /// Replaces the element at `index` with one that does not come before it.
  mutating func replace(at index: Int, with element: Element) {
    items.withUnsafeMutableBufferPointer { Self.siftDown(element, from: index, in: $0) }
  }

  /// Puts `element` at `start` or below: the child that comes first moves up into the hole
  /// while it comes before `element`. (In a buffer: an array's accesses checked each one's
  /// index and its uniqueness, a fifth of a search that scores a hundred thousand films.)
  private static func siftDown(
    _ element: Element, from start: Int, in items: UnsafeMutableBufferPointer<Element>
  ) {
    let count = items.count
    var hole = start
    while true {
      let left = 2 * hole + 1
      guard left < count else { break }
      let right = left + 1
      let child = right < count && Order.first(items[right], before: items[left]) ? right : left
      guard Order.first(items[child], before: element) else { break }
      items[hole] = items[child]
      hole = child
    }
    items[hole] = element
  }
}
