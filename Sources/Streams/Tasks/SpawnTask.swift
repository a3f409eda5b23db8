import Synchronization

/// Starts an unstructured task that stays on the test executor under virtual time.
///
/// This is the one way the operators of this library start internal tasks. In production it
/// is `Task(name:priority:operation:)`. Inside `withVirtualTime(stallLimit:_:)` the task
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
  let scope = TaskCounter.scope
  TaskCounter.all.taskStarted()
  scope?.taskStarted()
  guard let host = TaskHosting.current else {
    return Task(name: name, priority: priority) {
      defer {
        TaskCounter.all.taskEnded()
        scope?.taskEnded()
      }
      await operation()
    }
  }
  let id = host.taskStarted(name)
  return Task(name: name, executorPreference: host, priority: priority) {
    defer {
      host.taskEnded(id)
      TaskCounter.all.taskEnded()
      scope?.taskEnded()
    }
    await operation()
  }
}

/// An executor that hosts the tasks `spawnTask` starts within its reach — the virtual-time
/// runtime of StreamsTesting — and knows which of them run.
package protocol TaskHost: TaskExecutor {
  /// A task named `name` starts on this executor; returns its id.
  func taskStarted(_ name: String) -> UInt64
  /// The task `id` has returned.
  func taskEnded(_ id: UInt64)
}

/// The current task's host (set by `withVirtualTime`), if any: a task-local, inherited by the
/// tasks it starts.
package enum TaskHosting {
  @TaskLocal package static var current: (any TaskHost)?
}

/// A live-task counter: the tasks started through ``spawnTask(named:priority:_:)`` that have
/// not returned yet — in the whole process (`all`), or within a scope (`counting(_:)`).
/// StreamsTesting shows it as `SpawnedTasks`.
package final class TaskCounter: Sendable {
  /// Every spawned task of the process.
  package static let all = TaskCounter()

  @TaskLocal package static var scope: TaskCounter?

  private struct State {
    var running = 0
    var started = 0
    var nextWaiter = 0
    var waiters: [(id: Int, continuation: CheckedContinuation<Void, Never>)] = []
  }
  private let state = Lock(State())

  package init() {}

  /// Runs `body` and counts the tasks spawned within it, and by those tasks, on a counter of
  /// their own — unaffected by what other tests do at the same time.
  package static func counting<Result>(
    _ body: () async throws -> Result
  ) async rethrows -> (result: Result, tasks: TaskCounter) {
    let counter = TaskCounter()
    let result = try await $scope.withValue(counter) { try await body() }
    return (result, counter)
  }

  /// How many of the counted tasks are running now.
  package var running: Int { state.withLock { $0.running } }

  /// How many tasks have been counted in all.
  package var started: Int { state.withLock { $0.started } }

  /// Waits until none of the counted tasks is running (returns at once when none is), or
  /// until the waiting task is cancelled.
  package func whenNoneRunning() async {
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
