/// A base's iterator made when the operator's iterator is made — the moment a pipeline
/// subscribes, as Combine's `sink` does — and handed to the one task that reads it when the
/// first `next()` starts it. A subject upstream therefore keeps, by its buffering policy,
/// what is sent between the two.
///
/// `@unchecked Sendable`: the iterator is written once, before the reading task exists
/// (creating a task orders what came before it), and taken once, by that task alone.
@usableFromInline final class Subscription<Iterator: AsyncIteratorProtocol>: @unchecked Sendable {
  @usableFromInline var iterator: Iterator?

  @inlinable init(_ iterator: Iterator) {
    self.iterator = iterator
  }

  /// The iterator, for the task that reads the base; `nil` if it was taken already.
  @inlinable func take() -> Iterator? {
    defer { iterator = nil }
    return iterator
  }
}

/// Iterates what `subscription` holds until it ends or `body` returns `false`.
///
/// - Returns: How the sequence ended, or `nil` if `body` stopped the iteration (or the
///   iterator was taken already).
@inlinable func iterate<I: AsyncIteratorProtocol>(
  _ subscription: Subscription<I>,
  _ body: (I.Element) async -> Bool
) async -> Terminal<I.Failure>? {
  guard var iterator = subscription.take() else { return nil }
  do throws(I.Failure) {
    while let element = try await iterator.next(isolation: nil) {
      guard await body(element) else { return nil }
    }
    return .finished
  } catch {
    return .failed(error)
  }
}
