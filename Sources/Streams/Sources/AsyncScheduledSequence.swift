/// Elements emitted at set times on a clock: a recorded session played back.
///
/// ```swift
/// let typing = AsyncScheduledSequence(
///   [(.milliseconds(0), "m"), (.milliseconds(120), "ma"), (.milliseconds(250), "mat")],
///   clock: clock)
/// ```
///
/// Each offset counts from the first call to `next()`; an offset earlier than the one
/// before it means "right after it". The sequence finishes at `end`, or right after its last
/// element when `end` is `nil`. Cancelling the consuming task ends the wait, and the
/// sequence, at once.
public struct AsyncScheduledSequence<Element: Sendable, C: Clock>: AsyncSequence, Sendable {
  /// It cannot fail.
  public typealias Failure = Never

  let events: [(offset: C.Duration, element: Element)]
  let end: C.Duration?
  let clock: C

  /// Creates a sequence emitting each element at its offset and finishing at `end`.
  public init(_ events: [(offset: C.Duration, element: Element)], end: C.Duration? = nil, clock: C)
  {
    self.events = events
    self.end = end
    self.clock = clock
  }

  /// Creates an iterator; its first `next()` is the start of the schedule.
  public func makeAsyncIterator() -> Iterator {
    Iterator(sequence: self)
  }

  /// The iterator of an ``AsyncScheduledSequence``.
  public struct Iterator: AsyncIteratorProtocol {
    let sequence: AsyncScheduledSequence
    var start: C.Instant?
    var index = 0

    /// Waits until the next element's time and returns it; `nil` after the last one or
    /// once the task is cancelled.
    public mutating func next() async -> Element? {
      let start = self.start ?? sequence.clock.now
      self.start = start
      guard index < sequence.events.count else {
        if index == sequence.events.count, let end = sequence.end {
          index += 1
          try? await sequence.clock.sleep(until: start.advanced(by: end), tolerance: nil)
        }
        return nil
      }
      let (offset, element) = sequence.events[index]
      index += 1
      do {
        try await sequence.clock.sleep(until: start.advanced(by: offset), tolerance: nil)
      } catch {
        index = sequence.events.count + 1
        return nil
      }
      return element
    }
  }
}

@available(*, unavailable)
extension AsyncScheduledSequence.Iterator: Sendable {}
