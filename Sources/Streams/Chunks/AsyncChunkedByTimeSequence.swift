extension AsyncSequence where Self: Sendable, Element: Sendable {
  /// Groups the elements that arrive in each tick of `timer` (a time window on its clock);
  /// windows in which nothing arrives emit nothing.
  ///
  /// ```swift
  /// for await batch in events.chunked(by: .repeating(every: .seconds(1), clock: clock)) {
  ///   upload(batch)  // at most one batch a second
  /// }
  /// ```
  ///
  /// - **Windows:** the first starts at the first `next()` and each lasts the timer's
  ///   interval; they are half-open, so an element arriving exactly as a window ends belongs
  ///   to the next one, and an end arriving then comes after that window's chunk.
  /// - **Termination:** when the base finishes, the chunk being gathered is emitted at once,
  ///   then the sequence finishes.
  /// - **Failure:** an error of the base is thrown after the chunks emitted before it; the
  ///   chunk being gathered is dropped.
  /// - **Cancellation:** cancelling the consuming task or dropping the iterator cancels the
  ///   task reading the base and the timer; `next()` then returns `nil`.
  /// - **Buffering:** the base is read as fast as it produces; elements wait for the consumer
  ///   without a bound, and are gathered into chunks as the consumer asks.
  @inlinable
  public func chunked<C: Clock>(
    by timer: AsyncTimerSequence<C>
  ) -> AsyncChunkedByTimeSequence<Self, [Element], C> {
    chunked(by: timer, into: [Element].self)
  }

  /// Groups the elements of each time window into a collection (see ``chunked(by:)``).
  @inlinable
  public func chunked<C: Clock, Collected: RangeReplaceableCollection>(
    by timer: AsyncTimerSequence<C>, into: Collected.Type
  ) -> AsyncChunkedByTimeSequence<Self, Collected, C> where Collected.Element == Element {
    AsyncChunkedByTimeSequence(
      base: self, count: nil, interval: timer.interval, tolerance: timer.tolerance,
      clock: timer.clock)
  }

  /// Groups the elements into chunks of `count`, or fewer when a time window of `timer` ends
  /// first (see ``chunked(by:)``; a full chunk goes out at once, and the window goes on).
  ///
  /// - Precondition: `count` is greater than zero.
  @inlinable
  public func chunks<C: Clock>(
    ofCount count: Int, or timer: AsyncTimerSequence<C>
  ) -> AsyncChunkedByTimeSequence<Self, [Element], C> {
    chunks(ofCount: count, or: timer, into: [Element].self)
  }

  /// Groups the elements into collections of `count`, or fewer when a window of `timer` ends
  /// first (see `chunks(ofCount:or:)` with a timer).
  @inlinable
  public func chunks<C: Clock, Collected: RangeReplaceableCollection>(
    ofCount count: Int, or timer: AsyncTimerSequence<C>, into: Collected.Type
  ) -> AsyncChunkedByTimeSequence<Self, Collected, C> where Collected.Element == Element {
    precondition(count > 0, "chunks(ofCount:or:) needs a count greater than zero")
    return AsyncChunkedByTimeSequence(
      base: self, count: count, interval: timer.interval, tolerance: timer.tolerance,
      clock: timer.clock)
  }
}

/// Chunks of the elements that arrive in each time window, optionally at most `count` long.
/// Made by `chunked(by:)` and `chunks(ofCount:or:)` with an ``AsyncTimerSequence``; see
/// <doc:Chunks>.
public struct AsyncChunkedByTimeSequence<
  Base: AsyncSequence & Sendable, Collected: RangeReplaceableCollection, C: Clock
>: AsyncSequence, Sendable where Base.Element: Sendable, Collected.Element == Base.Element {
  /// A chunk.
  public typealias Element = Collected
  /// The base's failure type.
  public typealias Failure = Base.Failure
  @usableFromInline typealias Storage = TimedStorage<
    Base, C, ChunkGate<Base.Element, Base.Failure, C.Instant>
  >

  @usableFromInline let timed: TimedParameters<Base, C>
  @usableFromInline let count: Int?

  @inlinable init(
    base: Base, count: Int?, interval: C.Duration, tolerance: C.Duration?, clock: C
  ) {
    timed = TimedParameters(base: base, interval: interval, tolerance: tolerance, clock: clock)
    self.count = count
  }

  /// Creates an iterator; each iterator reads the base on its own.
  @inlinable public func makeAsyncIterator() -> Iterator {
    Iterator(
      reader: timed.reader(ChunkGate(interval: timed.interval), name: "chunked"), count: count)
  }

  /// The iterator of an ``AsyncChunkedByTimeSequence``: it gathers the elements between two
  /// window ends into a chunk.
  public struct Iterator: AsyncIteratorProtocol {
    @usableFromInline var reader: OutboxReader<Storage>
    @usableFromInline let count: Int?

    @inlinable init(reader: OutboxReader<Storage>, count: Int?) {
      self.reader = reader
      self.count = count
    }

    /// The next chunk, or `nil` at the end or after cancellation.
    @inlinable public mutating func next(
      isolation actor: isolated (any Actor)? = #isolation
    ) async throws(Failure) -> Collected? {
      var chunk = Collected()
      while let event = try await reader.next(isolation: actor) {
        switch event {
        case .element(let element):
          chunk.append(element)
          if let count, chunk.count >= count { return chunk }
        case .boundary:
          if !chunk.isEmpty { return chunk }
        }
      }
      // The end: what was gathered goes out, unless the consumer was cancelled.
      return chunk.isEmpty || Task.isCancelled ? nil : chunk
    }

    /// The next chunk, or `nil` at the end or after cancellation.
    @inlinable public mutating func next() async throws(Failure) -> Collected? {
      try await next(isolation: nil)
    }
  }
}

@available(*, unavailable)
extension AsyncChunkedByTimeSequence.Iterator: Sendable {}
