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
      return (log.all.sorted(), try await iterator.next())
    }
    #expect(sends == ["send 1 returned at 1000 ms", "send 2 returned at 1000 ms"])
    #expect(taken == nil)  // the elements of sends resumed by the end are dropped
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
    #expect(try await buffered(.bufferingLatest(2)) == [4, 5])
    #expect(try await buffered(.bufferingOldest(2)) == [1, 2])
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
