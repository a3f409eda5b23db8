/// A sequence of exactly one element, then the end (Combine's `Just`). It cannot fail.
public struct Just<Element: Sendable>: AsyncSequence, Sendable {
  /// It cannot fail.
  public typealias Failure = Never

  /// The element.
  public let element: Element

  /// A sequence of `element` alone.
  public init(_ element: Element) {
    self.element = element
  }

  /// Creates an iterator.
  public func makeAsyncIterator() -> Iterator { Iterator(element: element) }

  /// Returns the element once, then `nil`.
  public struct Iterator: AsyncIteratorProtocol {
    var element: Element?

    /// The element the first time, then `nil`.
    public mutating func next() async -> Element? {
      defer { element = nil }
      return element
    }
  }
}

/// A sequence that ends at once (or never, see ``init(completeImmediately:)``), with no element.
public struct Empty<Element: Sendable>: AsyncSequence, Sendable {
  /// It cannot fail.
  public typealias Failure = Never

  /// Whether it ends at once; otherwise it waits until the consuming task is cancelled.
  public let completeImmediately: Bool

  /// An empty sequence; with `completeImmediately: false`, one that never ends on its own.
  public init(completeImmediately: Bool = true) {
    self.completeImmediately = completeImmediately
  }

  /// Creates an iterator.
  public func makeAsyncIterator() -> Iterator { Iterator(completeImmediately: completeImmediately) }

  /// Returns `nil`, at once or once the task is cancelled.
  public struct Iterator: AsyncIteratorProtocol {
    let completeImmediately: Bool

    /// `nil`, at once or once the task is cancelled.
    public mutating func next() async -> Element? {
      if !completeImmediately { await ParkedContinuation.waitUntilCancelled() }
      return nil
    }
  }
}

/// A sequence that fails at once with an error (Combine's `Fail`).
public struct Fail<Element: Sendable, Failure: Error>: AsyncSequence, Sendable {
  /// The error.
  public let error: Failure

  /// A sequence that throws `error` at its first `next()`.
  public init(error: Failure) {
    self.error = error
  }

  /// Creates an iterator.
  public func makeAsyncIterator() -> Iterator { Iterator(error: error) }

  /// Throws the error once, then returns `nil`.
  public struct Iterator: AsyncIteratorProtocol {
    var error: Failure?

    /// Throws the error the first time, then returns `nil`.
    public mutating func next() async throws(Failure) -> Element? {
      if let error {
        self.error = nil
        throw error
      }
      return nil
    }
  }
}
