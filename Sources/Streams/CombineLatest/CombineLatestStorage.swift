import Synchronization

/// The state of one combineLatest iterator.
@usableFromInline
struct CombineLatestState<Values: Sendable, Element: Sendable, Failure: Error>:
  Sendable
{
  @usableFromInline var outbox = Outbox<Element, Failure>(capacity: 128)
  @usableFromInline var values: Values
  /// Bases that have not finished yet.
  @usableFromInline var running: Int
  @usableFromInline var isStarted = false
  @usableFromInline var tasks: [Task<Void, Never>] = []

  @inlinable init(values: Values, running: Int) {
    self.values = values
    self.running = running
  }

  /// A base ended: a failure, or a finish without any element, ends the output at once.
  @inlinable mutating func baseEnded(_ end: Terminal<Failure>, produced: Bool) -> (
    Wakeups, cancel: [Task<Void, Never>]
  ) {
    switch end {
    case .finished where produced:
      running -= 1
      return (running == 0 ? outbox.close(.finished) : Wakeups(), [])
    case .finished:
      return (outbox.close(.finished), tasks)
    case .failed, .cancelled:
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
    state = Lock(CombineLatestState(values: sequence.initial, running: sequence.sources.count))
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
    baseEnded(.cancelled, produced: true)
  }

  /// Applies a new element and emits the combination when every base has produced; waits
  /// while the buffer is full. Returns `false` once the output has ended.
  @inlinable func update(_ set: (inout Values) -> Void) async -> Bool {
    let (outcome, wakeups) = state.withLock { state -> (Outbox<Element, Failure>.Push, Wakeups) in
      guard !state.outbox.isClosed else { return (.closed, Wakeups()) }
      set(&state.values)
      guard let combined = sequence.combine(state.values) else { return (.accepted, Wakeups()) }
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

  @inlinable func baseEnded(_ end: Terminal<Failure>, produced: Bool) {
    let (wakeups, tasks) = state.withLock { $0.baseEnded(end, produced: produced) }
    wakeups.resume()
    for task in tasks { task.cancel() }
  }
}
