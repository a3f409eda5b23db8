import Streams
import StreamsTesting
import Testing

/// prefix(untilOutputFrom:), drop(untilOutputFrom:) and sample(_:), as marble diagrams on
/// virtual time; their rules tested as values.
@Suite struct TriggeredOperatorsTests {
  enum Operator {
    case prefix, drop, sample
  }

  func played(
    _ base: MarbleDiagram, _ op: Operator, trigger: MarbleDiagram, log: Log<String>? = nil
  ) async throws -> MarbleDiagram {
    try await withVirtualTime { clock in
      let base = base.events(on: clock, frame: frame, failure: Boom()).probed(log ?? Log())
      let trigger = trigger.events(on: clock, frame: frame, failure: Boom())
        .probed(log ?? Log())
      switch op {
      case .prefix:
        return await MarbleDiagram.record(
          base.prefix(untilOutputFrom: trigger), on: clock, frame: frame)
      case .drop:
        return await MarbleDiagram.record(
          base.drop(untilOutputFrom: trigger), on: clock, frame: frame)
      case .sample:
        return await MarbleDiagram.record(base.sample(trigger), on: clock, frame: frame)
      }
    }
  }

  @Test func prefixEndsWhenTheTriggerFires() async throws {
    let log = Log<String>()
    expectMarbles(try await played("abcdef|", .prefix, trigger: "---x|", log: log), "abc|")
    // The base was cancelled; the trigger's iteration stopped at its first element.
    #expect(log.all.sorted() == ["cancelled", "dropped"])
  }

  @Test func prefixIgnoresATriggerThatEndsOrFailsWithoutFiring() async throws {
    expectMarbles(try await played("a-b-c|", .prefix, trigger: "-|"), "a-b-c|")
    expectMarbles(try await played("a-b-c|", .prefix, trigger: "-#"), "a-b-c|")
    expectMarbles(try await played("a-#", .prefix, trigger: "----x"), "a-#")
  }

  @Test func dropLetsTheBaseThroughOnceTheTriggerFired() async throws {
    expectMarbles(try await played("abcdef|", .drop, trigger: "--x"), "--cdef|")
    expectMarbles(try await played("a-b-c|", .drop, trigger: "------x"), "-----|")
  }

  @Test func aTriggerThatEndsBeforeFiringEndsDropWithIt() async throws {
    let log = Log<String>()
    expectMarbles(try await played("a-b-c|", .drop, trigger: "-|", log: log), "-|")
    #expect(log.all.sorted() == ["cancelled", "finished"])
    expectMarbles(try await played("a-b-c|", .drop, trigger: "--#"), "--#")
    // Once it fired, its end changes nothing.
    expectMarbles(try await played("a-b-c|", .drop, trigger: "-x#"), "--b-c|")
  }

  @Test func sampleEmitsTheLatestElementOncePerTrigger() async throws {
    expectMarbles(
      try await played("ab-c---d--|", .sample, trigger: "--x-x-x--x--|"), "--b-c----d|")
  }

  @Test func sampleEndsWithEitherSide() async throws {
    expectMarbles(try await played("ab|", .sample, trigger: "---x"), "--|")
    expectMarbles(try await played("ab-cd", .sample, trigger: "--x|"), "--b|")
    expectMarbles(try await played("ab-----", .sample, trigger: "--#"), "--#")
    expectMarbles(try await played("a-#", .sample, trigger: "-x----"), "-a#")
  }

  @Test func aBaseElementAndATriggerAtTheSameInstantComeInTheOrderTheirTasksWake() async throws {
    // Both first events at frame 2: the trigger's task starts (and so sleeps) first and is
    // woken first — the trigger fires before c arrives.
    expectMarbles(try await played("--c-d|", .prefix, trigger: "--x"), "--|")
    expectMarbles(try await played("--c-d|", .drop, trigger: "--x"), "--c-d|")
    expectMarbles(try await played("--c-d|", .sample, trigger: "--x-x|"), "----c|")
  }

  @Test func cancellingTheConsumerCancelsBothReadings() async throws {
    let log = Log<String>()
    let received = try await withVirtualTime { clock in
      let base = MarbleDiagram("a-b-c-d|").events(on: clock, frame: frame).probed(log)
      let trigger = MarbleDiagram("-x-x-x-x|").events(on: clock, frame: frame).probed(log)
      let sampled = base.sample(trigger)
      return await withTaskGroup(of: [String].self) { group in
        group.addTask {
          var received: [String] = []
          for await element in sampled { received.append(element) }
          return received
        }
        try? await clock.sleep(for: .milliseconds(350))
        group.cancelAll()
        return await group.next() ?? []
      }
    }
    #expect(received == ["a", "b"])
    #expect(log.all == ["cancelled", "cancelled"])
  }
}
