import Streams

/// A counter for handlers that run on other threads (a loopback server's).
final class Counter: Sendable {
  private let value = Lock(0)

  init() {}

  /// Adds `amount` and returns the new value.
  func add(_ amount: Int) -> Int {
    value.withLock {
      $0 += amount
      return $0
    }
  }
}
