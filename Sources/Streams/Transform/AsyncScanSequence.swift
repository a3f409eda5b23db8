extension AsyncSequence {
  /// Emits each intermediate result of combining the elements with `nextPartialResult`,
  /// starting from `initialResult` (Combine's `scan`; swift-async-algorithms' `reductions`).
  ///
  /// ```swift
  /// [1, 2, 3].async.scan(0, +)  // 1, 3, 6
  /// ```
  ///
  /// Runs in the consumer's task and starts no task; it holds the running result. It ends,
  /// fails and stops on cancellation exactly when the base does.
  @inlinable
  public func scan<Result>(
    _ initialResult: Result,
    _ nextPartialResult: @escaping @Sendable (Result, Element) -> Result
  ) -> AsyncScanSequence<Self, Result> {
    AsyncScanSequence(base: self, initial: initialResult, combine: nextPartialResult)
  }
}

/// The running results of combining a sequence's elements. Made by `scan(_:_:)`.
public struct AsyncScanSequence<Base: AsyncSequence, Result>: AsyncSequence {
  /// The running result's type.
  public typealias Element = Result
  /// The base's failure type.
  public typealias Failure = Base.Failure

  @usableFromInline let base: Base
  @usableFromInline let initial: Result
  @usableFromInline let combine: @Sendable (Result, Base.Element) -> Result

  @inlinable init(
    base: Base, initial: Result, combine: @escaping @Sendable (Result, Base.Element) -> Result
  ) {
    self.base = base
    self.initial = initial
    self.combine = combine
  }

  /// Creates an iterator starting from the initial result.
  @inlinable
  public func makeAsyncIterator() -> Iterator {
    Iterator(base: base.makeAsyncIterator(), result: initial, combine: combine)
  }

  /// The iterator of an ``AsyncScanSequence``.
  public struct Iterator: AsyncIteratorProtocol {
    @usableFromInline var base: Base.AsyncIterator
    @usableFromInline var result: Result
    @usableFromInline let combine: @Sendable (Result, Base.Element) -> Result

    @inlinable init(
      base: Base.AsyncIterator, result: Result,
      combine: @escaping @Sendable (Result, Base.Element) -> Result
    ) {
      self.base = base
      self.result = result
      self.combine = combine
    }

    /// The result after combining the base's next element.
    @inlinable
    public mutating func next(
      isolation actor: isolated (any Actor)? = #isolation
    ) async throws(Failure) -> Result? {
      guard let element = try await base.next(isolation: actor) else { return nil }
      result = combine(result, element)
      return result
    }

    /// The result after combining the base's next element.
    @inlinable
    public mutating func next() async throws(Failure) -> Result? {
      try await next(isolation: nil)
    }
  }
}

extension AsyncScanSequence: Sendable where Base: Sendable, Result: Sendable {}

@available(*, unavailable)
extension AsyncScanSequence.Iterator: Sendable {}
