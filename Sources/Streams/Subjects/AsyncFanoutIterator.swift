import Synchronization

/// The iterator of a subject or a shared sequence: one consumer's elements.
public struct AsyncFanoutIterator<Element: Sendable, Failure: Error>: AsyncIteratorProtocol {
  @usableFromInline var reader: OutboxReader<FanoutSubscriber<Element, Failure>>

  @inlinable init(_ subscriber: FanoutSubscriber<Element, Failure>) {
    reader = OutboxReader(subscriber)
  }

  /// The next element sent, or `nil` at the end or after cancellation.
  @inlinable
  public mutating func next(
    isolation actor: isolated (any Actor)? = #isolation
  ) async throws(Failure) -> Element? {
    try await reader.next(isolation: actor)
  }

  /// The next element sent, or `nil` at the end or after cancellation.
  @inlinable
  public mutating func next() async throws(Failure) -> Element? {
    try await reader.next(isolation: nil)
  }
}

@available(*, unavailable)
extension AsyncFanoutIterator: Sendable {}
