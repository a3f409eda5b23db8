import Testing

@testable import Streams

/// The rules of each operator's state, as values: what a gate emits as elements arrive, its
/// timer fires and its base ends — no task, no clock, no operator around it. (The operators
/// themselves are tested on virtual time with marble diagrams.)
@Suite struct GateRulesTests {
  /// Instants counted in milliseconds from a start.
  struct Instant: InstantProtocol {
    var milliseconds: Int64
    func advanced(by duration: Duration) -> Instant {
      Instant(
        milliseconds: milliseconds + duration.components.seconds * 1_000
          + duration.components.attoseconds / 1_000_000_000_000_000)
    }
    func duration(to other: Instant) -> Duration {
      .milliseconds(other.milliseconds - milliseconds)
    }
    static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.milliseconds < rhs.milliseconds }
  }

  static func at(_ milliseconds: Int64) -> Instant { Instant(milliseconds: milliseconds) }

  /// What `core`'s outbox holds, and how it ended.
  static func out<Element, Failure>(_ core: TimedCore<Element, Failure>) -> [Element] {
    core.outbox.buffer
  }

  @Test func debounceEmitsTheLatestOnceQuietAndTheHeldOneAtTheEnd() {
    var gate = DebounceGate<String, Never, Instant>(interval: .milliseconds(10))
    _ = gate.arrived("a", at: Self.at(0))
    _ = gate.arrived("b", at: Self.at(5))  // replaces a, restarts the wait
    #expect(gate.timerFired(at: Self.at(10)).next == Self.at(15))
    #expect(Self.out(gate.core).isEmpty)
    _ = gate.timerFired(at: Self.at(15))
    #expect(Self.out(gate.core) == ["b"])
    // A newer element at the very instant a wait ends does not cancel the settled one.
    _ = gate.arrived("c", at: Self.at(20))
    _ = gate.arrived("d", at: Self.at(30))
    #expect(Self.out(gate.core) == ["b", "c"])
    _ = gate.baseEnded(.finished)
    #expect(Self.out(gate.core) == ["b", "c", "d"])
    #expect(gate.core.outbox.isClosed)
  }

  @Test func debounceDropsWhatIsHeldWhenTheBaseFails() {
    var gate = DebounceGate<String, TestError, Instant>(interval: .milliseconds(10))
    _ = gate.arrived("a", at: Self.at(0))
    _ = gate.baseEnded(.failed(TestError()))
    #expect(Self.out(gate.core).isEmpty)
    #expect(gate.core.outbox.isClosed)
  }

  @Test func delayHoldsEachElementItsIntervalInOrder() {
    var gate = DelayGate<String, Never, Instant>(interval: .milliseconds(10))
    _ = gate.arrived("a", at: Self.at(0))
    _ = gate.arrived("b", at: Self.at(3))
    #expect(gate.timerFired(at: Self.at(9)).next == Self.at(10))
    #expect(Self.out(gate.core).isEmpty)
    #expect(gate.timerFired(at: Self.at(10)).next == Self.at(13))
    #expect(Self.out(gate.core) == ["a"])
    _ = gate.timerFired(at: Self.at(13))
    #expect(Self.out(gate.core) == ["a", "b"])
    #expect(!gate.needsTimer)
  }

  @Test func throttlePassesTheFirstAndReducesTheWindow() {
    var gate = ThrottleGate<Int, Int, Never, Instant>(
      interval: .milliseconds(10), reduce: { held, next in (held ?? 0) + next })
    _ = gate.arrived(1, at: Self.at(0))  // passes, opens a window to 10
    _ = gate.arrived(2, at: Self.at(2))
    _ = gate.arrived(3, at: Self.at(4))
    #expect(Self.out(gate.core) == [1])
    _ = gate.timerFired(at: Self.at(10))
    #expect(Self.out(gate.core) == [1, 5])
    // A window with nothing held closes quietly.
    _ = gate.timerFired(at: Self.at(20))
    #expect(Self.out(gate.core) == [1, 5])
  }

  @Test func timeoutFailsAtTheDeadlineUnlessAnElementCameFirst() {
    var gate = TimeoutGate<String, Never, Instant>(interval: .milliseconds(10))
    _ = gate.timerFired(at: Self.at(0))  // the first next(): the deadline is set
    _ = gate.arrived("a", at: Self.at(9))
    #expect(gate.timerFired(at: Self.at(10)).next == Self.at(19))
    #expect(Self.out(gate.core) == ["a"] && !gate.core.outbox.isClosed)
    _ = gate.timerFired(at: Self.at(19))
    #expect(gate.core.outbox.isClosed)
    if case .failed(.timedOut)? = gate.core.outbox.terminal {
    } else {
      Issue.record("not timed out: \(String(describing: gate.core.outbox.terminal))")
    }
  }

  @Test func chunkWindowsAreHalfOpenAndEmptyOnesCostNothing() {
    var gate = ChunkGate<String, Never, Instant>(interval: .milliseconds(10))
    _ = gate.timerFired(at: Self.at(0))  // the windows start
    _ = gate.arrived("a", at: Self.at(3))
    _ = gate.arrived("b", at: Self.at(10))  // the next window: a's closes first
    let marks = Self.out(gate.core).map { event -> String in
      if case .element(let element) = event { element } else { "|" }
    }
    #expect(marks == ["a", "|", "b"])
    _ = gate.timerFired(at: Self.at(40))  // b's window closed; the empty ones add nothing
    #expect(Self.out(gate.core).count == 4)
  }

  @Test func mergeEndsWhenTheLastBaseFinishesOrTheFirstFails() {
    var merge = MergeRules<Int, TestError>(bases: 2)
    _ = merge.baseEnded(0, .finished, produced: true)
    #expect(!merge.outbox.isClosed)
    _ = merge.baseEnded(1, .finished, produced: false)
    #expect(merge.outbox.isClosed)
    var failing = MergeRules<Int, TestError>(bases: 3)
    _ = failing.baseEnded(2, .failed(TestError()), produced: false)
    #expect(failing.outbox.isClosed)
  }

  /// Two queues of a zip of two.
  struct Pair: Sendable {
    var left: [Int] = []
    var right: [String] = []
  }

  static func zipOfTwo() -> ZipRules<Pair, String, TestError> {
    ZipRules(
      queues: Pair(), counts: [{ $0.left.count }, { $0.right.count }],
      take: { queues in
        guard !queues.left.isEmpty, !queues.right.isEmpty else { return nil }
        return "\(queues.left.removeFirst())\(queues.right.removeFirst())"
      })
  }

  @Test func zipPairsInOrderAndAFailureWaitsBehindWhatCanStillBePaired() {
    var zip = Self.zipOfTwo()
    _ = zip.add { $0.left.append(1) }
    _ = zip.add { $0.left.append(2) }
    _ = zip.add { $0.right.append("a") }
    #expect(zip.outbox.buffer == ["1a"])
    // The right base fails with its queue empty: no tuple can be made any more, so the
    // output ends at once (the left's 2 is dropped).
    _ = zip.baseEnded(1, .failed(TestError()), produced: true)
    #expect(zip.outbox.isClosed)
    var waiting = Self.zipOfTwo()
    _ = waiting.add { $0.right.append("a") }
    _ = waiting.add { $0.right.append("b") }
    _ = waiting.baseEnded(1, .failed(TestError()), produced: true)
    #expect(!waiting.outbox.isClosed)  // a and b can still be paired
    _ = waiting.add { $0.left.append(1) }
    _ = waiting.add { $0.left.append(2) }
    #expect(waiting.outbox.buffer == ["1a", "2b"])
    #expect(waiting.outbox.isClosed)
    if case .failed? = waiting.outbox.terminal {} else { Issue.record("the failure was lost") }
  }

  @Test func aZipBaseWaitsOnceItsQueueIsFull() {
    var zip = Self.zipOfTwo()
    for value in 0..<ZipRules<Pair, String, TestError>.queueLimit {
      #expect(!zip.mustWait(0))
      _ = zip.add { $0.left.append(value) }
    }
    #expect(zip.mustWait(0) && !zip.mustWait(1))
  }

  @Test func combineLatestEmitsOnceEveryValueIsThereAndEndsWithItsTriggers() {
    var rules = CombineLatestRules<(Int?, String?), String, TestError>(
      values: (nil, nil), triggers: [true, false],
      combine: { values in values.0.flatMap { left in values.1.map { "\(left)\($0)" } } })
    _ = rules.update(emits: true) { $0.0 = 1 }
    #expect(rules.outbox.buffer.isEmpty)  // the second value is not there yet
    _ = rules.update(emits: false) { $0.1 = "x" }
    #expect(rules.outbox.buffer.isEmpty)  // the second base only updates
    _ = rules.update(emits: true) { $0.0 = 2 }
    #expect(rules.outbox.buffer == ["2x"])
    _ = rules.baseEnded(1, .finished, produced: true)  // a non-trigger just stops
    #expect(!rules.outbox.isClosed)
    _ = rules.baseEnded(0, .finished, produced: true)
    #expect(rules.outbox.isClosed)
  }
}

struct TestError: Error, Equatable {}
