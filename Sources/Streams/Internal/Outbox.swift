/// How the output of an operator ended.
@usableFromInline enum Terminal<Failure: Error>: Sendable {
  case finished
  case failed(Failure)
  /// The consumer was cancelled or dropped its iterator: buffered elements are discarded.
  case cancelled
}

/// Continuations to resume once the lock is released: usually one consumer, and any
/// number of others: parked producers, a parked timer, the other consumers of a fan-out.
@usableFromInline struct Wakeups: Sendable {
  @usableFromInline var consumer: UnsafeContinuation<Void, Never>?
  @usableFromInline var others: [UnsafeContinuation<Void, Never>] = []

  @inlinable init(
    consumer: UnsafeContinuation<Void, Never>? = nil,
    others: [UnsafeContinuation<Void, Never>] = []
  ) {
    self.consumer = consumer
    self.others = others
  }

  /// Adds the continuations of `other`; none is ever lost.
  @inlinable mutating func add(_ other: Wakeups) {
    if let consumer = other.consumer {
      if self.consumer == nil { self.consumer = consumer } else { others.append(consumer) }
    }
    // Hot paths add empty wake-ups per element: skip the generic append.
    if !other.others.isEmpty { others += other.others }
  }

  @inlinable func resume() {
    consumer?.resume()
    for continuation in others { continuation.resume() }
  }
}

/// Where an operator's output waits for its single consumer.
///
/// It lives inside an operator's locked state. Producers append and go on while the buffer
/// has room, and park when it is full; the consumer takes the whole buffer at once (one
/// lock for many elements), which is what makes handing elements across tasks cheap.
@usableFromInline struct Outbox<Element: Sendable, Failure: Error>: Sendable {
  @usableFromInline var buffer: [Element] = []
  @usableFromInline var terminal: Terminal<Failure>?
  @usableFromInline var consumer: UnsafeContinuation<Void, Never>?
  @usableFromInline var parkedProducers: [UnsafeContinuation<Void, Never>] = []
  /// Counts ``discardBuffer()`` calls, so that a reader can tell that a batch it took
  /// earlier has been superseded.
  @usableFromInline var epoch: UInt64 = 0
  /// How many elements at the front of the buffer were replayed to a new consumer: they do
  /// not count against its limits, so a buffering policy never cuts a replay short.
  @usableFromInline var replayed = 0
  @usableFromInline let capacity: Int
  /// Whether the consumer takes one element at a time instead of the whole buffer: under a
  /// dropping policy an element counts against the limit until `next()` returns it, as
  /// swift-async-algorithms counts (a batch taken whole would free the limit early).
  @usableFromInline let takesOne: Bool
  /// Where the elements not yet taken start (always 0 when the whole buffer is taken).
  @usableFromInline var head = 0
  /// 1 while a consumer woken by an element has not taken it yet: that element is as good as
  /// handed over (swift-async-algorithms gives it to the waiting consumer directly), so a
  /// dropping policy does not count it.
  @usableFromInline var promised = 0

  @inlinable init(capacity: Int, takesOne: Bool = false) {
    self.capacity = capacity
    self.takesOne = takesOne
  }

  /// Whether elements wait to be taken.
  @inlinable var hasElements: Bool { head < buffer.count }

  @inlinable var isClosed: Bool { terminal != nil }

  /// Whether a producer that waits for room must wait now.
  @inlinable var isFull: Bool { terminal == nil && waiting >= capacity }

  /// The buffered elements that count against a limit: all but the replayed ones.
  @inlinable var waiting: Int { buffer.count - head - replayed }

  @usableFromInline enum Push: Sendable {
    case accepted
    /// Accepted, but the producer must wait (``parkProducer(_:)``) before producing more.
    case full
    /// The output has ended; the element was dropped and the producer should stop.
    case closed
  }

  /// Appends `element`, unless the output has ended.
  @inlinable mutating func push(_ element: Element) -> (Push, Wakeups) {
    guard terminal == nil else { return (.closed, Wakeups()) }
    buffer.append(element)
    if consumer != nil { promised = 1 }
    return (waiting >= capacity ? .full : .accepted, takeConsumer())
  }

  /// Puts `elements` in the empty buffer of a new consumer, outside every limit.
  @inlinable mutating func replay(_ elements: [Element]) {
    buffer.append(contentsOf: elements)
    replayed = buffer.count
  }

  /// Appends `element` following a buffering policy: it may drop the oldest buffered element
  /// (`bufferingNewest`) or the new one (`bufferingOldest`) instead of growing the buffer.
  /// A consumer already waiting takes the element at once, beyond the limit: a limit of 0 is
  /// no buffer, not no elements.
  @inlinable mutating func push(_ element: Element, policy: BufferingPolicy) -> (Push, Wakeups) {
    let handedOver = consumer == nil ? promised : 1
    switch policy {
    case .bufferingNewest(let limit) where waiting >= limit + handedOver:
      guard limit > 0 else { return (.accepted, Wakeups()) }
      buffer.remove(at: head + replayed + promised)
    case .bufferingOldest(let limit) where waiting >= limit + handedOver:
      return (terminal == nil ? .accepted : .closed, Wakeups())
    default:
      break
    }
    return push(element)
  }

  /// Parks a producer until the consumer has taken the buffer; `false` means go on at once.
  @inlinable mutating func parkProducer(_ continuation: UnsafeContinuation<Void, Never>) -> Bool {
    guard isFull else { return false }
    parkedProducers.append(continuation)
    return true
  }

  /// Ends the output; elements already buffered are still delivered unless `cancelled`.
  @inlinable mutating func close(_ end: Terminal<Failure>) -> Wakeups {
    guard terminal == nil else { return Wakeups() }
    terminal = end
    if case .cancelled = end {
      buffer.removeAll()
      replayed = 0
      head = 0
      promised = 0
    }
    return wakeEveryone()
  }

  /// Drops every buffered element (a switch in `flatMapLatest`) and unparks the producers.
  @inlinable mutating func discardBuffer() -> Wakeups {
    buffer.removeAll(keepingCapacity: true)
    replayed = 0
    head = 0
    promised = 0
    epoch &+= 1
    return Wakeups(consumer: nil, others: takeProducers())
  }

  @usableFromInline enum Take: Sendable {
    case elements
    case end(Terminal<Failure>)
    case wait
  }

  /// Moves every buffered element into `batch` (which must be empty) — or the first one,
  /// when the consumer ``takesOne``.
  @inlinable mutating func take(into batch: inout [Element]) -> (Take, Wakeups) {
    promised = 0
    if hasElements {
      if takesOne {
        batch.append(buffer[head])
        head += 1
        if replayed > 0 { replayed -= 1 }
        // The taken front is dropped once it is most of the buffer: linear over all takes.
        if head == buffer.count {
          buffer.removeAll(keepingCapacity: true)
          head = 0
        } else if head >= 32, head * 2 >= buffer.count {
          buffer.removeFirst(head)
          head = 0
        }
      } else {
        swap(&buffer, &batch)
        replayed = 0
      }
      return (.elements, Wakeups(consumer: nil, others: takeProducers()))
    }
    guard let terminal else { return (.wait, Wakeups()) }
    // An error is delivered once; later calls just see the end.
    if case .failed = terminal { self.terminal = .finished }
    return (.end(terminal), Wakeups())
  }

  /// Parks the consumer; `false` means something is ready and it should not wait.
  @inlinable mutating func parkConsumer(_ continuation: UnsafeContinuation<Void, Never>) -> Bool {
    guard !hasElements, terminal == nil else { return false }
    consumer = continuation
    return true
  }

  @inlinable mutating func takeConsumer() -> Wakeups {
    defer { consumer = nil }
    return Wakeups(consumer: consumer)
  }

  @inlinable mutating func takeProducers() -> [UnsafeContinuation<Void, Never>] {
    guard !parkedProducers.isEmpty else { return [] }
    defer { parkedProducers.removeAll() }
    return parkedProducers
  }

  @inlinable mutating func wakeEveryone() -> Wakeups {
    var wakeups = takeConsumer()
    wakeups.others = takeProducers()
    return wakeups
  }
}

/// The storage class of an operator whose output goes through an ``Outbox``.
@usableFromInline protocol OutboxOwner<Element, Failure>: AnyObject, Sendable {
  associatedtype Element: Sendable
  associatedtype Failure: Error

  /// Runs `body` on the outbox while holding the operator's lock.
  func withOutbox<R>(_ body: (inout Outbox<Element, Failure>) -> R) -> R
  /// Starts the operator's tasks; called before every wait, must be cheap once started.
  func startIfNeeded()
  /// Stops everything: the consumer was cancelled or dropped its iterator.
  func cancel()
  /// Whether elements taken at `epoch` have been superseded since (see `flatMapLatest`).
  func isStale(epoch: UInt64) -> Bool
}

extension OutboxOwner {
  @inlinable func isStale(epoch: UInt64) -> Bool { false }

  /// Fills `batch` with the next elements; returns their epoch, or `nil` at the end.
  @inlinable func nextBatch(
    into batch: inout [Element],
    isolation: isolated (any Actor)?
  ) async throws(Failure) -> UInt64? {
    startIfNeeded()
    while true {
      let (take, wakeups, epoch) = withOutbox { outbox in
        let (take, wakeups) = outbox.take(into: &batch)
        return (take, wakeups, outbox.epoch)
      }
      wakeups.resume()
      switch take {
      case .elements:
        return epoch
      case .end(.failed(let error)):
        throw error
      case .end:
        return nil
      case .wait:
        await withTaskCancellationHandler {
          await withUnsafeContinuation(isolation: isolation) { continuation in
            if !withOutbox({ $0.parkConsumer(continuation) }) { continuation.resume() }
          }
        } onCancel: {
          cancel()
        }
      }
    }
  }

  /// Appends `element` and, when the buffer is full, waits until the consumer takes it.
  /// Returns `false` once the output has ended: the producer should stop.
  @inlinable func send(_ element: Element) async -> Bool {
    let (outcome, wakeups) = withOutbox { $0.push(element) }
    wakeups.resume()
    switch outcome {
    case .accepted:
      return true
    case .closed:
      return false
    case .full:
      await waitForRoom()
      return !withOutbox { $0.isClosed }
    }
  }

  /// Waits until the consumer has taken the full buffer (or the output has ended).
  @inlinable func waitForRoom() async {
    await withUnsafeContinuation { continuation in
      if !withOutbox({ $0.parkProducer(continuation) }) { continuation.resume() }
    }
  }

  /// Ends the output (see ``Outbox/close(_:)``).
  @inlinable func close(_ end: Terminal<Failure>) {
    withOutbox { $0.close(end) }.resume()
  }
}

/// Cancels an operator's work when the last copy of its iterator goes away.
@usableFromInline final class IteratorLifetime<Owner: OutboxOwner>: Sendable {
  @usableFromInline let owner: Owner
  @inlinable init(_ owner: Owner) { self.owner = owner }
  deinit { owner.cancel() }
}

/// The consumer side of an operator's iterator: the batch taken from its outbox.
@usableFromInline struct OutboxReader<Owner: OutboxOwner> {
  @usableFromInline let lifetime: IteratorLifetime<Owner>
  @usableFromInline var batch: [Owner.Element] = []
  @usableFromInline var index = 0
  @usableFromInline var epoch: UInt64 = 0

  @inlinable init(_ owner: Owner) {
    lifetime = IteratorLifetime(owner)
  }

  @inlinable var owner: Owner { lifetime.owner }

  /// Drops what is left of the current batch.
  @inlinable mutating func discardBatch() {
    batch.removeAll(keepingCapacity: true)
    index = 0
  }

  /// The next element; `nil` at the end, and from the moment the consuming task is cancelled.
  ///
  /// Cancellation is checked before every element, not only before a wait: a consumer whose
  /// loop body is slower than its bases always has elements buffered, and would otherwise
  /// never see its cancellation. What is still buffered then is dropped.
  @inlinable mutating func next(isolation: isolated (any Actor)?) async throws(Owner.Failure)
    -> Owner.Element?
  {
    if Task.isCancelled {
      discardBatch()
      owner.cancel()
      return nil
    }
    if index < batch.count, !owner.isStale(epoch: epoch) {
      defer { index += 1 }
      return batch[index]
    }
    discardBatch()
    guard let epoch = try await owner.nextBatch(into: &batch, isolation: isolation) else {
      return nil
    }
    self.epoch = epoch
    index = 1
    return batch[0]
  }
}

extension Terminal {
  /// The same ending with the error converted.
  @inlinable func map<Other: Error>(_ transform: (Failure) -> Other) -> Terminal<Other> {
    switch self {
    case .finished: .finished
    case .failed(let error): .failed(transform(error))
    case .cancelled: .cancelled
    }
  }
}
