import Synchronization

/// The rules of an operator that reads several bases, each in its own task (merge,
/// combineLatest, withLatestFrom, zip): its output, what the end of a base does, and whether
/// a base must wait before producing more. What an element does is the `deliver` step of
/// each ``MultiSource``.
///
/// Transitions run under the storage's lock and return what to resume outside it.
@usableFromInline protocol MultiSourceRules<Element, Failure>: Sendable {
  associatedtype Element: Sendable
  associatedtype Failure: Error

  var outbox: Outbox<Element, Failure> { get set }
  /// Base `index` ended; `produced` says whether it had emitted anything. Closing the outbox
  /// ends the output, and the storage then cancels every base's task.
  mutating func baseEnded(_ index: Int, _ end: Terminal<Failure>, produced: Bool) -> Wakeups
  /// Whether base `index` must wait before producing more, even with room in the outbox.
  func mustWait(_ index: Int) -> Bool
  /// Keeps the continuation of a base that must wait, until ``mustWait(_:)`` changes.
  mutating func park(_ continuation: UnsafeContinuation<Void, Never>)
  /// The continuations of the bases that wait, to resume when the output ends.
  mutating func takeParked() -> [UnsafeContinuation<Void, Never>]
}

extension MultiSourceRules {
  @inlinable func mustWait(_ index: Int) -> Bool { false }
  @inlinable mutating func park(_ continuation: UnsafeContinuation<Void, Never>) {
    continuation.resume()
  }
  @inlinable mutating func takeParked() -> [UnsafeContinuation<Void, Never>] { [] }
}

/// One base of a multi-source operator, with its type erased: it runs itself into the
/// storage, handing each element to `deliver` under the lock.
@usableFromInline struct MultiSource<Rules: MultiSourceRules>: Sendable {
  /// How a task reads the base into the storage.
  @usableFromInline typealias Run = @Sendable (MultiSourceStorage<Rules>, Int) async -> Void
  /// Makes the base's iterator (the subscription, when the operator's iterator is made) and
  /// returns what reads it.
  @usableFromInline let subscribe: @Sendable () -> Run

  @inlinable init<Base: AsyncSequence & Sendable>(
    _ base: Base, _ convert: @escaping @Sendable (Base.Failure) -> Rules.Failure,
    deliver:
      @escaping @Sendable (inout Rules, Base.Element) -> (
        Outbox<Rules.Element, Rules.Failure>.Push, Wakeups
      )
  ) where Base.Element: Sendable {
    subscribe = {
      let subscription = Subscription(base.makeAsyncIterator())
      return { storage, index in
        // The loop is written out rather than given to `iterate`: an async closure called per
        // element costs an async frame and an executor check each time.
        guard var iterator = subscription.take() else { return }
        var produced = false
        var fairness = Fairness()
        do throws(Base.Failure) {
          while let element = try await iterator.next(isolation: nil) {
            produced = true
            switch storage.offer(index, element, deliver) {
            case .accepted: if fairness.isDue() { await Task.yield() }
            case .closed: return
            case .full: if await storage.waitUntilAllowed(index) { continue } else { return }
            }
          }
          storage.baseEnded(index, .finished, produced: produced)
        } catch {
          storage.baseEnded(index, .failed(convert(error)), produced: produced)
        }
      }
    }
  }
}

/// Owns the lock and the tasks of a multi-source operator's iterator: one task per base.
@usableFromInline final class MultiSourceStorage<Rules: MultiSourceRules>: OutboxOwner {
  @usableFromInline struct State: Sendable {
    @usableFromInline var rules: Rules
    @usableFromInline var isStarted = false
    @usableFromInline var tasks: [Task<Void, Never>] = []

    @inlinable init(rules: Rules) {
      self.rules = rules
    }
  }

  /// What reads each base, its iterator made with this storage.
  @usableFromInline let sources: [MultiSource<Rules>.Run]
  @usableFromInline let name: String
  @usableFromInline let state: Lock<State>

  @inlinable init(rules: Rules, sources: [MultiSource<Rules>], name: String) {
    self.sources = sources.map { $0.subscribe() }
    self.name = name
    state = Lock(State(rules: rules))
    if sources.isEmpty { close(.finished) }
  }

  @inlinable func withOutbox<R>(_ body: (inout Outbox<Rules.Element, Rules.Failure>) -> R) -> R {
    state.withLock { body(&$0.rules.outbox) }
  }

  @inlinable func startIfNeeded() {
    state.withLock { state in
      guard !state.isStarted, !state.rules.outbox.isClosed else { return }
      state.isStarted = true
      // Started under the lock so that a concurrent `cancel()` always sees them.
      state.tasks = sources.indices.map { index in
        let run = sources[index]
        return spawnTask(named: "\(name): base") { [self] in await run(self, index) }
      }
    }
  }

  @inlinable func cancel() {
    end(.cancelled)
  }

  /// Applies an element of base `index`. Returns whether the base may go on (`.accepted`),
  /// must wait (`.full`: call ``waitUntilAllowed(_:)``), or must stop: the output has ended.
  @inlinable @inline(__always) func offer<Input>(
    _ index: Int, _ element: Input,
    _ apply: (inout Rules, Input) -> (Outbox<Rules.Element, Rules.Failure>.Push, Wakeups)
  ) -> Outbox<Rules.Element, Rules.Failure>.Push {
    typealias Step = (
      Outbox<Rules.Element, Rules.Failure>.Push, Wakeups, cancel: [Task<Void, Never>]?
    )
    let (outcome, wakeups, cancel) = state.withLock { state -> Step in
      guard !state.rules.outbox.isClosed else { return (.closed, Wakeups(), nil) }
      var (outcome, wakeups) = apply(&state.rules, element)
      guard state.rules.outbox.isClosed else {
        if case .accepted = outcome, state.rules.mustWait(index) { outcome = .full }
        return (outcome, wakeups, nil)
      }
      // The element ended the output (zip paired the last one it could).
      wakeups.others += state.rules.takeParked()
      return (.closed, wakeups, state.tasks)
    }
    wakeups.resume()
    if let cancel {
      for task in cancel { task.cancel() }
    }
    return outcome
  }

  /// Waits while the outbox is full or the rules hold base `index` back; returns `false` if
  /// the output has ended meanwhile.
  @inlinable func waitUntilAllowed(_ index: Int) async -> Bool {
    await withUnsafeContinuation { continuation in
      let parked = state.withLock { state -> Bool in
        if state.rules.outbox.parkProducer(continuation) { return true }
        guard !state.rules.outbox.isClosed, state.rules.mustWait(index) else { return false }
        state.rules.park(continuation)
        return true
      }
      if !parked { continuation.resume() }
    }
    return !withOutbox { $0.isClosed }
  }

  @inlinable func baseEnded(_ index: Int, _ end: Terminal<Rules.Failure>, produced: Bool) {
    let (wakeups, tasks) = state.withLock { state -> (Wakeups, [Task<Void, Never>]) in
      guard !state.rules.outbox.isClosed else { return (Wakeups(), []) }
      var wakeups = state.rules.baseEnded(index, end, produced: produced)
      guard state.rules.outbox.isClosed else { return (wakeups, []) }
      wakeups.others += state.rules.takeParked()
      return (wakeups, state.tasks)
    }
    wakeups.resume()
    for task in tasks { task.cancel() }
  }

  /// Ends the output (the consumer left) and cancels every base's task.
  @inlinable func end(_ end: Terminal<Rules.Failure>) {
    let (wakeups, tasks) = state.withLock { state -> (Wakeups, [Task<Void, Never>]) in
      var wakeups = state.rules.outbox.close(end)
      wakeups.others += state.rules.takeParked()
      return (wakeups, state.tasks)
    }
    wakeups.resume()
    for task in tasks { task.cancel() }
  }
}
