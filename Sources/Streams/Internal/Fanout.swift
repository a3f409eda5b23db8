import Synchronization

/// How many elements wait for a slow consumer of a subject or a shared sequence, and which
/// go when there are too many. Sending never waits for a consumer, except with
/// ``AsyncShareSequence``'s `.bounded` policy.
public enum BufferingPolicy: Sendable, Hashable {
  /// At most this many wait per consumer, and nothing is lost: a shared base waits until the
  /// slowest consumer has room. (A subject never waits: for it, this is `bufferingOldest`.)
  case bounded(Int)
  /// Every element waits; memory grows with a consumer that does not keep up.
  case unbounded
  /// At most this many wait; the oldest is dropped for a new one.
  case bufferingNewest(Int)
  /// At most this many wait; new elements are dropped while the buffer is full.
  case bufferingOldest(Int)
}

/// Hands every element to each of several consumers, each with its own outbox, under one lock.
/// The core of subjects and of `share()`.
@usableFromInline final class Fanout<Element: Sendable, Failure: Error>: Sendable {
  @usableFromInline struct State: Sendable {
    @usableFromInline var subscribers: [UInt64: Outbox<Element, Failure>] = [:]
    @usableFromInline var nextID: UInt64 = 0
    @usableFromInline var terminal: Terminal<Failure>?
    /// The element a new consumer receives first (a current-value subject's value).
    @usableFromInline var replay: Element?

    @inlinable init(replay: Element?) {
      self.replay = replay
    }
  }

  @usableFromInline let state: Lock<State>
  @usableFromInline let policy: BufferingPolicy
  /// The buffer size at which a producer that waits (`share` with `.bounded`) waits.
  @usableFromInline let capacity: Int

  @inlinable init(policy: BufferingPolicy, capacity: Int = .max, replay: Element? = nil) {
    self.policy = policy
    self.capacity = capacity
    state = Lock(State(replay: replay))
  }

  /// Adds a consumer; it first receives the replayed element, if any, and at once the end if
  /// the elements have ended.
  @inlinable func subscribe() -> UInt64 {
    state.withLock { state in
      state.nextID += 1
      var outbox = Outbox<Element, Failure>(capacity: capacity)
      if let replay = state.replay { _ = outbox.push(replay) }
      if let terminal = state.terminal { _ = outbox.close(terminal) }
      state.subscribers[state.nextID] = outbox
      return state.nextID
    }
  }

  /// Hands `element` to every consumer. Returns a consumer whose buffer is now full, for a
  /// producer that waits for room.
  @inlinable func send(_ element: Element, keep: Bool = false) -> UInt64? {
    let (wakeups, full) = state.withLock { state -> (Wakeups, UInt64?) in
      guard state.terminal == nil else { return (Wakeups(), nil) }
      if keep { state.replay = element }
      var wakeups = Wakeups()
      var full: UInt64?
      for index in state.subscribers.values.indices {
        let (outcome, woken) = state.subscribers.values[index].push(element, policy: policy)
        wakeups.add(woken)
        if case .full = outcome { full = state.subscribers.keys[index] }
      }
      return (wakeups, full)
    }
    wakeups.resume()
    return full
  }

  /// Ends the elements for every consumer, present and future.
  @inlinable func finish(_ end: Terminal<Failure>) {
    let wakeups = state.withLock { state -> Wakeups in
      guard state.terminal == nil else { return Wakeups() }
      state.terminal = end
      var wakeups = Wakeups()
      for index in state.subscribers.values.indices {
        wakeups.add(state.subscribers.values[index].close(end))
      }
      return wakeups
    }
    wakeups.resume()
  }

  /// Removes a consumer; returns how many are left.
  @inlinable func unsubscribe(_ id: UInt64) -> Int {
    let (wakeups, left) = state.withLock { state -> (Wakeups, Int) in
      var wakeups = Wakeups()
      if var outbox = state.subscribers.removeValue(forKey: id) {
        wakeups = outbox.close(.cancelled)
      }
      return (wakeups, state.subscribers.count)
    }
    wakeups.resume()
    return left
  }

  /// Runs `body` on a consumer's outbox (a closed one once it is gone).
  @inlinable func withOutbox<R>(_ id: UInt64, _ body: (inout Outbox<Element, Failure>) -> R) -> R {
    state.withLock { state in
      guard state.subscribers[id] != nil else {
        var gone = Outbox<Element, Failure>(capacity: 1)
        _ = gone.close(.cancelled)
        return body(&gone)
      }
      return body(&state.subscribers[id, default: Outbox(capacity: 1)])
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

/// The iterator of a subject or a shared sequence: one consumer's elements.
public struct AsyncFanoutIterator<Element: Sendable, Failure: Error>: AsyncIteratorProtocol {
  @usableFromInline var reader: OutboxReader<FanoutSubscriber<Element, Failure>>

  @inlinable init(_ subscriber: FanoutSubscriber<Element, Failure>) {
    reader = OutboxReader(subscriber)
  }

  /// The next element sent, or `nil` at the end or after cancellation.
  @inlinable
  public mutating func next(
    isolation actor: isolated (any Actor)? = #isolation
  ) async throws(Failure) -> Element? {
    try await reader.next(isolation: actor)
  }

  /// The next element sent, or `nil` at the end or after cancellation.
  @inlinable
  public mutating func next() async throws(Failure) -> Element? {
    try await reader.next(isolation: nil)
  }
}

@available(*, unavailable)
extension AsyncFanoutIterator: Sendable {}
