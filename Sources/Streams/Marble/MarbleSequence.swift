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
    Iterator(sequence: self)
  }

  /// Plays the diagram.
  public struct Iterator: AsyncIteratorProtocol {
    let sequence: MarbleSequence
    var start: VirtualClock.Instant?
    var index = 0

    /// Sleeps until the next event's position and returns it; without an end in the
    /// diagram, waits after the last element until the task is cancelled, then returns `nil`.
    public mutating func next() async throws(Failure) -> String? {
      let start = self.start ?? sequence.clock.now
      self.start = start
      let events = sequence.diagram.events
      guard index < events.count else {
        await waitUntilCancelled()
        return nil
      }
      let (position, event) = events[index]
      index += 1
      do {
        try await sequence.clock.sleep(
          until: start.advanced(by: position.offset(frame: sequence.frame)))
      } catch {
        index = events.count + 1
        return nil
      }
      switch event {
      case .element(let text):
        return text
      case .failure:
        index = events.count + 1
        if let failure = sequence.failure { throw failure }
        return nil
      case .finish, .subscription, .cancellation:
        index = events.count + 1
        return nil
      }
    }

    private mutating func waitUntilCancelled() async {
      if index > sequence.diagram.events.count { return }
      index = sequence.diagram.events.count + 1
      await ParkedContinuation.waitUntilCancelled()
    }
  }
}
