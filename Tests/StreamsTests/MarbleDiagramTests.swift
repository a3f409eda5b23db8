import Streams
import StreamsTesting
import Testing

@Suite struct MarbleDiagramTests {
  @Test func parsesAndPrintsTheFrameGrammar() {
    let diagram = MarbleDiagram("a-bc--(de)-|")
    #expect(diagram.events.map(\.position.frames) == [0, 2, 3, 6, 6, 8])
    #expect(
      diagram.events.map(\.event) == [
        .element("a"), .element("b"), .element("c"), .element("d"), .element("e"), .finish,
      ])
    #expect(diagram.description == "a-bc--(de)-|")
    #expect(MarbleDiagram("a b  c #").description == "abc#")  // spaces only align
    #expect(MarbleDiagram("-1|").events.map(\.event) == [.element("1"), .finish])
  }

  @Test func timeProgressionsAsInRxJS() {
    let diagram = MarbleDiagram("a 300ms b 1.5s c 2m d --- 1s e|")
    let frame = Duration.milliseconds(100)
    #expect(
      diagram.events.map { $0.position.offset(frame: frame) } == [
        .zero, .milliseconds(400), .milliseconds(2000), .milliseconds(122_100),
        .milliseconds(123_500), .milliseconds(123_600),
      ])
    #expect(diagram.description == "a 300ms b 1500ms c 2m d--- 1s e|")
    // A number is a time progression only between spaces; otherwise it is elements.
    #expect(MarbleDiagram("a300ms").events.count == 6)
    #expect(MarbleDiagram(" 3 ").events.map(\.event) == [.element("3")])
  }

  @Test func aRecordingEqualsTheSameTimelineWrittenInTime() async throws {
    let output = try await withVirtualTime { clock in
      await MarbleDiagram.record(
        MarbleDiagram("a 300ms b 1s |").events(on: clock, frame: frame), on: clock, frame: frame)
    }
    expectMarbles(output, "a---b----------|")  // b takes its frame before the second
    expectMarbles(output, "a 300ms b 1s |")
    #expect(output != "a 200ms b 1s |")
  }

  @Test func subscriptionAndCancellationAreDrawn() async throws {
    let (merged, late, endedFirst) = try await withVirtualTime { clock in
      let merged = await MarbleDiagram.record(
        merge(
          MarbleDiagram("-a---c-|").events(on: clock, frame: frame),
          MarbleDiagram("---b---d|").events(on: clock, frame: frame)),
        on: clock, frame: frame, subscription: "^----!")
      let shared = MarbleDiagram("a-b-c-d|").events(on: clock, frame: frame)
        .share(bufferingPolicy: .unbounded)
      async let early: MarbleDiagram = MarbleDiagram.record(shared, on: clock, frame: frame)
      let late = await MarbleDiagram.record(shared, on: clock, frame: frame, subscription: "---^")
      _ = await early
      let endedFirst = await MarbleDiagram.record(
        MarbleDiagram("ab|").events(on: clock, frame: frame), on: clock, frame: frame,
        subscription: "^-----!")
      return (merged, late, endedFirst)
    }
    // c was due at the frame of the cancellation, which came first.
    expectMarbles(merged, "^a-b-!")
    expectMarbles(late, "---^c-d|")
    expectMarbles(endedFirst, "(^a)b|")
  }

  @Test func whatComesAfterACancellationIsDrawnAfterIt() async throws {
    let output = try await withVirtualTime { clock in
      await MarbleDiagram.record(
        DeafTicker(clock: clock), on: clock, frame: frame, subscription: "^--!")
    }
    // A sequence that ignores cancellation is caught in the diagram: its cancelled sleeps
    // return at once, and what it emits still shows, after the `!`.
    expectMarbles(output, "^-1(!23)")
  }
}

/// Ticks "1", "2", "3" two frames apart (from frame 1), ignoring cancellation.
struct DeafTicker: AsyncSequence, Sendable {
  typealias Element = String
  typealias Failure = Never
  let clock: VirtualClock
  func makeAsyncIterator() -> Iterator { Iterator(clock: clock) }
  struct Iterator: AsyncIteratorProtocol {
    let clock: VirtualClock
    var count = 0
    mutating func next() async -> String? {
      guard count < 3 else { return nil }
      count += 1
      try? await clock.sleep(until: VirtualClock.Instant(offset: frame * (2 * count)))
      return "\(count)"
    }
  }
}
