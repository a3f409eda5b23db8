import Streams
import StreamsTesting
import Testing

@Suite struct TimeoutTests {
  func timedOut(_ input: MarbleDiagram, frames: Int, log: Log<String> = Log()) async throws
    -> MarbleDiagram
  {
    try await withVirtualTime { clock in
      let source = input.events(on: clock, frame: frame, failure: Boom()).probed(log)
      return await MarbleDiagram.record(
        source.timeout(after: frame * frames, clock: clock), on: clock, frame: frame)
    }
  }

  @Test func failsWhenTheBaseIsSilentTooLongAndCancelsIt() async throws {
    let log = Log<String>()
    expectMarbles(try await timedOut("a-b-----c|", frames: 3, log: log), "a-b--#")
    #expect(log.all == ["cancelled"])
  }

  @Test func elementsInTimePassAsTheyCome() async throws {
    expectMarbles(try await timedOut("a-b-c|", frames: 3), "a-b-c|")
  }

  @Test func theFirstElementIsTimedFromTheStart() async throws {
    expectMarbles(try await timedOut("----a|", frames: 3), "---#")
  }

  @Test func anElementAtTheDeadlineIsTooLate() async throws {
    expectMarbles(try await timedOut("a--b|", frames: 3), "a--#")
  }

  @Test func theErrorSaysWhichHappened() async throws {
    let (late, failed) = try await withVirtualTime { clock in
      let silent = Empty<Int>(completeImmediately: false).timeout(after: .seconds(1), clock: clock)
      var late: String = "none"
      do throws(TimeoutFailure<Never>) {
        for try await _ in silent {}
      } catch .timedOut {
        late = "timed out at \(clock.now)"  // over a base that cannot fail: the only case
      }
      let failing = MarbleDiagram("#").events(on: clock, frame: frame, failure: Boom())
        .timeout(after: .seconds(1), clock: clock)
      var failed: TimeoutFailure<Boom>?
      do throws(TimeoutFailure<Boom>) {
        for try await _ in failing {}
      } catch {
        failed = error
      }
      return (late, failed)
    }
    #expect(late == "timed out at 1000 ms")
    #expect(failed == .base(Boom()))
  }

  @Test func aSlowConsumerDoesNotCauseATimeout() async throws {
    let values = try await withVirtualTime { clock in
      let source = MarbleDiagram("abc|").events(on: clock, frame: frame)
      var iterator = source.timeout(after: frame * 2, clock: clock).makeAsyncIterator()
      var values: [String] = []
      while let value = try await iterator.next() {
        values.append(value)
        try await clock.advance(by: frame * 10)  // reading slowly
      }
      return values
    }
    #expect(values == ["a", "b", "c"])
  }
}
