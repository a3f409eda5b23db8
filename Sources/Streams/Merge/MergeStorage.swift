import Synchronization

/// The state of one merge iterator; transitions return what to do outside the lock.
@usableFromInline struct MergeState<Element: Sendable, Failure: Error>: Sendable {
  @usableFromInline var outbox = Outbox<Element, Failure>(capacity: 128)
  /// Bases that have not finished yet.
  @usableFromInline var running: Int
  @usableFromInline var isStarted = false
  @usableFromInline var tasks: [Task<Void, Never>] = []

  @inlinable init(running: Int) {
    self.running = running
  }

  /// A base ended: the last finish ends the output; a failure ends it at once.
  @inlinable mutating func baseEnded(_ end: Terminal<Failure>) -> (
    Wakeups, cancel: [Task<Void, Never>]
  ) {
    switch end {
    case .finished:
      running -= 1
      return (running == 0 ? outbox.close(.finished) : Wakeups(), [])
    case .failed, .cancelled:
      return (outbox.close(end), tasks)
    }
  }
}

/// Owns the lock and the tasks of a merge iterator: one task per base.
@usableFromInline final class MergeStorage<Element: Sendable, Failure: Error>: OutboxOwner {
  @usableFromInline let sources: [AsyncMergeSequence<Element, Failure>.Source]
  @usableFromInline let state: Lock<MergeState<Element, Failure>>

  @inlinable init(_ sources: [AsyncMergeSequence<Element, Failure>.Source]) {
    self.sources = sources
    state = Lock(MergeState(running: sources.count))
    if sources.isEmpty { close(.finished) }
  }

  @inlinable func withOutbox<R>(_ body: (inout Outbox<Element, Failure>) -> R) -> R {
    state.withLock { body(&$0.outbox) }
  }

  @inlinable func startIfNeeded() {
    state.withLock { state in
      guard !state.isStarted, !state.outbox.isClosed else { return }
      state.isStarted = true
      // Started under the lock so that a concurrent `cancel()` always sees them.
      state.tasks = sources.map { source in
        spawnTask(named: "merge: base") { [self] in await source.run(self) }
      }
    }
  }

  @inlinable func cancel() {
    baseEnded(.cancelled)
  }

  @inlinable func baseEnded(_ end: Terminal<Failure>) {
    let (wakeups, tasks) = state.withLock { $0.baseEnded(end) }
    wakeups.resume()
    for task in tasks { task.cancel() }
  }
}
