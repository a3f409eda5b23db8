/// The rules of throttle: the first element passes at once and opens a window of `interval`;
/// of the elements arriving in the window, the latest (or the first) is emitted when it
/// closes and opens the next window; a window with nothing to emit closes quietly.
@usableFromInline
struct ThrottleGate<Element: Sendable, Failure: Error, Instant: InstantProtocol>: TimedGate {
  @usableFromInline var core = TimedCore<Element, Failure>()
  @usableFromInline var windowEnd: Instant?
  @usableFromInline var pending: Element?
  @usableFromInline let interval: Instant.Duration
  @usableFromInline let latest: Bool

  @inlinable init(interval: Instant.Duration, latest: Bool) {
    self.interval = interval
    self.latest = latest
  }

  @inlinable var needsTimer: Bool { pending != nil }

  @inlinable mutating func arrived(_ element: Element, at now: Instant) -> Wakeups {
    var wakeups = advance(to: now)
    if windowEnd == nil {
      wakeups.add(core.outbox.push(element).1)
      windowEnd = now.advanced(by: interval)
    } else if latest || pending == nil {
      pending = element
    }
    return wakeups
  }

  @inlinable mutating func timerFired(at now: Instant) -> (Wakeups, next: Instant?) {
    let wakeups = advance(to: now)
    return (wakeups, pending == nil ? nil : windowEnd)
  }

  @inlinable mutating func baseEnded(_ end: Terminal<Failure>) -> Wakeups {
    var wakeups = Wakeups()
    if case .finished = end, let pending {
      wakeups = core.outbox.push(pending).1
    }
    pending = nil
    wakeups.add(core.close(end))
    return wakeups
  }

  /// Closes the windows that ended by `now`, emitting what each held: the same outcome
  /// whether the timer or an element arriving at the window's end is seen first.
  @inlinable mutating func advance(to now: Instant) -> Wakeups {
    var wakeups = Wakeups()
    while let end = windowEnd, now >= end {
      if let element = pending {
        pending = nil
        wakeups.add(core.outbox.push(element).1)
        windowEnd = end.advanced(by: interval)
      } else {
        windowEnd = nil
      }
    }
    return wakeups
  }
}
