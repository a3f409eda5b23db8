import Streams
import StreamsTesting
import Synchronization
import Testing

@testable import MovieSearch

/// A value asked for once and shared: a caller waiting on a fetch that another, cancelled
/// caller started is not handed that caller's cancellation.
@Suite struct FetchOnceTests {
  @Test func aWaiterOfACancelledCallersFetchFetchesItself() async throws {
    let once = FetchOnce<Int>()
    let outcomes = Outcomes()
    // On virtual time, which moves only once every task of the test waits: a sleep returns
    // once the callers have gone as far as they can — no polling, no real time.
    let waiting = try await withVirtualTime { clock in
      // The first caller's fetch waits until its task is cancelled: a stream that never
      // yields ends its loop then.
      let (never, _) = AsyncStream<Void>.makeStream()
      let firstCaller = spawnTask(named: "first caller") {
        let outcome = await once.value(for: "genres") { () async throws(MovieServiceError) -> Int in
          for await _ in never {}
          throw .cancelled
        }
        outcomes.first.withLock { $0 = outcome }
      }
      try await clock.sleep(for: .milliseconds(1))
      let secondCaller = spawnTask(named: "second caller") {
        let outcome = await once.value(for: "genres") { () async throws(MovieServiceError) -> Int in
          42
        }
        outcomes.second.withLock { $0 = outcome }
      }
      try await clock.sleep(for: .milliseconds(1))
      // The second caller waits for the first one's fetch; then the first is cancelled.
      let waiting = once.waitingCount("genres")
      firstCaller.cancel()
      await firstCaller.value
      await secondCaller.value
      return waiting
    }
    #expect(waiting == 1)
    #expect(outcomes.first.withLock { $0 } == .failure(.cancelled))
    #expect(outcomes.second.withLock { $0 } == .success(42))
  }
}

/// What each caller's task got.
private final class Outcomes: Sendable {
  let first = Mutex<FetchOnce<Int>.Outcome?>(nil)
  let second = Mutex<FetchOnce<Int>.Outcome?>(nil)
}
