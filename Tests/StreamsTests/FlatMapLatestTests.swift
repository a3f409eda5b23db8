import Streams
import StreamsTesting
import Synchronization
import Testing

@Suite struct FlatMapLatestTests {
  /// Plays `outer`; each of its letters switches to the inner diagram of that letter.
  func switched(
    _ outer: MarbleDiagram, inners: [String: MarbleDiagram], log: Log<String>? = nil
  ) async throws -> MarbleDiagram {
    try await withVirtualTime { clock in
      let source = outer.events(on: clock, frame: frame, failure: Boom())
      let latest = source.flatMapLatest { letter in
        Probe(
          base: inners[letter, default: "|"].events(on: clock, frame: frame, failure: Boom()),
          log: log ?? Log())
      }
      return await MarbleDiagram.record(latest, on: clock, frame: frame)
    }
  }

  @Test func emitsTheElementsOfTheLatestInner() async throws {
    let output = try await switched(
      "a----b-----|", inners: ["a": "1-2-3-4|", "b": "5-6|"])
    expectMarbles(output, "1-2-35-6---|")
  }

  @Test func aSwitchCancelsTheSupersededInnersTask() async throws {
    let log = Log<String>()
    _ = try await switched("a--b----|", inners: ["a": "1------2|", "b": "3|"], log: log)
    #expect(log.all == ["cancelled", "finished"])
  }

  @Test func finishesWhenTheBaseAndTheLastInnerHaveFinished() async throws {
    expectMarbles(try await switched("a|", inners: ["a": "1--2|"]), "1--2|")
    expectMarbles(try await switched("a-----|", inners: ["a": "1|"]), "1-----|")
    expectMarbles(try await switched("|", inners: [:]), "|")
  }

  @Test func aBaseErrorEndsTheOutputAtOnce() async throws {
    let log = Log<String>()
    expectMarbles(try await switched("a--#", inners: ["a": "1-----2|"], log: log), "1--#")
    #expect(log.all == ["cancelled"])
  }

  @Test func theLatestInnersErrorEndsTheOutput() async throws {
    expectMarbles(try await switched("a------|", inners: ["a": "1-#"]), "1-#")
  }

  @Test func aSupersededInnersErrorIsIgnored() async throws {
    expectMarbles(try await switched("a-b----|", inners: ["a": "1--#", "b": "2-3|"]), "1-2-3--|")
  }

  @Test func sameFrameSwitchesKeepOnlyTheLastInner() async throws {
    expectMarbles(
      try await switched("(abc)---|", inners: ["a": "1|", "b": "2|", "c": "-3|"]), "-3--|")
  }

  @Test func bufferedElementsOfASupersededInnerAreNeverEmittedAfterTheSwitch() async throws {
    let received = try await withVirtualTime { clock in
      let latest = MarbleDiagram("a-b|").events(on: clock, frame: frame).flatMapLatest { letter in
        (1...(letter == "a" ? 100 : 2)).map { "\(letter)\($0)" }.async
      }
      var received: [String] = []
      var iterator = latest.makeAsyncIterator()
      if let first = await iterator.next() { received.append(first) }
      // While the consumer is busy, "a"'s inner fills the buffer and "b" supersedes it.
      try await clock.advance(by: frame * 2)
      while let next = await iterator.next() { received.append(next) }
      return received
    }
    #expect(received == ["a1", "b1", "b2"])
  }

  @Test func cancellingTheConsumerCancelsTheBaseAndTheInner() async throws {
    let outerLog = Log<String>()
    let innerLog = Log<String>()
    try await withVirtualTime { clock in
      let latest = MarbleDiagram("a--------b").events(on: clock, frame: frame).probed(outerLog)
        .flatMapLatest { _ in
          MarbleDiagram("1--2--3--4").events(on: clock, frame: frame).probed(innerLog)
        }
      await withTaskGroup(of: Void.self) { group in
        group.addTask { for await _ in latest {} }
        try? await clock.advance(by: frame * 4)
        group.cancelAll()
      }
    }
    #expect(outerLog.all == ["cancelled"])
    #expect(innerLog.all == ["cancelled"])
  }

  @Test func failureTypesAreKept() async throws {
    try await withVirtualTime { clock in
      let never = MarbleDiagram("a|").events(on: clock, frame: frame)
      let throwing = MarbleDiagram("a|").events(on: clock, frame: frame, failure: Boom())
      // Neither side can fail: no `try`.
      for await _ in never.flatMapLatest({ _ in never }) {}
      // Only the inner can fail, only the base can fail, both can fail: typed `Boom`.
      let a: AsyncFlatMapLatestSequence<_, _, Boom> = never.flatMapLatest { _ in throwing }
      let b: AsyncFlatMapLatestSequence<_, _, Boom> = throwing.flatMapLatest { _ in never }
      let c: AsyncFlatMapLatestSequence<_, _, Boom> = throwing.flatMapLatest { _ in throwing }
      do throws(Boom) {
        for try await _ in a {}
        for try await _ in b {}
        for try await _ in c {}
      } catch {
        Issue.record("unexpected \(error)")  // `error` is a `Boom`
      }
    }
  }

  @Test func memoryDoesNotGrowWithSupersededInnersOnABurst() async {
    // On the real executor: a burst of 20,000 base elements, each inner never ending.
    let counter = LiveCounter()
    let latest = (1...20_000).async.flatMapLatest { value in
      CountedNever(value: value, counter: counter)
    }
    var values: [Int] = []
    for await value in latest {
      values.append(value)
      if value == 20_000 { break }
    }
    #expect(values.last == 20_000)
    // At most the latest inner and two superseded ones winding down exist at any time.
    #expect(counter.peak <= 3)
    #expect(counter.started < 20_000)
  }
}

/// Counts live inner iterators and their peak.
final class LiveCounter: Sendable {
  private let counts = Lock((alive: 0, peak: 0, started: 0))
  func up() {
    counts.withLock {
      $0.alive += 1
      $0.started += 1
      $0.peak = max($0.peak, $0.alive)
    }
  }
  func down() { counts.withLock { $0.alive -= 1 } }
  var peak: Int { counts.withLock { $0.peak } }
  var started: Int { counts.withLock { $0.started } }
}

/// An inner that emits its value, then waits until its task is cancelled.
struct CountedNever: AsyncSequence, Sendable {
  let value: Int
  let counter: LiveCounter

  final class Lifetime: Sendable {
    let counter: LiveCounter
    init(_ counter: LiveCounter) {
      self.counter = counter
      counter.up()
    }
    deinit { counter.down() }
  }

  func makeAsyncIterator() -> Iterator {
    Iterator(value: value, lifetime: Lifetime(counter))
  }

  struct Iterator: AsyncIteratorProtocol {
    var value: Int?
    let lifetime: Lifetime
    mutating func next() async -> Int? {
      if let value {
        self.value = nil
        return value
      }
      for await _ in Empty<Int>(completeImmediately: false) {}
      return nil
    }
  }
}
