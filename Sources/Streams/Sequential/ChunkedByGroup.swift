extension AsyncSequence {
  /// Runs of neighbouring elements that `belongInSameGroup` says go together (it is asked of
  /// each element and the one before it), each collected into `Collected`.
  ///
  /// Runs in the consumer's task and holds one group: a group is given when the first
  /// element of the next arrives, or when the base ends. A failure of the base ends it
  /// (the group held is dropped); cancellation is the base's.
  @inlinable public func chunked<Collected: RangeReplaceableCollection>(
    into: Collected.Type, by belongInSameGroup: @escaping @Sendable (Element, Element) -> Bool
  ) -> AsyncChunkedByGroupSequence<Self, Collected> where Collected.Element == Element {
    AsyncChunkedByGroupSequence(base: self, grouping: belongInSameGroup)
  }

  /// Runs of neighbouring elements that `belongInSameGroup` says go together, as arrays.
  @inlinable public func chunked(
    by belongInSameGroup: @escaping @Sendable (Element, Element) -> Bool
  ) -> AsyncChunkedByGroupSequence<Self, [Element]> {
    chunked(into: [Element].self, by: belongInSameGroup)
  }

  /// Runs of neighbouring elements with the same `projection`, each with that value,
  /// collected into `Collected`.
  @inlinable public func chunked<Subject: Equatable, Collected: RangeReplaceableCollection>(
    into: Collected.Type, on projection: @escaping @Sendable (Element) -> Subject
  ) -> AsyncChunkedOnProjectionSequence<Self, Subject, Collected> {
    AsyncChunkedOnProjectionSequence(base: self, projection: projection)
  }

  /// Runs of neighbouring elements with the same `projection`, each with that value, as
  /// arrays.
  @inlinable public func chunked<Subject: Equatable>(
    on projection: @escaping @Sendable (Element) -> Subject
  ) -> AsyncChunkedOnProjectionSequence<Self, Subject, [Element]> {
    chunked(into: [Element].self, on: projection)
  }
}

/// Runs of neighbouring elements a predicate groups. Made by `chunked(by:)`.
public struct AsyncChunkedByGroupSequence<
  Base: AsyncSequence, Collected: RangeReplaceableCollection
>:
  AsyncSequence
where Collected.Element == Base.Element {
  /// A group.
  public typealias Element = Collected
  /// The base's failure type.
  public typealias Failure = Base.Failure

  @usableFromInline let base: Base
  @usableFromInline let grouping: @Sendable (Base.Element, Base.Element) -> Bool

  @inlinable init(base: Base, grouping: @escaping @Sendable (Base.Element, Base.Element) -> Bool) {
    (self.base, self.grouping) = (base, grouping)
  }

  /// Creates an iterator over the base.
  @inlinable public func makeAsyncIterator() -> Iterator {
    Iterator(base: base.makeAsyncIterator(), grouping: grouping)
  }

  /// The iterator of an ``AsyncChunkedByGroupSequence``.
  public struct Iterator: AsyncIteratorProtocol {
    @usableFromInline var base: Base.AsyncIterator
    @usableFromInline let grouping: @Sendable (Base.Element, Base.Element) -> Bool
    /// The first element of the next group, read ahead.
    @usableFromInline var first: Base.Element?
    @usableFromInline var ended = false

    @inlinable init(
      base: Base.AsyncIterator, grouping: @escaping @Sendable (Base.Element, Base.Element) -> Bool
    ) {
      (self.base, self.grouping) = (base, grouping)
    }

    /// The next group: when the next one's first element arrives, or the base ends.
    @inlinable public mutating func next(
      isolation actor: isolated (any Actor)? = #isolation
    ) async throws(Failure) -> Collected? {
      guard !ended else { return nil }
      if first == nil { first = try await base.next(isolation: actor) }
      guard var previous = first else {
        ended = true
        return nil
      }
      first = nil
      var group = Collected()
      group.append(previous)
      while let element = try await base.next(isolation: actor) {
        guard grouping(previous, element) else {
          first = element
          return group
        }
        group.append(element)
        previous = element
      }
      ended = true
      return group
    }

    /// The next group: when the next one's first element arrives, or the base ends.
    @inlinable public mutating func next() async throws(Failure) -> Collected? {
      try await next(isolation: nil)
    }
  }
}

extension AsyncChunkedByGroupSequence: Sendable where Base: Sendable, Base.Element: Sendable {}

@available(*, unavailable)
extension AsyncChunkedByGroupSequence.Iterator: Sendable {}

/// Runs of neighbouring elements with the same projection. Made by `chunked(on:)`.
public struct AsyncChunkedOnProjectionSequence<
  Base: AsyncSequence, Subject: Equatable, Collected: RangeReplaceableCollection
>: AsyncSequence where Collected.Element == Base.Element {
  /// A group, with the projection its elements share.
  public typealias Element = (Subject, Collected)
  /// The base's failure type.
  public typealias Failure = Base.Failure

  @usableFromInline let base: Base
  @usableFromInline let projection: @Sendable (Base.Element) -> Subject

  @inlinable init(base: Base, projection: @escaping @Sendable (Base.Element) -> Subject) {
    (self.base, self.projection) = (base, projection)
  }

  /// Creates an iterator over the base.
  @inlinable public func makeAsyncIterator() -> Iterator {
    Iterator(base: base.makeAsyncIterator(), projection: projection)
  }

  /// The iterator of an ``AsyncChunkedOnProjectionSequence``.
  public struct Iterator: AsyncIteratorProtocol {
    @usableFromInline var base: Base.AsyncIterator
    @usableFromInline let projection: @Sendable (Base.Element) -> Subject
    @usableFromInline var first: (Subject, Base.Element)?
    @usableFromInline var ended = false

    @inlinable init(
      base: Base.AsyncIterator, projection: @escaping @Sendable (Base.Element) -> Subject
    ) {
      (self.base, self.projection) = (base, projection)
    }

    /// The next group and its projection.
    @inlinable public mutating func next(
      isolation actor: isolated (any Actor)? = #isolation
    ) async throws(Failure) -> (Subject, Collected)? {
      guard !ended else { return nil }
      if first == nil, let element = try await base.next(isolation: actor) {
        first = (projection(element), element)
      }
      guard let (subject, element) = first else {
        ended = true
        return nil
      }
      first = nil
      var group = Collected()
      group.append(element)
      while let element = try await base.next(isolation: actor) {
        let projected = projection(element)
        guard projected == subject else {
          first = (projected, element)
          return (subject, group)
        }
        group.append(element)
      }
      ended = true
      return (subject, group)
    }

    /// The next group and its projection.
    @inlinable public mutating func next() async throws(Failure) -> (Subject, Collected)? {
      try await next(isolation: nil)
    }
  }
}

extension AsyncChunkedOnProjectionSequence: Sendable
where Base: Sendable, Base.Element: Sendable {}

@available(*, unavailable)
extension AsyncChunkedOnProjectionSequence.Iterator: Sendable {}
