/// A sequence fed from imperative code: every consumer receives the elements sent after it
/// started iterating (Combine's `PassthroughSubject`).
///
/// ```swift
/// let queries = PassthroughSubject<String, Never>()
/// let states = viewModel.transform(input: MoviesSearchInput(…, search: queries, …))
/// queries.send("mat")  // from a text field's callback
/// ```
///
/// - **Sending** never waits: each consumer has a buffer with the subject's
///   ``BufferingPolicy`` (unbounded by default; with a bound, a slow consumer loses the oldest
///   or the newest elements, as chosen).
/// - **Termination and failure:** `finish()` and `fail(_:)` end the sequence for every
///   consumer, after the elements already sent; later consumers get the end at once; later
///   sends are ignored.
/// - **Cancellation:** a consumer whose task is cancelled, or that drops its iterator, stops
///   receiving at once (what was buffered for it is dropped); the others go on.
/// - **Same instant:** consumers are woken in the order they subscribed.
public final class PassthroughSubject<Element: Sendable, Failure: Error>: AsyncSequence, Sendable {
  @usableFromInline let fanout: Fanout<Element, Failure>

  /// A subject whose consumers buffer elements following `bufferingPolicy`.
  public init(bufferingPolicy: BufferingPolicy = .unbounded) {
    fanout = Fanout(policy: bufferingPolicy.withoutWaiting)
  }

  /// Sends `element` to every consumer.
  @inlinable public func send(_ element: Element) {
    _ = fanout.send(element)
  }

  /// Ends the sequence for every consumer.
  public func finish() {
    fanout.finish(.finished)
  }

  /// Ends the sequence with `error` for every consumer.
  public func fail(_ error: Failure) {
    fanout.finish(.failed(error))
  }

  /// A new consumer: it receives what is sent from now on.
  @inlinable public func makeAsyncIterator() -> AsyncFanoutIterator<Element, Failure> {
    AsyncFanoutIterator(FanoutSubscriber(fanout))
  }
}

/// A subject with a current value: each new consumer first receives the current value, then
/// what is sent after (Combine's `CurrentValueSubject`). Buffering, cancellation and the
/// order of consumers are those of ``PassthroughSubject``.
///
/// - **Termination and failure:** as in Combine, a consumer that arrives after `finish()` or
///   `fail(_:)` receives only the end, not the last value. Setting ``value`` after the end
///   still changes it (nothing is sent); `send(_:)` after the end is ignored.
public final class CurrentValueSubject<Element: Sendable, Failure: Error>: AsyncSequence, Sendable {
  @usableFromInline let fanout: Fanout<Element, Failure>

  /// A subject whose current value is `value`.
  public init(_ value: Element, bufferingPolicy: BufferingPolicy = .unbounded) {
    fanout = Fanout(
      policy: bufferingPolicy.withoutWaiting, replay: 1, history: [value], replaysAfterEnd: false)
  }

  /// The current value; setting it sends the new value to every consumer (and after the end,
  /// only keeps it).
  public var value: Element {
    get { fanout.state.withLock { $0.history.last } ?? initialValueUnavailable() }
    set { _ = fanout.send(newValue, remembersAfterEnd: true) }
  }

  /// Makes `element` the current value and sends it to every consumer; ignored after the end.
  @inlinable public func send(_ element: Element) {
    _ = fanout.send(element)
  }

  /// Ends the sequence for every consumer.
  public func finish() {
    fanout.finish(.finished)
  }

  /// Ends the sequence with `error` for every consumer.
  public func fail(_ error: Failure) {
    fanout.finish(.failed(error))
  }

  /// A new consumer: the current value first, then what is sent from now on.
  @inlinable public func makeAsyncIterator() -> AsyncFanoutIterator<Element, Failure> {
    AsyncFanoutIterator(FanoutSubscriber(fanout))
  }

  private func initialValueUnavailable() -> Element {
    preconditionFailure("a CurrentValueSubject always has a value")
  }
}

/// A subject that replays the last `bufferSize` elements sent to each new consumer, then
/// what is sent after (RxJS's `ReplaySubject`). Buffering, cancellation and the order of
/// consumers are those of ``PassthroughSubject``.
///
/// ```swift
/// let log = ReplaySubject<String, Never>(bufferSize: 100)
/// log.send("started")
/// for await line in log { print(line) }  // "started" first
/// ```
///
/// - **Termination and failure:** a consumer that arrives after `finish()` or `fail(_:)`
///   still receives the replayed elements, then the end (as in RxJS).
/// - **Buffering:** `bufferingPolicy` limits what is sent after a consumer arrived; the
///   replay itself is never cut by it, so a new consumer receives all of the latest
///   `bufferSize` elements even with `.bounded(2)`.
/// - **Memory:** the subject holds at most `bufferSize` elements for late consumers, besides
///   what each consumer's own buffer holds.
public final class ReplaySubject<Element: Sendable, Failure: Error>: AsyncSequence, Sendable {
  @usableFromInline let fanout: Fanout<Element, Failure>

  /// A subject that replays up to `bufferSize` of the latest elements (at least one).
  public init(bufferSize: Int, bufferingPolicy: BufferingPolicy = .unbounded) {
    fanout = Fanout(policy: bufferingPolicy.withoutWaiting, replay: Swift.max(1, bufferSize))
  }

  /// Sends `element` to every consumer and keeps it for later ones.
  @inlinable public func send(_ element: Element) {
    _ = fanout.send(element)
  }

  /// Ends the sequence for every consumer.
  public func finish() {
    fanout.finish(.finished)
  }

  /// Ends the sequence with `error` for every consumer.
  public func fail(_ error: Failure) {
    fanout.finish(.failed(error))
  }

  /// A new consumer: the replayed elements first, then what is sent from now on.
  @inlinable public func makeAsyncIterator() -> AsyncFanoutIterator<Element, Failure> {
    AsyncFanoutIterator(FanoutSubscriber(fanout))
  }
}

extension BufferingPolicy {
  /// The policy for a sender that never waits: `bounded` keeps the oldest.
  var withoutWaiting: BufferingPolicy {
    if case .bounded(let limit) = self { return .bufferingOldest(limit) }
    return self
  }
}
