extension AsyncSequence {
  /// Emits `element` first, then the elements of this sequence (Rx's `startWith`).
  ///
  /// ```swift
  /// states.prepend(.idle)
  /// ```
  ///
  /// Runs in the consumer's task and starts no task. The prepended element is returned by
  /// the first `next()` without touching the base; after that, termination, failure and
  /// cancellation are the base's.
  @inlinable
  public func prepend(_ element: Element) -> AsyncPrependSequence<Self> {
    AsyncPrependSequence(base: self, first: element)
  }
}

/// A sequence that emits one element before those of its base. Made by `prepend(_:)`.
public struct AsyncPrependSequence<Base: AsyncSequence>: AsyncSequence {
  /// The base's element type.
  public typealias Element = Base.Element
  /// The base's failure type.
  public typealias Failure = Base.Failure

  @usableFromInline let base: Base
  @usableFromInline let first: Element

  @inlinable init(base: Base, first: Element) {
    self.base = base
    self.first = first
  }

  /// Creates an iterator: the prepended element, then the base's.
  @inlinable
  public func makeAsyncIterator() -> Iterator {
    Iterator(base: base.makeAsyncIterator(), first: first)
  }

  /// The iterator of an ``AsyncPrependSequence``.
  public struct Iterator: AsyncIteratorProtocol {
    @usableFromInline var base: Base.AsyncIterator
    @usableFromInline var first: Element?

    @inlinable init(base: Base.AsyncIterator, first: Element) {
      self.base = base
      self.first = first
    }

    /// The prepended element first, then the base's elements.
    @inlinable
    public mutating func next(
      isolation actor: isolated (any Actor)? = #isolation
    ) async throws(Failure) -> Element? {
      if let element = first {
        first = nil
        return element
      }
      return try await base.next(isolation: actor)
    }

    /// The prepended element first, then the base's elements.
    @inlinable
    public mutating func next() async throws(Failure) -> Element? {
      try await next(isolation: nil)
    }
  }
}

extension AsyncPrependSequence: Sendable where Base: Sendable, Element: Sendable {}

@available(*, unavailable)
extension AsyncPrependSequence.Iterator: Sendable {}
