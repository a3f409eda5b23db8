import Dispatch
import Streams
import Testing

@testable import StreamsTesting

/// Answers from another thread, as URLSession does.
func answerFromAnotherThread<T: Sendable>(_ value: T) async -> T {
  await withCheckedContinuation { continuation in
    DispatchQueue.global().async { continuation.resume(returning: value) }
  }
}

/// Returns once every task of `runtime`'s run is suspended and its driver waits for work from
/// outside — waited for on another thread, a minute at most (never a hang): whether it did.
func everyTaskWaits(_ runtime: VirtualRuntime) async -> Bool {
  let watcher = DispatchSemaphore(value: 0)
  runtime.signalWhenWaitingForOutsideWork(watcher)
  return await withCheckedContinuation { continuation in
    DispatchQueue.global().async {
      continuation.resume(returning: watcher.wait(timeout: .now() + 60) == .success)
    }
  }
}

@Suite(.timeLimit(.minutes(1))) struct ExternalWorkTests {
  @Test func externalResultsArriveAtExactVirtualTimes() async throws {
    let output = try await withVirtualTime { clock in
      let queries = MarbleDiagram("a---b-c---|").events(on: clock, frame: frame)
      let answers = queries.debounce(for: frame * 2, clock: clock).flatMapLatest { query in
        Just(query).flatMapLatest { query in
          // A "request" answered on another thread.
          AsyncScheduledSequence([(.zero, ())], clock: clock).flatMapLatest { _ in
            ExternalAnswer(query: query.uppercased())
          }
        }
      }
      return await MarbleDiagram.record(answers, on: clock, frame: frame)
    }
    // b settles at 6 although c arrives then (see the debounce tests).
    expectMarbles(output, "--A---B-C-|")
  }

  @Test func resultsAreHandedOverInTheOrderTheWorkStarted() async throws {
    // The gate makes every run the adversarial one (the work started second finishes first),
    // so a few runs test the order; a hundred only added load — under ThreadSanitizer, with
    // the other suites on the same two threads, they outran the time limit.
    for _ in 0..<10 {
      let order = try await withVirtualTime { _ in
        let gate = DispatchSemaphore(value: 0)
        let log = Log<String>()
        await withTaskGroup(of: Void.self) { group in
          group.addTask {
            // Started first, finished last: it waits until the second has finished.
            let value = await awaitExternalWork(named: "slow") { () async -> String in
              await withCheckedContinuation { continuation in
                DispatchQueue.global().async {
                  gate.wait()
                  continuation.resume(returning: "slow")
                }
              }
            }
            log.append(value)
          }
          group.addTask {
            let value = await awaitExternalWork(named: "fast") { () async -> String in
              let value = await answerFromAnotherThread("fast")
              gate.signal()
              return value
            }
            log.append(value)
          }
        }
        return log.all
      }
      #expect(order == ["slow", "fast"])
    }
  }

  @Test func virtualTimeStandsStillWhileWorkIsPending() async throws {
    let (seen, wokeAt) = try await withVirtualTime { clock in
      async let woke: String = {
        try? await clock.sleep(for: .milliseconds(1))
        return "\(clock.now)"
      }()
      let seen = await awaitExternalWork(named: "slow read") { () async -> String in
        // Read once every task of the test waits: had time not stood still while this work is
        // pending, the driver would have woken the sleeper instead of waiting (1 ms). (Two
        // hundred hops between threads made that likely, not certain — and once, in a full run
        // on a loaded machine, they did not end within the suite's minute.)
        guard await everyTaskWaits(clock.runtime) else { return "the driver never waited" }
        return "\(clock.now)"
      }
      return (seen, await woke)
    }
    #expect(seen == "0 ms")
    #expect(wokeAt == "1 ms")
  }

  @Test func cancellingTheAwaitingTaskCancelsTheWork() async throws {
    let outcome = try await withVirtualTime { _ in
      await withTaskGroup(of: String.self) { group in
        group.addTask {
          do {
            return try await awaitExternalWork(named: "endless") { () async throws -> String in
              // Waits for elements that never come; ends only when cancelled.
              let (stream, continuation) = AsyncStream.makeStream(of: Int.self)
              for await _ in stream {}
              continuation.finish()
              try Task.checkCancellation()
              return "finished"
            }
          } catch {
            return "\(error)"
          }
        }
        // Not `clock.advance`: it waits for time to move, which it cannot while the work is
        // pending. A hop to an actor queues behind the child, which parks in the meantime.
        await Bystander().pass()
        group.cancelAll()
        return await group.next() ?? ""
      }
    }
    #expect(outcome == "CancellationError()")
  }

  @Test func outsideVirtualTimeItJustRunsTheWork() async {
    #expect(await awaitExternalWork(named: "plain") { await answerFromAnotherThread(7) } == 7)
  }
}

/// An actor whose method only lets the tasks queued before the call run first.
actor Bystander {
  func pass() {}
}

/// One answer computed on another thread, through `awaitExternalWork`.
struct ExternalAnswer: AsyncSequence, Sendable {
  typealias Element = String
  typealias Failure = Never
  let query: String
  func makeAsyncIterator() -> Iterator { Iterator(query: query) }
  struct Iterator: AsyncIteratorProtocol {
    var query: String?
    mutating func next() async -> String? {
      guard let query else { return nil }
      self.query = nil
      return await awaitExternalWork(named: "answer \(query)") {
        await answerFromAnotherThread(query)
      }
    }
  }
}
