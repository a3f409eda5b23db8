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
