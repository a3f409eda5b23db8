extension AsyncSequence {
  /// After a failure, makes the base's iterator again — subscribing anew, as Combine's
  /// `retry` does — after a delay that `backoff` sets, up to `maxRetries` times in a row.
  ///
  /// ```swift
  /// let feed = prices.retry(5, backoff: .exponential(initial: .seconds(1), maximum: .seconds(30)), clock: clock)
  /// ```
  ///
  /// - **Termination:** when the base finishes.
  /// - **Failure:** a failure is retried while `shouldRetry` accepts it and fewer than
  ///   `maxRetries` retries were made since the last element; otherwise it is thrown. An
  ///   element resets the count: the retries are of consecutive failures, and the backoff
  ///   starts again from its first delay.
  /// - **Cancellation:** cancelling the consuming task ends the wait for a retry and
  ///   `next()` returns `nil`; during an attempt, the base's own cancellation applies.
  /// - **Buffering:** none; runs in the consumer's task. What a cold base gave before it
  ///   failed is given again by the new attempt: retry repeats a subscription, it does not
  ///   resume one.
  /// - **Same instant:** the new iterator is made at the instant the delay ends.
  ///
  /// - Parameters:
  ///   - maxRetries: How many times in a row the base may be made again (0: never).
  ///   - backoff: The delay before each retry.
  ///   - clock: The clock the delays are measured on.
  ///   - shouldRetry: Whether a failure is worth another attempt (default: every one).
  @inlinable public func retry<C: Clock>(
    _ maxRetries: Int, backoff: Backoff<C.Duration>, clock: C,
    if shouldRetry: @escaping @Sendable (Failure) -> Bool = { _ in true }
  ) -> AsyncRetrySequence<Self, C> where C.Duration: Sendable {
    precondition(maxRetries >= 0, "retry needs a count of at least 0")
    return AsyncRetrySequence(
      base: self, maxRetries: maxRetries, backoff: backoff, clock: clock, shouldRetry: shouldRetry)
  }
}

/// A sequence that makes its base again after a failure. Made by
/// `retry(_:backoff:clock:if:)`; see <doc:Retry>.
public struct AsyncRetrySequence<Base: AsyncSequence, C: Clock>: AsyncSequence
where C.Duration: Sendable {
  /// The base's element type.
  public typealias Element = Base.Element
  /// The base's failure type: the last failure, once no retry is left.
  public typealias Failure = Base.Failure

  @usableFromInline let base: Base
  @usableFromInline let maxRetries: Int
  @usableFromInline let backoff: Backoff<C.Duration>
  @usableFromInline let clock: C
  @usableFromInline let shouldRetry: @Sendable (Base.Failure) -> Bool

  @inlinable init(
    base: Base, maxRetries: Int, backoff: Backoff<C.Duration>, clock: C,
    shouldRetry: @escaping @Sendable (Base.Failure) -> Bool
  ) {
    (self.base, self.maxRetries, self.backoff, self.clock, self.shouldRetry) = (
      base, maxRetries, backoff, clock, shouldRetry
    )
  }

  /// Creates an iterator: the base's first attempt is subscribed to now.
  @inlinable public func makeAsyncIterator() -> Iterator {
    Iterator(sequence: self, current: base.makeAsyncIterator())
  }

  /// The iterator of an ``AsyncRetrySequence``.
  public struct Iterator: AsyncIteratorProtocol {
    @usableFromInline let sequence: AsyncRetrySequence
    @usableFromInline var current: Base.AsyncIterator?
    /// Retries made since the last element.
    @usableFromInline var retries = 0

    @inlinable init(sequence: AsyncRetrySequence, current: Base.AsyncIterator) {
      (self.sequence, self.current) = (sequence, current)
    }

    /// The next element of the current attempt; after a failure that may be retried, of a
    /// new one.
    @inlinable public mutating func next(
      isolation actor: isolated (any Actor)? = #isolation
    ) async throws(Failure) -> Element? {
      while current != nil {
        do {
          let element = try await current!.next(isolation: actor)
          if element == nil {
            current = nil
          } else {
            retries = 0
          }
          return element
        } catch {
          current = nil
          guard retries < sequence.maxRetries, sequence.shouldRetry(error) else { throw error }
          retries += 1
          do {
            try await sequence.clock.sleep(
              for: sequence.backoff.delay(before: retries), tolerance: nil)
          } catch {
            return nil  // cancelled while waiting: the sequence ends
          }
          current = sequence.base.makeAsyncIterator()
        }
      }
      return nil
    }

    /// The next element of the current attempt; after a failure that may be retried, of a
    /// new one.
    @inlinable public mutating func next() async throws(Failure) -> Element? {
      try await next(isolation: nil)
    }
  }
}

extension AsyncRetrySequence: Sendable where Base: Sendable, C: Sendable {}

@available(*, unavailable)
extension AsyncRetrySequence.Iterator: Sendable {}
