/// A channel from tasks that send to tasks that iterate, with back pressure: `send(_:)`
/// returns when a consumer has taken the element, so production never outruns consumption.
///
/// - **Consumers:** any number of iterators may read it; each element goes to one of them,
///   in the order they asked.
/// - **Termination:** `finish()` resumes every waiting `send(_:)` (its element dropped) and
///   every waiting `next()` with `nil`; later sends return at once, later `next()` give
///   `nil`.
/// - **Cancellation:** a cancelled `send(_:)` returns at once and its element is dropped; a
///   cancelled `next()` returns `nil`. Other tasks' operations go on.
/// - **Buffering:** none — each element waits in its `send(_:)` until taken.
public final class AsyncChannel<Element: Sendable>: AsyncSequence, Sendable {
  /// The channel cannot fail.
  public typealias Failure = Never
  /// The iterator type.
  public typealias AsyncIterator = Iterator

  @usableFromInline let storage = ChannelStorage<Element, Never>()

  /// A channel with nothing sent.
  public init() {}

  /// Sends `element` and waits until a consumer takes it (or the channel ends, or the
  /// calling task is cancelled: then the element is dropped).
  public func send(_ element: Element) async {
    await storage.send(element)
  }

  /// Ends the channel: waiting sends return, waiting and later `next()` give `nil`.
  public func finish() {
    storage.end(.success(nil))
  }

  /// An iterator; several may read the channel, each element going to one of them.
  public func makeAsyncIterator() -> Iterator {
    Iterator(storage: storage)
  }

  /// The iterator of an ``AsyncChannel``.
  public struct Iterator: AsyncIteratorProtocol {
    @usableFromInline let storage: ChannelStorage<Element, Never>
    @usableFromInline var finished = false

    @usableFromInline init(storage: ChannelStorage<Element, Never>) {
      self.storage = storage
    }

    /// The next element sent, or `nil` once the channel has finished or the task is
    /// cancelled.
    public mutating func next(isolation actor: isolated (any Actor)? = #isolation) async -> Element?
    {
      guard !finished else { return nil }
      let element = await storage.next().get()
      if element == nil { finished = true }
      return element
    }

    /// The next element sent, or `nil` once the channel has finished or the task is
    /// cancelled.
    public mutating func next() async -> Element? {
      await next(isolation: nil)
    }
  }
}

/// A channel like ``AsyncChannel`` that can also end with a failure: `fail(_:)` throws it
/// from every waiting `next()` — or, when none waits, from the first one after — and later
/// ones give `nil`.
public final class AsyncThrowingChannel<Element: Sendable, Failure: Error>: AsyncSequence, Sendable
{
  /// The iterator type.
  public typealias AsyncIterator = Iterator

  @usableFromInline let storage = ChannelStorage<Element, Failure>()

  /// A channel with nothing sent.
  public init() {}

  /// Sends `element` and waits until a consumer takes it (or the channel ends, or the
  /// calling task is cancelled: then the element is dropped).
  public func send(_ element: Element) async {
    await storage.send(element)
  }

  /// Ends the channel with `error`: waiting sends return, waiting `next()` throw it (or, when
  /// none waits, the first `next()` after), later ones give `nil`.
  public func fail(_ error: Failure) {
    storage.end(.failure(error))
  }

  /// Ends the channel: waiting sends return, waiting and later `next()` give `nil`.
  public func finish() {
    storage.end(.success(nil))
  }

  /// An iterator; several may read the channel, each element going to one of them.
  public func makeAsyncIterator() -> Iterator {
    Iterator(storage: storage)
  }

  /// The iterator of an ``AsyncThrowingChannel``.
  public struct Iterator: AsyncIteratorProtocol {
    @usableFromInline let storage: ChannelStorage<Element, Failure>
    @usableFromInline var finished = false

    @usableFromInline init(storage: ChannelStorage<Element, Failure>) {
      self.storage = storage
    }

    /// The next element sent; `nil` once the channel has finished or the task is cancelled;
    /// the failure it ended with, once.
    public mutating func next(isolation actor: isolated (any Actor)? = #isolation)
      async throws(Failure) -> Element?
    {
      guard !finished else { return nil }
      do {
        let element = try await storage.next().get()
        if element == nil { finished = true }
        return element
      } catch {
        finished = true
        throw error
      }
    }

    /// The next element sent; `nil` once the channel has finished or the task is cancelled;
    /// the failure it ended with, once.
    public mutating func next() async throws(Failure) -> Element? {
      try await next(isolation: nil)
    }
  }
}
