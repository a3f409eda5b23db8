extension AsyncSequence where Self: Sendable, Element: Sendable {
  /// Emits at most one element per `interval`: the first at once, then the latest (or the
  /// first) of those that arrive while a window is open, when it closes.
  ///
  /// ```swift
  /// for await offset in scrollOffsets.throttle(for: .milliseconds(100), clock: clock) { … }
  /// ```
  ///
  /// - **Termination:** when the base finishes while an element is held, that element is
  ///   emitted at once, then the sequence finishes.
  /// - **Failure:** an error from the base is thrown at once; a held element is dropped.
  ///   Over a base that cannot fail, the sequence cannot fail either.
  /// - **Cancellation:** cancelling the consuming task or dropping the iterator cancels the
  ///   task reading the base and the timer; `next()` then returns `nil`.
  /// - **Buffering:** the base is read as fast as it produces; one element is held at a
  ///   time; emitted elements wait for the consumer in order (at most one per interval).
  /// - **Same instant:** windows are half-open: an element arriving exactly when a window
  ///   closes belongs to the next window.
  ///
  /// - Parameters:
  ///   - interval: The shortest time between two emitted elements.
  ///   - clock: The clock that measures the windows.
  ///   - latest: Whether a window emits the latest element it saw (`true`) or the first.
  @inlinable
  public func throttle<C: Clock>(
    for interval: C.Duration, clock: C, latest: Bool = true
  ) -> AsyncThrottleSequence<Self, C> {
    AsyncThrottleSequence(base: self, interval: interval, clock: clock, latest: latest)
  }

  /// Emits at most one element per `interval` on the continuous clock (see
  /// `throttle(for:clock:latest:)`).
  @inlinable
  public func throttle(
    for interval: Duration, latest: Bool = true
  ) -> AsyncThrottleSequence<Self, ContinuousClock> {
    throttle(for: interval, clock: .continuous, latest: latest)
  }
}

/// A sequence that emits at most one element of its base per interval. Made by
/// `throttle(for:clock:latest:)`; see <doc:Throttle>.
public struct AsyncThrottleSequence<Base: AsyncSequence & Sendable, C: Clock>: AsyncSequence,
  Sendable
where Base.Element: Sendable {
  /// The base's element type.
  public typealias Element = Base.Element
  /// The base's failure type.
  public typealias Failure = Base.Failure
  @usableFromInline typealias Storage = TimedStorage<
    Base, C, ThrottleGate<Base.Element, Base.Failure, C.Instant>
  >

  @usableFromInline let base: Base
  @usableFromInline let interval: C.Duration
  @usableFromInline let clock: C
  @usableFromInline let latest: Bool

  @inlinable init(base: Base, interval: C.Duration, clock: C, latest: Bool) {
    self.base = base
    self.interval = interval
    self.clock = clock
    self.latest = latest
  }

  /// Creates an iterator; each iterator reads the base on its own.
  @inlinable
  public func makeAsyncIterator() -> Iterator {
    Iterator(
      reader: OutboxReader(
        Storage(
          base: base, gate: ThrottleGate(interval: interval, latest: latest), tolerance: nil,
          clock: clock, name: "throttle")))
  }

  /// The iterator of a throttled sequence.
  public struct Iterator: AsyncIteratorProtocol {
    @usableFromInline var reader: OutboxReader<Storage>

    @inlinable init(reader: OutboxReader<Storage>) {
      self.reader = reader
    }

    /// The next element let through, or `nil` at the end or after cancellation.
    @inlinable
    public mutating func next(
      isolation actor: isolated (any Actor)? = #isolation
    ) async throws(Failure) -> Element? {
      try await reader.next(isolation: actor)
    }

    /// The next element let through, or `nil` at the end or after cancellation.
    @inlinable
    public mutating func next() async throws(Failure) -> Element? {
      try await reader.next(isolation: nil)
    }
  }
}

@available(*, unavailable)
extension AsyncThrottleSequence.Iterator: Sendable {}
