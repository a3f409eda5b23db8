extension AsyncSequence where Element: AsyncSequence, Element.Failure == Failure {
  /// The elements of each inner sequence, one inner after the other.
  ///
  /// Runs in the consumer's task: an inner sequence is iterated when the one before it has
  /// finished. A failure of the base or of an inner ends it; cancellation is theirs.
  @inlinable public func joined() -> AsyncJoinedSequence<Self> {
    AsyncJoinedSequence(base: self)
  }

  /// The elements of each inner sequence, with the elements of `separator` between two
  /// inners (iterated anew each time).
  @inlinable public func joined<Separator: AsyncSequence>(separator: Separator)
    -> AsyncJoinedBySeparatorSequence<Self, Separator>
  where Separator.Element == Element.Element, Separator.Failure == Failure {
    AsyncJoinedBySeparatorSequence(base: self, separator: separator)
  }
}

extension AsyncSequence where Element: AsyncSequence {
  /// `joined()` over inner sequences whose failure type differs from the base's: it fails
  /// with `any Error`, as swift-async-algorithms' does.
  @_disfavoredOverload
  @inlinable public func joined() -> AsyncJoinedSequence<
    AsyncMapSequence<
      AsyncMapErrorSequence<Self, any Error>, AsyncMapErrorSequence<Element, any Error>
    >
  > {
    AsyncJoinedSequence(base: mapError { $0 }.map(failingWithAnyError))
  }

  /// `joined(separator:)` over sequences whose failure types differ: it fails with
  /// `any Error`, as swift-async-algorithms' does.
  @_disfavoredOverload
  @inlinable public func joined<Separator: AsyncSequence>(separator: Separator)
    -> AsyncJoinedBySeparatorSequence<
      AsyncMapSequence<
        AsyncMapErrorSequence<Self, any Error>, AsyncMapErrorSequence<Element, any Error>
      >,
      AsyncMapErrorSequence<Separator, any Error>
    >
  where Separator.Element == Element.Element {
    AsyncJoinedBySeparatorSequence(
      base: mapError { $0 }.map(failingWithAnyError), separator: separator.mapError { $0 })
  }
}

/// `sequence`, failing with `any Error` (for the inner sequences of a join whose failure
/// types differ).
@inlinable func failingWithAnyError<S: AsyncSequence>(_ sequence: S)
  -> AsyncMapErrorSequence<S, any Error>
{
  sequence.mapError { $0 }
}

/// The elements of a sequence's inner sequences, one after the other. Made by `joined()`.
public struct AsyncJoinedSequence<Base: AsyncSequence>: AsyncSequence
where Base.Element: AsyncSequence, Base.Element.Failure == Base.Failure {
  /// The inner sequences' element type.
  public typealias Element = Base.Element.Element
  /// The base's (and the inners') failure type.
  public typealias Failure = Base.Failure

  @usableFromInline let base: Base

  @inlinable init(base: Base) {
    self.base = base
  }

  /// Creates an iterator over the base.
  @inlinable public func makeAsyncIterator() -> Iterator {
    Iterator(base: base.makeAsyncIterator())
  }

  /// The iterator of an ``AsyncJoinedSequence``.
  public struct Iterator: AsyncIteratorProtocol {
    @usableFromInline var base: Base.AsyncIterator?
    @usableFromInline var inner: Base.Element.AsyncIterator?

    @inlinable init(base: Base.AsyncIterator) {
      self.base = base
    }

    /// The next element of the current inner sequence, or of the next one.
    @inlinable public mutating func next(
      isolation actor: isolated (any Actor)? = #isolation
    ) async throws(Failure) -> Element? {
      do {
        while true {
          if inner != nil, let element = try await inner!.next(isolation: actor) {
            return element
          }
          inner = nil
          guard base != nil, let next = try await base!.next(isolation: actor) else {
            base = nil
            return nil
          }
          inner = next.makeAsyncIterator()
        }
      } catch {
        (base, inner) = (nil, nil)
        throw error
      }
    }

    /// The next element of the current inner sequence, or of the next one.
    @inlinable public mutating func next() async throws(Failure) -> Element? {
      try await next(isolation: nil)
    }
  }
}

extension AsyncJoinedSequence: Sendable where Base: Sendable {}

@available(*, unavailable)
extension AsyncJoinedSequence.Iterator: Sendable {}

/// The elements of a sequence's inner sequences with a separator's between them. Made by
/// `joined(separator:)`.
public struct AsyncJoinedBySeparatorSequence<Base: AsyncSequence, Separator: AsyncSequence>:
  AsyncSequence
where
  Base.Element: AsyncSequence, Base.Element.Failure == Base.Failure,
  Separator.Element == Base.Element.Element, Separator.Failure == Base.Failure
{
  /// The inner sequences' element type.
  public typealias Element = Base.Element.Element
  /// The base's (and the inners' and the separator's) failure type.
  public typealias Failure = Base.Failure

  @usableFromInline let base: Base
  @usableFromInline let separator: Separator

  @inlinable init(base: Base, separator: Separator) {
    (self.base, self.separator) = (base, separator)
  }

  /// Creates an iterator over the base.
  @inlinable public func makeAsyncIterator() -> Iterator {
    Iterator(base: base.makeAsyncIterator(), separator: separator)
  }

  /// The iterator of an ``AsyncJoinedBySeparatorSequence``.
  public struct Iterator: AsyncIteratorProtocol {
    @usableFromInline var base: Base.AsyncIterator?
    @usableFromInline let separator: Separator
    @usableFromInline var inner: Base.Element.AsyncIterator?
    @usableFromInline var between: Separator.AsyncIterator?
    /// The inner read ahead, to start after the separator.
    @usableFromInline var nextInner: Base.Element?
    @usableFromInline var started = false

    @inlinable init(base: Base.AsyncIterator, separator: Separator) {
      (self.base, self.separator) = (base, separator)
    }

    /// The next element of an inner sequence, or of the separator between two.
    @inlinable public mutating func next(
      isolation actor: isolated (any Actor)? = #isolation
    ) async throws(Failure) -> Element? {
      do {
        while true {
          if between != nil {
            if let element = try await between!.next(isolation: actor) { return element }
            between = nil
            inner = nextInner?.makeAsyncIterator()
            nextInner = nil
          }
          if inner != nil {
            if let element = try await inner!.next(isolation: actor) { return element }
            inner = nil
          }
          guard base != nil, let next = try await base!.next(isolation: actor) else {
            base = nil
            return nil
          }
          if started {
            nextInner = next
            between = separator.makeAsyncIterator()
          } else {
            started = true
            inner = next.makeAsyncIterator()
          }
        }
      } catch {
        (base, inner, between, nextInner) = (nil, nil, nil, nil)
        throw error
      }
    }

    /// The next element of an inner sequence, or of the separator between two.
    @inlinable public mutating func next() async throws(Failure) -> Element? {
      try await next(isolation: nil)
    }
  }
}

extension AsyncJoinedBySeparatorSequence: Sendable where Base: Sendable, Separator: Sendable {}

@available(*, unavailable)
extension AsyncJoinedBySeparatorSequence.Iterator: Sendable {}
