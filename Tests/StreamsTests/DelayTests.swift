import Streams
import StreamsTesting
import Testing

/// `delay(for:clock:)` — the same elements and spacing, later; marble diagrams on
/// virtual time.
@Suite struct DelayTests {
  func delayed(_ input: MarbleDiagram, frames: Int) async throws -> MarbleDiagram {
    try await withVirtualTime { clock in
      let source = input.events(on: clock, frame: frame, failure: Boom())
      return await MarbleDiagram.record(
        source.delay(for: frame * frames, clock: clock), on: clock, frame: frame)
    }
  }

  @Test func eachElementComesOutAfterTheIntervalWithItsSpacing() async throws {
    expectMarbles(try await delayed("a-bc----d|", frames: 3), "---a-bc----(d|)")
  }

  @Test func theFinishWaitsForTheLastElementAndComesAfterIt() async throws {
    expectMarbles(try await delayed("ab|", frames: 4), "----a(b|)")
    expectMarbles(try await delayed("a------|", frames: 2), "--a----|")
  }

  @Test func aFailureIsThrownAtOnceAndDropsWhatWaits() async throws {
    expectMarbles(try await delayed("a-b#", frames: 2), "--a#")
  }

  @Test func sameInstantsKeepTheirOrder() async throws {
    // a is due at frame 2, when c arrives: a goes out before c is queued.
    expectMarbles(try await delayed("(ab)c|", frames: 2), "--(ab)(c|)")
  }

  @Test func emptyAndImmediateEnds() async throws {
    expectMarbles(try await delayed("|", frames: 2), "|")
    expectMarbles(try await delayed("#", frames: 2), "#")
    expectMarbles(try await delayed("--|", frames: 5), "--|")
  }

  @Test func cancellingTheConsumerStopsTheTimer() async throws {
    let diagram = try await withVirtualTime { clock in
      await MarbleDiagram.record(
        MarbleDiagram("abc").events(on: clock, frame: frame).delay(for: frame * 2, clock: clock),
        on: clock, frame: frame, subscription: "^--!")
    }
    expectMarbles(diagram, "^-a!")
  }
}
