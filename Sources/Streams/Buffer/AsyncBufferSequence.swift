extension AsyncSequence where Self: Sendable, Element: Sendable, AsyncIterator: SendableMetatype {
  /// Reads the base ahead of the consumer into a buffer kept by `policy`, so that a slow
  /// consumer does not slow a producer down (or, `.bounded`, slows it only once the buffer
  /// is full).
  ///
  /// ```swift
  /// for await line in lines.buffer(policy: .bounded(100)) { await slowly(line) }
  /// ```
  ///
  /// - **Termination:** the base's end reaches the consumer after the elements buffered.
  /// - **Failure:** the base's error is thrown after the elements buffered before it.
  /// - **Cancellation:** cancelling the consuming task, or dropping the iterator, cancels
  ///   the task that reads the base; `next()` then returns `nil`.
  /// - **Buffering:** `.bounded(n)`: up to n elements wait, then the base's task waits for
  ///   room (nothing is lost); `.unbounded`: every element waits; `.bufferingLatest(n)`
  ///   (`.bufferingNewest`): the oldest is dropped for a new one; `.bufferingOldest(n)`:
  ///   new elements are dropped while n wait.
  /// - **Subscription:** the base's iterator is made with this sequence's iterator; the task
  ///   that reads it starts at the first `next()`.
  ///
  /// Each iterator buffers its own reading of the base (for one reading shared by several
  /// consumers, see `share(bufferingPolicy:replay:)`).
  @inlinable public func buffer(policy: AsyncBufferSequencePolicy) -> AsyncBufferSequence<Self> {
    AsyncBufferSequence(base: self, policy: policy)
  }
}

/// A sequence read ahead into a buffer. Made by `buffer(policy:)`.
public struct AsyncBufferSequence<Base: AsyncSequence & Sendable>: AsyncSequence, Sendable
where Base.Element: Sendable, Base.AsyncIterator: SendableMetatype {
  /// The base's element type.
  public typealias Element = Base.Element
  /// The base's failure type.
  public typealias Failure = Base.Failure

  @usableFromInline let base: Base
  @usableFromInline let policy: BufferingPolicy

  @inlinable init(base: Base, policy: BufferingPolicy) {
    (self.base, self.policy) = (base, policy)
  }

  /// Creates an iterator: a reading of the base of its own, with its own buffer.
  @inlinable public func makeAsyncIterator() -> Iterator {
    // One consumer of a shared reading: the base's task stops when it leaves.
    Iterator(fanout: base.share(bufferingPolicy: policy).makeAsyncIterator())
  }

  /// The iterator of an ``AsyncBufferSequence``.
  public struct Iterator: AsyncIteratorProtocol {
    @usableFromInline var fanout: AsyncFanoutIterator<Element, Failure>

    @inlinable init(fanout: AsyncFanoutIterator<Element, Failure>) {
      self.fanout = fanout
    }

    /// The next element buffered, waiting for one if none is.
    @inlinable public mutating func next(
      isolation actor: isolated (any Actor)? = #isolation
    ) async throws(Failure) -> Element? {
      try await fanout.next(isolation: actor)
    }

    /// The next element buffered, waiting for one if none is.
    @inlinable public mutating func next() async throws(Failure) -> Element? {
      try await fanout.next(isolation: nil)
    }
  }
}

@available(*, unavailable)
extension AsyncBufferSequence.Iterator: Sendable {}
