import Streams

/// A clock whose time moves only when the test driver moves it.
///
/// A `VirtualClock` is handed to you by ``withVirtualTime(stallLimit:_:)``. Pass it to any
/// code that takes a `Clock` (for example `debounce(for:tolerance:clock:)`).
/// Time starts at zero and advances to the earliest pending deadline only when every task
/// of the test is suspended, so a test observes exactly the same interleaving on every run,
/// and a one-hour debounce takes no real time at all.
///
/// Sleeping on the clock from a task that does not run on the test executor (one made with
/// the `Task` initializer, the main actor) is an *escape*: the sleep throws and
/// ``withVirtualTime(stallLimit:_:)`` fails with a report.
public struct VirtualClock: Clock, Sendable {
  /// A point in virtual time: an offset from the moment the clock was created.
  public struct Instant: InstantProtocol, Sendable, Hashable, CustomStringConvertible {
    /// The time elapsed between the start of the virtual clock and this instant.
    public var offset: Duration

    /// Creates the instant `offset` after the start of the clock.
    public init(offset: Duration) {
      self.offset = offset
    }

    /// Returns the instant `duration` later than this one.
    public func advanced(by duration: Duration) -> Instant {
      Instant(offset: offset + duration)
    }

    /// Returns the duration from this instant to `other`.
    public func duration(to other: Instant) -> Duration {
      other.offset - offset
    }

    /// Orders instants by their offset.
    public static func < (lhs: Instant, rhs: Instant) -> Bool {
      lhs.offset < rhs.offset
    }

    /// The offset, for example `350 ms`.
    public var description: String { formatVirtualTime(offset) }
  }

  let runtime: VirtualRuntime

  init(runtime: VirtualRuntime) {
    self.runtime = runtime
  }

  /// The current virtual time.
  public var now: Instant { Instant(offset: runtime.now) }

  /// The smallest step the clock distinguishes: one nanosecond.
  public var minimumResolution: Duration { .nanoseconds(1) }

  /// Suspends the calling task until the clock reaches `deadline`.
  ///
  /// Returns at once when `deadline` is not in the future. Sleepers with equal deadlines
  /// wake in the order in which they started sleeping. Cancelling the task ends the sleep
  /// with `CancellationError`. The tolerance is ignored: virtual time is exact.
  public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
    try await runtime.sleep(until: deadline.offset, kind: .sleeper)
  }

  /// Moves time forward by `duration`, running every task woken on the way.
  ///
  /// Returns once the clock has reached the target and every task has run until it is
  /// suspended again. Sleepers due at the target wake before this call returns.
  public func advance(by duration: Duration) async throws {
    try await advance(to: now.advanced(by: duration))
  }

  /// Moves time forward to `deadline` (see `advance(by:)`); does nothing if it has passed.
  public func advance(to deadline: Instant) async throws {
    try await runtime.sleep(until: deadline.offset, kind: .advance)
  }

  /// Runs until no task is sleeping on the clock and every task is suspended.
  ///
  /// Time jumps from one deadline to the next; a sleeper that keeps rescheduling itself
  /// (a timer) keeps this call from returning.
  public func run() async throws {
    try await runtime.sleep(until: nil, kind: .idle)
  }
}

/// Formats a virtual time as milliseconds, with fractions only where needed.
func formatVirtualTime(_ duration: Duration) -> String {
  let (seconds, attoseconds) = duration.components
  let nanos = seconds * 1_000_000_000 + attoseconds / 1_000_000_000
  if nanos % 1_000_000 == 0 { return "\(nanos / 1_000_000) ms" }
  if nanos % 1_000 == 0 { return "\(nanos / 1_000) µs" }
  return "\(nanos) ns"
}
