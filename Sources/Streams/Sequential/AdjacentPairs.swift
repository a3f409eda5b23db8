extension AsyncSequence {
  /// Each element paired with the one before it: `1, 2, 3` gives `(1, 2), (2, 3)`.
  ///
  /// Runs in the consumer's task and keeps one element; it ends (a base of fewer than two
  /// elements gives none), fails and stops on cancellation when the base does.
  @inlinable public func adjacentPairs() -> AsyncAdjacentPairsSequence<Self> {
    AsyncAdjacentPairsSequence(base: self)
  }
}

/// The overlapping pairs of neighbouring elements of a sequence. Made by `adjacentPairs()`.
public struct AsyncAdjacentPairsSequence<Base: AsyncSequence>: AsyncSequence {
  /// A pair of neighbouring elements.
  public typealias Element = (Base.Element, Base.Element)
  /// The base's failure type.
  public typealias Failure = Base.Failure

  @usableFromInline let base: Base

  @inlinable init(base: Base) {
    self.base = base
  }

  /// Creates an iterator over the base.
  @inlinable public func makeAsyncIterator() -> Iterator {
    Iterator(base: base.makeAsyncIterator())
  }

  /// The iterator of an ``AsyncAdjacentPairsSequence``.
  public struct Iterator: AsyncIteratorProtocol {
    @usableFromInline var base: Base.AsyncIterator
    @usableFromInline var previous: Base.Element?

    @inlinable init(base: Base.AsyncIterator) {
      self.base = base
    }

    /// The next pair: the previous element and the base's next one.
    @inlinable public mutating func next(
      isolation actor: isolated (any Actor)? = #isolation
    ) async throws(Failure) -> (Base.Element, Base.Element)? {
      if previous == nil {
        previous = try await base.next(isolation: actor)
        guard previous != nil else { return nil }
      }
      guard let next = try await base.next(isolation: actor) else { return nil }
      defer { previous = next }
      return (previous!, next)
    }

    /// The next pair: the previous element and the base's next one.
    @inlinable public mutating func next() async throws(Failure) -> (Base.Element, Base.Element)? {
      try await next(isolation: nil)
    }
  }
}

extension AsyncAdjacentPairsSequence: Sendable where Base: Sendable, Base.Element: Sendable {}

@available(*, unavailable)
extension AsyncAdjacentPairsSequence.Iterator: Sendable {}
