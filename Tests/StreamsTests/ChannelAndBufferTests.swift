import Streams
import StreamsTesting
import Testing

/// AsyncChannel and AsyncThrowingChannel (a send waits for its consumer; an end
/// resumes everyone) and buffer(policy:) with each policy — on virtual time, exact.
@Suite struct ChannelAndBufferTests {
  struct Boom: Error, Equatable {}

  @Test func aSendReturnsWhenItsElementIsTaken() async throws {
    let events = try await withVirtualTime { clock in
      let channel = AsyncChannel<Int>()
      let log = Log<String>()
      await withTaskGroup(of: Void.self) { group in
        group.addTask {
          for value in 1...3 {
            await channel.send(value)
            log.append("sent \(value)@\(clock.now)")
          }
          channel.finish()
        }
        for await value in channel {
          log.append("got \(value)@\(clock.now)")
          try? await clock.sleep(for: .seconds(1))
        }
      }
      return log.all
    }
    // Each send returns when its element is taken (the consumer waited first for 1; the
    // producer's send of 2 waits until the consumer comes back at 1000 ms): the producer
    // never runs ahead of the consumer.
    #expect(
      events == [
        "sent 1@0 ms", "got 1@0 ms", "got 2@1000 ms", "sent 2@1000 ms", "got 3@2000 ms",
        "sent 3@2000 ms",
      ])
  }

  @Test func anEndResumesEveryWaitingSendAndConsumer() async throws {
    let (sends, taken) = try await withVirtualTime { clock in
      let channel = AsyncThrowingChannel<Int, any Error>()
      let log = Log<String>()
      await withTaskGroup(of: Void.self) { group in
        for value in 1...2 {
          group.addTask {
            await channel.send(value)
            log.append("send \(value) returned at \(clock.now)")
          }
        }
        try? await clock.sleep(for: .seconds(1))
        channel.fail(Boom())
      }
      var iterator = channel.makeAsyncIterator()
      var taken: [String] = []
      for _ in 0..<2 {
        do { taken.append("\(try await iterator.next() as Any)") } catch { taken.append("failure") }
      }
      return (log.all.sorted(), taken)
    }
    #expect(sends == ["send 1 returned at 1000 ms", "send 2 returned at 1000 ms"])
    // The elements of sends resumed by the end are dropped; the failure comes, then the end.
    #expect(taken == ["failure", "nil"])
  }

  @Test func aWaitingConsumerGetsTheFailureAndLaterOnesNil() async throws {
    let outcome = try await withVirtualTime { clock in
      let channel = AsyncThrowingChannel<Int, Boom>()
      return await withTaskGroup(of: String.self) { group in
        group.addTask {
          var iterator = channel.makeAsyncIterator()
          do throws(Boom) {
            _ = try await iterator.next()
            return "no failure"
          } catch {
            let next = try? await iterator.next()
            return "failed at \(clock.now), then \(String(describing: next))"
          }
        }
        try? await clock.sleep(for: .seconds(2))
        channel.fail(Boom())
        return await group.next() ?? ""
      }
    }
    #expect(outcome == "failed at 2000 ms, then nil")
  }

  @Test func aFailureNobodyWaitedForGoesToTheNextConsumerOnce() async throws {
    let channel = AsyncThrowingChannel<Int, Boom>()
    channel.fail(Boom())
    var first = channel.makeAsyncIterator()
    var second = channel.makeAsyncIterator()
    await #expect(throws: Boom.self) { try await first.next() }
    #expect(try await second.next() == nil)
    #expect(try await first.next() == nil)
  }

  @Test func cancellingASendOrANextResumesItAlone() async throws {
    let outcome = try await withVirtualTime { clock in
      let channel = AsyncChannel<Int>()
      let log = Log<String>()
      await withTaskGroup(of: Void.self) { group in
        group.addTask {
          await channel.send(1)
          log.append("send returned at \(clock.now)")
        }
        group.addTask {
          var iterator = AsyncChannel<Int>().makeAsyncIterator()
          log.append("next gave \(String(describing: await iterator.next())) at \(clock.now)")
        }
        try? await clock.sleep(for: .seconds(1))
        group.cancelAll()
      }
      // The cancelled send's element is gone: a later consumer waits for a new one.
      await withTaskGroup(of: Void.self) { group in
        group.addTask {
          var iterator = channel.makeAsyncIterator()
          log.append("late consumer got \(String(describing: await iterator.next()))")
        }
        try? await clock.sleep(for: .seconds(1))
        await channel.send(7)
      }
      return log.all.sorted()
    }
    #expect(
      outcome == [
        "late consumer got Optional(7)", "next gave nil at 1000 ms", "send returned at 1000 ms",
      ])
  }

  @Test func bufferKeepsWhatItsPolicySays() async throws {
    func buffered(_ policy: AsyncBufferSequencePolicy) async throws -> [Int] {
      try await withVirtualTime { _ in
        let subject = PassthroughSubject<Int, Never>()
        var iterator = subject.buffer(policy: policy).makeAsyncIterator()
        for value in 1...5 { subject.send(value) }
        subject.finish()
        var elements: [Int] = []
        while let element = await iterator.next() { elements.append(element) }
        return elements
      }
    }
    #expect(try await buffered(.unbounded) == [1, 2, 3, 4, 5])
    #expect(try await buffered(.bounded(2)) == [1, 2, 3, 4, 5])  // nothing lost: the base waits
    // The buffer's task starts at the first next(), with that consumer waiting: the first
    // element goes to it, then the policy keeps two (as swift-async-algorithms does).
    #expect(try await buffered(.bufferingLatest(2)) == [1, 4, 5])
    #expect(try await buffered(.bufferingOldest(2)) == [1, 2, 3])
  }

  @Test func aConsumerAlreadyWaitingTakesAnElementBeyondTheLimit() async throws {
    // The consumer waits from 0 ms; five elements come at 1 s. The first goes straight to it,
    // then the policy keeps at most its limit (a limit of 0 keeps nothing more).
    func buffered(_ policy: AsyncBufferSequencePolicy) async throws -> [Int] {
      try await withVirtualTime { clock in
        let subject = PassthroughSubject<Int, Never>()
        let sequence = subject.buffer(policy: policy)
        return await withTaskGroup(of: [Int].self) { group in
          group.addTask {
            var elements: [Int] = []
            for await element in sequence { elements.append(element) }
            return elements
          }
          try? await clock.sleep(for: .seconds(1))
          for value in 1...5 { subject.send(value) }
          subject.finish()
          return await group.next() ?? []
        }
      }
    }
    #expect(try await buffered(.bufferingOldest(0)) == [1])
    #expect(try await buffered(.bufferingLatest(0)) == [1])
    #expect(try await buffered(.bufferingOldest(2)) == [1, 2, 3])
    #expect(try await buffered(.bufferingLatest(2)) == [1, 4, 5])
  }

  @Test func aSlowConsumerOfABufferOfZeroGetsWhatComesWhileItWaits() async throws {
    let taken = try await withVirtualTime { clock in
      var taken: [String] = []
      let base = MarbleDiagram("a-b-c|").events(on: clock, frame: .milliseconds(100))
      for await element in base.buffer(policy: .bufferingOldest(0)) {
        taken.append("\(element)@\(clock.now)")
        try? await clock.sleep(for: .milliseconds(250))  // busy when b comes at 200 ms
      }
      return taken
    }
    #expect(taken == ["a@0 ms", "c@400 ms"])
  }

  @Test func bufferDeliversTheFailureAfterTheElementsBeforeIt() async throws {
    let diagram = try await withVirtualTime { clock in
      await MarbleDiagram.record(
        MarbleDiagram("a-b--#").events(on: clock, frame: .milliseconds(100), failure: Boom())
          .buffer(policy: .bounded(4)),
        on: clock, frame: .milliseconds(100))
    }
    #expect(diagram == "a-b--#")
  }
}
