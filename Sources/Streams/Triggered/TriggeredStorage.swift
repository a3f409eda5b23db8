/// The state of one iterator of a sequence steered by a trigger.
@usableFromInline struct TriggeredState<Element: Sendable, Failure: Error>: Sendable {
  /// How many elements wait for the consumer before the task emitting them waits for room.
  @inlinable static var outboxCapacity: Int { 64 }

  @usableFromInline var rules: TriggeredRules<Element, Failure>
  @usableFromInline var outbox = Outbox<Element, Failure>(capacity: outboxCapacity)
  @usableFromInline var isStarted = false
  @usableFromInline var baseTask: Task<Void, Never>?
  @usableFromInline var triggerTask: Task<Void, Never>?

  @inlinable init(rules: TriggeredRules<Element, Failure>) {
    self.rules = rules
  }

  /// What to do outside the lock after an event.
  @usableFromInline struct Effects: Sendable {
    @usableFromInline var push: Outbox<Element, Failure>.Push = .accepted
    @usableFromInline var wakeups = Wakeups()
    @usableFromInline var cancel: [Task<Void, Never>] = []
    /// Whether the task that saw the event should stop reading.
    @usableFromInline var stop = false

    @inlinable init() {}
  }

  /// Applies `action` (under the lock).
  @inlinable mutating func perform(_ action: TriggerAction<Element, Failure>) -> Effects {
    var effects = Effects()
    guard !outbox.isClosed else {
      effects.stop = true
      return effects
    }
    switch action {
    case .none:
      break
    case .emit(let element):
      (effects.push, effects.wakeups) = outbox.push(element)
    case .stopTrigger:
      // Seen by the trigger's own task: it stops reading, and its iterator goes away.
      triggerTask = nil
      effects.stop = true
    case .end(let end):
      effects.wakeups = outbox.close(end)
      effects.cancel = [baseTask, triggerTask].compactMap { $0 }
      (baseTask, triggerTask) = (nil, nil)
      effects.stop = true
    }
    return effects
  }
}

/// Owns the lock and the two tasks of a sequence steered by a trigger: one reads the base,
/// one reads the trigger; what the rules return is performed outside the lock.
@usableFromInline
final class TriggeredStorage<
  Base: AsyncSequence & Sendable, Trigger: AsyncSequence & Sendable, Failure: Error
>: OutboxOwner where Base.Element: Sendable {
  @usableFromInline typealias Element = Base.Element
  @usableFromInline typealias State = TriggeredState<Element, Failure>

  @usableFromInline let sequence: AsyncTriggeredSequence<Base, Trigger, Failure>
  @usableFromInline let state: Lock<State>
  /// Both iterators are made when the operator's iterator is made: a subject upstream, base
  /// or trigger, keeps what it is sent until the first `next()`.
  @usableFromInline let base: Subscription<Base.AsyncIterator>
  @usableFromInline let trigger: Subscription<Trigger.AsyncIterator>

  @inlinable init(_ sequence: AsyncTriggeredSequence<Base, Trigger, Failure>) {
    self.sequence = sequence
    state = Lock(State(rules: sequence.rules))
    base = Subscription(sequence.base.makeAsyncIterator())
    trigger = Subscription(sequence.trigger.makeAsyncIterator())
  }

  @inlinable func withOutbox<R>(_ body: (inout Outbox<Element, Failure>) -> R) -> R {
    state.withLock { body(&$0.outbox) }
  }

  @inlinable func startIfNeeded() {
    state.withLock { state in
      guard !state.isStarted, !state.outbox.isClosed else { return }
      state.isStarted = true
      let name = state.rules.name
      // The trigger first: of a base element and a trigger at the same instant, the trigger's
      // task was started first and wakes first (see the operators' same-instant rules).
      state.triggerTask = spawnTask(named: "\(name): trigger") { [self] in await readTrigger() }
      state.baseTask = spawnTask(named: "\(name): base") { [self] in await readBase() }
    }
  }

  @inlinable func cancel() {
    let effects = state.withLock { state in
      state.outbox.isClosed ? State.Effects() : state.perform(.end(.cancelled))
    }
    effects.wakeups.resume()
    for task in effects.cancel { task.cancel() }
  }

  /// Performs what an event asked for outside the lock; `false` when the reading must stop.
  @inlinable func settle(_ effects: State.Effects) async -> Bool {
    effects.wakeups.resume()
    for task in effects.cancel { task.cancel() }
    if effects.stop { return false }
    switch effects.push {
    case .accepted: return true
    case .closed: return false
    case .full:
      await waitForRoom()
      return !state.withLock { $0.outbox.isClosed }
    }
  }

  @inlinable func readBase() async {
    var fairness = Fairness()
    let end = await iterate(base) { element in
      if fairness.isDue() { await Task.yield() }
      return await settle(state.withLock { $0.perform($0.rules.baseElement(element)) })
    }
    guard let end else { return }
    let converted = end.map(sequence.baseError)
    _ = await settle(state.withLock { $0.perform($0.rules.baseEnded(converted)) })
  }

  @inlinable func readTrigger() async {
    var fairness = Fairness()
    let end = await iterate(trigger) { _ in
      if fairness.isDue() { await Task.yield() }
      return await settle(state.withLock { $0.perform($0.rules.triggerFired()) })
    }
    guard let end else { return }
    let converted: Terminal<Failure>? =
      switch end {
      case .finished: .finished
      case .cancelled: nil
      case .failed(let error): sequence.triggerError(error).map { .failed($0) }
      }
    _ = await settle(state.withLock { $0.perform($0.rules.triggerEnded(converted)) })
  }
}
