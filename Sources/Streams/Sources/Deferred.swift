/// The one element an async closure returns, as a sequence: the closure runs when the first
/// element is asked for, in the consuming task, so cancelling that task cancels its work.
///
/// ```swift
/// // A search's states: `loading` at once, then the answer.
/// Deferred { await search(query) }.prepend(.loading(query))
/// ```
///
/// - **Elements:** what the closure returns; `nil` means none. An answer that arrives after
///   the consuming task was cancelled is dropped.
/// - **Termination:** finishes after its element (or at once, for `nil`).
/// - **Cancellation:** the closure runs in the consumer's task and sees its cancellation.
/// - It starts no task and holds nothing.
public struct Deferred<Element: Sendable>: AsyncSequence, Sendable {
  /// It cannot fail: a closure that can fail returns its failure as an element.
  public typealias Failure = Never

  @usableFromInline let operation: @Sendable () async -> Element?

  /// A sequence of what `operation` returns.
  @inlinable public init(_ operation: @escaping @Sendable () async -> Element?) {
    self.operation = operation
  }

  /// Creates an iterator; its first `next()` runs the closure.
  @inlinable public func makeAsyncIterator() -> Iterator {
    Iterator(operation: operation)
  }

  /// Runs the closure once.
  public struct Iterator: AsyncIteratorProtocol {
    @usableFromInline var operation: (@Sendable () async -> Element?)?

    @inlinable init(operation: @escaping @Sendable () async -> Element?) {
      self.operation = operation
    }

    /// What the closure returns, the first time; then `nil`.
    @inlinable public mutating func next() async -> Element? {
      guard let operation else { return nil }
      self.operation = nil
      let element = await operation()
      return Task.isCancelled ? nil : element
    }
  }
}

@available(*, unavailable)
extension Deferred.Iterator: Sendable {}
