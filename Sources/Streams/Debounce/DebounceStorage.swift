import Synchronization

/// The state of one debounce iterator; transitions return what to do outside the lock.
@usableFromInline
struct DebounceState<Element: Sendable, Failure: Error, Instant: InstantProtocol>: Sendable {
  @usableFromInline var outbox = Outbox<Element, Failure>(capacity: .max)
  @usableFromInline var pending: (element: Element, deadline: Instant)?
  @usableFromInline var isStarted = false
  @usableFromInline var tasks: [Task<Void, Never>] = []
  /// The timer task, parked while nothing is pending.
  @usableFromInline var parkedTimer: UnsafeContinuation<Void, Never>?

  @inlinable init() {}

  @usableFromInline enum TimerStep: Sendable {
    case stop
    case park
    case sleep(until: Instant)
    case emitted(Wakeups)
  }

  /// An element arrived from the base at `now`.
  @inlinable mutating func arrived(_ element: Element, at now: Instant, interval: Instant.Duration)
    -> Wakeups?
  {
    guard !outbox.isClosed else { return nil }
    var wakeups = settleIfDue(at: now)
    pending = (element, now.advanced(by: interval))
    if let timer = parkedTimer {
      parkedTimer = nil
      wakeups.producers.append(timer)
    }
    return wakeups
  }

  /// The timer woke up (or started) at `now`.
  @inlinable mutating func timerFired(at now: Instant) -> TimerStep {
    guard !outbox.isClosed else { return .stop }
    guard let pending else { return .park }
    if now < pending.deadline { return .sleep(until: pending.deadline) }
    return .emitted(settleIfDue(at: now))
  }

  /// Parks the timer; `false` means there is work and it should go on at once.
  @inlinable mutating func parkTimer(_ continuation: UnsafeContinuation<Void, Never>) -> Bool {
    guard pending == nil, !outbox.isClosed else { return false }
    parkedTimer = continuation
    return true
  }

  /// The base ended: a pending element is emitted on finish, dropped on failure.
  @inlinable mutating func baseEnded(_ end: Terminal<Failure>) -> Wakeups {
    var wakeups = Wakeups()
    if case .finished = end, let pending {
      wakeups = outbox.push(pending.element).1
    }
    wakeups.add(close(end))
    return wakeups
  }

  /// Ends the output and releases the timer; returns the tasks to cancel.
  @inlinable mutating func close(_ end: Terminal<Failure>) -> Wakeups {
    pending = nil
    var wakeups = outbox.close(end)
    if let timer = parkedTimer { wakeups.producers.append(timer) }
    parkedTimer = nil
    return wakeups
  }

  @inlinable mutating func settleIfDue(at now: Instant) -> Wakeups {
    guard let due = pending, now >= due.deadline else { return Wakeups() }
    pending = nil
    return outbox.push(due.element).1
  }
}

/// Owns the lock and the two tasks of a debounce iterator: one reads the base, one sleeps
/// until the pending element's deadline.
@usableFromInline final class DebounceStorage<Base: AsyncSequence & Sendable, C: Clock>: OutboxOwner
where Base.Element: Sendable {
  @usableFromInline typealias Element = Base.Element
  @usableFromInline typealias Failure = Base.Failure

  @usableFromInline let base: Base
  @usableFromInline let interval: C.Duration
  @usableFromInline let tolerance: C.Duration?
  @usableFromInline let clock: C
  @usableFromInline let state = Mutex(DebounceState<Element, Failure, C.Instant>())

  @inlinable init(base: Base, interval: C.Duration, tolerance: C.Duration?, clock: C) {
    self.base = base
    self.interval = interval
    self.tolerance = tolerance
    self.clock = clock
  }

  @inlinable func withOutbox<R>(_ body: (inout Outbox<Element, Failure>) -> R) -> R {
    state.withLock { body(&$0.outbox) }
  }

  @inlinable func startIfNeeded() {
    state.withLock { state in
      guard !state.isStarted, !state.outbox.isClosed else { return }
      state.isStarted = true
      // Started under the lock so that a concurrent `cancel()` always sees them.
      state.tasks = [
        spawnTask(named: "debounce: base") { [self] in await readBase() },
        spawnTask(named: "debounce: timer") { [self] in await runTimer() },
      ]
    }
  }

  @inlinable func cancel() {
    end(.cancelled)
  }

  @inlinable func end(_ end: Terminal<Failure>) {
    let (wakeups, tasks) = state.withLock { ($0.baseEnded(end), $0.tasks) }
    wakeups.resume()
    for task in tasks { task.cancel() }
  }

  @inlinable func readBase() async {
    let end = await iterate(base) { element in
      let now = clock.now
      guard let wakeups = state.withLock({ $0.arrived(element, at: now, interval: interval) })
      else { return false }
      wakeups.resume()
      return true
    }
    // On finish or failure the timer may still sleep towards a deadline that no longer
    // matters: `end` cancels it.
    if let end { self.end(end) }
  }

  @inlinable func runTimer() async {
    while true {
      let now = clock.now
      switch state.withLock({ $0.timerFired(at: now) }) {
      case .stop:
        return
      case .emitted(let wakeups):
        wakeups.resume()
      case .park:
        await withUnsafeContinuation { continuation in
          if !state.withLock({ $0.parkTimer(continuation) }) { continuation.resume() }
        }
      case .sleep(let deadline):
        do {
          try await clock.sleep(until: deadline, tolerance: tolerance)
        } catch {
          return  // Cancelled: the output has ended.
        }
      }
    }
  }
}
