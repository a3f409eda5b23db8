import Synchronization

/// What a ``MultiProducerSingleConsumerAsyncChannel/Source/SendResult/CallbackHandle`` asks of
/// its channel: wait for room, or stop waiting.
@usableFromInline protocol MPSCProducerWaits: AnyObject, Sendable {
  func enqueue(_ id: UInt64, _ onProduceMore: sending @escaping (Result<Void, Error>) -> Void)
  func cancel(_ id: UInt64)
}

/// The state of a ``MultiProducerSingleConsumerAsyncChannel``: the buffer and its water level,
/// the waiting consumer and producers, the sources and consumer handles alive, the end.
///
/// `@unchecked Sendable`: every field is read and written under `lock` only; elements and
/// callbacks (not `Sendable`: they are handed over with `sending`) are taken out under the
/// lock and used outside it by the one task that took them.
@usableFromInline
final class MPSCChannelStorage<Element, Failure: Error>: MPSCProducerWaits,
  @unchecked Sendable
{
  typealias Strategy = MultiProducerSingleConsumerAsyncChannel<Element, Failure>.Source
    .BackpressureStrategy
  typealias Callback = (Result<Void, Error>) -> Void

  private let lock = Mutex(())
  private let strategy: Strategy
  private var buffer: [Element] = []
  private var head = 0
  private var level = 0
  /// Whether producers may send: false from the high watermark until drained to the low.
  private var producing = true
  private var waiting: [(id: UInt64, callback: Callback)] = []
  private var cancelledEarly: Set<UInt64> = []
  private var consumer: UnsafeContinuation<Result<Element?, Failure>, Never>?
  /// `nil` while open; the end (`nil` inside: finished without an error).
  private var end: Failure??
  private var terminated = false
  private var sources = 0
  private var consumerHandles = 0
  private var onTermination: [UInt64: @Sendable () -> Void] = [:]
  private var nextID: UInt64 = 0

  init(strategy: Strategy) {
    self.strategy = strategy
  }

  private func levelOf(_ element: borrowing Element) -> Int {
    guard let level = strategy.level else { return 1 }
    return level(element)
  }

  // MARK: Producers

  func sourceMade() -> UInt64 {
    lock.withLock { _ in
      sources += 1
      nextID += 1
      return nextID
    }
  }

  func sourceGone() {
    let last = lock.withLock { _ in
      sources -= 1
      return sources == 0
    }
    if last { finish(nil) }
  }

  func setOnTermination(source: UInt64, _ callback: (@Sendable () -> Void)?) {
    lock.withLock { _ in onTermination[source] = callback }
  }

  func send(
    _ elements: [Element]
  ) throws -> MultiProducerSingleConsumerAsyncChannel<Element, Failure>.Source.SendResult {
    typealias Handle = MultiProducerSingleConsumerAsyncChannel<Element, Failure>.Source.SendResult
      .CallbackHandle
    var handed: Element?
    let waiter: UnsafeContinuation<Result<Element?, Failure>, Never>?
    let ticket: UInt64?
    do {
      (waiter, ticket) = try lock.withLock {
        _ throws -> (UnsafeContinuation<Result<Element?, Failure>, Never>?, UInt64?) in
        guard end == nil, !terminated else {
          throw MultiProducerSingleConsumerAsyncChannelAlreadyFinishedError()
        }
        for element in elements {
          level += levelOf(element)
          buffer.append(element)
        }
        var waiter: UnsafeContinuation<Result<Element?, Failure>, Never>?
        if let consumer, head < buffer.count {
          handed = take()
          waiter = consumer
          self.consumer = nil
        }
        if level >= strategy.high { producing = false }
        guard !producing else { return (waiter, nil) }
        nextID += 1
        return (waiter, nextID)
      }
    }
    // The element goes to the consumer alone: it was taken out of the buffer under the lock.
    nonisolated(unsafe) let delivered = Result<Element?, Failure>.success(handed)
    waiter?.resume(returning: delivered)
    guard let ticket else { return .produceMore }
    return .enqueueCallback(Handle(id: ticket, storage: self))
  }

  /// The first element buffered (under the lock); drained below the low watermark, the waiting
  /// producers are let go (their callbacks returned through `release`).
  private func take() -> Element {
    let element = buffer[head]
    head += 1
    level -= levelOf(element)
    if head == buffer.count { (buffer, head) = ([], 0) }
    return element
  }

  @usableFromInline func enqueue(
    _ id: UInt64, _ onProduceMore: sending @escaping (Result<Void, Error>) -> Void
  ) {
    var now: Result<Void, Error>?
    lock.withLock { _ in
      if cancelledEarly.remove(id) != nil {
        now = .failure(CancellationError())
      } else if end != nil || terminated {
        now = .failure(MultiProducerSingleConsumerAsyncChannelAlreadyFinishedError())
      } else if producing {
        now = .success(())
      } else {
        waiting.append((id, onProduceMore))
      }
    }
    if let now { onProduceMore(now) }
  }

  @usableFromInline func cancel(_ id: UInt64) {
    var cancelled: Callback?
    lock.withLock { _ in
      if let index = waiting.firstIndex(where: { $0.id == id }) {
        cancelled = waiting.remove(at: index).callback
      } else {
        cancelledEarly.insert(id)
      }
    }
    cancelled?(.failure(CancellationError()))
  }

  func finish(_ error: Failure?) {
    var consumer: UnsafeContinuation<Result<Element?, Failure>, Never>?
    var producers: [Callback] = []
    lock.withLock { _ in
      guard end == nil, !terminated else { return }
      end = .some(error)
      producers = waiting.map(\.callback)
      waiting = []
      if head == buffer.count {
        consumer = self.consumer
        self.consumer = nil
      }
    }
    for producer in producers {
      producer(.failure(MultiProducerSingleConsumerAsyncChannelAlreadyFinishedError()))
    }
    if let consumer {
      consumer.resume(returning: error.map { .failure($0) } ?? .success(nil))
      terminate()
    }
  }

  // MARK: The consumer

  func consumerHandleMade() {
    lock.withLock { _ in consumerHandles += 1 }
  }

  func consumerHandleGone() {
    let last = lock.withLock { _ in
      consumerHandles -= 1
      return consumerHandles == 0
    }
    if last { terminate() }
  }

  func next() async throws(Failure) -> Element? {
    let result: Result<Element?, Failure> = await withTaskCancellationHandler {
      await withUnsafeContinuation {
        (continuation: UnsafeContinuation<Result<Element?, Failure>, Never>) in
        var element: Element?
        var outcome: Result<Element?, Failure>?
        var released: [Callback] = []
        lock.withLock { _ in
          if head < buffer.count {
            element = take()
            // Below the low watermark (as swift-async-algorithms counts it), or empty: with a
            // low watermark of 0 an empty buffer must still let the producers go.
            if !producing, level < strategy.low || head == buffer.count {
              producing = true
              released = waiting.map(\.callback)
              waiting = []
            }
          } else if let end {
            outcome = end.map { .failure($0) } ?? .success(nil)
          } else if terminated || Task.isCancelled {
            outcome = .success(nil)
          } else {
            consumer = continuation
          }
        }
        for producer in released { producer(.success(())) }
        // Taken out of the buffer under the lock: the consumer's alone.
        nonisolated(unsafe) let delivered =
          element.map { Result<Element?, Failure>.success($0) } ?? outcome
        if let delivered { continuation.resume(returning: delivered) }
      }
    } onCancel: {
      // A cancelled consumer ends the channel.
      var waiter: UnsafeContinuation<Result<Element?, Failure>, Never>?
      lock.withLock { _ in
        waiter = consumer
        consumer = nil
      }
      waiter?.resume(returning: .success(nil))
      terminate()
    }
    switch result {
    case .success(let element):
      if element == nil { terminate() }
      return element
    case .failure(let error):
      lock.withLock { _ in end = .some(nil) }  // the failure is thrown once
      terminate()
      throw error
    }
  }

  /// The channel is over for good: producers waiting are told, the termination callbacks run
  /// (once), later sends throw.
  private func terminate() {
    var producers: [Callback] = []
    var callbacks: [@Sendable () -> Void] = []
    lock.withLock { _ in
      guard !terminated else { return }
      terminated = true
      producers = waiting.map(\.callback)
      waiting = []
      callbacks = Array(onTermination.values)
      onTermination = [:]
      (buffer, head, level) = ([], 0, 0)
    }
    for producer in producers {
      producer(.failure(MultiProducerSingleConsumerAsyncChannelAlreadyFinishedError()))
    }
    for callback in callbacks { callback() }
  }
}
