import Synchronization

/// The rendezvous of ``AsyncChannel`` and ``AsyncThrowingChannel``: a send waits until a
/// consumer takes its element, a consumer until an element is sent; an end resumes every
/// waiting send and consumer at once. Transitions return what to resume, and it is resumed
/// outside the lock.
@usableFromInline final class ChannelStorage<Element: Sendable, Failure: Error>: Sendable {
  @usableFromInline typealias Taken = Result<Element?, Failure>

  @usableFromInline struct Sender {
    let id: UInt64
    let element: Element
    let continuation: UnsafeContinuation<Void, Never>
  }

  @usableFromInline struct Consumer {
    let id: UInt64
    let continuation: UnsafeContinuation<Taken, Never>
  }

  @usableFromInline struct State: ~Copyable {
    var senders: [Sender] = []
    var sendersHead = 0
    var consumers: [Consumer] = []
    var consumersHead = 0
    var ended = false
    /// A failure the channel ended with while no consumer waited: the next `next()` throws
    /// it (as swift-async-algorithms' channel does), so that no failure is lost.
    var heldFailure: Taken?
    /// Ids whose task was cancelled before they waited.
    var cancelled: Set<UInt64> = []

    init() {}

    mutating func firstConsumer() -> Consumer? {
      guard consumersHead < consumers.count else { return nil }
      defer {
        consumersHead += 1
        if consumersHead == consumers.count { (consumers, consumersHead) = ([], 0) }
      }
      return consumers[consumersHead]
    }

    mutating func firstSender() -> Sender? {
      guard sendersHead < senders.count else { return nil }
      defer {
        sendersHead += 1
        if sendersHead == senders.count { (senders, sendersHead) = ([], 0) }
      }
      return senders[sendersHead]
    }
  }

  let state = Mutex(State())
  /// The last id given to a send or a `next()`: taken without the lock, so that each takes
  /// it once, to wait or to meet its match.
  let lastID = Atomic<UInt64>(0)

  private func newID() -> UInt64 {
    lastID.add(1, ordering: .relaxed).newValue
  }

  @usableFromInline init() {}

  @usableFromInline func send(_ element: Element) async {
    let id = newID()
    await withTaskCancellationHandler {
      await withUnsafeContinuation { (continuation: UnsafeContinuation<Void, Never>) in
        // Whom to resume: nobody yet (it waits), the sender alone (the channel ended, or
        // its task was cancelled first), or a waiting consumer with the element and it.
        let (resume, consumer) = state.withLock { state -> (Bool, Consumer?) in
          if state.ended || state.cancelled.remove(id) != nil { return (true, nil) }
          if let consumer = state.firstConsumer() { return (true, consumer) }
          state.senders.append(Sender(id: id, element: element, continuation: continuation))
          return (false, nil)
        }
        consumer?.continuation.resume(returning: .success(element))
        if resume { continuation.resume() }
      }
    } onCancel: {
      let waiting = state.withLock { state -> UnsafeContinuation<Void, Never>? in
        guard let index = state.senders[state.sendersHead...].firstIndex(where: { $0.id == id })
        else {
          state.cancelled.insert(id)
          return nil
        }
        return state.senders.remove(at: index).continuation
      }
      waiting?.resume()
    }
  }

  @usableFromInline func next() async -> Taken {
    if Task.isCancelled { return .success(nil) }
    let id = newID()
    return await withTaskCancellationHandler {
      await withUnsafeContinuation { (continuation: UnsafeContinuation<Taken, Never>) in
        let outcome = state.withLock { state -> (Taken, Sender?)? in
          if state.cancelled.remove(id) != nil { return (.success(nil), nil) }
          if let sender = state.firstSender() { return (.success(sender.element), sender) }
          if state.ended {
            defer { state.heldFailure = nil }
            return (state.heldFailure ?? .success(nil), nil)
          }
          state.consumers.append(Consumer(id: id, continuation: continuation))
          return nil
        }
        guard let (taken, sender) = outcome else { return }
        sender?.continuation.resume()
        continuation.resume(returning: taken)
      }
    } onCancel: {
      let waiting = state.withLock { state -> UnsafeContinuation<Taken, Never>? in
        guard
          let index = state.consumers[state.consumersHead...].firstIndex(where: { $0.id == id })
        else {
          state.cancelled.insert(id)
          return nil
        }
        return state.consumers.remove(at: index).continuation
      }
      waiting?.resume(returning: .success(nil))
    }
  }

  /// Ends the channel: every waiting send returns (its element dropped), every waiting
  /// consumer gets `end` (`nil`, or the failure), and later ones get `nil` at once — except
  /// that a failure no consumer was waiting for goes to the first later one.
  @usableFromInline func end(_ end: Taken) {
    let (senders, consumers) = state.withLock { state -> ([Sender], [Consumer]) in
      guard !state.ended else { return ([], []) }
      state.ended = true
      if case .failure = end, state.consumersHead == state.consumers.count {
        state.heldFailure = end
      }
      defer {
        (state.senders, state.sendersHead, state.consumers, state.consumersHead) = ([], 0, [], 0)
      }
      return (
        Array(state.senders[state.sendersHead...]), Array(state.consumers[state.consumersHead...])
      )
    }
    for sender in senders { sender.continuation.resume() }
    for consumer in consumers { consumer.continuation.resume(returning: end) }
  }
}
