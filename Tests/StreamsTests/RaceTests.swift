import Streams
import StreamsTesting
import Synchronization
import Testing

@testable import TestSupport

/// Stress on the real executor: consumers cancelled, iterators dropped and inners switched at
/// random points. No crash, no continuation misuse (either would kill or hang the process),
/// and every spawned task ends every time.
@Suite struct RaceTests {
  @Test(.timeLimit(.minutes(2)))
  func randomCancellationsAndSwitchesLeaveNoTaskBehind() async {
    var generator = SeededGenerator(seed: 11)
    var spawned = 0
    var leftRunning: [String] = []
    let iterations = repetitions(10_000)
    for iteration in 0..<iterations {
      let count = Int.random(in: 1...40, using: &generator)
      let cut = Int.random(in: 0...(count * 3), using: &generator)
      let quiet = Duration.microseconds(Int.random(in: 0...30, using: &generator))
      let mode = iteration % 5
      let (_, tasks) = await SpawnedTasks.counting {
        let pipeline = merge((0..<count).async, (1000..<(1000 + count)).async)
          .flatMapLatest { value in [value, value + 1, value + 2].async }
          .removeDuplicates()
        // A base that never ends: only cancellation can stop its task.
        let endless = merge(pipeline, Empty<Int>(completeImmediately: false))
        // `endless` produces at least two elements (the last inner's three values, less one
        // duplicate at most) and then waits forever: consumers take at most that many.
        switch mode {
        case 0:
          // Drop the iterator after an element (debounce settles at least one).
          var iterator = endless.debounce(for: quiet).makeAsyncIterator()
          for _ in 0..<min(cut, 1) { _ = await iterator.next() }
        case 1:
          // Cancel the consumer at once, while everything starts.
          await withTaskGroup(of: Void.self) { group in
            group.addTask { for await _ in endless {} }
            group.cancelAll()
          }
        case 2:
          // Cancel the consumer once it has seen an element, wherever it is then.
          await withTaskGroup(of: Void.self) { group in
            let (seen, saw) = AsyncStream.makeStream(of: Void.self)
            group.addTask {
              for await _ in endless.throttle(for: quiet) { saw.yield() }
            }
            for await _ in seen { break }
            group.cancelAll()
          }
        case 3:
          // Two consumers of a shared sequence; they are cancelled once one of them has seen
          // an element. (Waiting for a number of elements would be wrong: a consumer that
          // subscribes late misses what came before, and this sequence never ends.)
          let shared = endless.share(bufferingPolicy: .bounded(2))
          await withTaskGroup(of: Void.self) { group in
            let (seen, saw) = AsyncStream.makeStream(of: Void.self)
            for _ in 0..<2 {
              group.addTask { for await _ in shared { saw.yield() } }
            }
            for await _ in seen { break }
            group.cancelAll()
          }
        default:
          // To the end, combined with a second sequence.
          for await _ in combineLatest(pipeline, (0..<cut).async) {}
        }
      }
      // Every task this iteration spawned must end; one that does not is reported with its
      // iteration instead of hanging the suite.
      spawned += tasks.started
      if !(await within(.seconds(10), tasks.whenNoneRunning)) {
        leftRunning.append("iteration \(iteration) (mode \(mode)): \(tasks.running) still running")
        if leftRunning.count >= 3 { break }
      }
    }
    #expect(leftRunning.isEmpty, "tasks that never ended: \(leftRunning)")
    // The test exercised the operators: each iteration spawned tasks (at least the merge's).
    #expect(spawned > 2 * iterations)
  }

  @Test(.timeLimit(.minutes(2)))
  func theHigherOrderOperatorsLeaveNoTaskBehindWhenCancelledAnywhere() async {
    var generator = SeededGenerator(seed: 46)
    var leftRunning: [String] = []
    for iteration in 0..<3_000 {
      let count = Int.random(in: 1...30, using: &generator)
      let slots = Int.random(in: 1...3, using: &generator)
      let mode = iteration % 5
      let (_, tasks) = await SpawnedTasks.counting {
        let base = merge((0..<count).async, Empty<Int>(completeImmediately: false))
        let inner: @Sendable (Int) -> AsyncSyncSequence<[Int]> = { [$0, $0 + 1].async }
        let endless: any AsyncSequence<Int, Never> & Sendable =
          switch mode {
          case 0: base.flatMap(maxConcurrent: slots, inner)
          case 1: base.flatMapFirst(inner)
          case 2: base.prefix(untilOutputFrom: Empty<Int>(completeImmediately: false))
          case 3: base.drop(untilOutputFrom: (0..<1).async)
          default: base.sample((0..<(count * 2)).async)
          }
        // Cancel the consumer once it has seen an element, or at once (drop's trigger may
        // fire after the last element: then none comes).
        await withTaskGroup(of: Void.self) { group in
          let (seen, saw) = AsyncStream.makeStream(of: Void.self)
          group.addTask {
            for await _ in endless { saw.yield() }
            saw.finish()
          }
          if iteration % 3 != 0, mode != 3 { for await _ in seen { break } }
          group.cancelAll()
        }
      }
      if !(await within(.seconds(10), tasks.whenNoneRunning)) {
        leftRunning.append("iteration \(iteration) (mode \(mode)): \(tasks.running) still running")
        if leftRunning.count >= 3 { break }
      }
    }
    #expect(leftRunning.isEmpty, "tasks that never ended: \(leftRunning)")
  }

  /// Whether `wait` returns within `limit` of real time (a bound on a wait, not a timing
  /// assertion).
  func within(_ limit: Duration, _ wait: @escaping @Sendable () async -> Void) async -> Bool {
    await withTaskGroup(of: Bool.self) { group in
      group.addTask {
        await wait()
        return true
      }
      group.addTask {
        try? await ContinuousClock().sleep(for: limit)
        return false
      }
      let first = await group.next() ?? false
      group.cancelAll()
      return first
    }
  }
}
