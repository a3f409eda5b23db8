import Streams
import StreamsTesting
import Testing

/// `retry(_:backoff:clock:if:)` re-makes its base after a failure with a backoff
/// on the injected clock; `withTimeout(_:clock:operation:)` gives one operation a deadline —
/// exact on virtual time.
@Suite struct RetryAndTimeoutTests {
  /// A cold sequence: each iterator is an attempt, logged with its instant; attempt n gives
  /// `elements(n)` and then fails with `Boom` when `fails(n)`, else finishes.
  struct Attempts: AsyncSequence, Sendable {
    typealias Failure = Boom
    let clock: VirtualClock
    let log: Log<String>
    let elements: @Sendable (Int) -> [String]
    let fails: @Sendable (Int) -> Bool

    func makeAsyncIterator() -> Iterator {
      log.append("attempt@\(clock.now)")
      let attempt = log.all.count
      return Iterator(elements: elements(attempt), fails: fails(attempt))
    }

    struct Iterator: AsyncIteratorProtocol {
      var elements: [String]
      let fails: Bool
      mutating func next() async throws(Boom) -> String? {
        if !elements.isEmpty { return elements.removeFirst() }
        if fails { throw Boom() }
        return nil
      }
    }
  }

  @Test func theBackoffGrowsAndStopsAtItsMaximum() {
    let exponential = Backoff<Duration>.exponential(initial: .seconds(1), maximum: .seconds(5))
    #expect((1...5).map { exponential.delay(before: $0) } == [1, 2, 4, 5, 5].map { .seconds($0) })
    let tripled = Backoff<Duration>.exponential(
      initial: .milliseconds(10), factor: 3, maximum: .seconds(1))
    #expect((1...3).map { tripled.delay(before: $0) } == [10, 30, 90].map { .milliseconds($0) })
    #expect(Backoff<Duration>.constant(.seconds(2)).delay(before: 7) == .seconds(2))
  }

  @Test func aFailedAttemptIsMadeAgainAfterTheBackoff() async throws {
    let (events, attempts) = try await withVirtualTime { clock in
      let log = Log<String>()
      let source = Attempts(
        clock: clock, log: log, elements: { $0 == 3 ? ["x", "y"] : [] }, fails: { $0 < 3 })
      let retried = source.retry(
        3, backoff: .exponential(initial: .seconds(1), maximum: .seconds(10)), clock: clock)
      return (await timeline(retried, on: clock), log.all)
    }
    #expect(attempts == ["attempt@0 ms", "attempt@1000 ms", "attempt@3000 ms"])
    #expect(events == ["x@3000 ms", "y@3000 ms", "|@3000 ms"])
  }

  @Test func theLastFailureIsThrownWhenNoRetryIsLeftOrWanted() async throws {
    let (exhausted, declined) = try await withVirtualTime { clock in
      let log = Log<String>()
      let always = Attempts(clock: clock, log: log, elements: { _ in [] }, fails: { _ in true })
      let exhausted = await timeline(
        always.retry(2, backoff: .constant(.seconds(1)), clock: clock), on: clock)
      let declined = await timeline(
        always.retry(5, backoff: .constant(.seconds(1)), clock: clock, if: { _ in false }),
        on: clock)
      return (exhausted, declined)
    }
    #expect(exhausted == ["#@2000 ms"])  // attempts at 0, 1000 and 2000 ms
    #expect(declined == ["#@2000 ms"])  // started at 2000 ms; no retry: it fails at once
  }

  @Test func anElementResetsTheCountOfRetries() async throws {
    let attempts = try await withVirtualTime { clock in
      let log = Log<String>()
      // Attempts 1 and 2 give an element, then fail; 3 fails at once; 4 finishes.
      let source = Attempts(
        clock: clock, log: log, elements: { $0 <= 2 ? ["e\($0)"] : [] }, fails: { $0 < 4 })
      let retried = source.retry(
        2, backoff: .exponential(initial: .seconds(1), maximum: .seconds(8)), clock: clock)
      _ = await timeline(retried, on: clock)
      return log.all
    }
    // After e1 and e2 the backoff starts again at 1 s; attempt 3's failure is the second in
    // a row (2 s); a limit of 2 in all would have ended at attempt 3.
    #expect(attempts == ["attempt@0 ms", "attempt@1000 ms", "attempt@2000 ms", "attempt@4000 ms"])
  }

  @Test func cancellingDuringTheWaitEndsTheSequence() async throws {
    let diagram = try await withVirtualTime { clock in
      let log = Log<String>()
      let source = Attempts(clock: clock, log: log, elements: { _ in ["a"] }, fails: { _ in true })
      return await MarbleDiagram.record(
        source.retry(9, backoff: .constant(frame * 3), clock: clock), on: clock, frame: frame,
        subscription: "^-!")
    }
    expectMarbles(diagram, "(^a)-!")  // a, a failure, and the wait cut short at frame 2
  }

  @Test func anOperationWithinItsDeadlineGivesItsResult() async throws {
    let result = try await withVirtualTime { clock in
      try await withTimeout(.seconds(5), clock: clock) { () async throws(Boom) -> String in
        try? await clock.sleep(for: .seconds(2))
        return "done at \(clock.now)"
      }
    }
    #expect(result == "done at 2000 ms")
  }

  @Test func aDeadlinePassedCancelsTheOperationAndThrowsTimedOut() async throws {
    let (outcome, log) = try await withVirtualTime { clock in
      let log = Log<String>()
      do throws(TimeoutFailure<Boom>) {
        _ = try await withTimeout(.seconds(3), clock: clock) { () async throws(Boom) -> Int in
          do {
            try await clock.sleep(for: .seconds(60))
          } catch {
            log.append("operation cancelled at \(clock.now)")
          }
          return 1
        }
        return ("no timeout", log.all)
      } catch {
        return ("\(error) at \(clock.now)", log.all)
      }
    }
    #expect(outcome == "timedOut at 3000 ms")
    #expect(log == ["operation cancelled at 3000 ms"])
  }

  @Test func theOperationsFailureIsItsOwn() async throws {
    let outcome = try await withVirtualTime { clock in
      do throws(TimeoutFailure<Boom>) {
        _ = try await withTimeout(.seconds(3), clock: clock) { () async throws(Boom) -> Int in
          throw Boom()
        }
        return "no failure"
      } catch {
        return error == .base(Boom()) ? "base failure" : "\(error)"
      }
    }
    #expect(outcome == "base failure")
  }
}
