extension AsyncSequence {
  /// Drops the `nil` elements of a sequence of optionals and unwraps the others.
  ///
  /// Runs in the consumer's task; it ends, fails and stops on cancellation exactly when the
  /// base does. (`compactMap(_:)` from the standard library keeps the failure type too.)
  @inlinable
  public func compacted<Unwrapped>() -> AsyncCompactedSequence<Self, Unwrapped>
  where Element == Unwrapped? {
    AsyncCompactedSequence(base: self)
  }
}

/// A sequence without the `nil` elements of its base. Made by `compacted()`.
public struct AsyncCompactedSequence<Base: AsyncSequence, Element>: AsyncSequence
where Base.Element == Element? {
  /// The base's failure type.
  public typealias Failure = Base.Failure

  @usableFromInline let base: Base

  @inlinable init(base: Base) {
    self.base = base
  }

  /// Creates an iterator over the base.
  @inlinable
  public func makeAsyncIterator() -> Iterator {
    Iterator(base: base.makeAsyncIterator())
  }

  /// The iterator of an ``AsyncCompactedSequence``.
  public struct Iterator: AsyncIteratorProtocol {
    @usableFromInline var base: Base.AsyncIterator

    @inlinable init(base: Base.AsyncIterator) {
      self.base = base
    }

    /// The base's next element that is not `nil`.
    @inlinable
    public mutating func next(
      isolation actor: isolated (any Actor)? = #isolation
    ) async throws(Failure) -> Element? {
      while let element = try await base.next(isolation: actor) {
        if let element { return element }
      }
      return nil
    }

    /// The base's next element that is not `nil`.
    @inlinable
    public mutating func next() async throws(Failure) -> Element? {
      try await next(isolation: nil)
    }
  }
}

extension AsyncCompactedSequence: Sendable where Base: Sendable {}

@available(*, unavailable)
extension AsyncCompactedSequence.Iterator: Sendable {}
