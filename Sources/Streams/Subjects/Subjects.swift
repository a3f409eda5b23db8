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
///   receiving; the others go on.
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
/// what is sent after (Combine's `CurrentValueSubject`). Buffering, termination, failure and
/// cancellation are those of ``PassthroughSubject``.
public final class CurrentValueSubject<Element: Sendable, Failure: Error>: AsyncSequence, Sendable {
  @usableFromInline let fanout: Fanout<Element, Failure>

  /// A subject whose current value is `value`.
  public init(_ value: Element, bufferingPolicy: BufferingPolicy = .unbounded) {
    fanout = Fanout(policy: bufferingPolicy.withoutWaiting, replay: value)
  }

  /// The current value; setting it sends the new value to every consumer.
  public var value: Element {
    get { fanout.state.withLock { $0.replay } ?? initialValueUnavailable() }
    set { send(newValue) }
  }

  /// Makes `element` the current value and sends it to every consumer.
  @inlinable public func send(_ element: Element) {
    _ = fanout.send(element, keep: true)
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

extension BufferingPolicy {
  /// The policy for a sender that never waits: `bounded` keeps the oldest.
  var withoutWaiting: BufferingPolicy {
    if case .bounded(let limit) = self { return .bufferingOldest(limit) }
    return self
  }
}
