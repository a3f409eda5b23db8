/// Runs `operation` with a deadline: its result if it finishes within `duration` on `clock`;
/// otherwise it is cancelled and ``TimeoutFailure/timedOut`` is thrown.
///
/// ```swift
/// do throws(TimeoutFailure<any Error>) {
///   let page = try await withTimeout(.seconds(10), clock: clock) { try await client.search(query) }
/// } catch .timedOut { show("The server did not answer in 10 s.") }
/// ```
///
/// - **Failure:** the operation's error is thrown as ``TimeoutFailure/base(_:)``; a deadline
///   passed as ``TimeoutFailure/timedOut``.
/// - **Cancellation:** cancelling the calling task cancels the operation and the sleep; the
///   operation's own answer to cancellation (its error, or its result) is what is returned.
/// - **Deadline and cancellation:** at the deadline the operation is cancelled, and its end
///   is awaited — structured concurrency: nothing keeps running after the call returns. An
///   operation that ignores cancellation delays the return until it ends (then the timeout
///   is still thrown).
/// - **Same instant:** an operation that finishes at the deadline's instant wins over it
///   when it is seen first; on a `VirtualClock` the sleeper wakes only once every task,
///   the operation included, is suspended — so an operation that finishes at that instant
///   without sleeping always wins.
public func withTimeout<C: Clock, Result: Sendable, Failure: Error>(
  _ duration: C.Duration, tolerance: C.Duration? = nil, clock: C,
  operation: @Sendable @escaping () async throws(Failure) -> Result
) async throws(TimeoutFailure<Failure>) -> Result {
  let outcome = await withTaskGroup(of: TimedOutcome<Result, Failure>.self) { group in
    group.addTask {
      do throws(Failure) {
        return .finished(.success(try await operation()))
      } catch {
        return .finished(.failure(error))
      }
    }
    group.addTask {
      do {
        try await clock.sleep(for: duration, tolerance: tolerance)
        return .timedOut
      } catch {
        return .sleepCancelled
      }
    }
    var outcome = TimedOutcome<Result, Failure>.sleepCancelled
    while let next = await group.next() {
      switch next {
      case .sleepCancelled: continue  // the caller was cancelled: wait for the operation
      case .finished, .timedOut:
        outcome = next
        group.cancelAll()
      }
      break
    }
    // The loser, cancelled, ends before the group returns.
    return outcome
  }
  switch outcome {
  case .finished(.success(let result)): return result
  case .finished(.failure(let error)): throw .base(error)
  case .timedOut, .sleepCancelled: throw .timedOut
  }
}

/// What ended a ``withTimeout(_:tolerance:clock:operation:)`` first.
@usableFromInline enum TimedOutcome<Result: Sendable, Failure: Error>: Sendable {
  case finished(Swift.Result<Result, Failure>)
  case timedOut
  case sleepCancelled
}
