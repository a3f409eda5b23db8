import Streams
import StreamsTesting
import Testing

/// When a base ends at the very instant a deadline falls due, what is due goes
/// out first, then the end — whichever task the clock wakes first. Each timeline is fed once
/// as a marble sequence (its end sleeps on the clock) and once through a `PassthroughSubject`
/// driven by a feeder task (the end comes from outside the operator's base), and both must
/// give the expected events. Inputs start one frame late so that the subject has its consumer
/// before the first element is sent.
@Suite struct SameInstantTests {
  enum Input: CaseIterable { case marble, subject }

  /// Plays `input` through `operator` on virtual time and lists the events with their times.
  func run(
    _ input: MarbleDiagram, as kind: Input,
    _ operate: @escaping @Sendable (Strings, VirtualClock) -> Strings
  ) async throws -> [String] {
    try await withVirtualTime { clock in
      switch kind {
      case .marble:
        let source = Strings(input.events(on: clock, frame: frame, failure: Boom()))
        return await timeline(operate(source, clock), on: clock)
      case .subject:
        let subject = PassthroughSubject<String, Boom>()
        let start = clock.now
        let feeder = spawnTask(named: "feeder") {
          for (position, event) in input.events {
            try? await clock.sleep(until: start.advanced(by: position.offset(frame: frame)))
            switch event {
            case .element(let value): subject.send(value)
            case .finish: subject.finish()
            case .failure: subject.fail(Boom())
            case .subscription, .cancellation: break
            }
          }
        }
        let events = await timeline(operate(Strings(subject), clock), on: clock)
        await feeder.value
        return events
      }
    }
  }

  func expect(
    _ input: MarbleDiagram, _ expected: [String],
    sourceLocation: SourceLocation = #_sourceLocation,
    _ operate: @escaping @Sendable (Strings, VirtualClock) -> Strings
  ) async throws {
    for kind in Input.allCases {
      let events = try await run(input, as: kind, operate)
      #expect(events == expected, "fed as \(kind)", sourceLocation: sourceLocation)
    }
  }

  @Test func debounceFlushesWhatIsDueBeforeAFailure() async throws {
    try await expect("-a--#", ["a@400 ms", "#@400 ms"]) { source, clock in
      Strings(source.debounce(for: frame * 3, clock: clock))
    }
    try await expect("-a--|", ["a@400 ms", "|@400 ms"]) { source, clock in
      Strings(source.debounce(for: frame * 3, clock: clock))
    }
  }

  @Test func throttleEmitsTheWindowsElementBeforeAFailure() async throws {
    try await expect("-ab-#", ["a@100 ms", "b@400 ms", "#@400 ms"]) { source, clock in
      Strings(source.throttle(for: frame * 3, clock: clock))
    }
  }

  @Test func chunkedByTimeKeepsTheChunkWhoseWindowClosesAtTheFailure() async throws {
    // Windows of 3 frames from the first `next()`, at 0: the first ends at 3, the second at 6.
    try await expect("--a-#", ["a@300 ms", "#@400 ms"]) { source, clock in
      Strings(
        source.chunked(by: .repeating(every: frame * 3, clock: clock)).map { $0.joined() })
    }
    try await expect("--a---#", ["a@300 ms", "#@600 ms"]) { source, clock in
      Strings(
        source.chunked(by: .repeating(every: frame * 3, clock: clock)).map { $0.joined() })
    }
    try await expect("-ab---#", ["ab@300 ms", "#@600 ms"]) { source, clock in
      Strings(
        source.chunks(ofCount: 5, or: .repeating(every: frame * 3, clock: clock)).map {
          $0.joined()
        })
    }
    try await expect("---a--#", ["a@600 ms", "#@600 ms"]) { source, clock in
      Strings(
        source.chunked(by: .repeating(every: frame * 3, clock: clock)).map { $0.joined() })
    }
  }

  @Test func timeoutTimesOutWhenTheEndComesAtTheDeadline() async throws {
    try await expect("-a---|", ["a@100 ms", "#@400 ms"]) { source, clock in
      Strings(source.timeout(after: frame * 3, clock: clock))
    }
    try await expect("-a--|", ["a@100 ms", "|@400 ms"]) { source, clock in
      Strings(source.timeout(after: frame * 4, clock: clock))
    }
  }
}

/// A sequence of strings with its type erased, so that one helper feeds every operator from
/// a marble or a subject, and reads every operator's output.
struct Strings: AsyncSequence, Sendable {
  typealias Element = String
  let make: @Sendable () -> () async throws -> String?

  init<S: AsyncSequence & Sendable>(_ base: S) where S.Element == String {
    make = {
      let box = IteratorBox(base.makeAsyncIterator())
      return { try await box.next() }
    }
  }

  struct AsyncIterator: AsyncIteratorProtocol {
    let step: () async throws -> String?
    mutating func next() async throws -> String? { try await step() }
  }

  func makeAsyncIterator() -> AsyncIterator { AsyncIterator(step: make()) }
}

/// Holds an iterator that only one task uses at a time.
final class IteratorBox<Iterator: AsyncIteratorProtocol>: @unchecked Sendable {
  var iterator: Iterator
  init(_ iterator: Iterator) { self.iterator = iterator }
  func next() async throws -> Iterator.Element? { try await iterator.next(isolation: nil) }
}
