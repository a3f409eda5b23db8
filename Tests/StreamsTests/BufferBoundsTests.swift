import Streams
import StreamsTesting
import Synchronization
import Testing

/// How far bases run ahead of a consumer that has taken one element and then
/// stops reading. The consumer takes the whole buffer at once, so besides the buffer (full
/// again) it holds what it took, less the one returned: the documented bound is twice the
/// buffer minus one, plus one element per other base that was pushing as the buffer filled,
/// plus what the operator keeps of its own (zip's queues). On virtual time the schedule is
/// the same on every run, and these schedules reach the bound, so it is asserted exactly.
@Suite struct BufferBoundsTests {
  final class Reads: Sendable {
    let count = Atomic<Int>(0)
    @Sendable func note<T>(_: T) { count.add(1, ordering: .relaxed) }
    var value: Int { count.load(ordering: .relaxed) }
  }

  /// Elements the bases produced beyond the one `next()` returned, once every task waits.
  func readAhead<S: AsyncSequence & Sendable>(
    _ make: @Sendable (Reads) -> S
  ) async throws -> Int where S.Element: Sendable {
    let reads = Reads()
    let sequence = make(reads)
    return try await withVirtualTime { clock in
      await withTaskGroup(of: Void.self) { group in
        group.addTask {
          var iterator = sequence.makeAsyncIterator()
          _ = try? await iterator.next()
          // Holds the iterator without reading more, until cancelled.
          try? await clock.sleep(for: .seconds(3_600))
        }
        try? await clock.advance(by: .zero)
        let ahead = reads.value - 1
        group.cancelAll()
        return ahead
      }
    }
  }

  func counted(_ reads: Reads) -> AsyncHandleEventsSequence<AsyncSyncSequence<Range<Int>>> {
    (0..<100_000).async.handleEvents(receiveElement: reads.note)
  }

  @Test func mergeRunsAtMostTwiceItsBufferAhead() async throws {
    let ahead = try await readAhead { reads in merge(counted(reads), counted(reads)) }
    #expect(ahead == 2 * (128 + 1) - 1)
  }

  @Test func combineLatestRunsAtMostTwiceItsBufferAhead() async throws {
    // (The base with one element goes first: before a base's first element, the other's
    // elements only replace its latest value — read, but never buffered.)
    let ahead = try await readAhead { reads in combineLatest([0].async, counted(reads)) }
    #expect(ahead == 2 * 128 - 1)
  }

  @Test func zipRunsAtMostTwiceItsBufferAndAQueueAhead() async throws {
    let ahead = try await readAhead { reads in zip(counted(reads), counted(reads)) }
    // Per base: 2 × 64 tuples, one more pushed as the buffer filled, and 16 queued.
    #expect(ahead <= 2 * (2 * 64 + 1 + 16))
  }

  @Test func shareRunsAtMostTwiceItsBoundAhead() async throws {
    let ahead = try await readAhead { reads in counted(reads).share(bufferingPolicy: .bounded(4)) }
    #expect(ahead == 2 * 4 - 1)
  }

  @Test func flatMapLatestRunsAtMostTwiceItsBufferAhead() async throws {
    let ahead = try await readAhead { reads in
      [0].async.flatMapLatest { _ in (0..<100_000).async.handleEvents(receiveElement: reads.note) }
    }
    #expect(ahead == 2 * 64 - 1)
  }
}
