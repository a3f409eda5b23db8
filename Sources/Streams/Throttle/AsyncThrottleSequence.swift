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
  ///   closes belongs to the next window; an end at that instant (even a failure) comes
  ///   after what the window held.
  ///
  /// - Parameters:
  ///   - interval: The shortest time between two emitted elements.
  ///   - clock: The clock that measures the windows.
  ///   - latest: Whether a window emits the latest element it saw (`true`) or the first.
  @inlinable
  public func throttle<C: Clock>(
    for interval: C.Duration, clock: C, latest: Bool = true
  ) -> AsyncThrottleSequence<Self, C, Element> {
    let keepLatest: @Sendable (Element?, Element) -> Element = { _, element in element }
    let keepFirst: @Sendable (Element?, Element) -> Element = { held, element in held ?? element }
    return AsyncThrottleSequence(
      base: self, interval: interval, clock: clock, reduce: latest ? keepLatest : keepFirst,
      fold: nil)
  }

  /// Emits at most one element per `interval` on the continuous clock (see
  /// `throttle(for:clock:latest:)`).
  @inlinable
  public func throttle(
    for interval: Duration, latest: Bool = true
  ) -> AsyncThrottleSequence<Self, ContinuousClock, Element> {
    throttle(for: interval, clock: .continuous, latest: latest)
  }

  /// Emits at most one value per `interval`: the first element reduced at once, then, when a
  /// window closes, the reduction of the elements that arrived while it was open.
  ///
  /// ```swift
  /// // How far the user scrolled in each 100 ms window.
  /// offsets.throttle(for: .milliseconds(100), clock: clock) { total, delta in (total ?? 0) + delta }
  /// ```
  ///
  /// The windows, termination, failure and cancellation are those of
  /// `throttle(for:clock:latest:)`. `reducing` receives `nil` for the first element of a
  /// window; it runs in the task that reads the base, never under a lock, so it may suspend.
  ///
  /// - Parameters:
  ///   - interval: The shortest time between two emitted values.
  ///   - clock: The clock that measures the windows.
  ///   - reducing: Combines what the window holds so far with a new element.
  @inlinable
  public func throttle<C: Clock, Reduced: Sendable>(
    for interval: C.Duration, clock: C,
    reducing: @escaping @Sendable (Reduced?, Element) async -> Reduced
  ) -> AsyncThrottleSequence<Self, C, Reduced> {
    AsyncThrottleSequence(base: self, interval: interval, clock: clock, reduce: nil, fold: reducing)
  }

  /// Emits at most one reduced value per `interval`, with a reducer that does not suspend:
  /// it runs under the operator's lock, in one step per element (Swift picks this overload
  /// for a closure without `await`). See `throttle(for:clock:reducing:)`.
  @inlinable
  public func throttle<C: Clock, Reduced: Sendable>(
    for interval: C.Duration, clock: C,
    reducing: @escaping @Sendable (Reduced?, Element) -> Reduced
  ) -> AsyncThrottleSequence<Self, C, Reduced> {
    AsyncThrottleSequence(
      base: self, interval: interval, clock: clock, reduce: reducing, fold: nil)
  }

  /// Emits at most one reduced value per `interval` on the continuous clock, with a reducer
  /// that does not suspend (see `throttle(for:clock:reducing:)`).
  @inlinable
  public func throttle<Reduced: Sendable>(
    for interval: Duration,
    reducing: @escaping @Sendable (Reduced?, Element) -> Reduced
  ) -> AsyncThrottleSequence<Self, ContinuousClock, Reduced> {
    throttle(for: interval, clock: .continuous, reducing: reducing)
  }

  /// Emits at most one reduced value per `interval` on the continuous clock (see
  /// `throttle(for:clock:reducing:)`).
  @inlinable
  public func throttle<Reduced: Sendable>(
    for interval: Duration,
    reducing: @escaping @Sendable (Reduced?, Element) async -> Reduced
  ) -> AsyncThrottleSequence<Self, ContinuousClock, Reduced> {
    throttle(for: interval, clock: .continuous, reducing: reducing)
  }
}

/// A sequence that emits at most one element, or reduced value, of its base per interval.
/// Made by `throttle(for:clock:latest:)` and `throttle(for:clock:reducing:)`; see
/// <doc:Throttle>.
public struct AsyncThrottleSequence<Base: AsyncSequence & Sendable, C: Clock, Reduced: Sendable>:
  AsyncSequence, Sendable
where Base.Element: Sendable {
  /// The reduced value of a window (the base's element for `latest:`).
  public typealias Element = Reduced
  /// The base's failure type.
  public typealias Failure = Base.Failure
  @usableFromInline typealias Gate = ThrottleGate<Base.Element, Reduced, Base.Failure, C.Instant>
  @usableFromInline typealias Storage = TimedStorage<Base, C, Gate>

  @usableFromInline let timed: TimedParameters<Base, C>
  @usableFromInline let reduce: Gate.Reduce?
  @usableFromInline let fold: Storage.Fold?

  @inlinable init(
    base: Base, interval: C.Duration, clock: C, reduce: Gate.Reduce?, fold: Storage.Fold?
  ) {
    timed = TimedParameters(base: base, interval: interval, tolerance: nil, clock: clock)
    self.reduce = reduce
    self.fold = fold
  }

  /// Creates an iterator; each iterator reads the base on its own.
  @inlinable
  public func makeAsyncIterator() -> Iterator {
    Iterator(
      reader: timed.reader(
        Gate(interval: timed.interval, reduce: reduce), name: "throttle", fold: fold))
  }

  /// The iterator of a throttled sequence.
  public struct Iterator: AsyncIteratorProtocol {
    @usableFromInline var reader: OutboxReader<Storage>

    @inlinable init(reader: OutboxReader<Storage>) {
      self.reader = reader
    }

    /// The next value let through, or `nil` at the end or after cancellation.
    @inlinable
    public mutating func next(
      isolation actor: isolated (any Actor)? = #isolation
    ) async throws(Failure) -> Element? {
      try await reader.next(isolation: actor)
    }

    /// The next value let through, or `nil` at the end or after cancellation.
    @inlinable
    public mutating func next() async throws(Failure) -> Element? {
      try await reader.next(isolation: nil)
    }
  }
}

@available(*, unavailable)
extension AsyncThrottleSequence.Iterator: Sendable {}
