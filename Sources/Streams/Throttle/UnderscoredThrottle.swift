extension AsyncSequence {
  /// swift-async-algorithms' throttle, by its name and with its rules, for code written for
  /// it: the first element passes; after it, an element passes when at least `interval` has
  /// passed since the last one that did, the ones between are reduced into it; at the end the
  /// reduction held goes out, no sooner than `interval` after the last one.
  ///
  /// It is driven by the consumer, in its task: an element passes only when the base
  /// produces one after the interval (Streams' `throttle(for:clock:reducing:)` emits the
  /// window's reduction when the window closes, on a timer). See <doc:Throttle>.
  ///
  /// - **Termination:** when the base finishes; the held reduction first, after waiting out
  ///   the interval.
  /// - **Failure:** the base's error, at once; the held reduction is dropped.
  /// - **Cancellation:** the base's own (nothing runs apart from the consumer).
  /// - **Buffering:** none: one reduction is held.
  /// - **Same instant:** an element arriving exactly `interval` after the last one passed
  ///   passes.
  public func _throttle<C: Clock, Reduced>(
    for interval: C.Instant.Duration, clock: C,
    reducing: @Sendable @escaping (Reduced?, Element) async -> Reduced
  ) -> _AsyncThrottleSequence<Self, C, Reduced> {
    _AsyncThrottleSequence(base: self, interval: interval, clock: clock, reducing: reducing)
  }

  /// ``_throttle(for:clock:reducing:)`` on the continuous clock.
  public func _throttle<Reduced>(
    for interval: Duration, reducing: @Sendable @escaping (Reduced?, Element) async -> Reduced
  ) -> _AsyncThrottleSequence<Self, ContinuousClock, Reduced> {
    _throttle(for: interval, clock: .continuous, reducing: reducing)
  }

  /// ``_throttle(for:clock:reducing:)`` keeping the latest element of an interval, or the
  /// first when `latest` is `false`.
  public func _throttle<C: Clock>(
    for interval: C.Instant.Duration, clock: C, latest: Bool = true
  ) -> _AsyncThrottleSequence<Self, C, Element> {
    _throttle(for: interval, clock: clock) { held, element in
      latest ? element : held ?? element
    }
  }

  /// ``_throttle(for:clock:latest:)`` on the continuous clock.
  public func _throttle(
    for interval: Duration, latest: Bool = true
  ) -> _AsyncThrottleSequence<Self, ContinuousClock, Element> {
    _throttle(for: interval, clock: .continuous, latest: latest)
  }
}

/// swift-async-algorithms' throttle (see `_throttle(for:clock:reducing:)`), for code written
/// for it.
public struct _AsyncThrottleSequence<Base: AsyncSequence, C: Clock, Reduced>: AsyncSequence {
  /// The reduction of the elements of an interval.
  public typealias Element = Reduced
  /// The base's failure type.
  public typealias Failure = Base.Failure

  let base: Base
  let interval: C.Instant.Duration
  let clock: C
  let reducing: @Sendable (Reduced?, Base.Element) async -> Reduced

  init(
    base: Base, interval: C.Instant.Duration, clock: C,
    reducing: @Sendable @escaping (Reduced?, Base.Element) async -> Reduced
  ) {
    self.base = base
    self.interval = interval
    self.clock = clock
    self.reducing = reducing
  }

  /// Creates an iterator over the base.
  public func makeAsyncIterator() -> Iterator {
    Iterator(
      base: base.makeAsyncIterator(), interval: interval, clock: clock, reducing: reducing)
  }

  /// The iterator of an ``_AsyncThrottleSequence``.
  public struct Iterator: AsyncIteratorProtocol {
    var base: Base.AsyncIterator
    let interval: C.Instant.Duration
    let clock: C
    let reducing: @Sendable (Reduced?, Base.Element) async -> Reduced
    /// When the last element passed.
    var lastPassed: C.Instant?

    init(
      base: Base.AsyncIterator, interval: C.Instant.Duration, clock: C,
      reducing: @Sendable @escaping (Reduced?, Base.Element) async -> Reduced
    ) {
      self.base = base
      self.interval = interval
      self.clock = clock
      self.reducing = reducing
    }

    /// The next reduction to pass, or `nil` at the end. (Not isolated to the caller: the
    /// elements go to `reducing`, which is not.)
    public mutating func next() async throws(Base.Failure) -> Reduced? {
      var held: Reduced?
      let since = lastPassed ?? clock.now
      while true {
        guard let element = try await base.next(isolation: nil) else {
          // The end: what is held goes out, but not sooner than the interval allows.
          if held != nil, let lastPassed {
            let rest = interval - lastPassed.duration(to: clock.now)
            if rest > .zero {
              try? await clock.sleep(until: clock.now.advanced(by: rest), tolerance: nil)
            }
          }
          return held
        }
        let reduction = await reducing(held, element)
        let now = clock.now
        if lastPassed == nil || since.duration(to: now) >= interval {
          lastPassed = now
          return reduction
        }
        held = reduction
      }
    }
  }
}

extension _AsyncThrottleSequence: Sendable where Base: Sendable, Reduced: Sendable {}

@available(*, unavailable)
extension _AsyncThrottleSequence.Iterator: Sendable {}
