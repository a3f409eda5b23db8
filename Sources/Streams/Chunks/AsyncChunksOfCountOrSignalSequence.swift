extension AsyncSequence where Self: Sendable, Element: Sendable {
  /// Chunks of `count` elements, or fewer when `signal` produces an element first, each
  /// collected into `Collected`.
  ///
  /// - **Termination:** the elements collected when the base finishes are given as a last
  ///   chunk (none when there are none), then the sequence finishes.
  /// - **Failure:** an error of the base or of the signal is thrown at once (the chunk
  ///   being collected is dropped).
  /// - **Cancellation:** cancelling the consuming task, or dropping the iterator, cancels
  ///   the tasks reading the base and the signal.
  /// - **Buffering:** the base and the signal are read by a task each, as `merge` reads
  ///   them; a signal with nothing collected gives no chunk.
  ///
  /// For a timer signal, `chunks(ofCount:or:)` with an `AsyncTimerSequence` is measured on
  /// its clock instead (see <doc:Chunks>).
  @_disfavoredOverload  // below the timer forms: a timer is measured on its clock
  @inlinable
  public func chunks<Signal: AsyncSequence & Sendable, Collected: RangeReplaceableCollection>(
    ofCount count: Int, or signal: Signal, into: Collected.Type
  ) -> AsyncChunksOfCountOrSignalSequence<Self, Collected, Signal>
  where Collected.Element == Element, Signal.Element: Sendable, Signal.Failure == Failure {
    precondition(count > 0, "chunks(ofCount:or:) needs a count of at least 1")
    return AsyncChunksOfCountOrSignalSequence(base: self, count: count, signal: signal)
  }

  /// Chunks of `count` elements, or fewer when `signal` produces an element first, as arrays.
  @_disfavoredOverload  // below the timer forms: a timer is measured on its clock
  @inlinable public func chunks<Signal: AsyncSequence & Sendable>(
    ofCount count: Int, or signal: Signal
  ) -> AsyncChunksOfCountOrSignalSequence<Self, [Element], Signal>
  where Signal.Element: Sendable, Signal.Failure == Failure {
    chunks(ofCount: count, or: signal, into: [Element].self)
  }

  /// The elements collected between two elements of `signal`, each chunk into `Collected`.
  @_disfavoredOverload  // below the timer forms: a timer is measured on its clock
  @inlinable
  public func chunked<Signal: AsyncSequence & Sendable, Collected: RangeReplaceableCollection>(
    by signal: Signal, into: Collected.Type
  ) -> AsyncChunksOfCountOrSignalSequence<Self, Collected, Signal>
  where Collected.Element == Element, Signal.Element: Sendable, Signal.Failure == Failure {
    AsyncChunksOfCountOrSignalSequence(base: self, count: nil, signal: signal)
  }

  /// The elements collected between two elements of `signal`, as arrays.
  @_disfavoredOverload  // below the timer forms: a timer is measured on its clock
  @inlinable public func chunked<Signal: AsyncSequence & Sendable>(by signal: Signal)
    -> AsyncChunksOfCountOrSignalSequence<Self, [Element], Signal>
  where Signal.Element: Sendable, Signal.Failure == Failure {
    chunked(by: signal, into: [Element].self)
  }
}

/// What the chunking reads: an element of the base, or a signal.
@usableFromInline enum SignalledChunkEvent<Element: Sendable>: Sendable {
  case element(Element)
  case signal
  /// The base finished: the chunking ends, whatever the signal still does.
  case baseEnded
}

/// A base's elements, or a signal's, as ``SignalledChunkEvent``s (`Sendable`, for `merge`).
@usableFromInline
struct SignalledChunkEventSequence<Base: AsyncSequence & Sendable, Element: Sendable>:
  AsyncSequence, Sendable
where Base.Element: Sendable {
  @usableFromInline typealias Failure = Base.Failure
  @usableFromInline let base: Base
  @usableFromInline let event: @Sendable (Base.Element) -> SignalledChunkEvent<Element>
  /// The event after the base's last element, if one is given.
  @usableFromInline let end: SignalledChunkEvent<Element>?

  @inlinable init(
    _ base: Base, end: SignalledChunkEvent<Element>? = nil,
    _ event: @escaping @Sendable (Base.Element) -> SignalledChunkEvent<Element>
  ) {
    (self.base, self.end, self.event) = (base, end, event)
  }

  @inlinable func makeAsyncIterator() -> Iterator {
    Iterator(base: base.makeAsyncIterator(), end: end, event: event)
  }

  @usableFromInline struct Iterator: AsyncIteratorProtocol {
    @usableFromInline var base: Base.AsyncIterator
    @usableFromInline var end: SignalledChunkEvent<Element>?
    @usableFromInline let event: @Sendable (Base.Element) -> SignalledChunkEvent<Element>

    @inlinable init(
      base: Base.AsyncIterator, end: SignalledChunkEvent<Element>?,
      event: @escaping @Sendable (Base.Element) -> SignalledChunkEvent<Element>
    ) {
      (self.base, self.end, self.event) = (base, end, event)
    }

    @inlinable mutating func next(isolation actor: isolated (any Actor)? = #isolation)
      async throws(Base.Failure) -> SignalledChunkEvent<Element>?
    {
      if let element = try await base.next(isolation: actor) { return event(element) }
      defer { end = nil }
      return end
    }

    @inlinable mutating func next() async throws(Base.Failure) -> SignalledChunkEvent<Element>? {
      try await next(isolation: nil)
    }
  }
}

/// Chunks of a count, or cut by a signal sequence. Made by `chunks(ofCount:or:)` and
/// `chunked(by:)` with a signal that is not a timer.
public struct AsyncChunksOfCountOrSignalSequence<
  Base: AsyncSequence & Sendable, Collected: RangeReplaceableCollection,
  Signal: AsyncSequence & Sendable
>: AsyncSequence, Sendable
where
  Collected.Element == Base.Element, Base.Element: Sendable, Signal.Element: Sendable,
  Signal.Failure == Base.Failure
{
  /// A chunk.
  public typealias Element = Collected
  /// The base's (and the signal's) failure type.
  public typealias Failure = Base.Failure

  @usableFromInline typealias Events = AsyncMergeSequence<
    SignalledChunkEvent<Base.Element>, Failure
  >

  @usableFromInline let events: Events
  @usableFromInline let count: Int?

  @inlinable init(base: Base, count: Int?, signal: Signal) {
    self.count = count
    events = merge(
      SignalledChunkEventSequence(base, end: .baseEnded) { .element($0) },
      SignalledChunkEventSequence(signal) { _ in .signal })
  }

  /// Creates an iterator: the base and the signal are subscribed to now.
  @inlinable public func makeAsyncIterator() -> Iterator {
    Iterator(events: events.makeAsyncIterator(), count: count)
  }

  /// The iterator of an ``AsyncChunksOfCountOrSignalSequence``.
  public struct Iterator: AsyncIteratorProtocol {
    @usableFromInline var events: Events.AsyncIterator
    @usableFromInline let count: Int?
    @usableFromInline var ended = false

    @inlinable init(events: Events.AsyncIterator, count: Int?) {
      (self.events, self.count) = (events, count)
    }

    /// The next chunk: full, cut by the signal, or the last one at the base's end.
    @inlinable public mutating func next(
      isolation actor: isolated (any Actor)? = #isolation
    ) async throws(Failure) -> Collected? {
      guard !ended else { return nil }
      var chunk = Collected()
      var collected = 0
      while let event = try await events.next(isolation: actor) {
        switch event {
        case .element(let element):
          chunk.append(element)
          collected += 1
          if let count, collected == count { return chunk }
        case .signal:
          if collected > 0 { return chunk }
        case .baseEnded:
          ended = true
          return collected > 0 ? chunk : nil
        }
      }
      ended = true
      return collected > 0 ? chunk : nil
    }

    /// The next chunk: full, cut by the signal, or the last one at the base's end.
    @inlinable public mutating func next() async throws(Failure) -> Collected? {
      try await next(isolation: nil)
    }
  }
}

@available(*, unavailable)
extension AsyncChunksOfCountOrSignalSequence.Iterator: Sendable {}
