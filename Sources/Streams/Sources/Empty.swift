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
