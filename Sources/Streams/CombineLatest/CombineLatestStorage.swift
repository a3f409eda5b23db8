import Synchronization

/// The state of one combineLatest iterator.
@usableFromInline
struct CombineLatestState<Values: Sendable, Element: Sendable, Failure: Error>:
  Sendable
{
  @usableFromInline var outbox = Outbox<Element, Failure>(capacity: 128)
  @usableFromInline var values: Values
  /// Bases whose elements emit combinations and that have not finished yet.
  @usableFromInline var runningTriggers: Int
  @usableFromInline var isStarted = false
  @usableFromInline var tasks: [Task<Void, Never>] = []

  @inlinable init(values: Values, triggers: Int) {
    self.values = values
    self.runningTriggers = triggers
  }

  /// A base ended. A failure ends the output at once; so does a triggering base finishing
  /// without any element (no combination can ever be made), and the last triggering base
  /// finishing. A base that only updates the latest value just stops.
  @inlinable mutating func baseEnded(_ end: Terminal<Failure>, produced: Bool, triggers: Bool)
    -> (Wakeups, cancel: [Task<Void, Never>])
  {
    switch end {
    case .finished where !triggers:
      return (Wakeups(), [])
    case .finished where produced:
      runningTriggers -= 1
      return runningTriggers == 0 ? (outbox.close(.finished), tasks) : (Wakeups(), [])
    case .finished, .failed, .cancelled:
      return (outbox.close(end), tasks)
    }
  }
}

/// Owns the lock and the tasks of a combineLatest iterator: one task per base.
@usableFromInline
final class CombineLatestStorage<Values: Sendable, Element: Sendable, Failure: Error>:
  OutboxOwner
{
  @usableFromInline let sequence: AsyncCombineLatestSequence<Values, Element, Failure>
  @usableFromInline let state: Lock<CombineLatestState<Values, Element, Failure>>

  @inlinable init(_ sequence: AsyncCombineLatestSequence<Values, Element, Failure>) {
    self.sequence = sequence
    state = Lock(
      CombineLatestState(
        values: sequence.initial, triggers: sequence.sources.filter(\.triggers).count))
    if sequence.sources.isEmpty { close(.finished) }
  }

  @inlinable func withOutbox<R>(_ body: (inout Outbox<Element, Failure>) -> R) -> R {
    state.withLock { body(&$0.outbox) }
  }

  @inlinable func startIfNeeded() {
    state.withLock { state in
      guard !state.isStarted, !state.outbox.isClosed else { return }
      state.isStarted = true
      // Started under the lock so that a concurrent `cancel()` always sees them.
      state.tasks = sequence.sources.map { source in
        spawnTask(named: "combineLatest: base") { [self] in await source.run(self) }
      }
    }
  }

  @inlinable func cancel() {
    baseEnded(.cancelled, produced: true, triggers: true)
  }

  /// Applies a new element and, if it `emits`, emits the combination once every value is
  /// there; waits while the buffer is full. Returns `false` once the output has ended.
  @inlinable func update(emits: Bool, _ set: (inout Values) -> Void) async -> Bool {
    let (outcome, wakeups) = state.withLock { state -> (Outbox<Element, Failure>.Push, Wakeups) in
      guard !state.outbox.isClosed else { return (.closed, Wakeups()) }
      set(&state.values)
      guard emits, let combined = sequence.combine(state.values) else {
        return (.accepted, Wakeups())
      }
      return state.outbox.push(combined)
    }
    wakeups.resume()
    switch outcome {
    case .accepted: return true
    case .closed: return false
    case .full:
      await waitForRoom()
      return !withOutbox { $0.isClosed }
    }
  }

  @inlinable func baseEnded(_ end: Terminal<Failure>, produced: Bool, triggers: Bool) {
    let (wakeups, tasks) = state.withLock {
      $0.baseEnded(end, produced: produced, triggers: triggers)
    }
    wakeups.resume()
    for task in tasks { task.cancel() }
  }
}
