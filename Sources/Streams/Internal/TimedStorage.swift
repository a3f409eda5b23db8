import Synchronization

/// The rules of an operator that holds elements back until a time (debounce, throttle).
///
/// Transitions run under the storage's lock and return what to resume outside it.
@usableFromInline protocol TimedGate<Input, Element, Failure, Instant>: Sendable {
  /// The base's elements.
  associatedtype Input: Sendable
  /// The base's errors.
  associatedtype InputFailure: Error = Failure
  /// What the gate emits.
  associatedtype Element: Sendable
  /// What the gate fails with.
  associatedtype Failure: Error
  associatedtype Instant: InstantProtocol

  /// The output, the timer's parking spot and the tasks.
  var core: TimedCore<Element, Failure> { get set }
  /// Whether the timer has a deadline to wait for.
  var needsTimer: Bool { get }
  /// An element arrived from the base at `now`.
  mutating func arrived(_ input: Input, at now: Instant) -> Wakeups
  /// For an asynchronous fold (see ``TimedStorage/fold``), first step: what the gate holds
  /// for an element arriving at `now`, and a token naming that state.
  mutating func held(at now: Instant) -> (Wakeups, held: Element?, token: UInt64)
  /// Second step: stores what the fold made of the held value, unless the state named by
  /// `token` has changed since (the timer went off): then `nil`, and the fold starts over.
  mutating func commit(_ folded: Element, token: UInt64, at now: Instant) -> Wakeups?
  /// The timer woke up at `now`: what it emits, and the next deadline (`nil`: park). A gate
  /// may end the output here (a timeout): the base's task is then cancelled.
  mutating func timerFired(at now: Instant) -> (Wakeups, next: Instant?)
  /// The base ended; a held element is emitted on finish and dropped on failure. (Whatever
  /// was due by then has been emitted first, by ``timerFired(at:)``.)
  mutating func baseEnded(_ end: Terminal<InputFailure>) -> Wakeups
}

/// What every timed operator's state has.
@usableFromInline struct TimedCore<Element: Sendable, Failure: Error>: Sendable {
  @usableFromInline var outbox = Outbox<Element, Failure>(capacity: .max)
  @usableFromInline var isStarted = false
  @usableFromInline var tasks: [Task<Void, Never>] = []
  /// The timer task, parked while it has no deadline.
  @usableFromInline var parkedTimer: UnsafeContinuation<Void, Never>?

  @inlinable init() {}

  /// Ends the output and releases the timer.
  @inlinable mutating func close(_ end: Terminal<Failure>) -> Wakeups {
    var wakeups = outbox.close(end)
    wakeups.others += takeTimer()
    return wakeups
  }

  /// The parked timer, to resume.
  @inlinable mutating func takeTimer() -> [UnsafeContinuation<Void, Never>] {
    defer { parkedTimer = nil }
    return parkedTimer.map { [$0] } ?? []
  }
}

/// Owns the lock and the two tasks of a timed operator: one reads the base, one sleeps until
/// the gate's next deadline.
@usableFromInline
final class TimedStorage<Base: AsyncSequence & Sendable, C: Clock, Gate: TimedGate>:
  OutboxOwner
where
  Base.Element: Sendable, Gate.Input == Base.Element, Gate.InputFailure == Base.Failure,
  Gate.Instant == C.Instant
{
  @usableFromInline typealias Element = Gate.Element
  @usableFromInline typealias Failure = Gate.Failure
  /// Folds an arriving element into what the gate holds, outside the lock.
  @usableFromInline typealias Fold = @Sendable (Gate.Element?, Base.Element) async -> Gate.Element

  /// The base's iterator, made with this storage (when the operator's iterator is made).
  @usableFromInline let subscription: Subscription<Base.AsyncIterator>
  @usableFromInline let tolerance: C.Duration?
  @usableFromInline let clock: C
  @usableFromInline let name: String
  @usableFromInline let state: Lock<Gate>
  /// An asynchronous step that may not run under the lock (a throttle's `reducing` closure);
  /// `nil` when the gate takes elements in one locked step.
  @usableFromInline let fold: Fold?

  @inlinable init(
    base: Base, gate: Gate, tolerance: C.Duration?, clock: C, name: String, fold: Fold? = nil
  ) {
    subscription = Subscription(base.makeAsyncIterator())
    self.tolerance = tolerance
    self.clock = clock
    self.name = name
    self.fold = fold
    state = Lock(gate)
  }

  @inlinable func withOutbox<R>(_ body: (inout Outbox<Element, Failure>) -> R) -> R {
    state.withLock { body(&$0.core.outbox) }
  }

  @inlinable func startIfNeeded() {
    state.withLock { gate in
      guard !gate.core.isStarted, !gate.core.outbox.isClosed else { return }
      gate.core.isStarted = true
      // Started under the lock so that a concurrent `cancel()` always sees them.
      gate.core.tasks = [
        spawnTask(named: "\(name): base") { [self] in await readBase() },
        spawnTask(named: "\(name): timer") { [self] in await runTimer() },
      ]
    }
  }

  @inlinable func cancel() {
    end(.cancelled)
  }

  @inlinable func end(_ end: Terminal<Base.Failure>) {
    let now = clock.now
    let (wakeups, tasks) = state.withLock { gate -> (Wakeups, [Task<Void, Never>]) in
      guard !gate.core.outbox.isClosed else { return (Wakeups(), gate.core.tasks) }
      var wakeups = Wakeups()
      // What falls due at the instant the base ends goes out first, then the end: the same
      // output whether the timer or the base's end is seen first (a timeout due now wins).
      if case .cancelled = end {} else { wakeups = gate.timerFired(at: now).0 }
      if !gate.core.outbox.isClosed { wakeups.add(gate.baseEnded(end)) }
      // A gate that holds the end until its last deadline (delay) keeps its timer running;
      // the base's task is the caller, and ends by itself.
      if !gate.core.outbox.isClosed, gate.needsTimer {
        wakeups.others += gate.core.takeTimer()
        return (wakeups, [])
      }
      return (wakeups, gate.core.tasks)
    }
    wakeups.resume()
    for task in tasks { task.cancel() }
  }

  @inlinable func readBase() async {
    // The loop is written out rather than given to `iterate`: an async closure called per
    // element costs an async frame and an executor check each time.
    guard var iterator = subscription.take() else { return }
    var end = Terminal<Base.Failure>.finished
    var fairness = Fairness()
    do throws(Base.Failure) {
      while let element = try await iterator.next(isolation: nil) {
        if fairness.isDue() { await Task.yield() }
        let now = clock.now
        let open =
          if let fold { await arrive(element, at: now, folding: fold) } else {
            arrived(element, at: now)
          }
        guard open else {
          end = .cancelled  // The output has ended: only what still runs is stopped.
          break
        }
      }
    } catch {
      end = .failed(error)
    }
    // On finish or failure the timer may still sleep towards a deadline that no longer
    // matters, and once the output has ended nothing of this iterator may go on: `end`
    // cancels what still runs.
    self.end(end)
  }

  /// Hands `element` to the gate in one locked step. Returns `false` once the output has
  /// ended.
  @inlinable func arrived(_ element: Base.Element, at now: C.Instant) -> Bool {
    let (wakeups, open) = state.withLock { gate -> (Wakeups, open: Bool) in
      guard !gate.core.outbox.isClosed else { return (Wakeups(), false) }
      var wakeups = gate.arrived(element, at: now)
      if gate.needsTimer { wakeups.others += gate.core.takeTimer() }
      return (wakeups, !gate.core.outbox.isClosed)
    }
    wakeups.resume()
    return open
  }

  /// Folds `element` into what the gate holds without holding the lock across the fold: read
  /// the held value, fold, and store the result unless the timer changed the state meanwhile
  /// (then fold again against the new state). Returns `false` once the output has ended.
  @inlinable func arrive(_ element: Base.Element, at now: C.Instant, folding fold: Fold) async
    -> Bool
  {
    while true {
      let snapshot = state.withLock { gate -> (Wakeups, held: Gate.Element?, token: UInt64)? in
        gate.core.outbox.isClosed ? nil : gate.held(at: now)
      }
      guard let (wakeups, held, token) = snapshot else { return false }
      wakeups.resume()
      let folded = await fold(held, element)
      let committed = state.withLock { gate -> Wakeups?? in
        guard !gate.core.outbox.isClosed else { return .some(nil) }
        guard var wakeups = gate.commit(folded, token: token, at: now) else { return nil }
        if gate.needsTimer { wakeups.others += gate.core.takeTimer() }
        return wakeups
      }
      switch committed {
      case .none: continue
      case .some(.none): return false
      case .some(.some(let wakeups)):
        wakeups.resume()
        return true
      }
    }
  }

  @inlinable func runTimer() async {
    while true {
      let now = clock.now
      let step = state.withLock { gate -> (Wakeups, C.Instant?)? in
        gate.core.outbox.isClosed ? nil : gate.timerFired(at: now)
      }
      guard let (wakeups, next) = step else { return }
      wakeups.resume()
      if state.withLock({ $0.core.outbox.isClosed }) {
        end(.cancelled)  // The gate ended the output: stop reading the base.
        return
      }
      if let next {
        do {
          try await clock.sleep(until: next, tolerance: tolerance)
        } catch {
          return  // Cancelled: the output has ended.
        }
      } else {
        await withUnsafeContinuation { continuation in
          let parked = state.withLock { gate in
            guard !gate.needsTimer, !gate.core.outbox.isClosed else { return false }
            gate.core.parkedTimer = continuation
            return true
          }
          if !parked { continuation.resume() }
        }
      }
    }
  }
}

/// What a timed sequence is made of — its base, its interval, the sleep tolerance and the
/// clock — and what each of its iterators makes of them with the operator's gate: the one
/// wrapper of every timed operator (debounce, delay, throttle, timeout, chunks by time),
/// whose public sequence only names its gate.
@usableFromInline
struct TimedParameters<Base: AsyncSequence & Sendable, C: Clock>: Sendable
where Base.Element: Sendable {
  @usableFromInline let base: Base
  @usableFromInline let interval: C.Duration
  @usableFromInline let tolerance: C.Duration?
  @usableFromInline let clock: C

  @inlinable init(base: Base, interval: C.Duration, tolerance: C.Duration?, clock: C) {
    self.base = base
    self.interval = interval
    self.tolerance = tolerance
    self.clock = clock
  }

  /// A new iterator's reader: a storage of its own that reads the base, with `gate`'s rules
  /// (`name` says which operator in virtual-time reports; `fold`: see ``TimedStorage``).
  @inlinable func reader<Gate: TimedGate>(
    _ gate: Gate, name: String, fold: TimedStorage<Base, C, Gate>.Fold? = nil
  ) -> OutboxReader<TimedStorage<Base, C, Gate>>
  where Gate.Input == Base.Element, Gate.InputFailure == Base.Failure, Gate.Instant == C.Instant {
    OutboxReader(
      TimedStorage(
        base: base, gate: gate, tolerance: tolerance, clock: clock, name: name, fold: fold))
  }
}
