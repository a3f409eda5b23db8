extension AsyncSequence {
  /// The same elements, with the base's failure converted by `transform`.
  ///
  /// Runs in the consumer's task; it ends and stops on cancellation when the base does.
  @inlinable public func mapError<MappedError: Error>(
    _ transform: @Sendable @escaping (Failure) -> MappedError
  ) -> AsyncMapErrorSequence<Self, MappedError> {
    AsyncMapErrorSequence(base: self, transform: transform)
  }
}

/// A sequence whose failure is converted. Made by `mapError(_:)`.
public struct AsyncMapErrorSequence<Base: AsyncSequence, MappedError: Error>: AsyncSequence {
  /// The base's element type.
  public typealias Element = Base.Element
  /// The converted failure type.
  public typealias Failure = MappedError

  @usableFromInline let base: Base
  @usableFromInline let transform: @Sendable (Base.Failure) -> MappedError

  @inlinable init(base: Base, transform: @Sendable @escaping (Base.Failure) -> MappedError) {
    (self.base, self.transform) = (base, transform)
  }

  /// Creates an iterator over the base.
  @inlinable public func makeAsyncIterator() -> Iterator {
    Iterator(base: base.makeAsyncIterator(), transform: transform)
  }

  /// The iterator of an ``AsyncMapErrorSequence``.
  public struct Iterator: AsyncIteratorProtocol {
    @usableFromInline var base: Base.AsyncIterator
    @usableFromInline let transform: @Sendable (Base.Failure) -> MappedError

    @inlinable init(
      base: Base.AsyncIterator, transform: @Sendable @escaping (Base.Failure) -> MappedError
    ) {
      (self.base, self.transform) = (base, transform)
    }

    /// The base's next element; its failure converted.
    @inlinable public mutating func next(
      isolation actor: isolated (any Actor)? = #isolation
    ) async throws(MappedError) -> Element? {
      do {
        return try await base.next(isolation: actor)
      } catch {
        throw transform(error)
      }
    }

    /// The base's next element; its failure converted.
    @inlinable public mutating func next() async throws(MappedError) -> Element? {
      try await next(isolation: nil)
    }
  }
}

extension AsyncMapErrorSequence: Sendable where Base: Sendable, Base.Element: Sendable {}

@available(*, unavailable)
extension AsyncMapErrorSequence.Iterator: Sendable {}
