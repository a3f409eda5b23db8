extension AsyncSequence where Self: Sendable, Element: Sendable {
  /// Fails with ``TimeoutFailure/timedOut`` when no element arrives within `interval` — of
  /// the start, or of the element before.
  ///
  /// ```swift
  /// do throws(TimeoutFailure<Never>) {  // `replies` cannot fail: this is the only error
  ///   for try await answer in replies.timeout(after: .seconds(5), clock: clock) { … }
  /// } catch .timedOut {
  ///   show("The server did not answer.")
  /// }
  /// ```
  ///
  /// - **Termination:** finishes when the base finishes in time.
  /// - **Failure:** with ``TimeoutFailure/timedOut`` once the deadline passes (the base's
  ///   task is then cancelled), or with ``TimeoutFailure/base(_:)`` when the base fails. Over
  ///   a base that cannot fail, `.timedOut` is the only case a `catch` must handle.
  /// - **Cancellation:** cancelling the consuming task or dropping the iterator cancels the
  ///   task reading the base and the timer; `next()` then returns `nil`.
  /// - **Buffering:** elements pass at once; they wait for the consumer in order, without a
  ///   bound. A slow consumer never causes a timeout: only the base's pace counts.
  /// - **Same instant:** an element, or the base's end, arriving exactly at the deadline is
  ///   too late.
  ///
  /// - Parameters:
  ///   - interval: The longest wait for each element, from the first `next()`.
  ///   - tolerance: The sleep tolerance passed to the clock.
  ///   - clock: The clock that measures the waits.
  @inlinable
  public func timeout<C: Clock>(
    after interval: C.Duration, tolerance: C.Duration? = nil, clock: C
  ) -> AsyncTimeoutSequence<Self, C> {
    AsyncTimeoutSequence(base: self, interval: interval, tolerance: tolerance, clock: clock)
  }

  /// Fails with ``TimeoutFailure/timedOut`` when no element arrives within `interval` on the
  /// continuous clock (see ``timeout(after:tolerance:clock:)``).
  @inlinable
  public func timeout(
    after interval: Duration, tolerance: Duration? = nil
  ) -> AsyncTimeoutSequence<Self, ContinuousClock> {
    timeout(after: interval, tolerance: tolerance, clock: .continuous)
  }
}

/// Why a sequence made by `timeout(after:tolerance:clock:)` failed.
public enum TimeoutFailure<BaseFailure: Error>: Error {
  /// No element arrived in time.
  case timedOut
  /// The base failed with this error.
  case base(BaseFailure)
}

extension TimeoutFailure: Equatable where BaseFailure: Equatable {}

/// A sequence that fails when its base is silent for too long. Made by
/// `timeout(after:tolerance:clock:)`; see <doc:Timeout>.
public struct AsyncTimeoutSequence<Base: AsyncSequence & Sendable, C: Clock>: AsyncSequence,
  Sendable
where Base.Element: Sendable {
  /// The base's element type.
  public typealias Element = Base.Element
  /// A timeout, or the base's error.
  public typealias Failure = TimeoutFailure<Base.Failure>
  @usableFromInline typealias Storage = TimedStorage<
    Base, C, TimeoutGate<Base.Element, Base.Failure, C.Instant>
  >

  @usableFromInline let timed: TimedParameters<Base, C>

  @inlinable init(base: Base, interval: C.Duration, tolerance: C.Duration?, clock: C) {
    timed = TimedParameters(base: base, interval: interval, tolerance: tolerance, clock: clock)
  }

  /// Creates an iterator; each iterator reads the base on its own.
  @inlinable public func makeAsyncIterator() -> Iterator {
    Iterator(reader: timed.reader(TimeoutGate(interval: timed.interval), name: "timeout"))
  }

  /// The iterator of a sequence with a timeout.
  public struct Iterator: AsyncIteratorProtocol {
    @usableFromInline var reader: OutboxReader<Storage>

    @inlinable init(reader: OutboxReader<Storage>) {
      self.reader = reader
    }

    /// The next element, or `nil` at the end or after cancellation.
    @inlinable public mutating func next(
      isolation actor: isolated (any Actor)? = #isolation
    ) async throws(Failure) -> Element? {
      try await reader.next(isolation: actor)
    }

    /// The next element, or `nil` at the end or after cancellation.
    @inlinable public mutating func next() async throws(Failure) -> Element? {
      try await reader.next(isolation: nil)
    }
  }
}

@available(*, unavailable)
extension AsyncTimeoutSequence.Iterator: Sendable {}
