/// The elements of `base1`, then those of `base2`.
///
/// Runs in the consumer's task: `base2` is iterated (its iterator made) when `base1` has
/// finished. A failure of either ends the sequence; cancellation is the bases' own.
/// Over bases of one failure type it fails with that type (typed throws: over bases that
/// cannot fail, the chain cannot fail either); over bases whose failure types differ, with
/// `any Error`, as swift-async-algorithms' does.
@inlinable public func chain<Base1: AsyncSequence, Base2: AsyncSequence>(
  _ base1: Base1, _ base2: Base2
) -> AsyncChain2Sequence<Base1, Base2>
where Base1.Element == Base2.Element, Base1.Failure == Base2.Failure {
  AsyncChain2Sequence(base1, base2)
}

/// The elements of `base1`, then those of `base2`, then those of `base3` (see
/// `chain(_:_:)`).
@inlinable public func chain<Base1: AsyncSequence, Base2: AsyncSequence, Base3: AsyncSequence>(
  _ base1: Base1, _ base2: Base2, _ base3: Base3
) -> AsyncChain3Sequence<Base1, Base2, Base3>
where
  Base1.Element == Base2.Element, Base1.Element == Base3.Element,
  Base1.Failure == Base2.Failure, Base1.Failure == Base3.Failure
{
  AsyncChain3Sequence(base1, base2, base3)
}

/// The elements of `base1`, then those of `base2`, whose failure types differ: it fails with
/// `any Error`, as swift-async-algorithms' does (see `chain(_:_:)`).
@_disfavoredOverload
@inlinable public func chain<Base1: AsyncSequence, Base2: AsyncSequence>(
  _ base1: Base1, _ base2: Base2
) -> AsyncChain2Sequence<
  AsyncMapErrorSequence<Base1, any Error>, AsyncMapErrorSequence<Base2, any Error>
>
where Base1.Element == Base2.Element {
  AsyncChain2Sequence(base1.mapError { $0 }, base2.mapError { $0 })
}

/// The elements of three sequences one after the other, whose failure types differ: it fails
/// with `any Error` (see `chain(_:_:)`).
@_disfavoredOverload
@inlinable public func chain<Base1: AsyncSequence, Base2: AsyncSequence, Base3: AsyncSequence>(
  _ base1: Base1, _ base2: Base2, _ base3: Base3
) -> AsyncChain3Sequence<
  AsyncMapErrorSequence<Base1, any Error>, AsyncMapErrorSequence<Base2, any Error>,
  AsyncMapErrorSequence<Base3, any Error>
>
where Base1.Element == Base2.Element, Base1.Element == Base3.Element {
  AsyncChain3Sequence(base1.mapError { $0 }, base2.mapError { $0 }, base3.mapError { $0 })
}

/// Two sequences one after the other. Made by `chain(_:_:)`.
public struct AsyncChain2Sequence<Base1: AsyncSequence, Base2: AsyncSequence>: AsyncSequence
where Base1.Element == Base2.Element, Base1.Failure == Base2.Failure {
  /// The bases' element type.
  public typealias Element = Base1.Element
  /// The bases' failure type.
  public typealias Failure = Base1.Failure

  @usableFromInline let base1: Base1
  @usableFromInline let base2: Base2

  @inlinable init(_ base1: Base1, _ base2: Base2) {
    (self.base1, self.base2) = (base1, base2)
  }

  /// Creates an iterator: the first base's iterator now, the second's when the first ends.
  @inlinable public func makeAsyncIterator() -> Iterator {
    Iterator(base1.makeAsyncIterator(), base2)
  }

  /// The iterator of an ``AsyncChain2Sequence``.
  public struct Iterator: AsyncIteratorProtocol {
    @usableFromInline var first: Base1.AsyncIterator?
    @usableFromInline var second: Base2.AsyncIterator?
    @usableFromInline var pending: Base2?

    @inlinable init(_ first: Base1.AsyncIterator, _ second: Base2) {
      self.first = first
      pending = second
    }

    /// The next element of the first base, then of the second.
    @inlinable public mutating func next(
      isolation actor: isolated (any Actor)? = #isolation
    ) async throws(Failure) -> Element? {
      if first != nil {
        do {
          if let element = try await first!.next(isolation: actor) { return element }
        } catch {
          first = nil
          pending = nil
          throw error
        }
        first = nil
        second = pending?.makeAsyncIterator()
        pending = nil
      }
      guard second != nil else { return nil }
      do {
        if let element = try await second!.next(isolation: actor) { return element }
      } catch {
        second = nil
        throw error
      }
      second = nil
      return nil
    }

    /// The next element of the first base, then of the second.
    @inlinable public mutating func next() async throws(Failure) -> Element? {
      try await next(isolation: nil)
    }
  }
}

extension AsyncChain2Sequence: Sendable where Base1: Sendable, Base2: Sendable {}

@available(*, unavailable)
extension AsyncChain2Sequence.Iterator: Sendable {}

/// Three sequences one after the other. Made by `chain(_:_:_:)`.
public struct AsyncChain3Sequence<
  Base1: AsyncSequence, Base2: AsyncSequence, Base3: AsyncSequence
>: AsyncSequence
where
  Base1.Element == Base2.Element, Base1.Element == Base3.Element,
  Base1.Failure == Base2.Failure, Base1.Failure == Base3.Failure
{
  /// The bases' element type.
  public typealias Element = Base1.Element
  /// The bases' failure type.
  public typealias Failure = Base1.Failure

  @usableFromInline let chained: AsyncChain2Sequence<AsyncChain2Sequence<Base1, Base2>, Base3>

  @inlinable init(_ base1: Base1, _ base2: Base2, _ base3: Base3) {
    chained = AsyncChain2Sequence(AsyncChain2Sequence(base1, base2), base3)
  }

  /// Creates an iterator: each base's iterator is made when the one before it ends.
  @inlinable public func makeAsyncIterator() -> Iterator {
    Iterator(chained.makeAsyncIterator())
  }

  /// The iterator of an ``AsyncChain3Sequence``.
  public struct Iterator: AsyncIteratorProtocol {
    @usableFromInline var chained:
      AsyncChain2Sequence<AsyncChain2Sequence<Base1, Base2>, Base3>.Iterator

    @inlinable init(
      _ chained: AsyncChain2Sequence<AsyncChain2Sequence<Base1, Base2>, Base3>.Iterator
    ) {
      self.chained = chained
    }

    /// The next element of the first base, then of the second, then of the third.
    @inlinable public mutating func next(
      isolation actor: isolated (any Actor)? = #isolation
    ) async throws(Failure) -> Element? {
      try await chained.next(isolation: actor)
    }

    /// The next element of the first base, then of the second, then of the third.
    @inlinable public mutating func next() async throws(Failure) -> Element? {
      try await chained.next(isolation: nil)
    }
  }
}

extension AsyncChain3Sequence: Sendable where Base1: Sendable, Base2: Sendable, Base3: Sendable {}

@available(*, unavailable)
extension AsyncChain3Sequence.Iterator: Sendable {}
