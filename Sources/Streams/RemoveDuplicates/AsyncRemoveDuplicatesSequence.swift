extension AsyncSequence where Element: Equatable & SendableMetatype {
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
    by predicate: @escaping AsyncRemoveDuplicatesSequence<Self>.AsyncPredicate
  ) -> AsyncRemoveDuplicatesSequence<Self> {
    AsyncRemoveDuplicatesSequence(self, predicate: .async(predicate))
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
  @usableFromInline enum Predicate: Sendable {
    case equal(@Sendable (Element, Element) -> Bool)
    case async(AsyncPredicate)
  }

  /// A predicate that runs in the consumer's isolation, so elements never cross it.
  public typealias AsyncPredicate =
    nonisolated(nonsending) @Sendable (Element, Element) async
    -> Bool

  @usableFromInline let base: Base
  @usableFromInline let predicate: Predicate

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

extension AsyncRemoveDuplicatesSequence: Sendable where Base: Sendable {}

@available(*, unavailable)
extension AsyncRemoveDuplicatesSequence.Iterator: Sendable {}
