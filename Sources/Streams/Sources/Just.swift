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
