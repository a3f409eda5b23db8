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

/// Lets a loop that may never suspend give its thread back now and then. A base that never
/// suspends (`(0..<n).async`) would otherwise keep its task on a thread of the cooperative
/// pool — two threads on a two-core machine — until it ends, while the operator's timer or
/// its consumer waits for one: `chunked(by:)` over such a base never returned. Every loop
/// that reads a base in a task of its own asks ``isDue()`` once per element and yields when it
/// says so: once in 8,192 elements, about a millisecond of a fast base. The check is
/// synchronous so the loop's hot path has no extra suspension point.
///
/// It is a count, not a time: an operator reads no clock but the one it is given (the rule
/// that keeps virtual time exact), so a base whose every element takes long without
/// suspending holds its thread for 8,192 of them. Such a base should suspend on its own.
@usableFromInline struct Fairness {
  @usableFromInline var count: UInt32 = 0

  @inlinable init() {}

  /// Counts one element; true when the loop should `await Task.yield()` now.
  @inlinable @inline(__always) mutating func isDue() -> Bool {
    count &+= 1
    return count & 8191 == 0
  }
}
