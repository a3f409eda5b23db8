extension AsyncSequence {
  /// Calls the given closures as elements pass, the sequence ends or fails, or the consumer
  /// is cancelled — for logging and debugging; the elements are not changed.
  ///
  /// Runs in the consumer's task. `receiveCancel` is called when `next()` returns `nil`
  /// because the consuming task was cancelled.
  @inlinable
  public func handleEvents(
    receiveElement: (@Sendable (Element) -> Void)? = nil,
    receiveFinish: (@Sendable () -> Void)? = nil,
    receiveFailure: (@Sendable (Failure) -> Void)? = nil,
    receiveCancel: (@Sendable () -> Void)? = nil
  ) -> AsyncHandleEventsSequence<Self> {
    AsyncHandleEventsSequence(
      base: self,
      handlers: .init(
        element: receiveElement, finish: receiveFinish, failure: receiveFailure,
        cancel: receiveCancel))
  }
}

/// A sequence that reports its events to closures. Made by `handleEvents(…)`.
public struct AsyncHandleEventsSequence<Base: AsyncSequence>: AsyncSequence {
  /// The base's element type.
  public typealias Element = Base.Element
  /// The base's failure type.
  public typealias Failure = Base.Failure

  @usableFromInline struct Handlers: Sendable {
    @usableFromInline let element: (@Sendable (Element) -> Void)?
    @usableFromInline let finish: (@Sendable () -> Void)?
    @usableFromInline let failure: (@Sendable (Failure) -> Void)?
    @usableFromInline let cancel: (@Sendable () -> Void)?

    @inlinable init(
      element: (@Sendable (Element) -> Void)?, finish: (@Sendable () -> Void)?,
      failure: (@Sendable (Failure) -> Void)?, cancel: (@Sendable () -> Void)?
    ) {
      self.element = element
      self.finish = finish
      self.failure = failure
      self.cancel = cancel
    }
  }

  @usableFromInline let base: Base
  @usableFromInline let handlers: Handlers

  @inlinable init(base: Base, handlers: Handlers) {
    self.base = base
    self.handlers = handlers
  }

  /// Creates an iterator over the base.
  @inlinable
  public func makeAsyncIterator() -> Iterator {
    Iterator(base: base.makeAsyncIterator(), handlers: handlers)
  }

  /// The iterator of an ``AsyncHandleEventsSequence``.
  public struct Iterator: AsyncIteratorProtocol {
    @usableFromInline var base: Base.AsyncIterator
    @usableFromInline let handlers: Handlers
    @usableFromInline var ended = false

    @inlinable init(base: Base.AsyncIterator, handlers: Handlers) {
      self.base = base
      self.handlers = handlers
    }

    /// The base's next element, reported to the handlers.
    @inlinable
    public mutating func next(
      isolation actor: isolated (any Actor)? = #isolation
    ) async throws(Failure) -> Element? {
      guard !ended else { return nil }
      do throws(Failure) {
        if let element = try await base.next(isolation: actor) {
          handlers.element?(element)
          return element
        }
        ended = true
        if Task.isCancelled { handlers.cancel?() } else { handlers.finish?() }
        return nil
      } catch {
        ended = true
        handlers.failure?(error)
        throw error
      }
    }

    /// The base's next element, reported to the handlers.
    @inlinable
    public mutating func next() async throws(Failure) -> Element? {
      try await next(isolation: nil)
    }
  }
}

extension AsyncHandleEventsSequence: Sendable where Base: Sendable {}

@available(*, unavailable)
extension AsyncHandleEventsSequence.Iterator: Sendable {}
