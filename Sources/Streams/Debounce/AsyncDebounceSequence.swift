extension AsyncSequence where Self: Sendable, Element: Sendable {
  /// Emits an element only once `interval` has passed without a newer one.
  ///
  /// ```swift
  /// for await query in keystrokes.debounce(for: .milliseconds(300), clock: clock) { ... }
  /// ```
  ///
  /// - **Termination:** when the base finishes while an element is pending, that element is
  ///   emitted at once, then the sequence finishes.
  /// - **Failure:** an error from the base is thrown at once; the pending element is dropped.
  ///   Over a base that cannot fail, the sequence cannot fail either.
  /// - **Cancellation:** cancelling the consuming task or dropping the iterator cancels the
  ///   task reading the base and the pending sleep; `next()` then returns `nil`.
  /// - **Buffering:** the base is read as fast as it produces; one element is pending at a
  ///   time. Settled elements wait for the consumer in arrival order (at most one per
  ///   interval).
  /// - **Same instant:** an element settles when `interval` has fully passed; a newer element
  ///   arriving exactly at that instant does not cancel it, and an end at that instant (even
  ///   a failure) comes after it.
  ///
  /// - Parameters:
  ///   - interval: The quiet period after which the latest element is emitted.
  ///   - tolerance: The sleep tolerance passed to the clock.
  ///   - clock: The clock that measures the quiet period.
  @inlinable public func debounce<C: Clock>(
    for interval: C.Duration,
    tolerance: C.Duration? = nil,
    clock: C
  ) -> AsyncDebounceSequence<Self, C> {
    AsyncDebounceSequence(base: self, interval: interval, tolerance: tolerance, clock: clock)
  }

  /// Emits an element only once `interval` has passed without a newer one, measured on the
  /// continuous clock (see ``debounce(for:tolerance:clock:)``).
  @inlinable public func debounce(
    for interval: Duration,
    tolerance: Duration? = nil
  ) -> AsyncDebounceSequence<Self, ContinuousClock> {
    debounce(for: interval, tolerance: tolerance, clock: .continuous)
  }
}

/// A sequence that emits the latest element of its base after a quiet period.
///
/// Made by `debounce(for:tolerance:clock:)`; see <doc:Debounce>.
public struct AsyncDebounceSequence<Base: AsyncSequence & Sendable, C: Clock>: AsyncSequence,
  Sendable
where Base.Element: Sendable {
  /// The base's element type.
  public typealias Element = Base.Element
  /// The base's failure type.
  public typealias Failure = Base.Failure

  @usableFromInline let timed: TimedParameters<Base, C>

  @inlinable init(base: Base, interval: C.Duration, tolerance: C.Duration?, clock: C) {
    timed = TimedParameters(base: base, interval: interval, tolerance: tolerance, clock: clock)
  }

  /// Creates an iterator; each iterator reads the base on its own.
  @inlinable public func makeAsyncIterator() -> Iterator {
    Iterator(reader: timed.reader(DebounceGate(interval: timed.interval), name: "debounce"))
  }

  /// The iterator of a debounced sequence.
  public struct Iterator: AsyncIteratorProtocol {
    @usableFromInline var reader:
      OutboxReader<TimedStorage<Base, C, DebounceGate<Base.Element, Base.Failure, C.Instant>>>

    @inlinable init(
      reader: OutboxReader<
        TimedStorage<Base, C, DebounceGate<Base.Element, Base.Failure, C.Instant>>
      >
    ) {
      self.reader = reader
    }

    /// The next settled element, or `nil` at the end or after cancellation.
    @inlinable public mutating func next(
      isolation actor: isolated (any Actor)? = #isolation
    ) async throws(Failure) -> Element? {
      try await reader.next(isolation: actor)
    }

    /// The next settled element, or `nil` at the end or after cancellation.
    @inlinable public mutating func next() async throws(Failure) -> Element? {
      try await reader.next(isolation: nil)
    }
  }
}

@available(*, unavailable)
extension AsyncDebounceSequence.Iterator: Sendable {}
