import Synchronization

extension AsyncSequence
where Element: Sendable, Self: SendableMetatype, AsyncIterator: SendableMetatype {
  /// Lets several consumers iterate one base, which is iterated once for all of them.
  ///
  /// ```swift
  /// let states = viewModel.transform(input: input).share()
  /// async let rendered: Void = render(states)
  /// async let logged: Void = log(states)
  /// ```
  ///
  /// The base need not be `Sendable`: its iterator is made here, once, and moved into the
  /// task that reads it (as swift-async-algorithms does).
  ///
  /// - **Subscribing:** each iterator is a consumer from the moment it is made; it receives
  ///   the last `replay` elements the base produced (none by default), then what arrives
  ///   after. The base starts when a consumer first asks for an element.
  /// - **Termination and failure:** the base's end or error reaches every consumer, after the
  ///   elements buffered for it; a consumer that comes later gets the replayed elements and
  ///   the end at once.
  /// - **Cancellation:** a consumer that is cancelled or drops its iterator leaves at once
  ///   (its buffered elements are dropped); when the last one leaves, the base's task is
  ///   cancelled and the shared sequence is over.
  /// - **Buffering:** by `bufferingPolicy`: with `.bounded(n)` (the default, n = 1, as in
  ///   swift-async-algorithms) nothing is lost and the base waits while any consumer's buffer
  ///   is full — the slowest consumer sets the pace, and the base runs at most 2n − 1 ahead
  ///   of it (its buffer, and the batch it is working through); with `.bufferingNewest(n)` or
  ///   `.bufferingOldest(n)` the base never waits and a slow consumer loses elements;
  ///   `.unbounded` never loses and never waits. The policy limits live elements only: a new
  ///   consumer always receives the whole replay.
  /// - **Same instant:** consumers are woken in the order they subscribed, so on virtual time
  ///   the output is the same on every run.
  ///
  /// - Parameters:
  ///   - bufferingPolicy: How many elements may wait for each consumer, and what happens
  ///     when more arrive.
  ///   - replay: How many of the latest elements a new consumer receives first.
  @inlinable
  public func share(
    bufferingPolicy: BufferingPolicy = .bounded(1), replay: Int = 0
  ) -> AsyncShareSequence<Self> {
    // The iterator is in the region of `self`, which the compiler cannot see this call give
    // up; but iterating a sequence twice is not allowed, so making its one iterator is in
    // effect a consuming use, and the iterator is touched only by the base's task from now on.
    nonisolated(unsafe) let iterator = makeAsyncIterator()
    return AsyncShareSequence(
      ShareCore(iterator: iterator, policy: bufferingPolicy, replay: replay))
  }
}

/// A sequence iterated by several consumers while its base is iterated once. Made by
/// `share(bufferingPolicy:replay:)`; copies share the same base. See <doc:Share>.
public struct AsyncShareSequence<Base: AsyncSequence>: AsyncSequence, Sendable
where Base.Element: Sendable, Base: SendableMetatype, Base.AsyncIterator: SendableMetatype {
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
@usableFromInline final class ShareCore<Base: AsyncSequence>: Sendable
where Base.Element: Sendable, Base: SendableMetatype, Base.AsyncIterator: SendableMetatype {
  /// The base's iterator until the task that reads it takes it.
  @usableFromInline let iterator: Lock<Base.AsyncIterator?>
  @usableFromInline let fanout: Fanout<Base.Element, Base.Failure>
  /// The task iterating the base; `nil` before it starts; `stopped` once it must not start.
  @usableFromInline let task = Lock<(task: Task<Void, Never>?, stopped: Bool)>((nil, false))

  @inlinable init(
    iterator: consuming sending Base.AsyncIterator, policy: BufferingPolicy, replay: Int
  ) {
    self.iterator = Lock(Optional(iterator))
    if case .bounded(let limit) = policy {
      fanout = Fanout(policy: .unbounded, capacity: max(1, limit), replay: max(0, replay))
    } else {
      fanout = Fanout(policy: policy, replay: max(0, replay))
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
    guard var base = iterator.withLock({ $0.take() }) else { return }
    var end = Terminal<Base.Failure>.finished
    var fairness = Fairness()
    do throws(Base.Failure) {
      while let element = try await base.next(isolation: nil) {
        if fanout.send(element) {
          await fanout.waitForRoom()
        } else {
          if fairness.isDue() { await Task.yield() }
        }
        if Task.isCancelled { break }
      }
    } catch {
      end = .failed(error)
    }
    fanout.finish(end)
  }
}
