import Synchronization

/// Starts an unstructured task that stays on the test executor under virtual time.
///
/// This is the one way the operators of this library start internal tasks. In production it
/// is `Task(name:priority:operation:)`. Inside ``withVirtualTime(stallLimit:_:)`` the task
/// runs on the test executor (a task made with the `Task` initializer would not: it would escape to the global
/// executor and make the test nondeterministic), and it is counted, so that a task still
/// running when the test body returns is reported as a leak.
///
/// Write your own operators with it to make them testable on virtual time.
///
/// - Parameters:
///   - name: A name shown in virtual-time reports and debuggers.
///   - priority: The task's priority; `nil` inherits the current one.
///   - operation: The work of the task.
/// - Returns: The task, for cancelling it.
@discardableResult
public func spawnTask(
  named name: String,
  priority: TaskPriority? = nil,
  _ operation: sending @escaping () async -> Void
) -> Task<Void, Never> {
  let scope = SpawnedTasks.scope
  SpawnedTasks.all.taskStarted()
  scope?.taskStarted()
  guard let runtime = VirtualRuntime.current else {
    return Task(name: name, priority: priority) {
      defer {
        SpawnedTasks.all.taskEnded()
        scope?.taskEnded()
      }
      await operation()
    }
  }
  let id = runtime.taskStarted(name)
  return Task(name: name, executorPreference: runtime, priority: priority) {
    defer {
      runtime.taskEnded(id)
      SpawnedTasks.all.taskEnded()
      scope?.taskEnded()
    }
    await operation()
  }
}

/// A live-task counter: the tasks started through ``spawnTask(named:priority:_:)`` that have
/// not returned yet — in the whole process (``all``), or within a scope
/// (``counting(_:)``). Once every consumer of every operator has finished, been cancelled or
/// dropped its iterator, it falls back to zero.
public final class SpawnedTasks: Sendable {
  /// Every spawned task of the process.
  public static let all = SpawnedTasks()

  @TaskLocal static var scope: SpawnedTasks?

  private struct State {
    var running = 0
    var started = 0
    var nextWaiter = 0
    var waiters: [(id: Int, continuation: CheckedContinuation<Void, Never>)] = []
  }
  private let state = Lock(State())

  init() {}

  /// Runs `body` and counts the tasks spawned within it, and by those tasks, on a counter of
  /// their own — unaffected by what other tests do at the same time.
  public static func counting<Result>(
    _ body: () async throws -> Result
  ) async rethrows -> (result: Result, tasks: SpawnedTasks) {
    let counter = SpawnedTasks()
    let result = try await $scope.withValue(counter) { try await body() }
    return (result, counter)
  }

  /// How many of the counted tasks are running now.
  public var running: Int { state.withLock { $0.running } }

  /// How many tasks have been counted in all.
  public var started: Int { state.withLock { $0.started } }

  /// Waits until none of the counted tasks is running (returns at once when none is), or
  /// until the waiting task is cancelled.
  public func whenNoneRunning() async {
    let id = state.withLock { state in
      state.nextWaiter += 1
      return state.nextWaiter
    }
    await withTaskCancellationHandler {
      await withCheckedContinuation { continuation in
        let now = state.withLock { state -> Bool in
          if state.running == 0 || Task.isCancelled { return true }
          state.waiters.append((id, continuation))
          return false
        }
        if now { continuation.resume() }
      }
    } onCancel: {
      let waiter = state.withLock { state -> CheckedContinuation<Void, Never>? in
        guard let index = state.waiters.firstIndex(where: { $0.id == id }) else { return nil }
        return state.waiters.remove(at: index).continuation
      }
      waiter?.resume()
    }
  }

  func taskStarted() {
    state.withLock { state in
      state.running += 1
      state.started += 1
    }
  }

  func taskEnded() {
    let waiters = state.withLock { state -> [CheckedContinuation<Void, Never>] in
      state.running -= 1
      guard state.running == 0 else { return [] }
      defer { state.waiters.removeAll() }
      return state.waiters.map(\.continuation)
    }
    for waiter in waiters { waiter.resume() }
  }
}

/// Starts external work (see ``awaitExternalWork(named:_:)``): a task of its own on the
/// global executor, outside virtual time — no task-local runtime, so what it spawns or
/// sleeps on is production code again.
func spawnExternalWork(
  named name: String, _ operation: sending @escaping () async -> Void
) -> Task<Void, Never> {
  Task(name: name) {
    await VirtualRuntime.$current.withValue(nil) { await operation() }
  }
}
