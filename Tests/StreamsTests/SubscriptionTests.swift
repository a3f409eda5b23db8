import Streams
import StreamsTesting
import Testing

/// A pipeline subscribes when its iterator is made, as Combine's `sink` does — what
/// a subject upstream sends before the first `next()` is kept by its buffering policy, for
/// every operator, however deep the chain. (Before, the operators that start tasks made their
/// bases' iterators at the first `next()`: those elements were lost, and a consumer waiting
/// for them could hang.)
@Suite struct SubscriptionTests {
  /// Everything `iterator` gives until it ends.
  func drain<I: AsyncIteratorProtocol>(_ iterator: inout I) async throws -> [I.Element] {
    var elements: [I.Element] = []
    while let element = try await iterator.next() { elements.append(element) }
    return elements
  }

  /// Makes the iterator of `pipeline(subject, other)`, then sends 1 and 2 to the subject and
  /// 10 to the other subject and finishes both — all before the first `next()`.
  func sentBeforeNext<S: AsyncSequence>(
    _ pipeline: (PassthroughSubject<Int, Never>, PassthroughSubject<Int, Never>) -> S
  ) async throws -> [S.Element] {
    let subject = PassthroughSubject<Int, Never>()
    let other = PassthroughSubject<Int, Never>()
    var iterator = pipeline(subject, other).makeAsyncIterator()
    subject.send(1)
    other.send(10)
    subject.send(2)
    subject.finish()
    other.finish()
    return try await drain(&iterator)
  }

  @Test func timedOperatorsKeepWhatWasSentBeforeTheFirstNext() async throws {
    let (debounced, throttled, chunked, timed) = try await withVirtualTime { clock in
      (
        try await sentBeforeNext { subject, _ in subject.debounce(for: .seconds(1), clock: clock) },
        try await sentBeforeNext { subject, _ in subject.throttle(for: .seconds(1), clock: clock) },
        try await sentBeforeNext { subject, _ in
          subject.chunked(by: .repeating(every: .seconds(1), clock: clock))
        },
        try await sentBeforeNext { subject, _ in
          subject.timeout(after: .seconds(5), clock: clock)
        }
      )
    }
    #expect(debounced == [2])
    #expect(throttled == [1, 2])
    #expect(chunked == [[1, 2]])
    #expect(timed == [1, 2])
  }

  @Test func multiSourceOperatorsKeepWhatWasSentBeforeTheFirstNext() async throws {
    let merged = try await sentBeforeNext { merge($0, $1) }
    #expect(merged.sorted() == [1, 2, 10])
    let latest = try await sentBeforeNext { combineLatest($0, $1) }
    #expect(latest.map { [$0.0, $0.1] }.last == [2, 10])
    let zipped = try await sentBeforeNext { zip($0, $1) }
    #expect(zipped.map { [$0.0, $0.1] } == [[1, 10]])
    let flattened = try await sentBeforeNext { subject, _ in
      subject.flatMapLatest { Just($0) }
    }
    #expect(flattened.last == 2)
  }

  @Test func aChainSubscribesAllTheWayUp() async throws {
    let chained = try await withVirtualTime { clock in
      try await sentBeforeNext { subject, _ in
        subject.map { $0 * 2 }.removeDuplicates().debounce(for: .seconds(1), clock: clock)
          .flatMapLatest { Just($0) }
      }
    }
    #expect(chained == [4])
  }

  @Test func theIssuesExampleNoLongerHangs() async throws {
    let first = try await withVirtualTime { clock in
      let subject = PassthroughSubject<Int, Never>()
      var iterator = subject.debounce(for: .milliseconds(1), clock: clock).makeAsyncIterator()
      subject.send(1)
      return await iterator.next()
    }
    #expect(first == 1)
  }
}
