import Foundation
import Streams
import Synchronization
import Testing

@testable import TestSupport

/// A base that never suspends: it counts up until its safety valve — 20 seconds of wall
/// time — ends it, so a starved operator makes a test fail instead of hang. What a test
/// asserts is an event, not a duration: whether the valve had already fired when the
/// consumer got what it was waiting for.
final class EndlessBase: AsyncSequence, Sendable {
  typealias Element = Int
  let started = ContinuousClock.now
  let endedOnItsOwn = Atomic<Bool>(false)

  struct AsyncIterator: AsyncIteratorProtocol {
    let base: EndlessBase
    var count = 0

    mutating func next() async -> Int? {
      count += 1
      // Reading the clock once in 4,096 elements keeps the base fast.
      if count & 4095 == 0, ContinuousClock.now - base.started > .seconds(20) {
        base.endedOnItsOwn.store(true, ordering: .relaxed)
        return nil
      }
      return count
    }
  }

  func makeAsyncIterator() -> AsyncIterator { AsyncIterator(base: self) }

  /// True when the base was still producing.
  var isRunning: Bool { !endedOnItsOwn.load(ordering: .relaxed) }
}

/// No operator starves its own timer or its consumer. Each test reads a base
/// that never suspends on the real executor while spinning tasks hold every thread of the
/// cooperative pool but one — so the base's task, the operator's timer and the consumer
/// share that one thread, as they did on a two-core machine where `chunked(by:)` hung for
/// 13 minutes. The spinners stop by themselves after 25 seconds and every suite has a time
/// limit, so nothing here can hang.
///
/// Holding the pool's threads would stall every other test of the process, so these run in a
/// child process of their own (``StarvationInChildProcess``), where the environment variable
/// `STREAMS_STARVATION_CHILD=1` enables them.
///
/// Without the yield in their base loops, six of these fail (the valve ends the base before
/// the consumer sees anything): `chunked(by:)`, `chunks(ofCount:or:)`, `throttle`, `timeout`,
/// merge/zip/combineLatest and `share`. The debounce and flatMapLatest tests pass either way
/// and are kept so that those operators go on delivering under the same load.
@Suite(
  .timeLimit(.minutes(2)), .serialized,
  .enabled(if: ProcessInfo.processInfo.environment["STREAMS_STARVATION_CHILD"] == "1"))
struct StarvationTests {
  /// Runs `body` while all but one of the pool's threads spin without suspending, and a
  /// thread outside the pool keeps one more core busy.
  func withBusyCores<T>(_ body: () async throws -> T) async rethrows -> T {
    let running = Atomic<Bool>(true)
    let spin: @Sendable () -> Void = {
      let start = ContinuousClock.now
      var spins = 0
      while running.load(ordering: .relaxed) {
        spins &+= 1
        if spins & 0xFFFFF == 0, ContinuousClock.now - start > .seconds(25) { return }
      }
    }
    // The one place a test holds a pool thread on purpose: it is the load.
    let width = max(1, ProcessInfo.processInfo.activeProcessorCount - 1)
    let spinners = (0..<width).map { _ in Task.detached(operation: spin) }
    Thread.detachNewThread(spin)
    defer { running.store(false, ordering: .relaxed) }
    _ = spinners
    return try await body()
  }

  @Test func chunkedByTimeDeliversWhileTheBaseRuns() async {
    let base = EndlessBase()
    let runningAtFirstChunk = await withBusyCores {
      for await _ in base.chunked(by: .repeating(every: .milliseconds(5), clock: ContinuousClock()))
      {
        return base.isRunning
      }
      return false
    }
    #expect(runningAtFirstChunk)
  }

  @Test func chunksOfCountOrTimeDeliverWhileTheBaseRuns() async {
    let base = EndlessBase()
    let runningAtFirstChunk = await withBusyCores {
      for await _ in base.chunks(
        ofCount: Int.max, or: .repeating(every: .milliseconds(5), clock: ContinuousClock()))
      {
        return base.isRunning
      }
      return false
    }
    #expect(runningAtFirstChunk)
  }

  @Test func throttleDeliversWhileTheBaseRuns() async {
    let base = EndlessBase()
    let runningAtThirdElement = await withBusyCores {
      var seen = 0
      for await _ in base.throttle(for: .milliseconds(5), clock: ContinuousClock()) {
        seen += 1
        if seen == 3 { return base.isRunning }
      }
      return false
    }
    #expect(runningAtThirdElement)
  }

  @Test func debounceDeliversTheLastOfABurst() async {
    let values = await withBusyCores {
      var values: [Int] = []
      for await value in (0..<200_000).async.debounce(
        for: .milliseconds(5), clock: ContinuousClock())
      {
        values.append(value)
      }
      return values
    }
    // (A pause of 5 ms inside the burst — a busy machine — lets an earlier one out too.)
    #expect(values.last == 199_999)
  }

  // The operators that read a base in a task of their own.
  @Test func delayDeliversWhileTheBaseRuns() async {
    let base = EndlessBase()
    let running = await withBusyCores {
      var seen = 0
      for await _ in base.delay(for: .milliseconds(1), clock: ContinuousClock()) {
        seen += 1
        if seen == 3 { return base.isRunning }
      }
      return false
    }
    #expect(running)
  }

  @Test func bufferAndSignalChunksDeliverWhileTheirBasesRun() async {
    let buffered = EndlessBase()
    let bufferRunning = await withBusyCores {
      var seen = 0
      for await _ in buffered.buffer(policy: .bounded(64)) {
        seen += 1
        if seen == 100_000 { return buffered.isRunning }
      }
      return false
    }
    #expect(bufferRunning)
    let chunked = EndlessBase()
    let chunksRunning = await withBusyCores {
      // A signal that is not a timer: the chunking reads it and the base in tasks.
      for await _ in chunked.chunks(ofCount: 1_000_000_000, or: Ticks()) {
        return chunked.isRunning
      }
      return false
    }
    #expect(chunksRunning)
  }

  @Test func timeoutDeliversWhileTheBaseRuns() async throws {
    let base = EndlessBase()
    let running = try await withBusyCores {
      var seen = 0
      for try await _ in base.timeout(after: .seconds(60), clock: ContinuousClock()) {
        seen += 1
        if seen == 100_000 { return base.isRunning }
      }
      return false
    }
    #expect(running)
  }

  /// Each operator reads a fresh pair of bases, and its consumer must get more elements than
  /// two of the bases' yields release (25,000 > 3 × 8,192) while both still run: fairness,
  /// not throughput. (Reading 300,000 elements through all three from one pair of bases,
  /// within the pair's one 20-second valve, failed under ThreadSanitizer on an idle machine:
  /// the sanitizer made every element tens of times slower.)
  @Test func mergeZipAndCombineLatestDeliverWhileTheirBasesRun() async {
    let wanted = 25_000
    let running = await withBusyCores {
      var stillRunning: [String: Bool] = [:]
      var (first, second) = (EndlessBase(), EndlessBase())
      var count = 0
      for await _ in merge(first, second) {
        count += 1
        if count == wanted { break }
      }
      stillRunning["merge"] = first.isRunning && second.isRunning
      (first, second, count) = (EndlessBase(), EndlessBase(), 0)
      for await _ in zip(first, second) {
        count += 1
        if count == wanted { break }
      }
      stillRunning["zip"] = first.isRunning && second.isRunning
      (first, second, count) = (EndlessBase(), EndlessBase(), 0)
      for await _ in combineLatest(first, second) {
        count += 1
        if count == wanted { break }
      }
      stillRunning["combineLatest"] = first.isRunning && second.isRunning
      return stillRunning
    }
    #expect(running == ["merge": true, "zip": true, "combineLatest": true])
  }

  @Test func shareDeliversWhileItsBaseRuns() async {
    let base = EndlessBase()
    let running = await withBusyCores {
      var shared = 0
      for await _ in base.share(bufferingPolicy: .unbounded) {
        shared += 1
        if shared == 1_000 { return base.isRunning }
      }
      return false
    }
    #expect(running)
  }

  @Test func flatMapLatestDeliversWhileItsBaseRuns() async {
    let base = EndlessBase()
    let running = await withBusyCores {
      var latest = 0
      // (An endless base supersedes every inner before it starts: the endless one is the inner.)
      for await _ in [0].async.flatMapLatest({ _ in base }) {
        latest += 1
        if latest == 1_000 { return base.isRunning }
      }
      return false
    }
    #expect(running)
  }
}

/// Runs ``StarvationTests`` in a child process — this test binary again, filtered to that
/// suite — so that the threads they hold on purpose are the child's. The child has a time
/// limit; its failures are reported here with its output.
@Suite struct StarvationInChildProcess {
  @Test(.timeLimit(.minutes(3))) func noOperatorStarvesItsTimerOrItsConsumer() async throws {
    let binary = URL(fileURLWithPath: CommandLine.arguments[0]).standardizedFileURL.path
    var environment = ProcessInfo.processInfo.environment
    environment["STREAMS_STARVATION_CHILD"] = "1"
    let child = try await ProcessRunner.run(
      executable: binary,
      ["--testing-library", "swift-testing", "--filter", "StreamsTests.StarvationTests"],
      environment: environment, mergeErrors: true, limit: .seconds(150))
    let (status, output) = (child.status, child.stdout)
    let failures = output.split(separator: "\n").filter { $0.contains("✘") }
    #expect(status == 0, "the child failed:\n\(failures.joined(separator: "\n"))")
    #expect(output.contains("Test run with 10 tests"), "the child ran:\n\(output.suffix(2_000))")
  }
}

/// A tick every 5 ms on the continuous clock, as a signal sequence that is not an
/// `AsyncTimerSequence` (which the chunking would measure on its clock instead).
struct Ticks: AsyncSequence, Sendable {
  typealias Element = Int
  typealias Failure = Never
  let timer = AsyncTimerSequence.repeating(every: .milliseconds(5), clock: ContinuousClock())
  func makeAsyncIterator() -> Iterator { Iterator(base: timer.makeAsyncIterator()) }
  struct Iterator: AsyncIteratorProtocol {
    var base: AsyncTimerSequence<ContinuousClock>.Iterator
    mutating func next() async -> Int? { await base.next().map { _ in 0 } }
  }
}
