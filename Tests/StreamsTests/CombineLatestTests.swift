import Streams
import StreamsTesting
import Testing

@Suite struct CombineLatestTests {
  @Test func emitsOnceBothHaveProducedThenOnEveryChange() async throws {
    let events = try await withVirtualTime { clock in
      let letters = MarbleDiagram("a-b---c|").events(on: clock, frame: frame)
      let digits = MarbleDiagram("-1--2|").events(on: clock, frame: frame)
      var events: [String] = []
      for await (letter, digit) in combineLatest(letters, digits) {
        events.append("\(letter)\(digit)@\(clock.now.offset / frame)")
      }
      events.append("end@\(clock.now.offset / frame)")
      return events
    }
    #expect(events == ["a1@1.0", "b1@2.0", "b2@4.0", "c2@6.0", "end@7.0"])
  }

  @Test func threeBases() async throws {
    let events = try await withVirtualTime { clock in
      let first = MarbleDiagram("a---b|").events(on: clock, frame: frame)
      let second = MarbleDiagram("-c|").events(on: clock, frame: frame)
      let third = MarbleDiagram("--d|").events(on: clock, frame: frame)
      var events: [String] = []
      for await (a, b, c) in combineLatest(first, second, third) { events.append(a + b + c) }
      return events
    }
    #expect(events == ["acd", "bcd"])
  }

  @Test func aBaseThatFinishesEmptyEndsItAtOnce() async throws {
    let log = Log<String>()
    let events = try await withVirtualTime { clock in
      let letters = MarbleDiagram("a----b|").events(on: clock, frame: frame).probed(log)
      let empty = MarbleDiagram("--|").events(on: clock, frame: frame)
      var events: [String] = []
      for await pair in combineLatest(letters, empty) { events.append("\(pair)") }
      events.append("end@\(clock.now)")
      return events
    }
    #expect(events == ["end@200 ms"])
    #expect(log.all == ["cancelled"])
  }

  @Test func anErrorCancelsTheOtherBase() async throws {
    let log = Log<String>()
    let outcome = try await withVirtualTime { clock -> String in
      let letters = MarbleDiagram("a--#").events(on: clock, frame: frame, failure: Boom())
      let digits = MarbleDiagram("1------2|").events(on: clock, frame: frame, failure: Boom())
        .probed(log)
      var seen = ""
      do throws(Boom) {
        for try await (letter, digit) in combineLatest(letters, digits) { seen += letter + digit }
        return "finished"
      } catch {
        return "\(seen) failed at \(clock.now)"
      }
    }
    #expect(outcome == "a1 failed at 300 ms")
    #expect(log.all == ["cancelled"])
  }

  @Test func mixedFailureTypesFailWithAnyError() async throws {
    try await withVirtualTime { clock in
      let never = MarbleDiagram("a|").events(on: clock, frame: frame)
      let throwing = MarbleDiagram("-#").events(on: clock, frame: frame, failure: Boom())
      let combined: AsyncCombineLatestSequence<_, (String, String), any Error> = combineLatest(
        never, throwing)
      await #expect(throws: Boom.self) { for try await _ in combined {} }
    }
  }
}
