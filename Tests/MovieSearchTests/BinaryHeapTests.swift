import Testing

@testable import MovieSearch
@testable import TestSupport

/// The heap behind a page and the films scored best first: pops come in order either way,
/// and a page keeps the smallest elements seen, however they come.
@Suite struct BinaryHeapTests {
  static func values(_ seed: UInt64, count: Int) -> [Int] {
    var random = SeededGenerator(seed: seed)
    return (0..<count).map { _ in Int(random.next() % 50) }
  }

  @Test(arguments: [0, 1, 2, 7, 100, 1_000])
  func popsComeLeastOrGreatestFirst(count: Int) {
    let values = Self.values(UInt64(count), count: count)
    var least = BinaryHeap<Int, LeastFirst>()
    var greatest = BinaryHeap<Int, GreatestFirst>()
    for value in values {
      least.push(value)
      greatest.push(value)
    }
    #expect(least.count == count)
    #expect((0..<count).map { _ in least.popTop() } == values.sorted())
    #expect((0..<count).map { _ in greatest.popTop() } == values.sorted(by: >))
    #expect(least.top == nil && greatest.top == nil)
  }

  @Test(arguments: [1, 5, 20])
  func aPageKeepsTheSmallestSeenAndTakesReplacements(limit: Int) {
    let values = Self.values(UInt64(limit) + 100, count: 500)
    var page = SmallestElements<Int>(limit: limit)
    for value in values { page.insert(value) }
    #expect(page.sorted() == Array(values.sorted().prefix(limit)))
    #expect(page.largest == values.sorted()[limit - 1])
    // A kept element replaced with a smaller one: still a heap, the largest on top.
    let at = page.items.firstIndex(of: page.items.max()!)!
    page.replace(at: at, with: -1)
    #expect(page.sorted() == ([-1] + values.sorted().prefix(limit - 1)).sorted())
    #expect(page.largest == page.items.max())
  }
}
