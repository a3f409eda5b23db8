// Code written for swift-async-algorithms 1.1.4, compiled unchanged against Streams.
//
// Compile-only: scripts/check-drop-in.sh typechecks this file against Streams in the Swift 6
// and Swift 5 language modes, and against AsyncAlgorithms itself (from the Benchmarks build,
// with -D PEER) to prove that it is real swift-async-algorithms code. Nothing here runs.
// Each function uses one operator the way its documentation shows, including the return
// type names a caller may write down.

#if PEER
  import AsyncAlgorithms
#else
  import Streams
#endif

struct ProbeError: Error {}

// MARK: removeDuplicates

func dedupGeneric<S: AsyncSequence>(_ base: S) -> AsyncRemoveDuplicatesSequence<S>
where S.Element: Equatable {
  base.removeDuplicates()
}

func dedupByPredicate(_ base: AsyncStream<Int>) -> AsyncRemoveDuplicatesSequence<AsyncStream<Int>> {
  base.removeDuplicates { previous, next in previous / 10 == next / 10 }
}

func dedupThrowing(
  _ base: AsyncStream<Int>
) -> AsyncThrowingRemoveDuplicatesSequence<AsyncStream<Int>> {
  base.removeDuplicates { previous, next in
    if next < 0 { throw ProbeError() }
    return previous == next
  }
}

func dedupConsumed(_ base: AsyncStream<String>) async throws {
  for await _ in base.removeDuplicates() {}
  for await _ in base.removeDuplicates(by: ==) {}
  for try await _ in dedupThrowing(AsyncStream { $0.finish() }) {}
}

// MARK: debounce

func debounced(_ base: AsyncStream<String>) -> AsyncDebounceSequence<
  AsyncStream<String>, ContinuousClock
> {
  base.debounce(for: .milliseconds(300))
}

func debouncedOnAClock<C: Clock>(
  _ base: AsyncStream<String>, clock: C, interval: C.Instant.Duration
) -> AsyncDebounceSequence<AsyncStream<String>, C> {
  base.debounce(for: interval, tolerance: nil, clock: clock)
}

// MARK: merge

func merged2(
  _ a: AsyncStream<Int>, _ b: AsyncStream<Int>
) -> AsyncMerge2Sequence<AsyncStream<Int>, AsyncStream<Int>> {
  merge(a, b)
}

func merged3(
  _ a: AsyncStream<Int>, _ b: AsyncStream<Int>, _ c: AsyncStream<Int>
) -> AsyncMerge3Sequence<AsyncStream<Int>, AsyncStream<Int>, AsyncStream<Int>> {
  merge(a, b, c)
}

func mergeConsumed(
  _ a: AsyncStream<Int>, _ b: AsyncThrowingStream<Int, any Error>
) async throws {
  for await _ in merge(a, a) {}
  for try await _ in merge(b, b) {}
}

// MARK: combineLatest

func combined2(
  _ a: AsyncStream<Int>, _ b: AsyncStream<String>
) -> AsyncCombineLatest2Sequence<AsyncStream<Int>, AsyncStream<String>> {
  combineLatest(a, b)
}

func combined3(
  _ a: AsyncStream<Int>, _ b: AsyncStream<String>, _ c: AsyncStream<Bool>
) -> AsyncCombineLatest3Sequence<AsyncStream<Int>, AsyncStream<String>, AsyncStream<Bool>> {
  combineLatest(a, b, c)
}

func combineConsumed(_ a: AsyncStream<Int>, _ b: AsyncStream<String>) async {
  for await (number, text) in combineLatest(a, b) { _ = (number, text) }
}

// MARK: zip

func zipped2(
  _ a: AsyncStream<Int>, _ b: AsyncStream<String>
) -> AsyncZip2Sequence<AsyncStream<Int>, AsyncStream<String>> {
  zip(a, b)
}

func zipped3(
  _ a: AsyncStream<Int>, _ b: AsyncStream<String>, _ c: AsyncStream<Bool>
) -> AsyncZip3Sequence<AsyncStream<Int>, AsyncStream<String>, AsyncStream<Bool>> {
  zip(a, b, c)
}

func zipConsumed(_ a: AsyncStream<Int>, _ b: AsyncStream<String>) async {
  for await (number, text) in zip(a, b) { _ = (number, text) }
}

func zipMixedFailures(_ a: [Int], _ b: AsyncStream<String>, _ c: AsyncStream<Bool>) async throws {
  let parsed = a.async.map { (number: Int) throws -> Int in
    guard number >= 0 else { throw ProbeError() }
    return number
  }
  for try await (number, text) in zip(parsed, b) { _ = (number, text) }
  for try await (number, text, flag) in zip(parsed, b, c) { _ = (number, text, flag) }
  for try await (text, number, flag) in zip(b, parsed, c) { _ = (text, number, flag) }
}

// MARK: flatMapLatest

func latest(_ queries: AsyncStream<String>) async {
  for await result in queries.flatMapLatest({ query in [query, query + "!"].async }) {
    _ = result
  }
}

func latestThrowing(_ queries: AsyncThrowingStream<String, any Error>) async throws {
  for try await result in queries.flatMapLatest({ query in [query].async }) { _ = result }
}

// MARK: share

func shared(_ base: AsyncStream<Int>) -> some AsyncSequence<Int, Never> & Sendable {
  base.share()
}

func sharedWithPolicies(_ base: AsyncStream<Int>) async {
  let policy: AsyncBufferSequencePolicy = .bounded(1)
  _ = base.share(bufferingPolicy: policy)
  _ = base.share(bufferingPolicy: .bufferingLatest(3))
  _ = base.share(bufferingPolicy: .bufferingOldest(3))
  _ = base.share(bufferingPolicy: .unbounded)
  for await _ in base.share() {}
}

/// AA's share does not need a `Sendable` base.
final class NonSendableNumbers: AsyncSequence {
  typealias Element = Int
  func makeAsyncIterator() -> AsyncSyncSequence<[Int]>.Iterator {
    [1, 2, 3].async.makeAsyncIterator()
  }
}

func sharedNonSendable() -> some AsyncSequence<Int, Never> & Sendable {
  NonSendableNumbers().share()
}

// MARK: throttle (underscored in 1.1.4)

func throttledLatest(_ base: AsyncStream<Int>) async {
  let latest: _AsyncThrottleSequence<AsyncStream<Int>, ContinuousClock, Int> = base._throttle(
    for: .milliseconds(100), clock: .continuous)
  for await _ in latest {}
  for await _ in base._throttle(for: .milliseconds(100), clock: .continuous, latest: false) {}
  for await _ in base._throttle(for: .milliseconds(100)) {}
}

func throttledReducing(_ base: AsyncStream<Int>) async {
  let sums = base._throttle(for: .milliseconds(100), clock: ContinuousClock()) {
    (sum: Int?, next: Int) in (sum ?? 0) + next
  }
  for await _ in sums {}
  let awaited = base._throttle(for: .milliseconds(100), clock: ContinuousClock()) {
    (sum: Int?, next: Int) async in await addLater(sum ?? 0, next)
  }
  for await _ in awaited {}
  for await _ in base._throttle(for: .milliseconds(100), reducing: { ($0 ?? 0) + $1 }) {}
}

func addLater(_ a: Int, _ b: Int) async -> Int { a + b }

// MARK: timer

func timers() async {
  let suspending: AsyncTimerSequence<SuspendingClock> = .repeating(every: .seconds(1))
  let continuous = AsyncTimerSequence.repeating(every: .seconds(1), clock: ContinuousClock())
  let tolerant = AsyncTimerSequence.repeating(
    every: .seconds(1), tolerance: .milliseconds(10), clock: .continuous)
  let direct = AsyncTimerSequence(interval: .seconds(1), clock: .continuous)
  for await _ in suspending {}
  _ = (continuous, tolerant, direct)
}

// MARK: reductions

func reduced(_ base: AsyncStream<Int>) async throws {
  let exclusive: AsyncExclusiveReductionsSequence<AsyncStream<Int>, Int> = base.reductions(0) {
    $0 + $1
  }
  let into: AsyncExclusiveReductionsSequence<AsyncStream<Int>, [Int]> = base.reductions(
    into: []
  ) { $0.append($1) }
  let inclusive: AsyncInclusiveReductionsSequence<AsyncStream<Int>> = base.reductions { $0 + $1 }
  let throwing: AsyncThrowingExclusiveReductionsSequence<AsyncStream<Int>, Int> = base.reductions(
    0
  ) { sum, next in
    if next < 0 { throw ProbeError() }
    return sum + next
  }
  let throwingInclusive: AsyncThrowingInclusiveReductionsSequence<AsyncStream<Int>> =
    base.reductions { sum, next in
      if next < 0 { throw ProbeError() }
      return sum + next
    }
  for await _ in base.reductions(0, +) {}
  for await _ in base.reductions(+) {}
  for await _ in exclusive {}
  for await _ in into {}
  for await _ in inclusive {}
  for try await _ in throwing {}
  for try await _ in throwingInclusive {}
}
