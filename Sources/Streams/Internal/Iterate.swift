/// Iterates `sequence` until it ends or `body` returns `false`.
///
/// - Returns: How the sequence ended, or `nil` if `body` stopped the iteration.
@inlinable func iterate<S: AsyncSequence>(
  _ sequence: S,
  _ body: (S.Element) async -> Bool
) async -> Terminal<S.Failure>? {
  var iterator = sequence.makeAsyncIterator()
  do throws(S.Failure) {
    while let element = try await iterator.next(isolation: nil) {
      guard await body(element) else { return nil }
    }
    return .finished
  } catch {
    return .failed(error)
  }
}

/// Converts a value that cannot exist: the error of a sequence that cannot fail.
@inlinable func absurd<T>(_ never: Never) -> T {}
