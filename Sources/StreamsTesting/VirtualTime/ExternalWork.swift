import Streams
import Synchronization

/// Awaits work that happens outside virtual time — a network request, a file read — from
/// code that may run inside ``withVirtualTime(stallLimit:_:)``.
///
/// ```swift
/// // A service used by a view model under test, talking to a real (loopback) server:
/// func searchMovies(_ query: MovieQuery) async throws(MovieServiceError) -> MoviePage {
///   try await awaitExternalWork(named: "search \(query.text)") {
///     try await client.searchMovies(query)
///   }
/// }
/// ```
///
/// Outside virtual time it simply runs `operation`. Inside, `operation` runs on the global
/// executor, as production code (what it spawns or sleeps on is not part of the test), and:
/// - while it is pending, virtual time stands still — the other tasks of the test go on
///   running until they all wait;
/// - its result is handed to the awaiting task by the test driver, only once every task of
///   the test is suspended, and in the order the pieces of external work started — so with
///   the same results, a run is the same on every run;
/// - its completion, arriving on another thread, is not reported as an escape.
///
/// Cancelling the awaiting task cancels `operation`'s task; its outcome (usually a
/// cancellation error) is still awaited. `operation` must end on its own — give a request a
/// timeout: the deadlock report of ``withVirtualTime(stallLimit:_:)`` does not apply while
/// external work is pending. See <doc:VirtualTime>.
///
/// - Parameters:
///   - name: A name shown in virtual-time reports.
///   - operation: The work; it runs outside the test executor.
/// - Returns: What `operation` returns; it throws what `operation` throws.
public func awaitExternalWork<Result: Sendable, Failure: Error>(
  named name: String,
  _ operation: sending @escaping () async throws(Failure) -> Result
) async throws(Failure) -> Result {
  guard let runtime = VirtualRuntime.current else { return try await operation() }
  let outcome = Lock<Swift.Result<Result, Failure>?>(nil)
  let work = Lock<Task<Void, Never>?>(nil)
  let id = runtime.externalStarted(name) { work.withLock { $0 }?.cancel() }
  let task = spawnExternalWork(named: name) {
    let result: Swift.Result<Result, Failure>
    do throws(Failure) {
      result = .success(try await operation())
    } catch {
      result = .failure(error)
    }
    outcome.withLock { $0 = result }
    runtime.externalFinished(id)
  }
  work.withLock { $0 = task }
  await withTaskCancellationHandler {
    await withUnsafeContinuation { runtime.awaitExternal(id, $0) }
  } onCancel: {
    task.cancel()
  }
  // The driver hands over only finished work, so the outcome is there.
  guard let result = outcome.withLock({ $0 }) else {
    preconditionFailure("external work '\(name)' was handed over before it finished")
  }
  return try result.get()
}

/// Starts external work (see ``awaitExternalWork(named:_:)``): a task of its own on the
/// global executor, outside virtual time — no task-local host, so what it spawns or sleeps on
/// is production code again.
func spawnExternalWork(
  named name: String, _ operation: sending @escaping () async -> Void
) -> Task<Void, Never> {
  Task(name: name) {
    await TaskHosting.$current.withValue(nil) { await operation() }
  }
}
