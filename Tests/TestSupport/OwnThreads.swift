import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Runs a test on threads of its own, not on the concurrency pool's.
///
/// Swift Testing runs every test on the cooperative pool, which has a thread per core — two
/// here. A test that computes for seconds without suspending (a thousand searches of a
/// catalog) holds one of them all that time; two such tests hold both, and every test that
/// needs the pool — an operator on the real executor, work awaited outside virtual time, a
/// server's answer handed to its client — waits behind them until its time limit. Under
/// ThreadSanitizer, which slows computing tenfold, that is what made the suite fail. A suite or
/// test with this trait runs under a task executor preference for ``DedicatedThreads/shared``:
/// its code and its child tasks run there, and the pool stays free for the rest.
public struct OnOwnThreads: TestTrait, SuiteTrait, TestScoping {
  /// A suite's trait applies to each of its tests.
  public var isRecursive: Bool { true }

  /// Runs each test case under the task executor preference.
  public func provideScope(
    for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
  ) async throws {
    // A suite's scope is its tests'; each test (and each case) is moved itself.
    guard testCase != nil else { return try await function() }
    try await withTaskExecutorPreference(DedicatedThreads.shared) { try await function() }
  }
}

extension Trait where Self == OnOwnThreads {
  /// Runs the test (or every test of the suite) on threads of its own (see ``OnOwnThreads``).
  public static var onOwnThreads: OnOwnThreads { OnOwnThreads() }
}

/// A task executor with threads of its own: a queue of jobs that a few threads take from,
/// first in, first out — the concurrency pool's shape, apart from it.
public final class DedicatedThreads: TaskExecutor, @unchecked Sendable {
  /// The one the tests share: as many threads as cores, at least two.
  public static let shared = DedicatedThreads(
    threads: max(2, ProcessInfo.processInfo.activeProcessorCount))

  // @unchecked: `jobs` is read and written only with `condition` locked.
  private let condition = NSCondition()
  private var jobs: [UnownedJob] = []
  private var head = 0

  private init(threads: Int) {
    for index in 0..<threads {
      let thread = Thread { [unowned self] in self.work() }
      thread.name = "test work \(index + 1)"
      thread.start()
    }
  }

  /// Queues `job` for the next thread free.
  public func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    condition.lock()
    jobs.append(job)
    condition.signal()
    condition.unlock()
  }

  /// How much less of the processor these threads ask for than the pool's (a nice value):
  /// when both want it, the tests waiting for the pool — a few operations each — go first.
  static let politeness: Int32 = 10

  /// A thread's loop: take the oldest job, run it; wait while there is none.
  private func work() {
    #if canImport(Glibc)
      // On Linux, the process's id 0 names the calling thread alone.
      _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, Self.politeness)
    #endif
    while true {
      condition.lock()
      while head == jobs.count { condition.wait() }
      let job = jobs[head]
      head += 1
      if head == jobs.count {
        jobs.removeAll(keepingCapacity: true)
        head = 0
      }
      condition.unlock()
      job.runSynchronously(on: asUnownedTaskExecutor())
    }
  }
}
