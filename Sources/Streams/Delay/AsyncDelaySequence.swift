extension AsyncSequence where Self: Sendable, Element: Sendable {
  /// Emits each element `interval` after the base produced it: the same elements and the
  /// same spacing, later.
  ///
  /// ```swift
  /// for await toast in toasts.delay(for: .seconds(2), clock: clock) { hide(toast) }
  /// ```
  ///
  /// - **Termination:** the base's finish goes out after the last element waiting (at once
  ///   when none waits).
  /// - **Failure:** an error from the base is thrown at once; elements still waiting are
  ///   dropped. Over a base that cannot fail, the sequence cannot fail either.
  /// - **Cancellation:** cancelling the consuming task or dropping the iterator cancels the
  ///   task reading the base and the timer's sleep; `next()` then returns `nil`.
  /// - **Buffering:** the base is read as fast as it produces; every element waits its
  ///   interval, then waits for the consumer in arrival order (unbounded: a base faster than
  ///   the consumer grows the buffer).
  /// - **Same instant:** an element due at the instant another arrives goes out first; a
  ///   finish at the instant the last element is due comes after it.
  ///
  /// - Parameters:
  ///   - interval: How long each element is held.
  ///   - tolerance: The sleep tolerance passed to the clock.
  ///   - clock: The clock that measures the interval.
  @inlinable public func delay<C: Clock>(
    for interval: C.Duration,
    tolerance: C.Duration? = nil,
    clock: C
  ) -> AsyncDelaySequence<Self, C> {
    AsyncDelaySequence(base: self, interval: interval, tolerance: tolerance, clock: clock)
  }

  /// Emits each element `interval` after the base produced it, measured on the continuous
  /// clock (see ``delay(for:tolerance:clock:)``).
  @inlinable public func delay(
    for interval: Duration,
    tolerance: Duration? = nil
  ) -> AsyncDelaySequence<Self, ContinuousClock> {
    delay(for: interval, tolerance: tolerance, clock: .continuous)
  }
}

/// A sequence that emits its base's elements, each after a fixed interval.
///
/// Made by `delay(for:tolerance:clock:)`; see <doc:Delay>.
public struct AsyncDelaySequence<Base: AsyncSequence & Sendable, C: Clock>: AsyncSequence,
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
    Iterator(reader: timed.reader(DelayGate(interval: timed.interval), name: "delay"))
  }

  /// The iterator of a delayed sequence.
  public struct Iterator: AsyncIteratorProtocol {
    @usableFromInline var reader:
      OutboxReader<TimedStorage<Base, C, DelayGate<Base.Element, Base.Failure, C.Instant>>>

    @inlinable init(
      reader: OutboxReader<
        TimedStorage<Base, C, DelayGate<Base.Element, Base.Failure, C.Instant>>
      >
    ) {
      self.reader = reader
    }

    /// The next element whose interval has passed, or `nil` at the end or after cancellation.
    @inlinable public mutating func next(
      isolation actor: isolated (any Actor)? = #isolation
    ) async throws(Failure) -> Element? {
      try await reader.next(isolation: actor)
    }

    /// The next element whose interval has passed, or `nil` at the end or after cancellation.
    @inlinable public mutating func next() async throws(Failure) -> Element? {
      try await reader.next(isolation: nil)
    }
  }
}

@available(*, unavailable)
extension AsyncDelaySequence.Iterator: Sendable {}
