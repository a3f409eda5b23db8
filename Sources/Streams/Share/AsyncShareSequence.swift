import Synchronization

extension AsyncSequence where Self: Sendable, Element: Sendable {
  /// Lets several consumers iterate one base, which is iterated once for all of them.
  ///
  /// ```swift
  /// let states = viewModel.transform(input: input).share()
  /// async let rendered: Void = render(states)
  /// async let logged: Void = log(states)
  /// ```
  ///
  /// - **Subscribing:** each iterator is a consumer from the moment it is made; it receives
  ///   the elements that arrive after that (no replay). The base starts when a consumer first
  ///   asks for an element.
  /// - **Termination and failure:** the base's end or error reaches every consumer, after the
  ///   elements buffered for it; a consumer that comes later gets the end at once.
  /// - **Cancellation:** a consumer that is cancelled or drops its iterator leaves; when the
  ///   last one leaves, the base's task is cancelled and the shared sequence is over.
  /// - **Buffering:** by `bufferingPolicy`: with `.bounded(n)` (the default, n = 64) nothing
  ///   is lost and the base waits for the slowest consumer; with `.bufferingNewest(n)` or
  ///   `.bufferingOldest(n)` the base never waits and a slow consumer loses elements;
  ///   `.unbounded` never loses and never waits.
  @inlinable
  public func share(bufferingPolicy: BufferingPolicy = .bounded(64)) -> AsyncShareSequence<Self> {
    AsyncShareSequence(ShareCore(base: self, policy: bufferingPolicy))
  }
}

/// A sequence iterated by several consumers while its base is iterated once. Made by
/// `share(bufferingPolicy:)`; copies share the same base.
public struct AsyncShareSequence<Base: AsyncSequence & Sendable>: AsyncSequence, Sendable
where Base.Element: Sendable {
  /// The base's element type.
  public typealias Element = Base.Element
  /// The base's failure type.
  public typealias Failure = Base.Failure

  @usableFromInline let core: ShareCore<Base>

  @inlinable init(_ core: ShareCore<Base>) {
    self.core = core
  }

  /// A new consumer.
  @inlinable public func makeAsyncIterator() -> AsyncFanoutIterator<Element, Failure> {
    let core = self.core
    return AsyncFanoutIterator(
      FanoutSubscriber(
        core.fanout, onStart: { core.start() }, onLeave: { core.left(remaining: $0) }))
  }
}

/// The base and its consumers, shared by every copy of an ``AsyncShareSequence``.
@usableFromInline final class ShareCore<Base: AsyncSequence & Sendable>: Sendable
where Base.Element: Sendable {
  @usableFromInline let base: Base
  @usableFromInline let fanout: Fanout<Base.Element, Base.Failure>
  /// The task iterating the base; `nil` before it starts; `stopped` once it must not start.
  @usableFromInline let task = Lock<(task: Task<Void, Never>?, stopped: Bool)>((nil, false))

  @inlinable init(base: Base, policy: BufferingPolicy) {
    self.base = base
    if case .bounded(let limit) = policy {
      fanout = Fanout(policy: .unbounded, capacity: max(1, limit))
    } else {
      fanout = Fanout(policy: policy)
    }
  }

  @inlinable func start() {
    task.withLock { state in
      guard state.task == nil, !state.stopped else { return }
      state.task = spawnTask(named: "share: base") { [self] in await run() }
    }
  }

  @inlinable func left(remaining: Int) {
    guard remaining == 0 else { return }
    let running = task.withLock { state in
      state.stopped = true
      return state.task
    }
    running?.cancel()
    fanout.finish(.finished)
  }

  @inlinable func run() async {
    let end = await iterate(base) { element in
      // With a bound, wait until a consumer whose buffer is now full has taken it.
      if let full = fanout.send(element) {
        await withUnsafeContinuation { continuation in
          if !fanout.withOutbox(full, { $0.parkProducer(continuation) }) { continuation.resume() }
        }
      }
      return !Task.isCancelled
    }
    fanout.finish(end ?? .finished)
  }
}
