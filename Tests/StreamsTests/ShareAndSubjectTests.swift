import Streams
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
      let shared = MarbleDiagram("a-b-c|").events(on: clock, frame: frame).share()
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

@Suite struct SubjectTests {
  @Test func aPassthroughSubjectDeliversWhatIsSentAfterSubscribing() async throws {
    let subject = PassthroughSubject<Int, Never>()
    subject.send(0)  // nobody listens yet
    var first = subject.makeAsyncIterator()
    subject.send(1)
    var second = subject.makeAsyncIterator()
    subject.send(2)
    subject.finish()
    subject.send(3)  // ignored after the end
    var a: [Int] = []
    var b: [Int] = []
    while let value = await first.next() { a.append(value) }
    while let value = await second.next() { b.append(value) }
    #expect(a == [1, 2])
    #expect(b == [2])
    var late = subject.makeAsyncIterator()
    #expect(await late.next() == nil)
  }

  @Test func failingReachesEveryConsumerWithItsType() async throws {
    let subject = PassthroughSubject<Int, Boom>()
    var iterator = subject.makeAsyncIterator()
    subject.send(7)
    subject.fail(Boom())
    #expect(try await iterator.next() == 7)
    do throws(Boom) {
      _ = try await iterator.next()
      Issue.record("should have thrown")
    } catch {
      #expect(error == Boom())
    }
  }

  @Test func aCurrentValueSubjectReplaysItsValueToNewConsumers() async throws {
    let subject = CurrentValueSubject<String, Never>("idle")
    var first = subject.makeAsyncIterator()
    subject.value = "loading"
    var second = subject.makeAsyncIterator()
    subject.send("done")
    subject.finish()
    var a: [String] = []
    var b: [String] = []
    while let value = await first.next() { a.append(value) }
    while let value = await second.next() { b.append(value) }
    #expect(a == ["idle", "loading", "done"])
    #expect(b == ["loading", "done"])
    #expect(subject.value == "done")
  }

  @Test func aBoundedSubjectNeverBlocksTheSender() async throws {
    let newest = PassthroughSubject<Int, Never>(bufferingPolicy: .bufferingNewest(3))
    let oldest = PassthroughSubject<Int, Never>(bufferingPolicy: .bounded(3))
    var keepsNewest = newest.makeAsyncIterator()
    var keepsOldest = oldest.makeAsyncIterator()
    for value in 1...1000 {
      newest.send(value)
      oldest.send(value)
    }
    newest.finish()
    oldest.finish()
    var a: [Int] = []
    var b: [Int] = []
    while let value = await keepsNewest.next() { a.append(value) }
    while let value = await keepsOldest.next() { b.append(value) }
    #expect(a == [998, 999, 1000])
    #expect(b == [1, 2, 3])
  }

  @Test func aCancelledConsumerLeavesTheOthersAlone() async throws {
    let values = try await withVirtualTime { clock -> [Int] in
      let subject = PassthroughSubject<Int, Never>()
      return await withTaskGroup(of: [Int].self) { group in
        group.addTask {
          var seen: [Int] = []
          for await value in subject { seen.append(value) }
          return seen
        }
        let quitter = spawnTask(named: "quitter") { for await _ in subject {} }
        try? await clock.advance(by: .zero)
        quitter.cancel()
        subject.send(1)
        subject.send(2)
        subject.finish()
        return await group.next() ?? []
      }
    }
    #expect(values == [1, 2])
  }
}
