/// The rules of timeout: every element must arrive before the deadline set by the one before
/// it (the first by the start); the deadline passing ends the output with `.timedOut`.
@usableFromInline
struct TimeoutGate<Element: Sendable, BaseFailure: Error, Instant: InstantProtocol>: TimedGate {
  @usableFromInline typealias Input = Element
  @usableFromInline typealias InputFailure = BaseFailure
  @usableFromInline typealias Failure = TimeoutFailure<BaseFailure>

  @usableFromInline var core = TimedCore<Element, Failure>()
  /// `nil` until the timer first runs, which is when the first `next()` starts the sequence.
  @usableFromInline var deadline: Instant?
  @usableFromInline let interval: Instant.Duration

  @inlinable init(interval: Instant.Duration) {
    self.interval = interval
  }

  /// The timer always watches a deadline.
  @inlinable var needsTimer: Bool { true }

  @inlinable mutating func arrived(_ input: Element, at now: Instant) -> Wakeups {
    if let deadline, now >= deadline { return core.close(.failed(.timedOut)) }
    deadline = now.advanced(by: interval)
    return core.outbox.push(input).1
  }

  @inlinable mutating func timerFired(at now: Instant) -> (Wakeups, next: Instant?) {
    guard let deadline else {
      let first = now.advanced(by: interval)
      deadline = first
      return (Wakeups(), first)
    }
    guard now < deadline else { return (core.close(.failed(.timedOut)), nil) }
    return (Wakeups(), deadline)
  }

  @inlinable mutating func baseEnded(_ end: Terminal<BaseFailure>) -> Wakeups {
    core.close(end.map { .base($0) })
  }

  @inlinable mutating func held(at now: Instant) -> (Wakeups, held: Element?, token: UInt64) {
    (Wakeups(), nil, 0)
  }

  @inlinable mutating func commit(_ folded: Element, token: UInt64, at now: Instant) -> Wakeups? {
    arrived(folded, at: now)
  }
}
