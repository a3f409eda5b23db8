import Dispatch
import Streams
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The test executor and the virtual clock's state behind one lock.
///
/// Jobs only queue up in `enqueue`; a dedicated driver thread runs them one at a time.
/// When the queue is empty every task of the test is suspended, and only then does the
/// driver hand over finished external work, or move time to the earliest deadline and wake
/// that sleeper. The design, and why it takes a driver thread, is in the VirtualTime
/// article of the documentation (`Streams.docc/VirtualTime.md`).
final class VirtualRuntime: TaskHost, Sendable {
  /// The runtime of the `withVirtualTime` call the current task belongs to (the task-local
  /// that `spawnTask` reads, in Streams).
  static var current: VirtualRuntime? { TaskHosting.current as? VirtualRuntime }

  private enum Step {
    case run(UnownedJob, main: Bool)
    case wake(UnsafeContinuation<Void, any Error>, (any Error)?)
    case handOver(UnsafeContinuation<Void, Never>)
    case cancel([@Sendable () -> Void])
    /// Wait for work from outside, having told `watchers` so.
    case wait(watchers: [DispatchSemaphore])
    case finish
  }

  let stallLimit: Duration
  private let state = Lock(State())
  private let wakeup = DispatchSemaphore(value: 0)
  /// The main actor, for the tasks of this run (see `MainActorStandIn`). Written once, in
  /// `init`, before the runtime is shared (it needs `self`).
  nonisolated(unsafe) private(set) var mainActor: MainActorStandIn!

  init(stallLimit: Duration) {
    self.stallLimit = stallLimit
    mainActor = MainActorStandIn(runtime: self)
    MainActorStandIn.runStarted()
  }

  var now: Duration { state.withLock { $0.now } }

  /// Signals `watcher` once the driver waits for work from outside — every task of the test
  /// is suspended and time does not move: no sleeper is due, or external work is pending — at
  /// once if it waits already. What this library's own tests wait for, on another thread,
  /// before they act from outside: a resume before the task suspended would not be one, and
  /// the clock read then is the clock time stood still at.
  func signalWhenWaitingForOutsideWork(_ watcher: DispatchSemaphore) {
    let waiting = state.withLock { state -> Bool in
      if state.driverWaiting { return true }
      state.idleWatchers.append(watcher)
      return false
    }
    if waiting { watcher.signal() }
  }

  // MARK: Executor

  func enqueue(_ job: consuming ExecutorJob) {
    enqueue(UnownedJob(job), main: false)
  }

  /// Queues a job: of a task of the test, or (`main`) of the main actor's stand-in.
  func enqueue(_ job: UnownedJob, main: Bool) {
    let signal = state.withLock { state -> Bool in
      state.jobs.append((job, main))
      if state.driver != nil, !state.finished, !state.isDriverThread() {
        let task =
          Task.name.map { "task '\($0)'" }
          ?? "an unnamed task or a thread outside Swift concurrency"
        state.fail(.escape, "work arrived from another thread: \(task) resumed a task of the test")
      }
      guard state.driverWaiting else { return false }
      state.driverWaiting = false
      return true
    }
    if signal { wakeup.signal() }
  }

  // MARK: Clock

  func sleep(until deadline: Duration?, kind: WaitKind) async throws {
    try Task.checkCancellation()
    let name = Task.name ?? "unnamed task"
    let id = try state.withLock { state -> UInt64? in
      guard state.isDriverThread() else {
        state.fail(.escape, "task '\(name)' slept on the virtual clock outside the test executor")
        throw state.failure ?? VirtualTimeError(kind: .escape, message: "escaped sleep")
      }
      if kind == .sleeper, let deadline, deadline <= state.now { return nil }
      state.nextID += 1
      return state.nextID
    }
    guard let id else { return }
    try await withTaskCancellationHandler {
      try await withUnsafeThrowingContinuation { continuation in
        let cancelled = state.withLock { state -> Bool in
          if state.cancelledEarly.remove(id) != nil { return true }
          let target = max(deadline ?? state.now, state.now)
          state.waiters.append(
            Waiter(id: id, deadline: target, kind: kind, task: name, continuation: continuation))
          return false
        }
        if cancelled { continuation.resume(throwing: CancellationError()) }
      }
    } onCancel: {
      let waiter = state.withLock { state -> Waiter? in
        guard let index = state.waiters.firstIndex(where: { $0.id == id }) else {
          state.cancelledEarly.insert(id)
          return nil
        }
        return state.waiters.remove(at: index)
      }
      waiter?.continuation.resume(throwing: CancellationError())
    }
  }

  // MARK: Tasks

  func taskStarted(_ name: String) -> UInt64 {
    state.withLock { state in
      state.nextID += 1
      state.liveTasks[state.nextID] = name
      return state.nextID
    }
  }

  func taskEnded(_ id: UInt64) {
    _ = state.withLock { $0.liveTasks.removeValue(forKey: id) }
  }

  // MARK: External work

  /// Registers external work; until it is handed over, virtual time stands still.
  func externalStarted(_ name: String, cancel: @escaping @Sendable () -> Void) -> UInt64 {
    state.withLock { state in
      state.nextID += 1
      state.externals.append(External(id: state.nextID, name: name, cancel: cancel))
      return state.nextID
    }
  }

  /// Parks the task awaiting external work `id` until the driver hands the result over.
  func awaitExternal(_ id: UInt64, _ continuation: UnsafeContinuation<Void, Never>) {
    state.withLock { state in
      guard let index = state.externals.firstIndex(where: { $0.id == id }) else { return }
      state.externals[index].waiter = continuation
    }
  }

  /// External work `id` has its result: called from whatever thread the work ended on. No job
  /// of the test is resumed here — the driver does that — so this is never an escape.
  func externalFinished(_ id: UInt64) {
    let signal = state.withLock { state -> Bool in
      if let index = state.externals.firstIndex(where: { $0.id == id }) {
        state.externals[index].done = true
      }
      defer { state.driverWaiting = false }
      return state.driverWaiting
    }
    if signal { wakeup.signal() }
  }

  // MARK: Driver

  func bodyFinished() {
    state.withLock { $0.bodyFinished = true }
  }

  /// Marks the run as cancelled from outside: work arriving from other threads is expected.
  func cancelFromOutside() {
    let signal = state.withLock { state -> Bool in
      state.externallyCancelled = true
      defer { state.driverWaiting = false }
      return state.driverWaiting
    }
    if signal { wakeup.signal() }
  }

  /// Starts the driver thread.
  func start() {
    startThread { [self] in drive() }
  }

  /// Whether the run has ended: the main actor's stand-in is no longer this run's.
  var isFinished: Bool { state.withLock { $0.finished } }

  /// Waits until the driver has stopped; returns the failure it found, if any.
  func completion() async -> VirtualTimeError? {
    await withUnsafeContinuation { continuation in
      let done = state.withLock { state -> Bool in
        if state.finished { return true }
        state.completion = continuation
        return false
      }
      if done { continuation.resume() }
    }
    return state.withLock { $0.failure }
  }

  private func drive() {
    state.withLock { $0.driver = pthread_self() }
    let executor = asUnownedTaskExecutor()
    loop: while true {
      switch nextStep() {
      case .run(let job, let main):
        if main {
          job.runSynchronously(
            isolatedTo: mainActor.asUnownedSerialExecutor(), taskExecutor: executor)
        } else {
          job.runSynchronously(on: executor)
        }
      case .wake(let continuation, let error):
        if let error {
          continuation.resume(throwing: error)
        } else {
          continuation.resume()
        }
      case .handOver(let continuation):
        continuation.resume()
      case .cancel(let cancellations):
        for cancel in cancellations { cancel() }
      case .wait(let watchers):
        for watcher in watchers { watcher.signal() }
        if wakeup.wait(timeout: .now() + .nanoseconds(Int(stallLimit.nanoseconds))) == .timedOut {
          state.withLock { state in
            // External work may take as long as it takes; it bounds itself (a request has
            // a timeout).
            guard state.driverWaiting, state.externals.isEmpty else { return }
            state.driverWaiting = false
            state.fail(
              .deadlock,
              "deadlock: every task is suspended, no sleeper is pending, and nothing arrived "
                + "within \(stallLimit)")
          }
        }
      case .finish:
        break loop
      }
    }
    let completion = state.withLock { state in
      state.finished = true
      defer { state.completion = nil }
      return state.completion
    }
    MainActorStandIn.runEnded()
    completion?.resume()
  }

  private func nextStep() -> Step {
    state.withLock { state -> Step in
      if let (job, main) = state.popJob() { return .run(job, main: main) }
      // The queue is empty: every task of the test is suspended. External work is handed
      // over now, in the order it started, so that its results arrive at the same point of
      // the run whatever thread finished first; time moves only once none is pending.
      if let first = state.externals.first {
        if first.done, let waiter = first.waiter {
          state.externals.removeFirst()
          return .handOver(waiter)
        }
        let ending = state.failure != nil || state.externallyCancelled || state.bodyFinished
        if ending, !state.externalsCancelled {
          state.externalsCancelled = true
          return .cancel(state.externals.map(\.cancel))
        }
        return .wait(watchers: state.startWaiting())
      }
      if state.failure != nil || state.externallyCancelled || state.bodyFinished {
        if state.bodyFinished, !state.waiters.isEmpty || !state.liveTasks.isEmpty {
          state.fail(.leak, "the body returned but tasks are still running")
        }
        // Wake what still sleeps so that it can unwind, then stop once all is quiet.
        if !state.waiters.isEmpty {
          return .wake(state.waiters.removeFirst().continuation, CancellationError())
        }
        return .finish
      }
      guard
        let first = state.waiters.indices.min(by: {
          state.waiters[$0].wakesBefore(state.waiters[$1])
        })
      else {
        return .wait(watchers: state.startWaiting())
      }
      let waiter = state.waiters.remove(at: first)
      state.now = max(state.now, waiter.deadline)
      return .wake(waiter.continuation, nil)
    }
  }
}

extension Duration {
  /// The duration in whole nanoseconds, saturating at `Int64.max`.
  var nanoseconds: Int64 {
    let (seconds, attoseconds) = components
    let (scaled, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
    return overflow ? .max : scaled + attoseconds / 1_000_000_000
  }
}

private final class ThreadBody: Sendable {
  let run: @Sendable () -> Void
  init(_ run: @escaping @Sendable () -> Void) { self.run = run }
}

/// Starts a detached POSIX thread running `body`.
private func startThread(_ body: @escaping @Sendable () -> Void) {
  let box = Unmanaged.passRetained(ThreadBody(body)).toOpaque()
  var thread = pthread_t()
  let result = pthread_create(
    &thread, nil,
    { raw in
      guard let raw else { return nil }
      Unmanaged<ThreadBody>.fromOpaque(raw).takeRetainedValue().run()
      return nil
    }, box)
  precondition(result == 0, "withVirtualTime could not start its driver thread (error \(result))")
  pthread_detach(thread)
}
