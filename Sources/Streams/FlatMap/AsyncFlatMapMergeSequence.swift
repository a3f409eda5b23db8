extension AsyncSequence where Self: Sendable, Element: Sendable {
  /// Maps each element to an inner sequence and merges the inners, at most `maxConcurrent`
  /// at a time (Combine's `flatMap(maxPublishers:)`, RxJS's `mergeMap` with a concurrency).
  ///
  /// ```swift
  /// let posters = films.flatMap(maxConcurrent: 4) { film in poster(of: film) }
  /// ```
  ///
  /// See <doc:FlatMap> for the rules: while `maxConcurrent` inners run, the base is not read.
  ///
  /// - Precondition: `maxConcurrent` is at least 1.
  @inlinable public func flatMap<Inner: AsyncSequence & Sendable>(
    maxConcurrent: Int, _ transform: @escaping @Sendable (Element) -> Inner
  ) -> AsyncFlatMapMergeSequence<Self, Inner, Failure>
  where Inner.Failure == Failure, Inner.Element: Sendable {
    precondition(maxConcurrent > 0, "flatMap(maxConcurrent:) needs at least 1")
    return AsyncFlatMapMergeSequence(
      base: self, admission: .waitForASlot(maxConcurrent), transform: transform,
      baseError: { $0 }, innerError: { $0 })
  }

  /// Maps each element to an inner sequence and emits the inners one after another, in the
  /// base's order (RxJS's `concatMap`); the base is not read while an inner runs.
  /// See <doc:FlatMap>.
  @inlinable public func flatMapConcat<Inner: AsyncSequence & Sendable>(
    _ transform: @escaping @Sendable (Element) -> Inner
  ) -> AsyncFlatMapMergeSequence<Self, Inner, Failure>
  where Inner.Failure == Failure, Inner.Element: Sendable {
    flatMap(maxConcurrent: 1, transform)
  }

  /// Maps an element to an inner sequence and emits its elements, ignoring the base's
  /// elements while it runs (RxJS's `exhaustMap`: a second tap on "Save" while the first
  /// save runs does nothing). See <doc:FlatMap>.
  @inlinable public func flatMapFirst<Inner: AsyncSequence & Sendable>(
    _ transform: @escaping @Sendable (Element) -> Inner
  ) -> AsyncFlatMapMergeSequence<Self, Inner, Failure>
  where Inner.Failure == Failure, Inner.Element: Sendable {
    AsyncFlatMapMergeSequence(
      base: self, admission: .dropWhileRunning, transform: transform,
      baseError: { $0 }, innerError: { $0 })
  }

  /// ``flatMap(maxConcurrent:_:)`` with inners that cannot fail: fails with the base's
  /// errors only.
  @_disfavoredOverload
  @inlinable public func flatMap<Inner: AsyncSequence & Sendable>(
    maxConcurrent: Int, _ transform: @escaping @Sendable (Element) -> Inner
  ) -> AsyncFlatMapMergeSequence<Self, Inner, Failure>
  where Inner.Failure == Never, Inner.Element: Sendable {
    precondition(maxConcurrent > 0, "flatMap(maxConcurrent:) needs at least 1")
    return AsyncFlatMapMergeSequence(
      base: self, admission: .waitForASlot(maxConcurrent), transform: transform,
      baseError: { $0 }, innerError: absurd)
  }

  /// ``flatMapConcat(_:)`` with inners that cannot fail: fails with the base's errors only.
  @_disfavoredOverload
  @inlinable public func flatMapConcat<Inner: AsyncSequence & Sendable>(
    _ transform: @escaping @Sendable (Element) -> Inner
  ) -> AsyncFlatMapMergeSequence<Self, Inner, Failure>
  where Inner.Failure == Never, Inner.Element: Sendable {
    flatMap(maxConcurrent: 1, transform)
  }

  /// ``flatMapFirst(_:)`` with inners that cannot fail: fails with the base's errors only.
  @_disfavoredOverload
  @inlinable public func flatMapFirst<Inner: AsyncSequence & Sendable>(
    _ transform: @escaping @Sendable (Element) -> Inner
  ) -> AsyncFlatMapMergeSequence<Self, Inner, Failure>
  where Inner.Failure == Never, Inner.Element: Sendable {
    AsyncFlatMapMergeSequence(
      base: self, admission: .dropWhileRunning, transform: transform,
      baseError: { $0 }, innerError: absurd)
  }
}

extension AsyncSequence where Self: Sendable, Element: Sendable, Failure == Never {
  /// ``flatMap(maxConcurrent:_:)`` over a base that cannot fail: fails with the inners'
  /// errors.
  @_disfavoredOverload
  @inlinable public func flatMap<Inner: AsyncSequence & Sendable>(
    maxConcurrent: Int, _ transform: @escaping @Sendable (Element) -> Inner
  ) -> AsyncFlatMapMergeSequence<Self, Inner, Inner.Failure>
  where Inner.Element: Sendable {
    precondition(maxConcurrent > 0, "flatMap(maxConcurrent:) needs at least 1")
    return AsyncFlatMapMergeSequence(
      base: self, admission: .waitForASlot(maxConcurrent), transform: transform,
      baseError: absurd, innerError: { $0 })
  }

  /// ``flatMapConcat(_:)`` over a base that cannot fail: fails with the inners' errors.
  @_disfavoredOverload
  @inlinable public func flatMapConcat<Inner: AsyncSequence & Sendable>(
    _ transform: @escaping @Sendable (Element) -> Inner
  ) -> AsyncFlatMapMergeSequence<Self, Inner, Inner.Failure>
  where Inner.Element: Sendable {
    flatMap(maxConcurrent: 1, transform)
  }

  /// ``flatMapFirst(_:)`` over a base that cannot fail: fails with the inners' errors.
  @_disfavoredOverload
  @inlinable public func flatMapFirst<Inner: AsyncSequence & Sendable>(
    _ transform: @escaping @Sendable (Element) -> Inner
  ) -> AsyncFlatMapMergeSequence<Self, Inner, Inner.Failure>
  where Inner.Element: Sendable {
    AsyncFlatMapMergeSequence(
      base: self, admission: .dropWhileRunning, transform: transform,
      baseError: absurd, innerError: { $0 })
  }
}

/// A sequence that merges the inner sequences made from its base's elements, admitting them
/// by a rule: at most N at a time, one after another, or the first while it runs. Made by
/// `flatMap(maxConcurrent:_:)`, `flatMapConcat(_:)` and `flatMapFirst(_:)`.
public struct AsyncFlatMapMergeSequence<
  Base: AsyncSequence & Sendable, Inner: AsyncSequence & Sendable, Failure: Error
>: AsyncSequence, Sendable where Base.Element: Sendable, Inner.Element: Sendable {
  /// The inner sequences' element type.
  public typealias Element = Inner.Element

  @usableFromInline let base: Base
  @usableFromInline let admission: FlatMapAdmission
  @usableFromInline let transform: @Sendable (Base.Element) -> Inner
  @usableFromInline let baseError: @Sendable (Base.Failure) -> Failure
  @usableFromInline let innerError: @Sendable (Inner.Failure) -> Failure

  @inlinable init(
    base: Base, admission: FlatMapAdmission,
    transform: @escaping @Sendable (Base.Element) -> Inner,
    baseError: @escaping @Sendable (Base.Failure) -> Failure,
    innerError: @escaping @Sendable (Inner.Failure) -> Failure
  ) {
    self.base = base
    self.admission = admission
    self.transform = transform
    self.baseError = baseError
    self.innerError = innerError
  }

  /// Creates an iterator; each iterator reads the base on its own.
  @inlinable public func makeAsyncIterator() -> Iterator {
    Iterator(reader: OutboxReader(FlatMapMergeStorage(self)))
  }

  /// The iterator of an ``AsyncFlatMapMergeSequence``.
  public struct Iterator: AsyncIteratorProtocol {
    @usableFromInline var reader: OutboxReader<FlatMapMergeStorage<Base, Inner, Failure>>

    @inlinable init(reader: OutboxReader<FlatMapMergeStorage<Base, Inner, Failure>>) {
      self.reader = reader
    }

    /// The next element of an inner sequence, or `nil` at the end or after cancellation.
    @inlinable public mutating func next(
      isolation actor: isolated (any Actor)? = #isolation
    ) async throws(Failure) -> Element? {
      try await reader.next(isolation: actor)
    }

    /// The next element of an inner sequence, or `nil` at the end or after cancellation.
    @inlinable public mutating func next() async throws(Failure) -> Element? {
      try await reader.next(isolation: nil)
    }
  }
}

@available(*, unavailable)
extension AsyncFlatMapMergeSequence.Iterator: Sendable {}
