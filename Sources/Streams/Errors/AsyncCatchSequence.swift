extension AsyncSequence {
  /// Ends with `element` instead of failing: on an error, emits `element` and finishes.
  ///
  /// The result cannot fail, so it is consumed with `for await`. Runs in the consumer's task.
  @inlinable
  public func replaceError(with element: Element) -> AsyncCatchSequence<Self, Just<Element>>
  where Element: Sendable {
    `catch` { _ in Just(element) }
  }

  /// Continues with the sequence `handler` makes from the error, instead of failing.
  ///
  /// ```swift
  /// results.catch { error in Just(.failure(error.description)) }
  /// ```
  ///
  /// The elements before the error are kept; the result fails only with the handler
  /// sequence's failure type. Runs in the consumer's task and starts no task.
  @inlinable
  public func `catch`<Replacement: AsyncSequence>(
    _ handler: @escaping @Sendable (Failure) -> Replacement
  ) -> AsyncCatchSequence<Self, Replacement> where Replacement.Element == Element {
    AsyncCatchSequence(base: self, handler: handler)
  }
}

/// A sequence that continues with another when its base fails. Made by `catch(_:)` and
/// `replaceError(with:)`.
public struct AsyncCatchSequence<Base: AsyncSequence, Replacement: AsyncSequence>: AsyncSequence
where Replacement.Element == Base.Element {
  /// The base's element type.
  public typealias Element = Base.Element
  /// The replacement's failure type.
  public typealias Failure = Replacement.Failure

  @usableFromInline let base: Base
  @usableFromInline let handler: @Sendable (Base.Failure) -> Replacement

  @inlinable init(base: Base, handler: @escaping @Sendable (Base.Failure) -> Replacement) {
    self.base = base
    self.handler = handler
  }

  /// Creates an iterator over the base.
  @inlinable
  public func makeAsyncIterator() -> Iterator {
    Iterator(base: base.makeAsyncIterator(), handler: handler)
  }

  /// The iterator of an ``AsyncCatchSequence``.
  public struct Iterator: AsyncIteratorProtocol {
    @usableFromInline var base: Base.AsyncIterator?
    @usableFromInline var replacement: Replacement.AsyncIterator?
    @usableFromInline let handler: @Sendable (Base.Failure) -> Replacement

    @inlinable init(
      base: Base.AsyncIterator, handler: @escaping @Sendable (Base.Failure) -> Replacement
    ) {
      self.base = base
      self.handler = handler
    }

    /// The base's next element; after its failure, the replacement's.
    @inlinable
    public mutating func next(
      isolation actor: isolated (any Actor)? = #isolation
    ) async throws(Failure) -> Element? {
      if var iterator = base {
        do throws(Base.Failure) {
          let element = try await iterator.next(isolation: actor)
          base = element == nil ? nil : iterator
          return element
        } catch {
          base = nil
          replacement = handler(error).makeAsyncIterator()
        }
      }
      return try await replacement?.next(isolation: actor)
    }

    /// The base's next element; after its failure, the replacement's.
    @inlinable
    public mutating func next() async throws(Failure) -> Element? {
      try await next(isolation: nil)
    }
  }
}

extension AsyncCatchSequence: Sendable where Base: Sendable {}

@available(*, unavailable)
extension AsyncCatchSequence.Iterator: Sendable {}
