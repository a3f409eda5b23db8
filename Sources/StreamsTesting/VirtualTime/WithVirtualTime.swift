import Streams

/// Runs `body` on a test executor with a ``VirtualClock``, making time deterministic.
///
/// The body and every task it starts through structured concurrency or through the
/// operators of this library run one job at a time on a private executor. Only when all
/// of them are suspended does the clock jump to the earliest pending deadline, so the
/// order of events depends on the program alone: a test sees the same result on every
/// run, however busy the machine, and takes no real time for the time it simulates.
///
/// ```swift
/// let output = try await withVirtualTime { clock in
///   let typed = MarbleDiagram("a-bc------d---------|").events(on: clock, frame: .milliseconds(100))
///   return await MarbleDiagram.record(typed.debounce(for: .milliseconds(400), clock: clock),
///                                     on: clock, frame: .milliseconds(100))
/// }
/// // output == "-------c------d-----|"
/// ```
///
/// The call fails with a ``VirtualTimeError`` instead of hanging or passing by luck when:
/// - work escapes the executor: a task that is not part of the test (a task made with the
///   `Task` initializer, a detached task) sleeps on the clock or resumes a task of the test;
/// - every task is suspended with no sleeper pending (a deadlock), after `stallLimit` of
///   wall-clock time in which nothing arrived from outside;
/// - the body returns while a task started by an operator still runs or sleeps (a leak).
///
/// Each call has its own executor and clock, so tests using it may run in parallel.
///
/// `@MainActor` code the body calls (a view model) runs on the test executor too: for the
/// tasks of the run, the main actor is the run's own stand-in (see <doc:VirtualTime>), so a
/// test marked `@MainActor` drives a main-actor view model exactly.
///
/// - Parameters:
///   - stallLimit: How long, in real time, to wait for outside work once everything is
///     suspended and nothing sleeps, before reporting a deadlock.
///   - body: The test; it receives the clock and runs on the test executor.
/// - Returns: What `body` returns.
public func withVirtualTime<Result: Sendable>(
  stallLimit: Duration = .seconds(2),
  _ body: sending @escaping (VirtualClock) async throws -> Result
) async throws -> Result {
  let runtime = VirtualRuntime(stallLimit: stallLimit)
  let clock = VirtualClock(runtime: runtime)
  let task = Task(name: "withVirtualTime body", executorPreference: runtime) {
    try await TaskHosting.$current.withValue(runtime) {
      defer { runtime.bodyFinished() }
      return try await body(clock)
    }
  }
  runtime.start()
  return try await withTaskCancellationHandler {
    if let failure = await runtime.completion() {
      task.cancel()
      throw failure
    }
    return try await task.value
  } onCancel: {
    runtime.cancelFromOutside()
    task.cancel()
  }
}

/// Why a ``withVirtualTime(stallLimit:_:)`` run failed.
public struct VirtualTimeError: Error, Sendable, CustomStringConvertible {
  /// The kind of failure.
  public enum Kind: Sendable, Equatable {
    /// Work ran outside the test executor, so its timing was not under control.
    case escape
    /// Every task was suspended with nothing scheduled to wake any of them.
    case deadlock
    /// The body returned while tasks it started were still running or sleeping.
    case leak
  }

  /// The kind of failure.
  public let kind: Kind
  /// What happened, with the virtual time, the pending sleepers and the running tasks.
  public let message: String

  /// The message, prefixed with `withVirtualTime:`.
  public var description: String { "withVirtualTime: \(message)" }
}
