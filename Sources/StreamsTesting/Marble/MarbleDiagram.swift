import Streams

/// A timeline of events drawn as text, for tests on virtual time — the grammar of RxJS's
/// marble diagrams.
///
/// - `-` a frame where nothing happens (a test picks the frame's length, say 100 ms)
/// - a letter or digit: an element (the string of that one character); it takes a frame
/// - `|` the sequence finishes; `#` it fails
/// - `(ab)` several events in one frame, in that order
/// - `300ms`, `1.5s`, `2m` between spaces: that much time passes (`a 300ms b`, `--- 1s c|`)
/// - `^` the consumer subscribes; `!` it cancels — in diagrams drawn by
///   `record(_:on:frame:subscription:)`
/// - other spaces are ignored; a diagram without `|` or `#` never ends
///
/// ```swift
/// let input = MarbleDiagram("a-bc------d---------|")
/// let output = await MarbleDiagram.record(
///   input.events(on: clock, frame: .milliseconds(100)).debounce(for: .milliseconds(400), clock: clock),
///   on: clock, frame: .milliseconds(100))
/// #expect(output == "-------c------d-----|")
/// #expect(output == "-------c 600ms d 500ms |")  // the same, with time written out
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
    /// The consumer subscribes (`^`).
    case subscription
    /// The consumer cancels (`!`).
    case cancellation
  }

  /// Where an event happens: after a number of frames, plus time written out in the diagram.
  public struct Position: Sendable, Hashable, Comparable {
    /// Frames drawn before the event (`-`, and the frames that events take).
    public var frames: Int
    /// Time written out before the event (`300ms`).
    public var time: Duration

    /// A position `frames` frames and `time` in.
    public init(frames: Int, time: Duration = .zero) {
      self.frames = frames
      self.time = time
    }

    /// The time of the position with frames of `frame` each.
    public func offset(frame: Duration) -> Duration { frame * frames + time }

    /// Orders by frames, then by written-out time.
    public static func < (lhs: Position, rhs: Position) -> Bool {
      (lhs.frames, lhs.time) < (rhs.frames, rhs.time)
    }
  }

  /// The events in order, with their positions.
  public let events: [(position: Position, event: Event)]
  /// The length of a frame, for a diagram recorded on a clock: comparing it with a diagram
  /// that writes time out (`a 300ms b`) resolves that time into frames.
  public let frame: Duration?

  /// Parses a diagram.
  public init(_ text: String) {
    var events: [(Position, Event)] = []
    var position = Position(frames: 0)
    var inGroup = false
    let characters = Array(text)
    var index = 0
    while index < characters.count {
      let character = characters[index]
      if !inGroup, let (duration, length) = Self.timeProgression(in: characters, at: index) {
        position.time += duration
        index += length
        continue
      }
      index += 1
      switch character {
      case " ":
        continue
      case "-":
        position.frames += 1
      case "(":
        inGroup = true
      case ")":
        inGroup = false
        position.frames += 1
      default:
        let event: Event =
          switch character {
          case "|": .finish
          case "#": .failure
          case "^": .subscription
          case "!": .cancellation
          default: .element(String(character))
          }
        events.append((position, event))
        if !inGroup { position.frames += 1 }
      }
    }
    self.events = events
    frame = nil
  }

  /// Creates a diagram from events, which must be ordered by position; `frame` is the length
  /// of its frames, when it was recorded on a clock.
  public init(events: [(position: Position, event: Event)], frame: Duration? = nil) {
    self.events = events
    self.frame = frame
  }

  /// Parses a diagram written as a string literal.
  public init(stringLiteral text: String) {
    self.init(text)
  }

  /// `300ms`, `1.5s` or `2m` at `index`, preceded by a space (or the start) and followed by
  /// a space (or the end), as in RxJS: the time and how many characters it takes.
  static func timeProgression(in characters: [Character], at index: Int) -> (Duration, Int)? {
    guard characters[index].isASCII, characters[index].isNumber,
      index == 0 || characters[index - 1] == " "
    else { return nil }
    var end = index
    while end < characters.count, characters[end].isNumber || characters[end] == "." { end += 1 }
    let number = String(characters[index..<end])
    let units: [(String, Duration)] = [
      ("ms", .milliseconds(1)), ("s", .seconds(1)), ("m", .seconds(60)),
    ]
    for (unit, scale) in units {
      let unitEnd = end + unit.count
      guard unitEnd <= characters.count, String(characters[end..<unitEnd]) == unit,
        unitEnd == characters.count || characters[unitEnd] == " ",
        let value = Double(number)
      else { continue }
      return (scale * value, unitEnd - index)
    }
    return nil
  }

  /// The diagram drawn in the notation it is parsed from.
  public var description: String {
    var text = ""
    var cursor = Position(frames: 0)
    var index = 0
    while index < events.count {
      let position = events[index].position
      text += String(repeating: "-", count: max(0, position.frames - cursor.frames))
      if position.time > cursor.time {
        text += " \(formatProgression(position.time - cursor.time)) "
      }
      var symbols: [String] = []
      while index < events.count, events[index].position == position {
        symbols.append(events[index].event.symbol)
        index += 1
      }
      text += symbols.count == 1 ? symbols[0] : "(" + symbols.joined() + ")"
      cursor = Position(frames: position.frames + 1, time: position.time)
    }
    return text
  }

  /// Compares the events and their positions; time written out in one diagram is resolved
  /// with the other's frame length, when it was recorded.
  public static func == (lhs: MarbleDiagram, rhs: MarbleDiagram) -> Bool {
    let frame = lhs.frame ?? rhs.frame
    return lhs.events.elementsEqual(rhs.events) { left, right in
      guard left.event == right.event else { return false }
      if left.position == right.position { return true }
      guard let frame else { return false }
      return left.position.offset(frame: frame) == right.position.offset(frame: frame)
    }
  }

  /// Hashes the events (not their positions, which may be written in frames or in time).
  public func hash(into hasher: inout Hasher) {
    for (_, event) in events { hasher.combine(event) }
  }
}

extension MarbleDiagram.Event {
  var symbol: String {
    switch self {
    case .element(let text): text
    case .finish: "|"
    case .failure: "#"
    case .subscription: "^"
    case .cancellation: "!"
    }
  }
}

/// `300ms`, `2s` or `1m` for a time progression.
func formatProgression(_ duration: Duration) -> String {
  let milliseconds = duration / .milliseconds(1)
  if milliseconds >= 60_000, milliseconds.truncatingRemainder(dividingBy: 60_000) == 0 {
    return "\(Int(milliseconds / 60_000))m"
  }
  if milliseconds >= 1000, milliseconds.truncatingRemainder(dividingBy: 1000) == 0 {
    return "\(Int(milliseconds / 1000))s"
  }
  if milliseconds == milliseconds.rounded() { return "\(Int(milliseconds))ms" }
  return "\(milliseconds)ms"
}
