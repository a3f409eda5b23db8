/// The rules of throttle: the first element passes at once and opens a window of `interval`;
/// the elements arriving in the window are reduced into one, which is emitted when the window
/// closes and opens the next window; a window with nothing to emit closes quietly.
@usableFromInline
struct ThrottleGate<Input: Sendable, Element: Sendable, Failure: Error, Instant: InstantProtocol>:
  TimedGate
{
  /// Reduces an element into what the window holds, under the lock; `nil` when the reducer
  /// is asynchronous and runs outside it (see `TimedStorage.fold`).
  @usableFromInline typealias Reduce = @Sendable (Element?, Input) -> Element

  @usableFromInline var core = TimedCore<Element, Failure>()
  @usableFromInline var windowEnd: Instant?
  @usableFromInline var pending: Element?
  /// Changes whenever a window opens or what it holds goes out: an asynchronous reduction
  /// started before that must start over.
  @usableFromInline var window: UInt64 = 0
  @usableFromInline let interval: Instant.Duration
  @usableFromInline let reduce: Reduce?

  @inlinable init(interval: Instant.Duration, reduce: Reduce?) {
    self.interval = interval
    self.reduce = reduce
  }

  @inlinable var needsTimer: Bool { pending != nil }

  @inlinable mutating func arrived(_ input: Input, at now: Instant) -> Wakeups {
    var wakeups = advance(to: now)
    guard let reduce else { return wakeups }
    // Most elements of a burst are only held: that path merges no wake-ups.
    if windowEnd != nil {
      pending = reduce(pending, input)
    } else {
      wakeups.add(store(reduce(nil, input), at: now))
    }
    return wakeups
  }

  @inlinable mutating func held(at now: Instant) -> (Wakeups, held: Element?, token: UInt64) {
    let wakeups = advance(to: now)
    return (wakeups, windowEnd == nil ? nil : pending, window)
  }

  @inlinable mutating func commit(_ folded: Element, token: UInt64, at now: Instant) -> Wakeups? {
    var wakeups = advance(to: now)
    guard token == window else { return nil }
    wakeups.add(store(folded, at: now))
    return wakeups
  }

  /// With no window open, `reduced` passes at once and opens one; otherwise it is held.
  @inlinable mutating func store(_ reduced: Element, at now: Instant) -> Wakeups {
    guard windowEnd == nil else {
      pending = reduced
      return Wakeups()
    }
    windowEnd = now.advanced(by: interval)
    window &+= 1
    return core.outbox.push(reduced).1
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
      window &+= 1
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
