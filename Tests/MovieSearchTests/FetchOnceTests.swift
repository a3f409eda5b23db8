import Foundation
import Testing

@testable import MovieSearch

/// A value asked for once and shared: a caller waiting on a fetch that another, cancelled
/// caller started is not handed that caller's cancellation.
@Suite struct FetchOnceTests {
  @Test func aWaiterOfACancelledCallersFetchFetchesItself() async throws {
    let once = FetchOnce<Int>()
    let (started, fetching) = AsyncStream<Void>.makeStream()
    // The first caller's fetch waits until its task is cancelled: a stream that never yields
    // ends its loop then.
    let (never, _) = AsyncStream<Void>.makeStream()
    let first = Task {
      await once.value(for: "genres") { () async throws(MovieServiceError) -> Int in
        fetching.yield()
        for await _ in never {}
        throw .cancelled
      }
    }
    defer { first.cancel() }
    for await _ in started { break }
    let second = Task {
      await once.value(for: "genres") { () async throws(MovieServiceError) -> Int in 42 }
    }
    // Once the second caller waits for the first one's fetch, the first is cancelled. Its
    // waiting is registered on another task with no signal to await: looked at between
    // yields, a bounded number of times (no clock involved).
    for _ in 0..<1_000_000 where once.waitingCount("genres") == 0 { await Task.yield() }
    try #require(once.waitingCount("genres") == 1)
    first.cancel()
    #expect(await first.value == .failure(.cancelled))
    #expect(await second.value == .success(42))
  }
}
