extension AsyncSequence where Self: Sendable, Element: Sendable {
  /// Maps each element to an inner sequence and emits the elements of the latest one.
  ///
  /// ```swift
  /// let states = queries.flatMapLatest { query in search(query) }
  /// ```
  ///
  /// - **Switching:** each element of the base cancels the task iterating the previous inner
  ///   sequence (so work inside it, such as an HTTP request, is really cancelled) and starts
  ///   a new one. No element of a superseded inner is emitted after the switch, even if it
  ///   was already buffered. If elements arrive while two superseded inners are still
  ///   winding down, only the latest of them is started once one has ended; `transform` is
  ///   not called for the others.
  /// - **Termination:** finishes when the base and the latest inner have both finished.
  /// - **Failure:** an error from the base or from the latest inner is thrown after the
  ///   elements already emitted, and cancels everything else. Errors of superseded inners
  ///   are ignored.
  /// - **Cancellation:** cancelling the consuming task or dropping the iterator cancels the
  ///   base's task and the inner's task; `next()` then returns `nil`.
  /// - **Buffering:** the base is read as fast as it produces. An inner waits once 64 of its
  ///   elements wait (up to 127 ahead of what `next()` returned, counting the batch the
  ///   consumer holds). Memory does not grow with the
  ///   number of superseded inners.
  /// - **Same instant:** a base element and an inner element at the same virtual instant
  ///   are handled in the order their tasks wake; an inner element that loses that race to
  ///   a switch is dropped.
  ///
  /// - Parameter transform: Makes the inner sequence for an element of the base.
  @inlinable public func flatMapLatest<Inner: AsyncSequence & Sendable>(
    _ transform: @escaping @Sendable (Element) -> Inner
  ) -> AsyncFlatMapLatestSequence<Self, Inner, Failure>
  where Inner.Failure == Failure, Inner.Element: Sendable {
    AsyncFlatMapLatestSequence(
      base: self, transform: transform, baseError: { $0 }, innerError: { $0 })
  }

  /// Maps each element to an inner sequence that cannot fail and emits the elements of the
  /// latest one; fails only with the base's errors. See <doc:FlatMapLatest>.
  @_disfavoredOverload
  @inlinable public func flatMapLatest<Inner: AsyncSequence & Sendable>(
    _ transform: @escaping @Sendable (Element) -> Inner
  ) -> AsyncFlatMapLatestSequence<Self, Inner, Failure>
  where Inner.Failure == Never, Inner.Element: Sendable {
    AsyncFlatMapLatestSequence(
      base: self, transform: transform, baseError: { $0 }, innerError: absurd)
  }
}

extension AsyncSequence where Self: Sendable, Element: Sendable, Failure == Never {
  /// Maps each element of a base that cannot fail to an inner sequence and emits the
  /// elements of the latest one; fails with the inner's errors.
  /// See <doc:FlatMapLatest>.
  @_disfavoredOverload
  @inlinable public func flatMapLatest<Inner: AsyncSequence & Sendable>(
    _ transform: @escaping @Sendable (Element) -> Inner
  ) -> AsyncFlatMapLatestSequence<Self, Inner, Inner.Failure>
  where Inner.Element: Sendable {
    AsyncFlatMapLatestSequence(
      base: self, transform: transform, baseError: absurd, innerError: { $0 })
  }
}

/// A sequence that emits the elements of the inner sequence made from the latest element of
/// its base. Made by `flatMapLatest(_:)`.
public struct AsyncFlatMapLatestSequence<
  Base: AsyncSequence & Sendable, Inner: AsyncSequence & Sendable, Failure: Error
>: AsyncSequence, Sendable where Base.Element: Sendable, Inner.Element: Sendable {
  /// The inner sequences' element type.
  public typealias Element = Inner.Element

  @usableFromInline let base: Base
  @usableFromInline let transform: @Sendable (Base.Element) -> Inner
  @usableFromInline let baseError: @Sendable (Base.Failure) -> Failure
  @usableFromInline let innerError: @Sendable (Inner.Failure) -> Failure

  @inlinable init(
    base: Base, transform: @escaping @Sendable (Base.Element) -> Inner,
    baseError: @escaping @Sendable (Base.Failure) -> Failure,
    innerError: @escaping @Sendable (Inner.Failure) -> Failure
  ) {
    self.base = base
    self.transform = transform
    self.baseError = baseError
    self.innerError = innerError
  }

  /// Creates an iterator; each iterator reads the base on its own.
  @inlinable public func makeAsyncIterator() -> Iterator {
    Iterator(reader: OutboxReader(FlatMapLatestStorage(self)))
  }

  /// The iterator of a `flatMapLatest` sequence.
  public struct Iterator: AsyncIteratorProtocol {
    @usableFromInline var reader: OutboxReader<FlatMapLatestStorage<Base, Inner, Failure>>

    @inlinable init(reader: OutboxReader<FlatMapLatestStorage<Base, Inner, Failure>>) {
      self.reader = reader
    }

    /// The next element of the latest inner sequence, or `nil` at the end or after
    /// cancellation.
    @inlinable public mutating func next(
      isolation actor: isolated (any Actor)? = #isolation
    ) async throws(Failure) -> Element? {
      try await reader.next(isolation: actor)
    }

    /// The next element of the latest inner sequence, or `nil` at the end or after
    /// cancellation.
    @inlinable public mutating func next() async throws(Failure) -> Element? {
      try await reader.next(isolation: nil)
    }
  }
}

@available(*, unavailable)
extension AsyncFlatMapLatestSequence.Iterator: Sendable {}
