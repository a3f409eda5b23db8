/// The rules of debounce: an element is emitted once `interval` has passed since it arrived
/// with no newer one; a newer one replaces it and restarts the wait.
@usableFromInline
struct DebounceGate<Element: Sendable, Failure: Error, Instant: InstantProtocol>: TimedGate {
  @usableFromInline typealias Input = Element

  @usableFromInline var core = TimedCore<Element, Failure>()
  @usableFromInline var pending: (element: Element, deadline: Instant)?
  @usableFromInline let interval: Instant.Duration

  @inlinable init(interval: Instant.Duration) {
    self.interval = interval
  }

  @inlinable var needsTimer: Bool { pending != nil }

  @inlinable mutating func arrived(_ element: Element, at now: Instant) -> Wakeups {
    let wakeups = settleIfDue(at: now)
    pending = (element, now.advanced(by: interval))
    return wakeups
  }

  /// Debounce folds nothing: an element replaces the pending one as it is.
  @inlinable mutating func held(at now: Instant) -> (Wakeups, held: Element?, token: UInt64) {
    (Wakeups(), nil, 0)
  }

  @inlinable mutating func commit(_ folded: Element, token: UInt64, at now: Instant) -> Wakeups? {
    arrived(folded, at: now)
  }

  @inlinable mutating func timerFired(at now: Instant) -> (Wakeups, next: Instant?) {
    let wakeups = settleIfDue(at: now)
    return (wakeups, pending?.deadline)
  }

  @inlinable mutating func baseEnded(_ end: Terminal<Failure>) -> Wakeups {
    var wakeups = Wakeups()
    if case .finished = end, let pending {
      wakeups = core.outbox.push(pending.element).1
    }
    pending = nil
    wakeups.add(core.close(end))
    return wakeups
  }

  /// Emits the pending element if its quiet period has fully passed: a newer element
  /// arriving exactly at the deadline does not cancel it, whichever wakes first.
  @inlinable mutating func settleIfDue(at now: Instant) -> Wakeups {
    guard let due = pending, now >= due.deadline else { return Wakeups() }
    pending = nil
    return core.outbox.push(due.element).1
  }
}
