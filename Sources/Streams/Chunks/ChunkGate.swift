/// What the gate of a time-chunked sequence hands its consumer: the elements, and a mark where
/// a window that held elements closed. The consumer's iterator gathers them into chunks.
@usableFromInline enum ChunkEvent<Element: Sendable>: Sendable {
  case element(Element)
  case boundary
}

/// The rules of time chunks: windows of `interval` follow each other from the start; a window
/// that received elements ends with a boundary when it closes; empty windows cost nothing.
@usableFromInline
struct ChunkGate<Input: Sendable, Failure: Error, Instant: InstantProtocol>: TimedGate {
  @usableFromInline typealias Element = ChunkEvent<Input>

  @usableFromInline var core = TimedCore<ChunkEvent<Input>, Failure>()
  /// When the windows started: the first `next()`.
  @usableFromInline var start: Instant?
  /// The end of the window that holds elements not yet closed by a boundary.
  @usableFromInline var windowEnd: Instant?
  @usableFromInline let interval: Instant.Duration

  @inlinable init(interval: Instant.Duration) {
    self.interval = interval
  }

  @inlinable var needsTimer: Bool { windowEnd != nil }

  @inlinable mutating func arrived(_ input: Input, at now: Instant) -> Wakeups {
    var wakeups = advance(to: now)
    if windowEnd == nil { windowEnd = tick(after: now) }
    wakeups.add(core.outbox.push(.element(input)).1)
    return wakeups
  }

  @inlinable mutating func timerFired(at now: Instant) -> (Wakeups, next: Instant?) {
    let wakeups = advance(to: now)
    return (wakeups, windowEnd)
  }

  @inlinable mutating func baseEnded(_ end: Terminal<Failure>) -> Wakeups {
    windowEnd = nil
    return core.close(end)
  }

  /// Closes the window if it has ended: windows are half-open, so an element arriving at the
  /// very instant a window ends belongs to the next, whichever task is seen first.
  @inlinable mutating func advance(to now: Instant) -> Wakeups {
    if start == nil { start = now }
    guard let end = windowEnd, now >= end else { return Wakeups() }
    windowEnd = nil
    return core.outbox.push(.boundary).1
  }

  /// The first window end after `now`: `start + k × interval`.
  @inlinable func tick(after now: Instant) -> Instant {
    let start = self.start ?? now
    let elapsed = start.duration(to: now)
    // A division gets close in one step after a long quiet time; the loops make it exact.
    let windows = max(0, Int((elapsed / interval).rounded(.down)))
    var end = start.advanced(by: interval * windows)
    while end <= now { end = end.advanced(by: interval) }
    while case let earlier = end.advanced(by: interval * -1), earlier > now, earlier > start {
      end = earlier
    }
    return end
  }

  @inlinable mutating func held(at now: Instant) -> (Wakeups, held: Element?, token: UInt64) {
    (Wakeups(), nil, 0)
  }

  @inlinable mutating func commit(_ folded: Element, token: UInt64, at now: Instant) -> Wakeups? {
    guard case .element(let input) = folded else { return Wakeups() }
    return arrived(input, at: now)
  }
}
