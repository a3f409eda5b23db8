import Synchronization

/// The state of one `flatMapLatest` iterator; transitions return what to do outside the lock.
@usableFromInline
struct FlatMapLatestState<Outer: Sendable, Element: Sendable, Failure: Error>: Sendable {
  /// How many superseded inners may still be winding down before a new one waits.
  @inlinable static var maxDraining: Int { 2 }

  @usableFromInline var outbox = Outbox<Element, Failure>(capacity: 64)
  /// The generation of the latest base element; an inner of an older one is superseded.
  @usableFromInline var generation: UInt64 = 0
  /// The task of the latest generation's inner, while it runs.
  @usableFromInline var active: Task<Void, Never>?
  /// The latest base element, while it waits for a superseded inner to wind down.
  @usableFromInline var waiting: Outer?
  @usableFromInline var draining = 0
  @usableFromInline var baseFinished = false
  @usableFromInline var isStarted = false
  @usableFromInline var baseTask: Task<Void, Never>?

  @inlinable init() {}

  @usableFromInline enum Action: Sendable {
    case none
    case start(Outer, generation: UInt64)
  }

  /// A new base element: supersede the current inner and start one for `element`.
  @inlinable mutating func baseElement(_ element: Outer) -> (
    Action, Wakeups, cancel: Task<Void, Never>?
  ) {
    guard !outbox.isClosed else { return (.none, Wakeups(), nil) }
    generation += 1
    let wakeups = outbox.discardBuffer()
    let superseded = active
    if superseded != nil {
      active = nil
      draining += 1
    }
    guard draining <= Self.maxDraining else {
      waiting = element
      return (.none, wakeups, superseded)
    }
    waiting = nil
    return (.start(element, generation: generation), wakeups, superseded)
  }

  /// Whether an inner of `generation` may still emit.
  @inlinable func isCurrent(_ generation: UInt64) -> Bool {
    generation == self.generation && !outbox.isClosed
  }

  /// An inner ended: the latest one ends the output if the base has finished too; a
  /// superseded one frees a slot for a waiting base element.
  @inlinable mutating func innerEnded(
    _ generation: UInt64, _ end: Terminal<Failure>
  ) -> (Action, Wakeups, cancel: Task<Void, Never>?) {
    guard !outbox.isClosed else { return (.none, Wakeups(), nil) }
    guard generation == self.generation else {
      draining -= 1
      guard let element = waiting, draining <= Self.maxDraining else {
        return (.none, Wakeups(), nil)
      }
      waiting = nil
      return (.start(element, generation: self.generation), Wakeups(), nil)
    }
    active = nil
    switch end {
    case .failed:
      return (.none, outbox.close(end), baseTask)
    case .finished where baseFinished:
      return (.none, outbox.close(.finished), nil)
    default:
      return (.none, Wakeups(), nil)
    }
  }

  /// The base ended: a failure ends the output at once, a finish once the latest inner ends.
  @inlinable mutating func baseEnded(_ end: Terminal<Failure>) -> (
    Wakeups, cancel: Task<Void, Never>?
  ) {
    baseFinished = true
    switch end {
    case .finished where active != nil || waiting != nil:
      return (Wakeups(), nil)
    default:
      waiting = nil
      return (outbox.close(end), active)
    }
  }

  @inlinable mutating func cancelled() -> (Wakeups, [Task<Void, Never>]) {
    waiting = nil
    return (outbox.close(.cancelled), [baseTask, active].compactMap { $0 })
  }
}

/// Owns the lock and the tasks of a `flatMapLatest` iterator: one task reads the base, one
/// task per inner sequence iterates it.
@usableFromInline
final class FlatMapLatestStorage<
  Base: AsyncSequence & Sendable, Inner: AsyncSequence & Sendable, Failure: Error
>: OutboxOwner where Base.Element: Sendable, Inner.Element: Sendable {
  @usableFromInline typealias Element = Inner.Element
  @usableFromInline typealias State = FlatMapLatestState<Base.Element, Element, Failure>

  @usableFromInline let sequence: AsyncFlatMapLatestSequence<Base, Inner, Failure>
  @usableFromInline let state = Lock(State())
  /// The outbox epoch, readable without the lock: the reader checks it for every element
  /// it returns, so that none of a superseded inner slips out after a switch.
  @usableFromInline let epoch = Atomic<UInt64>(0)

  /// The base's iterator, made with this storage (when the operator's iterator is made).
  @usableFromInline let subscription: Subscription<Base.AsyncIterator>

  @inlinable init(_ sequence: AsyncFlatMapLatestSequence<Base, Inner, Failure>) {
    self.sequence = sequence
    subscription = Subscription(sequence.base.makeAsyncIterator())
  }

  @inlinable func withOutbox<R>(_ body: (inout Outbox<Element, Failure>) -> R) -> R {
    state.withLock { body(&$0.outbox) }
  }

  @inlinable func isStale(epoch: UInt64) -> Bool {
    self.epoch.load(ordering: .acquiring) != epoch
  }

  @inlinable func startIfNeeded() {
    state.withLock { state in
      guard !state.isStarted, !state.outbox.isClosed else { return }
      state.isStarted = true
      state.baseTask = spawnTask(named: "flatMapLatest: base") { [self] in await readBase() }
    }
  }

  @inlinable func cancel() {
    let (wakeups, tasks) = state.withLock { $0.cancelled() }
    wakeups.resume()
    for task in tasks { task.cancel() }
  }

  @inlinable func readBase() async {
    // Only the base's loop yields (see `Fairness`): an inner waits once 64 of its elements
    // wait, and a yield check per inner cost 20 % of a burst of short inners.
    var fairness = Fairness()
    let end = await iterate(subscription) { element in
      if fairness.isDue() { await Task.yield() }
      let (wakeups, superseded, closed) = state.withLock { state in
        let (action, wakeups, superseded) = state.baseElement(element)
        epoch.store(state.outbox.epoch, ordering: .releasing)
        perform(action, in: &state)
        return (wakeups, superseded, state.outbox.isClosed)
      }
      wakeups.resume()
      superseded?.cancel()
      return !closed
    }
    guard let end else { return }
    let (wakeups, cancel) = state.withLock { $0.baseEnded(end.map(sequence.baseError)) }
    wakeups.resume()
    cancel?.cancel()
  }

  /// Starts an inner task; under the lock, so that `cancel()` always sees it.
  @inlinable func perform(_ action: State.Action, in state: inout State) {
    guard case .start(let element, let generation) = action else { return }
    state.active = spawnTask(named: "flatMapLatest: inner") { [self] in
      await runInner(sequence.transform(element), generation: generation)
    }
  }

  @inlinable func runInner(_ inner: Inner, generation: UInt64) async {
    let end = await iterate(inner) { element in
      let (outcome, wakeups) = state.withLock { state in
        state.isCurrent(generation) ? state.outbox.push(element) : (.closed, Wakeups())
      }
      wakeups.resume()
      switch outcome {
      case .accepted: return true
      case .closed: return false
      case .full:
        await waitForRoom()
        return state.withLock { $0.isCurrent(generation) }
      }
    }
    let (wakeups, cancel) = state.withLock { state in
      let (action, wakeups, cancel) = state.innerEnded(
        generation, (end ?? .cancelled).map(sequence.innerError))
      perform(action, in: &state)
      return (wakeups, cancel)
    }
    wakeups.resume()
    cancel?.cancel()
  }
}
