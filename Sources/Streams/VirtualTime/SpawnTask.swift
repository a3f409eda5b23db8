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
  guard let runtime = VirtualRuntime.current else {
    return Task(name: name, priority: priority, operation: operation)
  }
  let id = runtime.taskStarted(name)
  return Task(name: name, executorPreference: runtime, priority: priority) {
    defer { runtime.taskEnded(id) }
    await operation()
  }
}
