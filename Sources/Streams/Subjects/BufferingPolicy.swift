/// How many elements wait for a slow consumer of a subject or a shared sequence, and which
/// go when there are too many. Sending never waits for a consumer, except with
/// ``AsyncShareSequence``'s `.bounded` policy.
///
/// swift-async-algorithms calls it `AsyncBufferSequencePolicy` (a type alias here) and the
/// newest-keeping policy ``bufferingLatest(_:)``; both spellings work.
public enum BufferingPolicy: Sendable, Hashable {
  /// At most this many wait per consumer, and nothing is lost: a shared base waits until the
  /// slowest consumer has room. (A subject never waits: for it, this is `bufferingOldest`.)
  case bounded(Int)
  /// Every element waits; memory grows with a consumer that does not keep up.
  case unbounded
  /// At most this many wait; the oldest is dropped for a new one. A consumer already waiting
  /// takes an element at once, beyond the limit (so a limit of 0 drops only what comes while
  /// nobody waits).
  case bufferingNewest(Int)
  /// At most this many wait; new elements are dropped while the buffer is full. A consumer
  /// already waiting takes an element at once, beyond the limit.
  case bufferingOldest(Int)

  /// Whether elements may be dropped (a limit that is not the producer's wait).
  @inlinable var drops: Bool {
    switch self {
    case .bufferingNewest, .bufferingOldest: true
    case .bounded, .unbounded: false
    }
  }

  /// swift-async-algorithms' name for ``bufferingNewest(_:)``.
  @inlinable public static func bufferingLatest(_ limit: Int) -> BufferingPolicy {
    .bufferingNewest(limit)
  }
}

/// swift-async-algorithms' name for ``BufferingPolicy``, so that code written for it compiles.
public typealias AsyncBufferSequencePolicy = BufferingPolicy
