/// Owns the lock and the tasks of a merging-`flatMap` iterator: one task reads the base, one
/// task per inner sequence iterates it into the shared outbox.
@usableFromInline
final class FlatMapMergeStorage<
  Base: AsyncSequence & Sendable, Inner: AsyncSequence & Sendable, Failure: Error
>: OutboxOwner where Base.Element: Sendable, Inner.Element: Sendable {
  @usableFromInline typealias Element = Inner.Element
  @usableFromInline typealias State = FlatMapMergeState<Element, Failure>

  @usableFromInline let sequence: AsyncFlatMapMergeSequence<Base, Inner, Failure>
  @usableFromInline let state: Lock<State>
  /// The base's iterator, made with this storage (when the operator's iterator is made).
  @usableFromInline let subscription: Subscription<Base.AsyncIterator>

  @inlinable init(_ sequence: AsyncFlatMapMergeSequence<Base, Inner, Failure>) {
    self.sequence = sequence
    state = Lock(State(admission: sequence.admission))
    subscription = Subscription(sequence.base.makeAsyncIterator())
  }

  @inlinable func withOutbox<R>(_ body: (inout Outbox<Element, Failure>) -> R) -> R {
    state.withLock { body(&$0.outbox) }
  }

  @inlinable func startIfNeeded() {
    state.withLock { state in
      guard !state.isStarted, !state.outbox.isClosed else { return }
      state.isStarted = true
      state.baseTask = spawnTask(named: "flatMap: base") { [self] in await readBase() }
    }
  }

  @inlinable func cancel() {
    state.withLock { $0.cancelled() }.perform()
  }

  @inlinable func readBase() async {
    var fairness = Fairness()
    let end = await iterate(subscription) { element in
      if fairness.isDue() { await Task.yield() }
      let (action, closed) = state.withLock { state in
        let action = state.baseElement()
        if case .start(let id) = action {
          // Under the lock, so that `cancel()` always sees the task.
          state.inners[id] = spawnTask(named: "flatMap: inner") { [self] in
            await runInner(sequence.transform(element), id: id)
          }
        }
        return (action, state.outbox.isClosed)
      }
      guard !closed else { return false }
      if case .start = action { await waitForASlot() }
      return true
    }
    guard let end else { return }
    state.withLock { $0.baseEnded(end.map(sequence.baseError)) }.perform()
  }

  /// Parks the base's task while every slot is taken.
  @inlinable func waitForASlot() async {
    await withUnsafeContinuation { continuation in
      if !state.withLock({ $0.parkForASlot(continuation) }) { continuation.resume() }
    }
  }

  @inlinable func runInner(_ inner: Inner, id: UInt64) async {
    let end = await iterate(inner) { element in await send(element) }
    state.withLock { $0.innerEnded(id: id, (end ?? .cancelled).map(sequence.innerError)) }
      .perform()
  }
}
