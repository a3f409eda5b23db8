import Synchronization

/// The state of one zip iterator: a queue per base (inside `Queues`), the tuples made from
/// them waiting in the outbox, and the bases that wait for their queue to drain.
@usableFromInline
struct ZipState<Queues: Sendable, Element: Sendable, Failure: Error>: Sendable {
  /// How many elements a base may read ahead of the others.
  @inlinable static var queueLimit: Int { 16 }

  @usableFromInline var outbox = Outbox<Element, Failure>(capacity: 64)
  @usableFromInline var queues: Queues
  @usableFromInline var finished: [Bool]
  @usableFromInline var parked: [UnsafeContinuation<Void, Never>] = []
  @usableFromInline var isStarted = false
  @usableFromInline var tasks: [Task<Void, Never>] = []

  @inlinable init(queues: Queues, bases: Int) {
    self.queues = queues
    finished = Array(repeating: false, count: bases)
  }
}

/// Owns the lock and the tasks of a zip iterator: one task per base.
@usableFromInline
final class ZipStorage<Queues: Sendable, Element: Sendable, Failure: Error>: OutboxOwner {
  @usableFromInline typealias State = ZipState<Queues, Element, Failure>
  @usableFromInline let sequence: AsyncZipSequence<Queues, Element, Failure>
  @usableFromInline let state: Lock<State>

  @inlinable init(_ sequence: AsyncZipSequence<Queues, Element, Failure>) {
    self.sequence = sequence
    state = Lock(State(queues: sequence.queues, bases: sequence.sources.count))
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
      state.tasks = sequence.sources.indices.map { index in
        let source = sequence.sources[index]
        return spawnTask(named: "zip: base") { [self] in await source.run(self, index) }
      }
    }
  }

  @inlinable func cancel() {
    end(.cancelled)
  }

  /// Whether no tuple can ever be made again: a base has finished with its queue empty.
  @inlinable func isExhausted(_ state: State) -> Bool {
    sequence.sources.indices.contains {
      state.finished[$0] && sequence.sources[$0].count(state.queues) == 0
    }
  }

  /// Queues an element of base `index`, makes a tuple if every queue has one, and waits while
  /// this base is too far ahead or the tuples are not taken. Returns `false` once the output
  /// has ended.
  @inlinable func push(_ index: Int, _ add: (inout Queues) -> Void) async -> Bool {
    typealias Step = (Outbox<Element, Failure>.Push, Wakeups, cancel: [Task<Void, Never>])
    let (outcome, wakeups, cancel) = state.withLock { state -> Step in
      guard !state.outbox.isClosed else { return (.closed, Wakeups(), []) }
      add(&state.queues)
      guard let tuple = sequence.take(&state.queues) else {
        let full = sequence.sources[index].count(state.queues) >= State.queueLimit
        return (full ? .full : .accepted, Wakeups(), [])
      }
      var (outcome, wakeups) = state.outbox.push(tuple)
      // Every queue just gave one element: the bases waiting for room go on.
      wakeups.producers += state.parked
      state.parked.removeAll()
      guard isExhausted(state) else { return (outcome, wakeups, []) }
      wakeups.add(state.outbox.close(.finished))
      return (.closed, wakeups, state.tasks)
    }
    wakeups.resume()
    for task in cancel { task.cancel() }
    switch outcome {
    case .accepted: return true
    case .closed: return false
    case .full:
      await waitUntilQueued(index)
      return !withOutbox { $0.isClosed }
    }
  }

  /// Waits while base `index`'s queue is full or the outbox is.
  @inlinable func waitUntilQueued(_ index: Int) async {
    await withUnsafeContinuation { continuation in
      let parked = state.withLock { state -> Bool in
        if state.outbox.parkProducer(continuation) { return true }
        guard !state.outbox.isClosed,
          sequence.sources[index].count(state.queues) >= State.queueLimit
        else { return false }
        state.parked.append(continuation)
        return true
      }
      if !parked { continuation.resume() }
    }
  }

  /// Base `index` ended: a failure ends the output at once; a finish once its queue is empty.
  @inlinable func baseEnded(_ index: Int, _ end: Terminal<Failure>) {
    let (wakeups, tasks) = state.withLock { state -> (Wakeups, [Task<Void, Never>]) in
      guard !state.outbox.isClosed else { return (Wakeups(), []) }
      state.finished[index] = true
      if case .finished = end, !isExhausted(state) { return (Wakeups(), []) }
      var wakeups = state.outbox.close(end)
      wakeups.producers += state.parked
      state.parked.removeAll()
      return (wakeups, state.tasks)
    }
    wakeups.resume()
    for task in tasks { task.cancel() }
  }

  @inlinable func end(_ end: Terminal<Failure>) {
    let (wakeups, tasks) = state.withLock { state -> (Wakeups, [Task<Void, Never>]) in
      var wakeups = state.outbox.close(end)
      wakeups.producers += state.parked
      state.parked.removeAll()
      return (wakeups, state.tasks)
    }
    wakeups.resume()
    for task in tasks { task.cancel() }
  }
}
