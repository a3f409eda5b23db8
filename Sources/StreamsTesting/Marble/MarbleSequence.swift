import Streams

extension MarbleDiagram {
  /// The diagram as a sequence that cannot fail: each element is emitted at its position,
  /// counted from the first call to `next()`. The diagram must not contain `#`, `^` or `!`.
  public func events(on clock: VirtualClock, frame: Duration) -> MarbleSequence<Never> {
    precondition(
      !events.contains { $0.event == .failure },
      "MarbleDiagram '\(self)' fails: pass a `failure` to events(on:frame:failure:)")
    return MarbleSequence(diagram: self, clock: clock, frame: frame, failure: nil)
  }

  /// The diagram as a sequence that throws `failure` at `#`. The diagram must not contain
  /// `^` or `!`.
  public func events<Failure: Error>(
    on clock: VirtualClock,
    frame: Duration,
    failure: Failure
  ) -> MarbleSequence<Failure> {
    MarbleSequence(diagram: self, clock: clock, frame: frame, failure: failure)
  }
}

/// The events of a ``MarbleDiagram`` played on a ``VirtualClock``.
public struct MarbleSequence<Failure: Error>: AsyncSequence, Sendable {
  /// Each element is the one-character text drawn in the diagram.
  public typealias Element = String

  let diagram: MarbleDiagram
  let clock: VirtualClock
  let frame: Duration
  let failure: Failure?

  init(diagram: MarbleDiagram, clock: VirtualClock, frame: Duration, failure: Failure?) {
    precondition(
      !diagram.events.contains { $0.event == .subscription || $0.event == .cancellation },
      "MarbleDiagram '\(diagram)': '^' and '!' belong to recorded diagrams, not to inputs")
    self.diagram = diagram
    self.clock = clock
    self.frame = frame
    self.failure = failure
  }

  /// Creates an iterator; the diagram's frame 0 is the time of its first `next()`.
  public func makeAsyncIterator() -> Iterator {
    Iterator(
      schedule: AsyncScheduledSequence(
        diagram.events.map { (offset: $0.position.offset(frame: frame), element: $0.event) },
        clock: clock
      ).makeAsyncIterator(), failure: failure)
  }

  /// Plays the diagram: its events are scheduled by an `AsyncScheduledSequence`.
  public struct Iterator: AsyncIteratorProtocol {
    var schedule: AsyncScheduledSequence<MarbleDiagram.Event, VirtualClock>.Iterator
    let failure: Failure?
    var ended = false

    /// Sleeps until the next event's position and returns it; without an end in the
    /// diagram, waits after the last element until the task is cancelled, then returns `nil`.
    public mutating func next() async throws(Failure) -> String? {
      guard !ended else { return nil }
      guard let event = await schedule.next() else {
        // No `|` or `#` in the diagram (or the task was cancelled): it never ends by itself.
        ended = true
        if !Task.isCancelled { await ParkedContinuation.waitUntilCancelled() }
        return nil
      }
      switch event {
      case .element(let text):
        return text
      case .failure:
        ended = true
        if let failure { throw failure }
        return nil
      case .finish, .subscription, .cancellation:
        ended = true
        return nil
      }
    }
  }
}
