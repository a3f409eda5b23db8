import Streams
import StreamsTesting
import Testing

/// flatMap(maxConcurrent:), flatMapConcat and flatMapFirst, as marble diagrams on virtual
/// time: which inners run, when the base is read, how they end.
@Suite struct FlatMapMergeTests {
  enum Operator {
    case concurrent(Int)
    case concat, first
  }

  /// Plays `outer`; each of its letters is mapped to the inner diagram of that letter.
  func played(
    _ outer: MarbleDiagram, _ op: Operator, inners: [String: MarbleDiagram],
    log: Log<String>? = nil
  ) async throws -> MarbleDiagram {
    try await withVirtualTime { clock in
      let base = outer.events(on: clock, frame: frame, failure: Boom()).probed(log ?? Log())
      let inner: @Sendable (String) -> Probe<MarbleSequence<Boom>> = { letter in
        log?.append("start \(letter)@\(clock.now)")
        return inners[letter, default: "|"].events(on: clock, frame: frame, failure: Boom())
          .probed(log ?? Log())
      }
      switch op {
      case .concurrent(let limit):
        return await MarbleDiagram.record(
          base.flatMap(maxConcurrent: limit, inner), on: clock, frame: frame)
      case .concat:
        return await MarbleDiagram.record(base.flatMapConcat(inner), on: clock, frame: frame)
      case .first:
        return await MarbleDiagram.record(base.flatMapFirst(inner), on: clock, frame: frame)
      }
    }
  }

  @Test func innersAreMergedAsTheyCome() async throws {
    let inners: [String: MarbleDiagram] = ["a": "1---2|", "b": "3---4|"]
    expectMarbles(try await played("a-b|", .concurrent(2), inners: inners), "1-3-2-4|")
  }

  @Test func atTheLimitTheBaseWaitsForASlot() async throws {
    let log = Log<String>()
    let inners: [String: MarbleDiagram] = ["a": "1---2|", "b": "3---4|", "c": "5|"]
    // With two slots taken, c (due at frame 3) is read only when a ends, at frame 5.
    expectMarbles(try await played("a-bc|", .concurrent(2), inners: inners, log: log), "1-3-254|")
    #expect(
      log.all.filter { $0.hasPrefix("start") } == [
        "start a@0 ms", "start b@200 ms", "start c@500 ms",
      ])
  }

  @Test func concatRunsTheInnersOneAfterAnotherInOrder() async throws {
    let inners: [String: MarbleDiagram] = ["a": "1-2|", "b": "3-4|", "c": "5|"]
    expectMarbles(try await played("(abc)|", .concat, inners: inners), "1-23-45|")
  }

  @Test func firstDropsWhatComesWhileAnInnerRuns() async throws {
    let log = Log<String>()
    let inners: [String: MarbleDiagram] = ["a": "1--2|", "b": "3|", "c": "4-5|"]
    // b comes while a runs: dropped, its inner never made; c comes after a ended.
    expectMarbles(try await played("a-b--c---|", .first, inners: inners, log: log), "1--2-4-5-|")
    #expect(log.all.filter { $0.hasPrefix("start") } == ["start a@0 ms", "start c@500 ms"])
  }

  @Test func anElementAtTheInstantAnInnerEndsComesInTheOrderTheirTasksWake() async throws {
    // a ends at frame 3 and b comes at frame 3. The base's task asked for b (at 0 ms) before
    // a's task slept towards its end, so the virtual clock wakes it first: a still runs,
    // and b is dropped.
    let inners: [String: MarbleDiagram] = ["a": "1--|", "b": "2|"]
    expectMarbles(try await played("a--b|", .first, inners: inners), "1---|")
    expectMarbles(try await played("a---b|", .first, inners: inners), "1---2|")
  }

  @Test func itFinishesWhenTheBaseAndEveryInnerHaveFinished() async throws {
    expectMarbles(try await played("a|", .concurrent(3), inners: ["a": "1--2|"]), "1--2|")
    expectMarbles(try await played("a----|", .concat, inners: ["a": "1|"]), "1----|")
    expectMarbles(try await played("|", .first, inners: [:]), "|")
  }

  @Test func aFailureEndsTheOutputAndCancelsEverythingElse() async throws {
    let log = Log<String>()
    let inners: [String: MarbleDiagram] = ["a": "1-#", "b": "2-----3|"]
    expectMarbles(try await played("ab---|", .concurrent(2), inners: inners, log: log), "12#")
    // The base and b were cancelled when a failed.
    #expect(
      log.all.filter { !$0.hasPrefix("start") }.sorted() == ["cancelled", "cancelled", "failed"])
    // While every slot is taken the base is not read: its failure is seen when a ends.
    expectMarbles(try await played("a-#", .concat, inners: ["a": "1---2|"]), "1---2#")
  }

  @Test func cancellingTheConsumerCancelsTheBaseAndTheInners() async throws {
    let log = Log<String>()
    let inners: [String: MarbleDiagram] = ["a": "1-----2|", "b": "3-----4|"]
    let received = try await withVirtualTime { clock in
      let base = MarbleDiagram("ab-----c|").events(on: clock, frame: frame).probed(log)
      let merged = base.flatMap(maxConcurrent: 2) { letter in
        inners[letter, default: "|"].events(on: clock, frame: frame).probed(log)
      }
      return await withTaskGroup(of: [String].self) { group in
        group.addTask {
          var received: [String] = []
          for await element in merged { received.append(element) }
          return received
        }
        try? await clock.sleep(for: .milliseconds(300))
        group.cancelAll()
        return await group.next() ?? []
      }
    }
    #expect(received == ["1", "3"])
    #expect(log.all == ["cancelled", "cancelled", "cancelled"])
  }

  @Test func innersThatCannotFailKeepTheBasesFailureAndTheOtherWayRound() async throws {
    let output = try await withVirtualTime { clock in
      let never = MarbleDiagram("ab|").events(on: clock, frame: frame)
      let typed: AsyncFlatMapMergeSequence<_, _, Boom> = never.flatMapConcat { letter in
        MarbleDiagram(letter == "a" ? "1|" : "#").events(on: clock, frame: frame, failure: Boom())
      }
      return await MarbleDiagram.record(typed, on: clock, frame: frame)
    }
    expectMarbles(output, "1#")
  }
}
