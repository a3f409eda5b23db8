import Synchronization

/// Hands every element to each of several consumers, each with its own outbox, under one lock.
/// The core of subjects and of `share()`.
///
/// Consumers are kept, and woken, in the order they subscribed: on virtual time, what a
/// fan-out emits at one instant comes out in the same order on every run.
@usableFromInline final class Fanout<Element: Sendable, Failure: Error>: Sendable {
  @usableFromInline struct Subscriber: Sendable {
    @usableFromInline let id: UInt64
    @usableFromInline var outbox: Outbox<Element, Failure>

    @inlinable init(id: UInt64, outbox: Outbox<Element, Failure>) {
      self.id = id
      self.outbox = outbox
    }
  }

  @usableFromInline struct State: Sendable {
    /// In subscription order.
    @usableFromInline var subscribers: [Subscriber] = []
    @usableFromInline var nextID: UInt64 = 0
    @usableFromInline var terminal: Terminal<Failure>?
    /// The latest elements (at most `replay` of them), which a new consumer receives first.
    @usableFromInline var history: [Element]

    @inlinable init(history: [Element]) {
      self.history = history
    }

    @inlinable func index(of id: UInt64) -> Int? {
      subscribers.firstIndex { $0.id == id }
    }
  }

  @usableFromInline let state: Lock<State>
  @usableFromInline let policy: BufferingPolicy
  /// The buffer size at which a producer that waits (`share` with `.bounded`) waits.
  @usableFromInline let capacity: Int
  /// How many of the latest elements a new consumer receives first.
  @usableFromInline let replay: Int
  /// Whether a consumer arriving after the end still receives the history before the end
  /// (a replay subject) or only the end (a current-value subject, as in Combine).
  @usableFromInline let replaysAfterEnd: Bool

  @inlinable init(
    policy: BufferingPolicy, capacity: Int = .max, replay: Int = 0, history: [Element] = [],
    replaysAfterEnd: Bool = true
  ) {
    self.policy = policy
    self.capacity = capacity
    self.replay = replay
    self.replaysAfterEnd = replaysAfterEnd
    state = Lock(State(history: history))
  }

  /// Adds a consumer: it first receives the history, and at once the end if the elements
  /// have ended.
  @inlinable func subscribe() -> UInt64 {
    state.withLock { state in
      state.nextID += 1
      var outbox = Outbox<Element, Failure>(capacity: capacity, takesOne: policy.drops)
      if state.terminal == nil || replaysAfterEnd {
        outbox.replay(state.history)
      }
      if let terminal = state.terminal { _ = outbox.close(terminal) }
      state.subscribers.append(Subscriber(id: state.nextID, outbox: outbox))
      return state.nextID
    }
  }

  /// Hands `element` to every consumer; after the end it is dropped, but remembered as the
  /// latest element when `remembersAfterEnd` (a current-value subject's `value`).
  ///
  /// - Returns: Whether some consumer's buffer is now full, for a producer that waits for room.
  @inlinable func send(_ element: Element, remembersAfterEnd: Bool = false) -> Bool {
    let (wakeups, full) = state.withLock { state -> (Wakeups, Bool) in
      if replay > 0, state.terminal == nil || remembersAfterEnd {
        if state.history.count == replay { state.history.removeFirst() }
        state.history.append(element)
      }
      guard state.terminal == nil else { return (Wakeups(), false) }
      var wakeups = Wakeups()
      var full = false
      for index in state.subscribers.indices {
        let (outcome, woken) = state.subscribers[index].outbox.push(element, policy: policy)
        wakeups.add(woken)
        if case .full = outcome { full = true }
      }
      return (wakeups, full)
    }
    wakeups.resume()
    return full
  }

  /// Waits until no consumer's buffer is full (or every full one has gone): the slowest
  /// consumer sets the pace.
  @inlinable func waitForRoom() async {
    while state.withLock({ $0.subscribers.contains { $0.outbox.isFull } }) {
      await withUnsafeContinuation { continuation in
        // Parks on the first full consumer; once it has room, look again.
        let parked = state.withLock { state -> Bool in
          guard let index = state.subscribers.firstIndex(where: { $0.outbox.isFull }) else {
            return false
          }
          return state.subscribers[index].outbox.parkProducer(continuation)
        }
        if !parked { continuation.resume() }
      }
    }
  }

  /// Ends the elements for every consumer, present and future.
  @inlinable func finish(_ end: Terminal<Failure>) {
    let wakeups = state.withLock { state -> Wakeups in
      guard state.terminal == nil else { return Wakeups() }
      state.terminal = end
      var wakeups = Wakeups()
      for index in state.subscribers.indices {
        wakeups.add(state.subscribers[index].outbox.close(end))
      }
      return wakeups
    }
    wakeups.resume()
  }

  /// Removes a consumer; returns how many are left.
  @inlinable func unsubscribe(_ id: UInt64) -> Int {
    let (wakeups, left) = state.withLock { state -> (Wakeups, Int) in
      var wakeups = Wakeups()
      if let index = state.index(of: id) {
        wakeups = state.subscribers[index].outbox.close(.cancelled)
        state.subscribers.remove(at: index)
      }
      return (wakeups, state.subscribers.count)
    }
    wakeups.resume()
    return left
  }

  /// Runs `body` on a consumer's outbox (a closed one once it is gone).
  @inlinable func withOutbox<R>(_ id: UInt64, _ body: (inout Outbox<Element, Failure>) -> R) -> R {
    state.withLock { state in
      guard let index = state.index(of: id) else {
        var gone = Outbox<Element, Failure>(capacity: 1)
        _ = gone.close(.cancelled)
        return body(&gone)
      }
      return body(&state.subscribers[index].outbox)
    }
  }
}

/// One consumer of a ``Fanout``, as the owner of its iterator's outbox.
@usableFromInline final class FanoutSubscriber<Element: Sendable, Failure: Error>: OutboxOwner {
  @usableFromInline let fanout: Fanout<Element, Failure>
  @usableFromInline let id: UInt64
  /// Called before the consumer waits (a shared sequence starts its base then).
  @usableFromInline let onStart: @Sendable () -> Void
  /// Called when the consumer goes away, with how many are left.
  @usableFromInline let onLeave: @Sendable (Int) -> Void

  @inlinable init(
    _ fanout: Fanout<Element, Failure>, onStart: @escaping @Sendable () -> Void = {},
    onLeave: @escaping @Sendable (Int) -> Void = { _ in }
  ) {
    self.fanout = fanout
    id = fanout.subscribe()
    self.onStart = onStart
    self.onLeave = onLeave
  }

  @inlinable func withOutbox<R>(_ body: (inout Outbox<Element, Failure>) -> R) -> R {
    fanout.withOutbox(id, body)
  }

  @inlinable func startIfNeeded() { onStart() }

  @inlinable func cancel() {
    onLeave(fanout.unsubscribe(id))
  }
}
