import Streams
import StreamsTesting
import Testing

@testable import TestSupport

/// The same scenario, run many times and in parallel, gives the same output every time.
@Suite struct DeterminismTests {
  /// Typing and taps merged, debounced, de-duplicated and switched to a "search" each.
  static func scenario() async throws -> MarbleDiagram {
    try await withVirtualTime { clock in
      let typing = MarbleDiagram("a-b-c---d-e------f--|").events(on: clock, frame: frame)
      let taps = MarbleDiagram("----x-------y--y----|").events(on: clock, frame: frame)
      let results = merge(typing, taps)
        .debounce(for: frame * 2, clock: clock)
        .removeDuplicates()
        .flatMapLatest { query in MarbleDiagram("--\(query)|").events(on: clock, frame: frame) }
      return await MarbleDiagram.record(results, on: clock, frame: frame)
    }
  }

  /// Debounced: a@2 b@4 c@6 d@10 e@12 y@14 (y@17 is a duplicate) f@19, finish@20; each
  /// search answers 2 frames later. At frame 4 "x" and "c" arrive together and "x" wakes
  /// first (it registered its sleep earlier), so "c" is the latest. Where a search answer
  /// and a switch fall on one frame, the earlier-registered sleeper wins: "a" and "d" are
  /// superseded, "b" and "e" get out.
  static let expected: MarbleDiagram = "------b-c-----e-y----f|"

  @Test func aScenarioGivesTheSameOutputOneThousandTimes() async throws {
    var outputs: [MarbleDiagram: Int] = [:]
    let times = repetitions(1_000)
    for _ in 0..<times {
      outputs[try await Self.scenario(), default: 0] += 1
    }
    #expect(outputs == [Self.expected: times])
  }

  /// Fan-outs wake their consumers in subscription order: `share`, then each subject, each
  /// feeding a merge of an upper-cased consumer (subscribed first) and a plain one.
  static func fanoutScenario() async throws -> [MarbleDiagram] {
    try await withVirtualTime { clock in
      let shared = MarbleDiagram("a-b|").events(on: clock, frame: frame).share()
      var outputs = [
        await MarbleDiagram.record(
          merge(shared.map { $0.uppercased() }, shared), on: clock, frame: frame)
      ]
      let passthrough = PassthroughSubject<String, Never>()
      let current = CurrentValueSubject<String, Never>("a")
      let replay = ReplaySubject<String, Never>(bufferSize: 1)
      replay.send("a")
      for (subject, send, finish) in [
        (AnySendableSequence(passthrough), passthrough.send, passthrough.finish),
        (AnySendableSequence(current), current.send, current.finish),
        (AnySendableSequence(replay), replay.send, replay.finish),
      ] as [(AnySendableSequence, @Sendable (String) -> Void, @Sendable () -> Void)] {
        let feeder = spawnTask(named: "feeder") {
          try? await clock.sleep(for: frame)
          send("c")
          try? await clock.sleep(for: frame)
          send("d")
          finish()
        }
        outputs.append(
          await MarbleDiagram.record(
            merge(subject.map { $0.uppercased() }, subject), on: clock, frame: frame))
        await feeder.value
      }
      return outputs
    }
  }

  @Test func fanOutsGiveTheSameOutputOneThousandTimes() async throws {
    var outputs: [[MarbleDiagram]: Int] = [:]
    let times = repetitions(1_000)
    for _ in 0..<times {
      outputs[try await Self.fanoutScenario(), default: 0] += 1
    }
    #expect(outputs == [["(Aa)-(Bb)|", "-(Cc)(Dd|)", "(Aa)(Cc)(Dd|)", "(Aa)(Cc)(Dd|)"]: times])
  }

  @Test func parallelRunsDoNotDisturbEachOther() async throws {
    let outputs = try await withThrowingTaskGroup(of: MarbleDiagram.self) { group in
      for _ in 0..<16 { group.addTask { try await Self.scenario() } }
      return try await group.reduce(into: [MarbleDiagram]()) { $0.append($1) }
    }
    #expect(outputs == Array(repeating: Self.expected, count: 16))
  }
}

/// A type-erased subject of strings, so that one loop can drive each kind.
struct AnySendableSequence: AsyncSequence, Sendable {
  typealias Element = String
  typealias Failure = Never
  let make: @Sendable () -> AsyncFanoutIterator<String, Never>
  init(_ subject: PassthroughSubject<String, Never>) { make = { subject.makeAsyncIterator() } }
  init(_ subject: CurrentValueSubject<String, Never>) { make = { subject.makeAsyncIterator() } }
  init(_ subject: ReplaySubject<String, Never>) { make = { subject.makeAsyncIterator() } }
  func makeAsyncIterator() -> AsyncFanoutIterator<String, Never> { make() }
}
