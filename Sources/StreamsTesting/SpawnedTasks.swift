import Streams

/// A live-task counter: the tasks started through `spawnTask(named:priority:_:)` that have not
/// returned yet — in the whole process (`all`), or within a scope (`counting(_:)`). Once
/// every consumer of every operator has finished, been cancelled or dropped its iterator, it
/// falls back to zero: a test's way to see that nothing leaks.
public final class SpawnedTasks: Sendable {
  /// Every spawned task of the process.
  public static let all = SpawnedTasks(TaskCounter.all)

  let counter: TaskCounter

  init(_ counter: TaskCounter) {
    self.counter = counter
  }

  /// Runs `body` and counts the tasks spawned within it, and by those tasks, on a counter of
  /// their own — unaffected by what other tests do at the same time.
  public static func counting<Result>(
    _ body: () async throws -> Result
  ) async rethrows -> (result: Result, tasks: SpawnedTasks) {
    let (result, counter) = try await TaskCounter.counting(body)
    return (result, SpawnedTasks(counter))
  }

  /// How many of the counted tasks are running now.
  public var running: Int { counter.running }

  /// How many tasks have been counted in all.
  public var started: Int { counter.started }

  /// Waits until none of the counted tasks is running (returns at once when none is), or
  /// until the waiting task is cancelled.
  public func whenNoneRunning() async {
    await counter.whenNoneRunning()
  }
}
