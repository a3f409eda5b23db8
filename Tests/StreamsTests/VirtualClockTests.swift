import Streams
import StreamsTesting
import Testing

@Suite struct VirtualClockTests {
  @Test func sleepersWakeAtTheirDeadlinesInOrder() async throws {
    let log = try await withVirtualTime { clock in
      await withTaskGroup(of: (String, Duration).self) { group in
        for (name, ms) in [("b", 200), ("a", 100), ("c", 200)] {
          group.addTask {
            try? await clock.sleep(until: .init(offset: .milliseconds(ms)))
            return (name, clock.now.offset)
          }
        }
        var log: [String] = []
        for await (name, time) in group { log.append("\(name)@\(time)") }
        return log
      }
    }
    #expect(log == ["a@0.1 seconds", "b@0.2 seconds", "c@0.2 seconds"])
  }
}
