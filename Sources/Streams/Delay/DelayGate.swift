/// The rules of delay: each element goes out `interval` after it arrived, in arrival order;
/// the base's finish goes out after the last element (at once when none waits), a failure
/// at once.
@usableFromInline
struct DelayGate<Element: Sendable, Failure: Error, Instant: InstantProtocol>: TimedGate {
  @usableFromInline typealias Input = Element

  @usableFromInline var core = TimedCore<Element, Failure>()
  /// Elements waiting, each with the instant it is due; `head` is the first not yet out.
  @usableFromInline var waiting: [(element: Element, due: Instant)] = []
  @usableFromInline var head = 0
  /// The base has finished: the end goes out when the last element waiting does.
  @usableFromInline var finishing = false
  @usableFromInline let interval: Instant.Duration

  @inlinable init(interval: Instant.Duration) {
    self.interval = interval
  }

  @inlinable var needsTimer: Bool { head < waiting.count }

  @inlinable mutating func arrived(_ element: Element, at now: Instant) -> Wakeups {
    // What falls due now goes out before the element that arrives now is queued.
    let wakeups = release(at: now)
    waiting.append((element, now.advanced(by: interval)))
    return wakeups
  }

  /// Delay folds nothing.
  @inlinable mutating func held(at now: Instant) -> (Wakeups, held: Element?, token: UInt64) {
    (Wakeups(), nil, 0)
  }

  @inlinable mutating func commit(_ folded: Element, token: UInt64, at now: Instant) -> Wakeups? {
    arrived(folded, at: now)
  }

  @inlinable mutating func timerFired(at now: Instant) -> (Wakeups, next: Instant?) {
    var wakeups = release(at: now)
    if finishing, head == waiting.count { wakeups.add(core.close(.finished)) }
    return (wakeups, head < waiting.count ? waiting[head].due : nil)
  }

  @inlinable mutating func baseEnded(_ end: Terminal<Failure>) -> Wakeups {
    if case .finished = end, head < waiting.count {
      finishing = true
      return Wakeups()
    }
    (waiting, head) = ([], 0)
    return core.close(end)
  }

  /// Sends out every element due by `now`, in order.
  @inlinable mutating func release(at now: Instant) -> Wakeups {
    var wakeups = Wakeups()
    while head < waiting.count, waiting[head].due <= now {
      wakeups.add(core.outbox.push(waiting[head].element).1)
      head += 1
    }
    if head == waiting.count { (waiting, head) = ([], 0) }
    return wakeups
  }
}
