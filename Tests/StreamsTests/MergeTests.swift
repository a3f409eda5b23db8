import Streams
import StreamsTesting
import Testing

@Suite struct MergeTests {
  func merged(_ diagrams: [MarbleDiagram], log: Log<String> = Log()) async throws -> MarbleDiagram {
    try await withVirtualTime { clock in
      let sources = diagrams.map { $0.events(on: clock, frame: frame, failure: Boom()).probed(log) }
      return await MarbleDiagram.record(merge(sources), on: clock, frame: frame)
    }
  }

  @Test func elementsComeOutInArrivalOrder() async throws {
    expectMarbles(try await merged(["a--c--|", "-b--d|"]), "ab-cd-|")
  }

  @Test func twoAndThreeBasesOfDifferentTypes() async throws {
    let (two, three) = try await withVirtualTime { clock in
      let letters = MarbleDiagram("a--c|").events(on: clock, frame: frame)
      let digits = MarbleDiagram("-1|").events(on: clock, frame: frame).removeDuplicates()
      let more = ["x"].async
      let two = await MarbleDiagram.record(merge(letters, digits), on: clock, frame: frame)
      let three = await MarbleDiagram.record(merge(letters, digits, more), on: clock, frame: frame)
      return (two, three)
    }
    expectMarbles(two, "a1-c|")
    expectMarbles(three, "(ax)1-c|")
  }

  @Test func sameFrameEventsFollowTheOrderOfTheBases() async throws {
    expectMarbles(try await merged(["a|", "b|", "c|"]), "(abc)|")
  }

  @Test func finishesWhenEveryBaseHasFinished() async throws {
    expectMarbles(try await merged(["|", "--a|"]), "--a|")
    expectMarbles(try await merged(["a|", "-----|"]), "a----|")
    expectMarbles(try await merged([]), "|")
  }

  @Test func anErrorCancelsTheOtherBasesAndIsThrownAfterEarlierElements() async throws {
    let log = Log<String>()
    expectMarbles(try await merged(["a---#", "-b------c|"], log: log), "ab--#")
    #expect(Set(log.all) == ["failed", "cancelled"])
  }

  @Test func cancellingTheConsumerCancelsEveryBase() async throws {
    let log = Log<String>()
    try await withVirtualTime { clock in
      let sources = ["a-----b", "--c------d"].map {
        MarbleDiagram($0).events(on: clock, frame: frame).probed(log)
      }
      await withTaskGroup(of: Void.self) { group in
        group.addTask { for await _ in merge(sources) {} }
        try? await clock.advance(by: frame * 3)
        group.cancelAll()
      }
    }
    #expect(log.all == ["cancelled", "cancelled"])
  }

  @Test func droppingTheIteratorCancelsEveryBase() async throws {
    let log = Log<String>()
    let first = try await withVirtualTime { clock in
      let sources = ["a-----b", "--c------d"].map {
        MarbleDiagram($0).events(on: clock, frame: frame).probed(log)
      }
      var iterator = merge(sources).makeAsyncIterator()
      return await iterator.next()
    }
    #expect(first == "a")
    #expect(log.all == ["cancelled", "cancelled"])
  }

  @Test func failureTypesAreKept() async throws {
    try await withVirtualTime { clock in
      let never = MarbleDiagram("a|").events(on: clock, frame: frame)
      let throwing = MarbleDiagram("b#").events(on: clock, frame: frame, failure: Boom())
      for await _ in merge(never, never) {}
      let typed: AsyncMergeSequence<String, Boom> = merge(throwing, throwing, throwing)
      do throws(Boom) {
        for try await _ in typed {}
        Issue.record("the merge should have failed")
      } catch {
        #expect(error == Boom())
      }
      let mixed: AsyncMergeSequence<String, any Error> = merge(never, throwing)
      await #expect(throws: Boom.self) {
        for try await _ in mixed {}
      }
    }
  }

  @Test func keepsEveryElementAndEachBasesOrderOnTheRealExecutor() async {
    let count = 5_000
    let evens = stride(from: 0, to: count * 2, by: 2).map { $0 }
    let odds = stride(from: 1, to: count * 2, by: 2).map { $0 }
    var received: [Int] = []
    for await value in merge(evens.async, odds.async) { received.append(value) }
    #expect(received.count == count * 2)
    #expect(received.filter { $0 % 2 == 0 } == evens)
    #expect(received.filter { $0 % 2 == 1 } == odds)
  }
}
