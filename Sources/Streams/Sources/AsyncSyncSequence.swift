extension Sequence {
  /// The elements of this sequence as an `AsyncSequence` that cannot fail.
  ///
  /// Each `next()` returns the next element at once, or `nil` once the task is cancelled.
  @inlinable
  public var async: AsyncSyncSequence<Self> {
    AsyncSyncSequence(self)
  }
}

/// A synchronous sequence seen as an asynchronous one. Made by `Sequence.async`.
public struct AsyncSyncSequence<Base: Sequence>: AsyncSequence {
  /// The base's element type.
  public typealias Element = Base.Element
  /// It cannot fail.
  public typealias Failure = Never

  @usableFromInline let base: Base

  @inlinable init(_ base: Base) {
    self.base = base
  }

  /// Creates an iterator over the base.
  @inlinable
  public func makeAsyncIterator() -> Iterator {
    Iterator(base.makeIterator())
  }

  /// The iterator of an ``AsyncSyncSequence``.
  public struct Iterator: AsyncIteratorProtocol {
    @usableFromInline var base: Base.Iterator?

    @inlinable init(_ base: Base.Iterator) {
      self.base = base
    }

    /// The base's next element; `nil` at its end or once the task is cancelled.
    @inlinable
    public mutating func next() async -> Element? {
      guard !Task.isCancelled, let element = base?.next() else {
        base = nil
        return nil
      }
      return element
    }
  }
}

extension AsyncSyncSequence: Sendable where Base: Sendable {}

@available(*, unavailable)
extension AsyncSyncSequence.Iterator: Sendable {}
