import Streams
import StreamsTesting
import Synchronization
import Testing

@Suite struct ShareTests {
  @Test func everyConsumerGetsEveryElementAndTheBaseRunsOnce() async throws {
    let log = Log<String>()
    let results = try await withVirtualTime { clock in
      let shared = MarbleDiagram("a-b-c|").events(on: clock, frame: frame).probed(log).share()
      return await withTaskGroup(of: [String].self) { group in
        for _ in 0..<3 {
          group.addTask {
            var seen: [String] = []
            for await value in shared { seen.append(value) }
            return seen
          }
        }
        return await group.reduce(into: []) { $0.append($1) }
      }
    }
    #expect(results == Array(repeating: ["a", "b", "c"], count: 3))
    #expect(log.all == ["finished"])
  }

  @Test func aLateConsumerGetsOnlyWhatComesAfterItAndTheEnd() async throws {
    let (early, late, afterEnd) = try await withVirtualTime { clock in
      // Unbounded: the first consumer does not read while the second does.
      let shared = MarbleDiagram("a-b-c|").events(on: clock, frame: frame).share(
        bufferingPolicy: .unbounded)
      var first = shared.makeAsyncIterator()
      var early: [String] = []
      early.append(await first.next() ?? "-")
      try await clock.advance(to: .init(offset: frame * 3))
      var second = shared.makeAsyncIterator()
      var late: [String] = []
      while let value = await second.next() { late.append(value) }
      while let value = await first.next() { early.append(value) }
      var third = shared.makeAsyncIterator()
      return (early, late, await third.next())
    }
    #expect(early == ["a", "b", "c"])
    #expect(late == ["c"])
    #expect(afterEnd == nil)
  }

  @Test func whenTheLastConsumerLeavesTheBaseIsCancelled() async throws {
    let log = Log<String>()
    try await withVirtualTime { clock in
      let shared = MarbleDiagram("a-b-c-d-e-f").events(on: clock, frame: frame).probed(log).share()
      await withTaskGroup(of: Void.self) { group in
        for _ in 0..<2 { group.addTask { for await _ in shared {} } }
        try? await clock.advance(by: frame * 3)
        group.cancelAll()
      }
    }
    #expect(log.all == ["cancelled"])
  }

  @Test func aBoundedShareWaitsForTheSlowestConsumer() async throws {
    let fast = Log<Int>()
    let (aheadBeforeSlowStarts, slow) = try await withVirtualTime { clock in
      let shared = (1...20).async.share(bufferingPolicy: .bounded(2))
      var slowIterator = shared.makeAsyncIterator()
      return await withTaskGroup(of: Void.self) { group in
        group.addTask {
          for await value in shared { fast.append(value) }
        }
        // Let everything run: the fast consumer gets only as far as the slow one's buffer.
        try? await clock.advance(by: .zero)
        let ahead = fast.all.count
        var slow: [Int] = []
        while let value = await slowIterator.next() { slow.append(value) }
        await group.waitForAll()
        return (ahead, slow)
      }
    }
    #expect(aheadBeforeSlowStarts <= 3)
    #expect(fast.all == Array(1...20))
    #expect(slow == Array(1...20))
  }

  @Test func aBoundedShareWaitsForTheSlowestOfManyConsumers() async throws {
    let fast = Log<Int>()
    let (ahead, slowA, slowB) = try await withVirtualTime { clock in
      let shared = (1...20).async.share(bufferingPolicy: .bounded(2))
      // Two consumers that do not read yet, and one that reads as fast as it can.
      var first = shared.makeAsyncIterator()
      var second = shared.makeAsyncIterator()
      return await withTaskGroup(of: Void.self) { group in
        group.addTask {
          for await value in shared { fast.append(value) }
        }
        try? await clock.advance(by: .zero)
        // The base waits while either unread consumer's buffer is full.
        let ahead = fast.all.count
        var slowA: [Int] = []
        var slowB: [Int] = []
        while true {
          let a = await first.next()
          let b = await second.next()
          if let a { slowA.append(a) }
          if let b { slowB.append(b) }
          if a == nil, b == nil { break }
        }
        await group.waitForAll()
        return (ahead, slowA, slowB)
      }
    }
    #expect(ahead == 2)
    #expect(fast.all == Array(1...20))
    #expect(slowA == Array(1...20))
    #expect(slowB == Array(1...20))
  }

  @Test func theDefaultPolicyIsBoundedByOneAsInAsyncAlgorithms() async throws {
    let fast = Log<Int>()
    let ahead = try await withVirtualTime { clock in
      let shared = (1...5).async.share()
      var unread = shared.makeAsyncIterator()
      return await withTaskGroup(of: Void.self) { group in
        group.addTask { for await value in shared { fast.append(value) } }
        try? await clock.advance(by: .zero)
        let ahead = fast.all.count
        while await unread.next() != nil {}
        await group.waitForAll()
        return ahead
      }
    }
    #expect(ahead == 1)
    #expect(fast.all == [1, 2, 3, 4, 5])
  }

  @Test func replayGivesLateConsumersTheLatestElementsThenTheEnd() async throws {
    let (early, late, afterEnd) = try await withVirtualTime { clock in
      let shared = MarbleDiagram("a-b-c-d|").events(on: clock, frame: frame)
        .share(bufferingPolicy: .unbounded, replay: 2)
      var first = shared.makeAsyncIterator()
      var early: [String] = [await first.next() ?? "-"]
      try await clock.advance(to: .init(offset: frame * 5))
      var second = shared.makeAsyncIterator()
      var late: [String] = []
      while let value = await second.next() { late.append(value) }
      while let value = await first.next() { early.append(value) }
      var third = shared.makeAsyncIterator()
      var afterEnd: [String] = []
      while let value = await third.next() { afterEnd.append(value) }
      return (early, late, afterEnd)
    }
    #expect(early == ["a", "b", "c", "d"])
    #expect(late == ["b", "c", "d"])
    #expect(afterEnd == ["c", "d"])
  }

  @Test func aBaseThatIsNotSendableIsSharedAsInAsyncAlgorithms() async {
    // AsyncStream's iterator is not Sendable, nor is this sequence: share moves its one
    // iterator into the base's task.
    let stream = NotSendableCounter(limit: 3)
    let shared = stream.share(bufferingPolicy: .unbounded)
    var seen: [Int] = []
    for await value in shared { seen.append(value) }
    #expect(seen == [1, 2, 3])
  }

  @Test func aDroppingPolicyLetsASlowConsumerLoseOldElements() async throws {
    let slow = try await withVirtualTime { clock -> [String] in
      let shared = MarbleDiagram("abcdef|").events(on: clock, frame: frame).share(
        bufferingPolicy: .bufferingNewest(2))
      var slow = shared.makeAsyncIterator()
      var fast = shared.makeAsyncIterator()
      while await fast.next() != nil {}
      var seen: [String] = []
      while let value = await slow.next() { seen.append(value) }
      return seen
    }
    #expect(slow == ["e", "f"])
  }
}
