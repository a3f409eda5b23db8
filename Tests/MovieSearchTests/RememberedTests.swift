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
    let capacity = RememberedByKey<Int, String>.capacity
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
}
