import Synchronization

/// The error of a send to a ``MultiProducerSingleConsumerAsyncChannel`` that has finished (or
/// whose consumer has gone).
public struct MultiProducerSingleConsumerAsyncChannelAlreadyFinishedError: Error {
  @usableFromInline init() {}
}

/// A channel from any number of producers — in Swift concurrency or not — to one consumer,
/// with back pressure by watermarks: a send returns `.produceMore` while the buffer is under
/// its high watermark, and `.enqueueCallback` once it reaches it; the callback (or the async
/// send) is resumed when the consumer has drained the buffer below the low watermark (or empty).
///
/// - **Termination:** `finish()` on a source (or the last source going away) ends the channel
///   once the consumer has taken what is buffered; `finish(throwing:)` throws the error after
///   it. Sends after the end throw ``MultiProducerSingleConsumerAsyncChannelAlreadyFinishedError``.
/// - **Cancellation:** cancelling the consumer's task while it waits ends the channel (its
///   `next()` returns `nil`); a waiting producer whose task is cancelled is resumed with
///   `CancellationError`.
/// - **Buffering:** unbounded in memory, bounded by the producers honouring the watermarks.
/// - **Termination callbacks:** each source's `setOnTerminationCallback(_:)` runs once the
///   channel is terminated — its consumer gone, or the end reached by it.
public struct MultiProducerSingleConsumerAsyncChannel<Element, Failure: Error>: ~Copyable, Sendable
{
  @usableFromInline let storage: MPSCChannelStorage<Element, Failure>

  /// The channel (taken once, by its consumer) and its first source. Frozen, so that a
  /// caller may take the source out of it (`consume channelAndSource.source`).
  @frozen public struct ChannelAndStream: ~Copyable {
    @usableFromInline var channel: MultiProducerSingleConsumerAsyncChannel?
    /// The first source; `makeAdditionalSource()` makes more.
    public var source: Source

    @usableFromInline init(
      channel: consuming MultiProducerSingleConsumerAsyncChannel, source: consuming Source
    ) {
      self.channel = .some(channel)
      self.source = source
    }

    /// The channel, for its consumer (once).
    public mutating func takeChannel() -> sending MultiProducerSingleConsumerAsyncChannel {
      guard let taken = channel.take() else {
        preconditionFailure("takeChannel() was called twice: a channel has one consumer")
      }
      return taken
    }
  }

  /// A channel and its first source, with the watermarks of `backpressureStrategy`.
  public static func makeChannel(
    of elementType: Element.Type = Element.self,
    throwing failureType: Failure.Type,
    backpressureStrategy: Source.BackpressureStrategy
  ) -> sending ChannelAndStream {
    let storage = MPSCChannelStorage<Element, Failure>(strategy: backpressureStrategy)
    return ChannelAndStream(
      channel: MultiProducerSingleConsumerAsyncChannel(storage: storage),
      source: Source(storage: storage))
  }

  init(storage: MPSCChannelStorage<Element, Failure>) {
    self.storage = storage
    storage.consumerHandleMade()
  }

  deinit {
    storage.consumerHandleGone()
  }

  /// The next element; `nil` at the end, or the failure the channel was finished with.
  public mutating func next(
    isolation: isolated (any Actor)? = #isolation
  ) async throws(Failure) -> Element? {
    try await storage.next()
  }

  /// The channel as an asynchronous sequence, for `for try await`.
  public consuming func elements() -> some (AsyncSequence<Element, Failure> & Sendable) {
    MPSCChannelElements(storage: storage)
  }
}

extension MultiProducerSingleConsumerAsyncChannel where Failure == Never {
  /// A channel that cannot fail and its first source, with the watermarks of
  /// `backpressureStrategy`.
  public static func makeChannel(
    of elementType: Element.Type = Element.self,
    backpressureStrategy: Source.BackpressureStrategy
  ) -> sending ChannelAndStream {
    makeChannel(of: elementType, throwing: Never.self, backpressureStrategy: backpressureStrategy)
  }
}

extension MultiProducerSingleConsumerAsyncChannel {
  /// A producer's end of the channel; `makeAdditionalSource()` gives another producer its own.
  /// The channel finishes when the last source finishes or goes away.
  public struct Source: ~Copyable {
    /// When sends must wait: a high and a low watermark of buffered elements (or of a level
    /// each element adds).
    public struct BackpressureStrategy: Sendable {
      @usableFromInline let low: Int
      @usableFromInline let high: Int
      @usableFromInline let level: (@Sendable (borrowing Element) -> Int)?

      /// Sends wait once `high` elements are buffered, until fewer than `low` are left (or none).
      public static func watermark(low: Int, high: Int) -> BackpressureStrategy {
        BackpressureStrategy(low: low, high: high, level: nil)
      }

      /// Sends wait once the elements' levels add up to `high`, until they are below `low` (or
      /// the buffer is empty).
      public static func watermark(
        low: Int, high: Int, waterLevelForElement: @escaping @Sendable (borrowing Element) -> Int
      ) -> BackpressureStrategy {
        BackpressureStrategy(low: low, high: high, level: waterLevelForElement)
      }
    }

    /// What a synchronous send says: go on, or wait for the callback.
    public enum SendResult: ~Copyable, Sendable {
      /// A ticket for a producer that must wait.
      public struct CallbackHandle: Sendable, Hashable {
        @usableFromInline let id: UInt64
        @usableFromInline let storage: any MPSCProducerWaits

        @usableFromInline init(id: UInt64, storage: any MPSCProducerWaits) {
          (self.id, self.storage) = (id, storage)
        }

        /// Calls `onProduceMore` when the channel wants more (`.success`), or has ended
        /// (`.failure`).
        public mutating func enqueueCallback(
          onProduceMore: sending @escaping (Result<Void, Error>) -> Void
        ) {
          storage.enqueue(id, onProduceMore)
        }

        /// Cancels the wait: the callback is called with `CancellationError`.
        public mutating func cancelCallback() {
          storage.cancel(id)
        }

        /// Handles are equal when they are the same ticket.
        public static func == (lhs: Self, rhs: Self) -> Bool { lhs.id == rhs.id }

        /// Hashes the ticket.
        public func hash(into hasher: inout Hasher) { hasher.combine(id) }
      }

      /// The buffer is under its high watermark: send more.
      case produceMore
      /// The buffer reached its high watermark: wait for the callback.
      case enqueueCallback(CallbackHandle)
    }

    @usableFromInline let storage: MPSCChannelStorage<Element, Failure>
    @usableFromInline let id: UInt64

    init(storage: MPSCChannelStorage<Element, Failure>) {
      self.storage = storage
      id = storage.sourceMade()
    }

    deinit {
      storage.sourceGone()
    }

    /// A callback run once the channel is terminated (consumer gone, or end reached).
    public func setOnTerminationCallback(_ callback: (@Sendable () -> Void)?) {
      storage.setOnTermination(source: id, callback)
    }

    /// Another source for another producer.
    public mutating func makeAdditionalSource() -> sending Self {
      Source(storage: storage)
    }

    /// Sends the elements of `sequence`; throws once the channel has finished.
    public mutating func send<S>(
      contentsOf sequence: consuming sending S
    ) throws -> SendResult where Element == S.Element, S: Sequence, Element: Copyable {
      try storage.send(Array(sequence))
    }

    /// Sends `element`; throws once the channel has finished.
    public mutating func send(_ element: consuming sending Element) throws -> SendResult {
      try storage.send([element])
    }

    /// Sends the elements of `sequence`; `onProduceMore` is called when more may be sent
    /// (at once, or when the buffer is drained), or with the error that ended the channel.
    public mutating func send<S>(
      contentsOf sequence: consuming sending S,
      onProduceMore: @escaping @Sendable (Result<Void, Error>) -> Void
    ) where Element == S.Element, S: Sequence, Element: Copyable {
      let elements = Array(sequence)
      handle(Result { try storage.send(elements) }, onProduceMore)
    }

    /// Sends `element`; `onProduceMore` is called when more may be sent, or with the error
    /// that ended the channel.
    public mutating func send(
      _ element: consuming sending Element,
      onProduceMore: @escaping @Sendable (Result<Void, Error>) -> Void
    ) {
      let elements = [element]
      handle(Result { try storage.send(elements) }, onProduceMore)
    }

    private func handle(
      _ result: consuming Result<SendResult, any Error>,
      _ onProduceMore: @escaping @Sendable (Result<Void, Error>) -> Void
    ) {
      switch consume result {
      case .failure(let error): onProduceMore(.failure(error))
      case .success(let sent):
        switch consume sent {
        case .produceMore: onProduceMore(.success(()))
        case .enqueueCallback(var handle): handle.enqueueCallback(onProduceMore: onProduceMore)
        }
      }
    }

    /// Sends the elements of `sequence`, waiting while the buffer is over its watermark.
    public mutating func send<S>(
      contentsOf sequence: consuming sending S
    ) async throws where Element == S.Element, S: Sequence, Element: Copyable {
      try await wait(for: storage.send(Array(sequence)))
    }

    /// Sends `element`, waiting while the buffer is over its watermark.
    public mutating func send(_ element: consuming sending Element) async throws {
      let elements = [element]
      try await wait(for: storage.send(elements))
    }

    /// Sends every element of an asynchronous sequence, waiting as the watermarks say.
    public mutating func send<S>(contentsOf sequence: consuming sending S) async throws
    where Element == S.Element, S: AsyncSequence, Element: Copyable, S: Sendable, Element: Sendable
    {
      for try await element in sequence {
        try await wait(for: storage.send([element]))
      }
    }

    private func wait(for result: consuming SendResult) async throws {
      guard case .enqueueCallback(let handle) = consume result else { return }
      try await withTaskCancellationHandler {
        try await withCheckedThrowingContinuation {
          (continuation: CheckedContinuation<Void, any Error>) in
          var handle = handle
          handle.enqueueCallback { continuation.resume(with: $0) }
        }
      } onCancel: {
        var handle = handle
        handle.cancelCallback()
      }
    }

    /// Finishes the channel (for every source): the consumer gets what is buffered, then
    /// `nil` — or `error`.
    public consuming func finish(throwing error: Failure? = nil) {
      storage.finish(error)
    }
  }
}

/// The elements of a channel, as a sequence (``MultiProducerSingleConsumerAsyncChannel/elements()``).
// @unchecked Sendable: it holds only `backing`, whose storage guards all its state with its
// lock (see `MPSCChannelStorage`); elements are handed to one consumer under that lock.
struct MPSCChannelElements<Element, Failure: Error>: AsyncSequence, @unchecked Sendable {
  let backing: Backing

  /// Keeps the channel's consumer side alive while the sequence exists.
  // @unchecked Sendable: its one field is immutable, and the storage it points to guards its
  // state with its own lock.
  final class Backing: @unchecked Sendable {
    let storage: MPSCChannelStorage<Element, Failure>
    init(storage: MPSCChannelStorage<Element, Failure>) {
      self.storage = storage
      storage.consumerHandleMade()
    }
    deinit { storage.consumerHandleGone() }
  }

  init(storage: MPSCChannelStorage<Element, Failure>) {
    backing = Backing(storage: storage)
  }

  func makeAsyncIterator() -> Iterator { Iterator(backing: backing) }

  struct Iterator: AsyncIteratorProtocol {
    let backing: Backing

    mutating func next(isolation actor: isolated (any Actor)? = #isolation) async throws(Failure)
      -> Element?
    {
      try await backing.storage.next()
    }

    mutating func next() async throws(Failure) -> Element? {
      try await backing.storage.next()
    }
  }
}
