/// A timeline of events drawn as text, one character per frame, for tests on virtual time.
///
/// - `-` a frame where nothing happens
/// - a letter or digit: an element (the string of that one character)
/// - `|` the sequence finishes; `#` it fails
/// - `(ab)` several events in one frame, in that order
/// - spaces are ignored; a diagram without `|` or `#` never ends
///
/// ```swift
/// let input = MarbleDiagram("a-bc------d---------|")
/// let output = await MarbleDiagram.record(
///   input.events(on: clock, frame: .milliseconds(100)).debounce(for: .milliseconds(400), clock: clock),
///   on: clock, frame: .milliseconds(100))
/// #expect(output == "-------c------d-----|")
/// ```
public struct MarbleDiagram: Sendable, Hashable, CustomStringConvertible,
  ExpressibleByStringLiteral
{
  /// Something that happens on a timeline.
  public enum Event: Sendable, Hashable {
    /// An element, drawn as its one-character text.
    case element(String)
    /// The sequence finishes (`|`).
    case finish
    /// The sequence fails (`#`).
    case failure
  }

  /// The events with the frame at which each happens, in order.
  public let events: [(frame: Int, event: Event)]

  /// Parses a diagram.
  public init(_ text: String) {
    var events: [(Int, Event)] = []
    var frame = 0
    var inGroup = false
    for character in text where character != " " {
      switch character {
      case "-":
        frame += 1
      case "(":
        inGroup = true
      case ")":
        inGroup = false
        frame += 1
      default:
        let event: Event =
          switch character {
          case "|": .finish
          case "#": .failure
          default: .element(String(character))
          }
        events.append((frame, event))
        if !inGroup { frame += 1 }
      }
    }
    self.events = events
  }

  /// Creates a diagram from events, which must be ordered by frame.
  public init(events: [(frame: Int, event: Event)]) {
    self.events = events
  }

  /// Parses a diagram written as a string literal.
  public init(stringLiteral text: String) {
    self.init(text)
  }

  /// The diagram drawn in the notation it is parsed from.
  public var description: String {
    var text = ""
    var index = 0
    var frame = 0
    while index < events.count {
      var symbols: [String] = []
      while index < events.count, events[index].frame == frame {
        symbols.append(events[index].event.symbol)
        index += 1
      }
      switch symbols.count {
      case 0: text += "-"
      case 1: text += symbols[0]
      default: text += "(" + symbols.joined() + ")"
      }
      frame += 1
    }
    return text
  }

  /// Compares the events and their frames.
  public static func == (lhs: MarbleDiagram, rhs: MarbleDiagram) -> Bool {
    lhs.events.elementsEqual(rhs.events) { $0.frame == $1.frame && $0.event == $1.event }
  }

  /// Hashes the events and their frames.
  public func hash(into hasher: inout Hasher) {
    for (frame, event) in events {
      hasher.combine(frame)
      hasher.combine(event)
    }
  }

  /// The diagram as a sequence that cannot fail: each element is emitted at its frame,
  /// counted from the first call to `next()`. The diagram must not contain `#`.
  public func events(on clock: VirtualClock, frame: Duration) -> MarbleSequence<Never> {
    precondition(
      !events.contains { $0.event == .failure },
      "MarbleDiagram '\(self)' fails: pass a `failure` to events(on:frame:failure:)")
    return MarbleSequence(diagram: self, clock: clock, frame: frame, failure: nil)
  }

  /// The diagram as a sequence that throws `failure` at `#`.
  public func events<Failure: Error>(
    on clock: VirtualClock,
    frame: Duration,
    failure: Failure
  ) -> MarbleSequence<Failure> {
    MarbleSequence(diagram: self, clock: clock, frame: frame, failure: failure)
  }

  /// Consumes `sequence` and draws what it emitted, one frame per `frame` of virtual time
  /// counted from this call. Each element is drawn as its description.
  public static func record<S: AsyncSequence>(
    _ sequence: S,
    on clock: VirtualClock,
    frame: Duration
  ) async -> MarbleDiagram {
    let start = clock.now
    var events: [(Int, Event)] = []
    func note(_ event: Event) {
      events.append((Int(start.duration(to: clock.now) / frame), event))
    }
    var iterator = sequence.makeAsyncIterator()
    do throws(S.Failure) {
      while let element = try await iterator.next(isolation: nil) {
        note(.element(String(describing: element)))
      }
      note(.finish)
    } catch {
      note(.failure)
    }
    return MarbleDiagram(events: events)
  }
}

extension MarbleDiagram.Event {
  var symbol: String {
    switch self {
    case .element(let text): text
    case .finish: "|"
    case .failure: "#"
    }
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

  /// Creates an iterator; the diagram's frame 0 is the time of its first `next()`.
  public func makeAsyncIterator() -> Iterator {
    Iterator(sequence: self)
  }

  /// Plays the diagram.
  public struct Iterator: AsyncIteratorProtocol {
    let sequence: MarbleSequence
    var start: VirtualClock.Instant?
    var index = 0

    /// Sleeps until the next event's frame and returns it; without an end in the diagram,
    /// waits after the last element until the task is cancelled, then returns `nil`.
    public mutating func next() async throws(Failure) -> String? {
      let start = self.start ?? sequence.clock.now
      self.start = start
      guard index < sequence.diagram.events.count else {
        await waitUntilCancelled()
        return nil
      }
      let (frame, event) = sequence.diagram.events[index]
      index += 1
      let deadline = start.advanced(by: sequence.frame * frame)
      do {
        try await sequence.clock.sleep(until: deadline)
      } catch {
        index = sequence.diagram.events.count + 1
        return nil
      }
      switch event {
      case .element(let text):
        return text
      case .finish:
        index = sequence.diagram.events.count + 1
        return nil
      case .failure:
        index = sequence.diagram.events.count + 1
        if let failure = sequence.failure { throw failure }
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
