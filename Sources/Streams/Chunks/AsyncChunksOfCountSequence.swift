extension AsyncSequence {
  /// Groups the elements into arrays of `count`; the last one may be shorter.
  ///
  /// ```swift
  /// [1, 2, 3, 4, 5].async.chunks(ofCount: 2)  // [1, 2], [3, 4], [5]
  /// ```
  ///
  /// Runs in the consumer's task and starts no task; it holds one chunk. It ends when the
  /// base does (after the last, shorter chunk); an error of the base is thrown at once and the
  /// chunk being gathered is dropped. Once the consuming task is cancelled, a chunk cut short
  /// by the base's end is dropped too and `next()` returns `nil`, as with
  /// `chunks(ofCount:or:)` (swift-async-algorithms returns the partial chunk).
  ///
  /// - Precondition: `count` is greater than zero.
  @inlinable
  public func chunks(ofCount count: Int) -> AsyncChunksOfCountSequence<Self, [Element]> {
    chunks(ofCount: count, into: [Element].self)
  }

  /// Groups the elements into collections of `count` (see ``chunks(ofCount:)``).
  @inlinable
  public func chunks<Collected: RangeReplaceableCollection>(
    ofCount count: Int, into: Collected.Type
  ) -> AsyncChunksOfCountSequence<Self, Collected> where Collected.Element == Element {
    precondition(count > 0, "chunks(ofCount:) needs a count greater than zero")
    return AsyncChunksOfCountSequence(base: self, count: count)
  }
}

/// Chunks of a fixed count. Made by `chunks(ofCount:)`; see <doc:Chunks>.
public struct AsyncChunksOfCountSequence<
  Base: AsyncSequence, Collected: RangeReplaceableCollection
>:
  AsyncSequence
where Collected.Element == Base.Element {
  /// A chunk.
  public typealias Element = Collected
  /// The base's failure type.
  public typealias Failure = Base.Failure

  @usableFromInline let base: Base
  @usableFromInline let count: Int

  @inlinable init(base: Base, count: Int) {
    self.base = base
    self.count = count
  }

  /// Creates an iterator over the base.
  @inlinable public func makeAsyncIterator() -> Iterator {
    Iterator(base: base.makeAsyncIterator(), count: count)
  }

  /// The iterator of an ``AsyncChunksOfCountSequence``.
  public struct Iterator: AsyncIteratorProtocol {
    @usableFromInline var base: Base.AsyncIterator
    @usableFromInline let count: Int

    @inlinable init(base: Base.AsyncIterator, count: Int) {
      self.base = base
      self.count = count
    }

    /// The next chunk: `count` elements, or fewer at the end.
    @inlinable public mutating func next(
      isolation actor: isolated (any Actor)? = #isolation
    ) async throws(Failure) -> Collected? {
      guard let first = try await base.next(isolation: actor) else { return nil }
      var chunk = Collected()
      chunk.reserveCapacity(count)
      chunk.append(first)
      while chunk.count < count, let element = try await base.next(isolation: actor) {
        chunk.append(element)
      }
      // A base cut short by the consumer's cancellation: no partial chunk, as with a timer.
      if chunk.count < count, Task.isCancelled { return nil }
      return chunk
    }

    /// The next chunk: `count` elements, or fewer at the end.
    @inlinable public mutating func next() async throws(Failure) -> Collected? {
      try await next(isolation: nil)
    }
  }
}

extension AsyncChunksOfCountSequence: Sendable where Base: Sendable {}

@available(*, unavailable)
extension AsyncChunksOfCountSequence.Iterator: Sendable {}
