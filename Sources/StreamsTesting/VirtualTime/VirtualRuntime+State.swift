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

/// What a virtual-time run keeps behind its lock: the jobs, the sleepers, the external work.
extension VirtualRuntime {
  /// Why a task waits on the clock; at equal deadlines sleepers wake before advancers.
  enum WaitKind: Int {
    case sleeper, advance, idle
  }

  struct Waiter {
    let id: UInt64
    let deadline: Duration
    let kind: WaitKind
    let task: String
    let continuation: UnsafeContinuation<Void, any Error>

    /// Idle waiters come last; otherwise earliest deadline, then kind, then arrival.
    func wakesBefore(_ other: Waiter) -> Bool {
      if (kind == .idle) != (other.kind == .idle) { return other.kind == .idle }
      if deadline != other.deadline { return deadline < other.deadline }
      if kind != other.kind { return kind.rawValue < other.kind.rawValue }
      return id < other.id
    }
  }

  /// Work outside the test executor that a task of the test awaits (``awaitExternalWork(named:_:)``).
  struct External {
    let id: UInt64
    let name: String
    var done = false
    var waiter: UnsafeContinuation<Void, Never>?
    let cancel: @Sendable () -> Void
  }

  struct State: ~Copyable {
    /// Jobs in arrival order; `main`: a job of the main actor (see `drivesMainActor`).
    var jobs: [(job: UnownedJob, main: Bool)] = []
    /// In the order the work started, which is the order its results are handed over.
    var externals: [External] = []
    var jobsHead = 0
    var now: Duration = .zero
    var waiters: [Waiter] = []
    var cancelledEarly: Set<UInt64> = []
    var nextID: UInt64 = 0
    var driver: pthread_t?
    var driverWaiting = false
    var failure: VirtualTimeError?
    var bodyFinished = false
    var externallyCancelled = false
    var finished = false
    var completion: UnsafeContinuation<Void, Never>?
    /// Tasks started through `spawnTask` that have not returned yet.
    var liveTasks: [UInt64: String] = [:]
    /// Whether pending external work was told to stop because the run is ending.
    var externalsCancelled = false
    /// Signalled the next time the driver waits (`signalWhenWaitingForOutsideWork`).
    var idleWatchers: [DispatchSemaphore] = []

    /// The driver is about to wait for work from outside: returns whom to tell.
    mutating func startWaiting() -> [DispatchSemaphore] {
      driverWaiting = true
      defer { idleWatchers.removeAll() }
      return idleWatchers
    }

    mutating func popJob() -> (job: UnownedJob, main: Bool)? {
      guard jobsHead < jobs.count else { return nil }
      let job = jobs[jobsHead]
      jobsHead += 1
      if jobsHead == jobs.count {
        jobs.removeAll(keepingCapacity: true)
        jobsHead = 0
      }
      return job
    }

    var hasJobs: Bool { jobsHead < jobs.count }

    func isDriverThread() -> Bool {
      guard let driver else { return false }
      return pthread_equal(driver, pthread_self()) != 0
    }

    func report() -> String {
      let sleeping = waiters.filter { $0.kind != .idle }.sorted { $0.wakesBefore($1) }
      let sleepers =
        sleeping.isEmpty
        ? "none"
        : sleeping.map { "'\($0.task)' until \(formatVirtualTime($0.deadline))" }
          .joined(separator: ", ")
      var text = "virtual time \(formatVirtualTime(now)); pending sleepers: \(sleepers)"
      if !externals.isEmpty {
        text += "; external work: " + externals.map { "'\($0.name)'" }.joined(separator: ", ")
      }
      if !liveTasks.isEmpty {
        let names = liveTasks.sorted { $0.key < $1.key }.map { "'\($0.value)'" }
        text += "; running tasks: " + names.joined(separator: ", ")
      }
      return text
    }

    mutating func fail(_ kind: VirtualTimeError.Kind, _ what: String) {
      guard failure == nil, !externallyCancelled else { return }
      failure = VirtualTimeError(kind: kind, message: "\(what) (\(report()))")
    }
  }
}
