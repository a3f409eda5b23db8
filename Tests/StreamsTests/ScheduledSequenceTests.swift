import Streams
import StreamsTesting
import Testing

@Suite struct ScheduledSequenceTests {
  @Test func emitsEachElementAtItsOffsetAndFinishesAtTheEnd() async throws {
    let events = try await withVirtualTime { clock in
      var events: [String] = []
      let sequence = AsyncScheduledSequence(
        [(.milliseconds(100), "a"), (.milliseconds(50), "b"), (.milliseconds(400), "c")],
        end: .seconds(1), clock: clock)
      for await element in sequence { events.append("\(element)@\(clock.now)") }
      events.append("end@\(clock.now)")
      return events
    }
    #expect(events == ["a@100 ms", "b@100 ms", "c@400 ms", "end@1000 ms"])
  }

  @Test func debouncesAScheduledSession() async throws {
    let events = try await withVirtualTime { clock in
      var events: [String] = []
      let typed = AsyncScheduledSequence(
        [(.milliseconds(6000), "a"), (.milliseconds(6100), "b")], end: .seconds(7), clock: clock)
      for await element in typed.debounce(for: .milliseconds(300), clock: clock) {
        events.append("\(element)@\(clock.now)")
      }
      return events
    }
    #expect(events == ["b@6400 ms"])
  }
}
