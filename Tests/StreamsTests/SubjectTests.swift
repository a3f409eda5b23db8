import Streams
import StreamsTesting
import Synchronization
import Testing

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

  // The buffering policy limits live elements, never the replay.
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
