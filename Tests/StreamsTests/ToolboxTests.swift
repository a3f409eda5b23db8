import Streams
import StreamsTesting
import Testing

@Suite struct ToolboxTests {
  @Test func scanEmitsEachRunningResult() async {
    var results: [Int] = []
    for await value in [1, 2, 3, 4].async.scan(0, +) { results.append(value) }
    #expect(results == [1, 3, 6, 10])
  }

  @Test func reductionsAsInAsyncAlgorithms() async throws {
    let numbers = [1, 2, 3, 4].async
    var exclusive: [Int] = []
    for await value in numbers.reductions(10, +) { exclusive.append(value) }
    var into: [[Int]] = []
    for await value in numbers.reductions(into: [], { $0.append($1) }) { into.append(value) }
    var inclusive: [Int] = []
    for await value in numbers.reductions(+) { inclusive.append(value) }
    #expect(exclusive == [11, 13, 16, 20])
    #expect(into == [[1], [1, 2], [1, 2, 3], [1, 2, 3, 4]])
    #expect(inclusive == [1, 3, 6, 10])

    var beforeError: [Int] = []
    let failing = numbers.reductions(0) { sum, next in
      if next == 3 { throw Boom() }
      return sum + next
    }
    await #expect(throws: Boom.self) {
      for try await value in failing { beforeError.append(value) }
    }
    #expect(beforeError == [1, 3])
    let inclusiveFailing = numbers.reductions { (sum: Int, next: Int) throws -> Int in
      if next == 2 { throw Boom() }
      return sum + next
    }
    await #expect(throws: Boom.self) { for try await _ in inclusiveFailing {} }
  }

  @Test func deferredRunsItsClosureWhenAskedAndIsCancelledWithItsTask() async throws {
    let (output, log) = try await withVirtualTime { clock in
      let log = Log<String>()
      let deferred = Deferred { () async -> String? in
        log.append("asked at \(clock.now)")
        do {
          try await clock.sleep(for: .seconds(1))
        } catch {
          log.append("cancelled at \(clock.now)")
        }
        return "answer"
      }
      let output = await timeline(
        MarbleDiagram("a----b|").events(on: clock, frame: frame).flatMapLatest { _ in
          deferred.prepend("…")
        }, on: clock)
      return (output, log.all)
    }
    // The first answer would come at 1 s: b's switch at 500 ms cancels it, and its answer,
    // coming after the cancellation, is dropped.
    #expect(output == ["…@0 ms", "…@500 ms", "answer@1500 ms", "|@1500 ms"])
    #expect(Set(log) == ["asked at 0 ms", "cancelled at 500 ms", "asked at 500 ms"])
    var none = Deferred<Int> { nil }.makeAsyncIterator()
    #expect(await none.next() == nil)
  }

  @Test func compactedDropsNils() async {
    var results: [Int] = []
    for await value in [1, nil, 2, nil, nil, 3].async.compacted() { results.append(value) }
    #expect(results == [1, 2, 3])
  }

  @Test func prependComesFirstAndKeepsTiming() async throws {
    let output = try await withVirtualTime { clock in
      await MarbleDiagram.record(
        MarbleDiagram("--a-b|").events(on: clock, frame: frame).prepend("x"), on: clock,
        frame: frame)
    }
    expectMarbles(output, "x-a-b|")
  }

  @Test func catchContinuesWithAnotherSequenceAndReplaceErrorEnds() async throws {
    let (caught, replaced) = try await withVirtualTime { clock in
      let failing = MarbleDiagram("ab#").events(on: clock, frame: frame, failure: Boom())
      let caught = await MarbleDiagram.record(
        failing.catch { _ in MarbleDiagram("-xy|").events(on: clock, frame: frame) }, on: clock,
        frame: frame)
      let replaced = await MarbleDiagram.record(
        failing.replaceError(with: "z"), on: clock, frame: frame)
      return (caught, replaced)
    }
    expectMarbles(caught, "ab-xy|")
    expectMarbles(replaced, "ab(z|)")
  }

  @Test func handleEventsReportsElementsAndTheEnd() async throws {
    let log = Log<String>()
    try await withVirtualTime { clock in
      let logged = MarbleDiagram("ab#").events(on: clock, frame: frame, failure: Boom())
        .handleEvents(
          receiveElement: { log.append("element \($0)") }, receiveFinish: { log.append("finish") },
          receiveFailure: { _ in log.append("failure") }, receiveCancel: { log.append("cancel") })
      _ = await MarbleDiagram.record(logged, on: clock, frame: frame)
      let cancelled = MarbleDiagram("a-----b").events(on: clock, frame: frame).handleEvents(
        receiveCancel: { log.append("cancel") })
      await withTaskGroup(of: Void.self) { group in
        group.addTask { for await _ in cancelled {} }
        try? await clock.advance(by: frame * 2)
        group.cancelAll()
      }
    }
    #expect(log.all == ["element a", "element b", "failure", "cancel"])
  }

  @Test func justEmptyAndFail() async throws {
    var just: [Int] = []
    for await value in Just(42) { just.append(value) }
    #expect(just == [42])
    var empty = 0
    for await _ in Empty<Int>() { empty += 1 }
    #expect(empty == 0)
    await #expect(throws: Boom.self) {
      for try await _ in Fail<Int, Boom>(error: Boom()) {}
    }
    let neverEnds = try await withVirtualTime { clock in
      await withTaskGroup(of: String.self) { group in
        group.addTask {
          for await _ in Empty<Int>(completeImmediately: false) {}
          return "ended at \(clock.now)"
        }
        try? await clock.advance(by: .seconds(5))
        group.cancelAll()
        return await group.next() ?? ""
      }
    }
    #expect(neverEnds == "ended at 5000 ms")
  }

  @Test func aTimerTicksOnTheClockAndDeliversMissedTicksAtOnce() async throws {
    let ticks = try await withVirtualTime { clock in
      var ticks: [String] = []
      var timer = AsyncTimerSequence(interval: .milliseconds(100), clock: clock).makeAsyncIterator()
      for _ in 0..<3 {
        if let tick = await timer.next() { ticks.append("\(tick)@\(clock.now)") }
      }
      try await clock.advance(by: .milliseconds(250))  // a slow consumer
      for _ in 0..<3 {
        if let tick = await timer.next() { ticks.append("\(tick)@\(clock.now)") }
      }
      return ticks
    }
    // The two ticks missed come at once, each with the instant it was due; then on time again.
    #expect(
      ticks == [
        "100 ms@100 ms", "200 ms@200 ms", "300 ms@300 ms", "400 ms@550 ms", "500 ms@550 ms",
        "600 ms@600 ms",
      ])
  }

  @Test func aTimerMadeWithRepeatingTicksOnItsClock() async throws {
    let ticks = try await withVirtualTime { clock in
      var timer = AsyncTimerSequence.repeating(every: .milliseconds(250), clock: clock)
        .makeAsyncIterator()
      return [await timer.next(), await timer.next()].map { "\($0.map { "\($0)" } ?? "nil")" }
    }
    #expect(ticks == ["250 ms", "500 ms"])
  }

  @Test func aTimerEndsWhenCancelled() async throws {
    let count = try await withVirtualTime { clock in
      await withTaskGroup(of: Int.self) { group in
        group.addTask {
          var count = 0
          for await _ in AsyncTimerSequence(interval: .seconds(1), clock: clock) { count += 1 }
          return count
        }
        try? await clock.advance(by: .milliseconds(3500))
        group.cancelAll()
        return await group.next() ?? -1
      }
    }
    #expect(count == 3)
  }
}
