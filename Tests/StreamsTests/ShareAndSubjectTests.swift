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

  @Test func aCurrentValueSubjectAfterItsEndGivesOnlyTheEnd() async throws {
    let finished = CurrentValueSubject<String, Boom>("last")
    finished.finish()
    var late = finished.makeAsyncIterator()
    #expect(try await late.next() == nil)

    let failed = CurrentValueSubject<String, Boom>("last")
    failed.fail(Boom())
    var afterFailure = failed.makeAsyncIterator()
    await #expect(throws: Boom.self) { _ = try await afterFailure.next() }

    // As in Combine: setting the value after the end keeps it (nothing is sent); sending
    // after the end is ignored.
    finished.value = "kept"
    #expect(finished.value == "kept")
    finished.send("ignored")
    #expect(finished.value == "kept")
    var later = finished.makeAsyncIterator()
    #expect(try await later.next() == nil)
  }

  @Test func aReplaySubjectGivesNewConsumersTheLatestElements() async throws {
    let subject = ReplaySubject<Int, Never>(bufferSize: 2)
    subject.send(1)
    subject.send(2)
    subject.send(3)
    var early = subject.makeAsyncIterator()
    subject.send(4)
    subject.finish()
    subject.send(5)  // ignored after the end
    var afterEnd = subject.makeAsyncIterator()
    var a: [Int] = []
    var b: [Int] = []
    while let value = await early.next() { a.append(value) }
    while let value = await afterEnd.next() { b.append(value) }
    #expect(a == [2, 3, 4])
    #expect(b == [3, 4])  // as in RxJS: the replay, then the end
  }

  // Issue 21.4: the buffering policy limits live elements, never the replay.
  @Test func aReplayIsWholeWhateverTheBufferingPolicy() async throws {
    let subject = ReplaySubject<Int, Never>(bufferSize: 5, bufferingPolicy: .bounded(2))
    for value in 1...5 { subject.send(value) }
    var late = subject.makeAsyncIterator()
    for value in 6...8 { subject.send(value) }  // 8 finds the live buffer full: dropped
    subject.finish()
    var seen: [Int] = []
    while let value = await late.next() { seen.append(value) }
    #expect(seen == [1, 2, 3, 4, 5, 6, 7])

    let newest = ReplaySubject<Int, Never>(bufferSize: 3, bufferingPolicy: .bufferingNewest(1))
    for value in 1...3 { newest.send(value) }
    var iterator = newest.makeAsyncIterator()
    newest.send(4)
    newest.send(5)  // replaces 4, not a replayed element
    newest.finish()
    var kept: [Int] = []
    while let value = await iterator.next() { kept.append(value) }
    #expect(kept == [1, 2, 3, 5])
  }

  @Test func aLateConsumerOfAShareGetsTheWholeReplay() async throws {
    let (early, late) = try await withVirtualTime { clock in
      let shared = MarbleDiagram("abcd---e|").events(on: clock, frame: frame)
        .share(bufferingPolicy: .bufferingNewest(1), replay: 3)
      var first = shared.makeAsyncIterator()
      var early: [String] = [await first.next() ?? "-"]
      try await clock.advance(to: .init(offset: frame * 5))
      var second = shared.makeAsyncIterator()
      var late: [String] = []
      while let value = await second.next() { late.append(value) }
      while let value = await first.next() { early.append(value) }
      return (early, late)
    }
    #expect(late == ["b", "c", "d", "e"])
    #expect(early == ["a", "e"])  // its live buffer of one kept only the newest
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

/// A sequence that is not `Sendable` and whose iterator is not either.
final class NotSendableCounter: AsyncSequence {
  typealias Element = Int
  typealias Failure = Never
  let limit: Int
  init(limit: Int) { self.limit = limit }
  func makeAsyncIterator() -> Iterator { Iterator(limit: limit) }
  final class Iterator: AsyncIteratorProtocol {
    var count = 0
    let limit: Int
    init(limit: Int) { self.limit = limit }
    func next() async -> Int? {
      guard count < limit else { return nil }
      count += 1
      return count
    }
  }
}
