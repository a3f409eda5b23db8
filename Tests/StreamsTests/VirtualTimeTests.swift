import Foundation
import Streams
import Testing

@testable import StreamsTesting

/// The virtual-time machinery itself: ordering, advancing, escapes, deadlocks, leaks.
@Suite struct VirtualTimeTests {
  @Test func returnsWhatTheBodyReturnsAndRethrowsItsError() async throws {
    #expect(try await withVirtualTime { _ in 42 } == 42)
    await #expect(throws: Boom.self) {
      try await withVirtualTime { _ in throw Boom() }
    }
  }

  @Test func advanceRunsWokenTasksBeforeItReturns() async throws {
    let log = Log<String>()
    try await withVirtualTime { clock in
      try await withThrowingTaskGroup(of: Void.self) { group in
        group.addTask {
          try await clock.sleep(until: .init(offset: .milliseconds(100)))
          log.append("a@\(clock.now)")
          try await clock.sleep(until: .init(offset: .milliseconds(300)))
          log.append("b@\(clock.now)")
        }
        try await clock.advance(by: .milliseconds(150))
        #expect(log.all == ["a@100 ms"])
        #expect(clock.now.offset == .milliseconds(150))
        try await clock.advance(to: .init(offset: .milliseconds(300)))
        #expect(log.all == ["a@100 ms", "b@300 ms"])
        // Advancing to a time that has passed only lets everything run.
        try await clock.advance(to: .init(offset: .milliseconds(10)))
        #expect(clock.now.offset == .milliseconds(300))
        try await group.waitForAll()
      }
    }
  }

  @Test func runAdvancesUntilNoSleeperRemains() async throws {
    let end = try await withVirtualTime { clock in
      await withTaskGroup(of: Void.self) { group in
        for seconds in [5, 1, 3] {
          group.addTask { try? await clock.sleep(for: .seconds(seconds)) }
        }
        try? await clock.run()
        return clock.now.offset
      }
    }
    #expect(end == .seconds(5))
  }

  @Test func aCancelledSleepThrowsCancellationErrorAtOnce() async throws {
    let outcome = try await withVirtualTime { clock in
      await withTaskGroup(of: String.self) { group in
        group.addTask {
          do {
            try await clock.sleep(for: .seconds(3600))
            return "woke"
          } catch is CancellationError {
            return "cancelled at \(clock.now)"
          } catch {
            return "\(error)"
          }
        }
        try? await clock.advance(by: .seconds(1))
        group.cancelAll()
        return await group.next() ?? ""
      }
    }
    #expect(outcome == "cancelled at 1000 ms")
  }

  @Test func aSleepFromABareTaskIsReportedAsAnEscape() async throws {
    let error = await #expect(throws: VirtualTimeError.self) {
      // A long stall limit: the rogue task needs a thread of the global pool, which other
      // tests may keep busy for a while.
      try await withVirtualTime(stallLimit: .seconds(60)) { clock in
        let stream = AsyncStream<Int> { continuation in
          Task(name: "rogue delay") {
            try? await clock.sleep(for: .seconds(1))
            continuation.yield(1)
            continuation.finish()
          }
        }
        for await _ in stream {}
      }
    }
    #expect(error?.kind == .escape)
    #expect(error?.description.contains("'rogue delay'") == true)
    #expect(error?.description.contains("virtual time 0 ms") == true)
  }

  @Test func aResumeFromAnotherThreadIsReportedAsAnEscape() async throws {
    let error = await #expect(throws: VirtualTimeError.self) {
      try await withVirtualTime(stallLimit: .seconds(60)) { clock in
        let runtime = clock.runtime
        await withUnsafeContinuation { continuation in
          Task(name: "rogue resumer") {
            // Once the test's task has suspended (a continuation resumed before is no
            // resume: the task goes on where it is).
            _ = await everyTaskWaits(runtime)
            continuation.resume()
          }
        }
      }
    }
    #expect(error?.kind == .escape)
    #expect(error?.description.contains("'rogue resumer'") == true)
  }

  @Test func aDeadlockIsReportedNotHung() async throws {
    let error = await #expect(throws: VirtualTimeError.self) {
      try await withVirtualTime(stallLimit: .milliseconds(20)) { clock in
        try await clock.advance(by: .seconds(2))
        await withUnsafeContinuation { (_: UnsafeContinuation<Void, Never>) in }
      }
    }
    #expect(error?.kind == .deadlock)
    #expect(error?.description.contains("virtual time 2000 ms") == true)
  }

  @Test func aTaskLeftRunningIsReportedAsALeak() async throws {
    let error = await #expect(throws: VirtualTimeError.self) {
      try await withVirtualTime { clock in
        spawnTask(named: "forgotten timer") { try? await clock.sleep(for: .seconds(10)) }
        try await clock.advance(by: .seconds(1))
      }
    }
    #expect(error?.kind == .leak)
    #expect(error?.description.contains("'forgotten timer' until 10000 ms") == true)
  }

  @Test func spawnedTasksRunOnTheTestExecutorAndAreCounted() async throws {
    let log = Log<String>()
    try await withVirtualTime { clock in
      let task = spawnTask(named: "worker") {
        try? await clock.sleep(for: .milliseconds(250))
        log.append("worker@\(clock.now)")
      }
      await task.value
    }
    #expect(log.all == ["worker@250 ms"])
  }
}
