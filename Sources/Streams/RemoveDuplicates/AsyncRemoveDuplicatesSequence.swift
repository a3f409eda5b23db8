extension AsyncSequence where Element: Equatable {
  /// Drops each element equal to the one emitted just before it.
  ///
  /// ```swift
  /// ["a", "a", "b", "a"].async.removeDuplicates()  // "a", "b", "a"
  /// ```
  ///
  /// Runs in the consumer's task, holds one element, and ends, fails and stops on
  /// cancellation exactly when the base does.
  @inlinable
  public func removeDuplicates() -> AsyncRemoveDuplicatesSequence<Self> {
    AsyncRemoveDuplicatesSequence(self, predicate: .equal { $0 == $1 })
  }
}

extension AsyncSequence {
  /// Drops each element that `predicate` says duplicates the one emitted just before it.
  ///
  /// Runs in the consumer's task, holds one element, and ends, fails and stops on
  /// cancellation exactly when the base does.
  ///
  /// - Parameter predicate: Returns `true` when its second argument (the new element)
  ///   duplicates its first (the last emitted element).
  @inlinable
  public func removeDuplicates(
    by predicate: @escaping @Sendable (Element, Element) async -> Bool
  ) -> AsyncRemoveDuplicatesSequence<Self> {
    AsyncRemoveDuplicatesSequence(
      self,
      predicate: .async { last, element in
        // Safe to hand over: see `AsyncPredicate`.
        nonisolated(unsafe) let (last, element) = (last, element)
        return await predicate(last, element)
      })
  }

  /// Drops each element that a throwing `predicate` says duplicates the one emitted just
  /// before it; an error of the predicate ends the sequence with that error.
  ///
  /// Runs in the consumer's task and holds one element. The sequence fails with `any Error`,
  /// as in swift-async-algorithms.
  ///
  /// - Parameter predicate: Returns `true` when its second argument (the new element)
  ///   duplicates its first (the last emitted element).
  @inlinable
  public func removeDuplicates(
    by predicate: @escaping @Sendable (Element, Element) async throws -> Bool
  ) -> AsyncThrowingRemoveDuplicatesSequence<Self> {
    AsyncThrowingRemoveDuplicatesSequence(self) { last, element in
      nonisolated(unsafe) let (last, element) = (last, element)
      return try await predicate(last, element)
    }
  }
}

/// A sequence without consecutive duplicates. Made by `removeDuplicates()` and
/// `removeDuplicates(by:)`.
public struct AsyncRemoveDuplicatesSequence<Base: AsyncSequence>: AsyncSequence {
  /// The base's element type.
  public typealias Element = Base.Element
  /// The base's failure type.
  public typealias Failure = Base.Failure

  /// How two elements are compared: `==` stays synchronous, which keeps it cheap.
  @usableFromInline enum Predicate {
    case equal((Element, Element) -> Bool)
    case async(AsyncPredicate)
  }

  /// The predicate as the iterator calls it: in the consumer's isolation.
  ///
  /// The public `removeDuplicates(by:)` takes swift-async-algorithms' plain
  /// `@Sendable (Element, Element) async -> Bool` (Swift 6.3 crashes converting an operator
  /// such as `==` to a `nonisolated(nonsending)` function type), so calling it hands two
  /// elements to a concurrent function. With elements that are not `Sendable` the compiler
  /// cannot prove that safe; it is, because a `@Sendable` closure captures nothing mutable
  /// and a non-`Sendable` value cannot enter an actor: the predicate has nowhere to keep
  /// them. The iterator waits for its answer before touching them again.
  @usableFromInline typealias AsyncPredicate =
    nonisolated(nonsending) @Sendable (Element, Element) async
    -> Bool

  @usableFromInline let base: Base
  /// `==` captures the element type's `Equatable` conformance, which Swift 6 will not let a
  /// `@Sendable` closure capture unless the element's metatype is `SendableMetatype` — a
  /// constraint swift-async-algorithms does not impose. The closure is only ever called by
  /// the iterator, in the task that consumes the sequence.
  @usableFromInline nonisolated(unsafe) let predicate: Predicate

  @inlinable
  init(_ base: Base, predicate: Predicate) {
    self.base = base
    self.predicate = predicate
  }

  /// Creates an iterator over the base.
  @inlinable
  public func makeAsyncIterator() -> Iterator {
    Iterator(base: base.makeAsyncIterator(), predicate: predicate)
  }

  /// The iterator of an ``AsyncRemoveDuplicatesSequence``.
  public struct Iterator: AsyncIteratorProtocol {
    @usableFromInline var base: Base.AsyncIterator
    @usableFromInline let predicate: Predicate
    @usableFromInline var last: Element?

    @inlinable
    init(base: Base.AsyncIterator, predicate: Predicate) {
      self.base = base
      self.predicate = predicate
    }

    /// The next element that differs from the last one emitted.
    @inlinable
    public mutating func next(
      isolation actor: isolated (any Actor)? = #isolation
    ) async throws(Failure) -> Element? {
      while let element = try await base.next(isolation: actor) {
        if let last {
          switch predicate {
          case .equal(let isEqual): if isEqual(last, element) { continue }
          case .async(let isDuplicate): if await isDuplicate(last, element) { continue }
          }
        }
        last = element
        return element
      }
      return nil
    }

    /// The next element that differs from the last one emitted.
    @inlinable
    public mutating func next() async throws(Failure) -> Element? {
      try await next(isolation: nil)
    }
  }
}

/// A sequence without consecutive duplicates, compared by a predicate that can throw. Made by
/// `removeDuplicates(by:)` with a throwing predicate.
public struct AsyncThrowingRemoveDuplicatesSequence<Base: AsyncSequence>: AsyncSequence {
  /// The base's element type.
  public typealias Element = Base.Element
  /// The base's errors and the predicate's.
  public typealias Failure = any Error

  /// The throwing predicate as the iterator calls it: in the consumer's isolation.
  @usableFromInline typealias Predicate =
    nonisolated(nonsending) @Sendable (Element, Element) async throws
    -> Bool

  @usableFromInline let base: Base
  @usableFromInline let predicate: Predicate

  @inlinable
  init(_ base: Base, predicate: @escaping Predicate) {
    self.base = base
    self.predicate = predicate
  }

  /// Creates an iterator over the base.
  @inlinable
  public func makeAsyncIterator() -> Iterator {
    Iterator(base: base.makeAsyncIterator(), predicate: predicate)
  }

  /// The iterator of an ``AsyncThrowingRemoveDuplicatesSequence``.
  public struct Iterator: AsyncIteratorProtocol {
    @usableFromInline var base: Base.AsyncIterator?
    @usableFromInline let predicate: Predicate
    @usableFromInline var last: Element?

    @inlinable
    init(base: Base.AsyncIterator, predicate: @escaping Predicate) {
      self.base = base
      self.predicate = predicate
    }

    /// The next element that the predicate does not call a duplicate; after an error, `nil`.
    @inlinable
    public mutating func next(
      isolation actor: isolated (any Actor)? = #isolation
    ) async throws(any Error) -> Element? {
      do {
        while let element = try await base?.next(isolation: actor) {
          if let last, try await predicate(last, element) { continue }
          last = element
          return element
        }
      } catch {
        base = nil
        throw error
      }
      base = nil
      return nil
    }

    /// The next element that the predicate does not call a duplicate; after an error, `nil`.
    @inlinable
    public mutating func next() async throws(any Error) -> Element? {
      try await next(isolation: nil)
    }
  }
}

extension AsyncRemoveDuplicatesSequence: Sendable where Base: Sendable {}
extension AsyncThrowingRemoveDuplicatesSequence: Sendable where Base: Sendable {}

@available(*, unavailable)
extension AsyncRemoveDuplicatesSequence.Iterator: Sendable {}

@available(*, unavailable)
extension AsyncThrowingRemoveDuplicatesSequence.Iterator: Sendable {}
