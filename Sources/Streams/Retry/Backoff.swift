/// How long `retry` waits before its n-th attempt in a row: a constant delay, or one that
/// grows exponentially up to a maximum.
///
/// No jitter: an operator reads no randomness and no clock but the one it is given, so that
/// a test on virtual time sees the same waits on every run. Spread clients apart by their
/// own `initial` delay if they must not retry in step.
public struct Backoff<Duration: DurationProtocol & Sendable>: Sendable, Equatable {
  @usableFromInline let initial: Duration
  @usableFromInline let factor: Int
  @usableFromInline let maximum: Duration

  @inlinable init(initial: Duration, factor: Int, maximum: Duration) {
    precondition(factor >= 1, "a backoff's factor is at least 1")
    (self.initial, self.factor, self.maximum) = (initial, factor, maximum)
  }

  /// The same delay before every attempt.
  @inlinable public static func constant(_ delay: Duration) -> Backoff {
    Backoff(initial: delay, factor: 1, maximum: delay)
  }

  /// `initial` before the first retry, then `factor` times the previous delay, never more
  /// than `maximum`: `.exponential(initial: .seconds(1), maximum: .seconds(30))` waits 1, 2,
  /// 4, 8, 16, 30, 30… seconds.
  @inlinable public static func exponential(
    initial: Duration, factor: Int = 2, maximum: Duration
  ) -> Backoff {
    Backoff(initial: initial, factor: factor, maximum: maximum)
  }

  /// The delay before retry number `attempt` (from 1).
  @inlinable public func delay(before attempt: Int) -> Duration {
    var delay = initial
    var step = 1
    while step < attempt, delay < maximum {
      delay = delay * factor
      step += 1
    }
    return delay < maximum ? delay : maximum
  }
}
