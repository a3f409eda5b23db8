import Streams
import StreamsTesting
import Testing

/// Once the consuming task is cancelled, `next()` returns `nil` — even with elements
/// buffered — and the operator's tasks end.
@Suite(.timeLimit(.minutes(1))) struct CancellationTests {
  /// Takes one element (which starts the operator), lets `sequence` run `frames` frames
  /// ahead of the consumer, takes one more element, cancels its own task and asks again.
  /// Returns what the three `next()` calls returned.
  func afterCancelling<S: AsyncSequence & Sendable>(
    frames: Int = 10, _ make: @escaping @Sendable (VirtualClock) -> S
  ) async throws -> [String] where S.Element: Sendable {
    try await withVirtualTime { clock in
      let sequence = make(clock)
      return await withTaskGroup(of: [String].self) { group in
        group.addTask {
          var iterator = sequence.makeAsyncIterator()
          var seen: [String] = []
          seen.append((try? await iterator.next()).flatMap { $0.map { "\($0)" } } ?? "nil")
          // Let the operator buffer everything it can before the consumer reads on.
          try? await clock.advance(by: frame * frames)
          seen.append((try? await iterator.next()).flatMap { $0.map { "\($0)" } } ?? "nil")
          withUnsafeCurrentTask { $0?.cancel() }
          seen.append((try? await iterator.next()).flatMap { $0.map { "\($0)" } } ?? "nil")
          return seen
        }
        return await group.next() ?? []
      }
    }
  }

  @Test func mergeDropsABufferedGroupOnceCancelled() async throws {
    let two = try await afterCancelling { clock in
      merge(
        MarbleDiagram("(abc)-d").events(on: clock, frame: frame),
        MarbleDiagram("(xyz)").events(on: clock, frame: frame))
    }
    #expect(two == ["a", "b", "nil"])
    let many = try await afterCancelling { clock in
      merge((0..<3).map { _ in MarbleDiagram("(abc)-d").events(on: clock, frame: frame) })
    }
    #expect(many == ["a", "b", "nil"])
  }

  @Test func flatMapLatestDropsABufferedGroupOnceCancelled() async throws {
    let seen = try await afterCancelling { clock in
      MarbleDiagram("x").events(on: clock, frame: frame).flatMapLatest { _ in
        MarbleDiagram("(abc)-d").events(on: clock, frame: frame)
      }
    }
    #expect(seen == ["a", "b", "nil"])
  }

  @Test func shareDropsABufferedGroupOnceCancelled() async throws {
    let seen = try await afterCancelling { clock in
      MarbleDiagram("(abc)-d").events(on: clock, frame: frame).share(bufferingPolicy: .unbounded)
    }
    #expect(seen == ["a", "b", "nil"])
  }

  @Test func subjectsDropWhatWasSentOnceCancelled() async throws {
    let passthrough = try await afterCancelling(frames: 0) { _ in
      let subject = PassthroughSubject<String, Never>()
      return SubjectAfterSubscribing(subject: subject) { ["a", "b", "c"].forEach(subject.send) }
    }
    #expect(passthrough == ["a", "b", "nil"])
    let replay = ReplaySubject<String, Never>(bufferSize: 3)
    ["a", "b", "c"].forEach(replay.send)
    #expect(try await afterCancelling(frames: 0) { _ in replay } == ["a", "b", "nil"])
    let current = CurrentValueSubject<String, Never>("a")
    let currentSeen = try await afterCancelling(frames: 0) { _ in
      SubjectAfterSubscribing(subject: current) { ["b", "c"].forEach(current.send) }
    }
    #expect(currentSeen == ["a", "b", "nil"])
  }

  @Test func timedOperatorsDropWhatIsBufferedOnceCancelled() async throws {
    let debounced = try await afterCancelling { clock in
      MarbleDiagram("a--b--c--d").events(on: clock, frame: frame)
        .debounce(for: frame, clock: clock)
    }
    #expect(debounced == ["a", "b", "nil"])
    let throttled = try await afterCancelling { clock in
      MarbleDiagram("a--b--c--d").events(on: clock, frame: frame)
        .throttle(for: frame, clock: clock)
    }
    #expect(throttled == ["a", "b", "nil"])
    let combined = try await afterCancelling { clock in
      combineLatest(
        MarbleDiagram("a-b-c-d").events(on: clock, frame: frame),
        MarbleDiagram("x").events(on: clock, frame: frame))
    }
    #expect(combined == ["(\"a\", \"x\")", "(\"b\", \"x\")", "nil"])
  }

  /// A consumer slower than its never-ending bases cancels its own task after a few
  /// elements: its loop must end at once, and every task of the operator must end.
  func busyConsumerStops<S: AsyncSequence & Sendable>(_ sequence: S) async -> Int
  where S.Failure == Never {
    let (afterCancel, tasks) = await SpawnedTasks.counting {
      await withTaskGroup(of: Int.self) { group in
        group.addTask {
          var seen = 0
          var afterCancel = 0
          for await _ in sequence {
            seen += 1
            if seen == 100 { withUnsafeCurrentTask { $0?.cancel() } }
            if seen > 100 { afterCancel += 1 }
            // Slower than the bases: they always have elements buffered.
            var spin = 0
            for value in 0..<2_000 { spin &+= value }
            if afterCancel > 10_000 || spin == -1 { break }  // a regression fails, not hangs
          }
          return afterCancel
        }
        return await group.next() ?? -1
      }
    }
    await tasks.whenNoneRunning()
    return afterCancel
  }

  @Test func aBusyConsumerEndsWhenCancelledOnTheRealExecutor() async {
    let endless = (0...).async
    #expect(await busyConsumerStops(merge(endless, endless)) == 0)
    #expect(await busyConsumerStops(merge([endless, endless, endless])) == 0)
    #expect(await busyConsumerStops(combineLatest(endless, endless)) == 0)
    #expect(await busyConsumerStops(endless.share(bufferingPolicy: .bounded(64))) == 0)
    #expect(await busyConsumerStops(Just(0).flatMapLatest { _ in endless }) == 0)
  }
}

/// A subject whose consumer subscribes, then `afterSubscribing` runs: elements sent then are
/// buffered for it before it reads.
struct SubjectAfterSubscribing<Subject: AsyncSequence & Sendable>: AsyncSequence, Sendable {
  typealias Element = Subject.Element
  typealias Failure = Subject.Failure
  let subject: Subject
  let afterSubscribing: @Sendable () -> Void

  func makeAsyncIterator() -> Subject.AsyncIterator {
    let iterator = subject.makeAsyncIterator()
    afterSubscribing()
    return iterator
  }
}
