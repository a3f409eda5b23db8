/// A sequence of ticks, one every `interval` on a clock, as in swift-async-algorithms.
///
/// ```swift
/// for await tick in AsyncTimerSequence(interval: .seconds(1), clock: clock) { … }
/// ```
///
/// Tick `n` is due `n × interval` after the first `next()`; each element is the instant the
/// tick was due. A consumer slower than the interval receives the ticks it missed at once,
/// each at its own due instant (as swift-async-algorithms' timer does: every tick counts, so
/// a consumer can tell how many intervals passed). It never ends on its own; cancelling the
/// consuming task ends it, for good.
public struct AsyncTimerSequence<C: Clock>: AsyncSequence, Sendable {
  /// The instant each tick was due.
  public typealias Element = C.Instant
  /// It cannot fail.
  public typealias Failure = Never

  @usableFromInline let interval: C.Duration
  @usableFromInline let tolerance: C.Duration?
  @usableFromInline let clock: C

  /// A timer ticking every `interval` on `clock`.
  public init(interval: C.Duration, tolerance: C.Duration? = nil, clock: C) {
    self.interval = interval
    self.tolerance = tolerance
    self.clock = clock
  }

  /// Creates an iterator; its first `next()` starts the timer.
  public func makeAsyncIterator() -> Iterator { Iterator(timer: self) }

  /// The iterator of an ``AsyncTimerSequence``.
  public struct Iterator: AsyncIteratorProtocol {
    let timer: AsyncTimerSequence
    var deadline: C.Instant?
    var cancelled = false

    /// Waits for the next tick (at once when it is past); `nil` once the task was cancelled.
    public mutating func next() async -> C.Instant? {
      guard !cancelled else { return nil }
      let next = (deadline ?? timer.clock.now).advanced(by: timer.interval)
      deadline = next
      do {
        try await timer.clock.sleep(until: next, tolerance: timer.tolerance)
      } catch {
        cancelled = true
        return nil
      }
      return next
    }
  }
}

extension AsyncTimerSequence {
  /// A timer ticking every `interval` on `clock` (swift-async-algorithms' spelling of
  /// ``init(interval:tolerance:clock:)``).
  public static func repeating(
    every interval: C.Duration, tolerance: C.Duration? = nil, clock: C
  ) -> AsyncTimerSequence<C> {
    AsyncTimerSequence(interval: interval, tolerance: tolerance, clock: clock)
  }
}

extension AsyncTimerSequence where C == SuspendingClock {
  /// A timer ticking every `interval` on the suspending clock, as in swift-async-algorithms.
  public static func repeating(every interval: Duration, tolerance: Duration? = nil) -> Self {
    AsyncTimerSequence(interval: interval, tolerance: tolerance, clock: SuspendingClock())
  }
}

@available(*, unavailable)
extension AsyncTimerSequence.Iterator: Sendable {}
