import Testing

@testable import MovieSearch

/// What searches of one catalog remember: a value made once, and values by key, bounded.
@Suite struct RememberedTests {
  @Test func aValueIsMadeOnceThenRemembered() {
    let remembered = Remembered<Int>()
    var made = 0
    for _ in 0..<3 {
      #expect(
        remembered.value {
          made += 1
          return 42
        } == 42)
    }
    #expect(made == 1)
  }

  /// Up to the capacity every value is kept; one more forgets all the others at once, so
  /// memory stays bounded however many words a long session searches.
  @Test func valuesByKeyAreKeptUpToTheCapacityThenForgottenAtOnce() {
    let remembered = RememberedByKey<Int, String>()
    let capacity = remembered.capacity
    #expect(capacity == 8_192)
    remembered.remember("first", for: 0)
    remembered.remember("0", for: 0)
    #expect(remembered.value(for: 0) == "0", "a key remembered again is replaced")
    for key in 1..<capacity { remembered.remember("\(key)", for: key) }
    #expect(remembered.value(for: 0) == "0")
    #expect(remembered.value(for: capacity - 1) == "\(capacity - 1)")
    #expect(remembered.value(for: capacity) == nil)
    remembered.remember("more", for: capacity)
    #expect(remembered.value(for: capacity) == "more")
    #expect(remembered.value(for: 0) == nil, "the others are forgotten")
    #expect(remembered.value(for: capacity - 1) == nil, "the others are forgotten")
  }

  /// A smaller capacity is kept as asked (large values are remembered by the few).
  @Test func aSmallerCapacityIsKept() {
    let remembered = RememberedByKey<Int, [Int]>(capacity: 2)
    remembered.remember([1], for: 1)
    remembered.remember([2], for: 2)
    #expect(remembered.value(for: 1) == [1] && remembered.value(for: 2) == [2])
    remembered.remember([3], for: 3)
    #expect(remembered.value(for: 1) == nil && remembered.value(for: 3) == [3])
  }
}
