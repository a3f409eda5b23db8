import Streams
import Testing

@Suite struct ThrottleTests {
  func throttled(_ input: MarbleDiagram, frames: Int, latest: Bool = true) async throws
    -> MarbleDiagram
  {
    try await withVirtualTime { clock in
      let source = input.events(on: clock, frame: frame, failure: Boom())
      return await MarbleDiagram.record(
        source.throttle(for: frame * frames, clock: clock, latest: latest), on: clock, frame: frame)
    }
  }

  @Test func emitsTheFirstAtOnceThenTheLatestPerWindow() async throws {
    expectMarbles(try await throttled("abc---d-e--|", frames: 3), "a--c--d--e-|")
  }

  @Test func canKeepTheFirstElementOfEachWindowInstead() async throws {
    expectMarbles(try await throttled("abc---d-e--|", frames: 3, latest: false), "a--b--d--e-|")
  }

  @Test func finishWhileHoldingEmitsTheHeldElementAtOnce() async throws {
    expectMarbles(try await throttled("ab|", frames: 5), "a-(b|)")
  }

  @Test func anErrorDropsTheHeldElement() async throws {
    expectMarbles(try await throttled("ab#", frames: 5), "a-#")
  }

  @Test func anElementAtTheEndOfAWindowBelongsToTheNext() async throws {
    expectMarbles(try await throttled("a--b---|", frames: 3), "a--b---|")
    expectMarbles(try await throttled("ab-c---|", frames: 3), "a--b--c|")
  }

  @Test func aSteadyStreamIsThinnedToOnePerInterval() async throws {
    // e and i arrive as a window closes: they open no window of their own, the held d and h
    // go out at the boundary and e, i wait in the next window.
    expectMarbles(try await throttled("abcdefghij|", frames: 4), "a---d---h-(j|)")
  }

  @Test func cancellationStopsTheBaseAndTheTimer() async throws {
    let log = Log<String>()
    try await withVirtualTime { clock in
      let throttled = MarbleDiagram("abcdefgh").events(on: clock, frame: frame).probed(log)
        .throttle(for: frame * 3, clock: clock)
      await withTaskGroup(of: Void.self) { group in
        group.addTask { for await _ in throttled {} }
        try? await clock.advance(by: frame * 4)
        group.cancelAll()
      }
    }
    #expect(log.all == ["cancelled"])
  }

  @Test func reducingFoldsEachWindowIntoOneValue() async throws {
    // Counts per window: a passes alone, b and c share a window, d and e each open one.
    let counts = try await withVirtualTime { clock in
      let source = MarbleDiagram("abc---d-e--|").events(on: clock, frame: frame)
      return await MarbleDiagram.record(
        source.throttle(for: frame * 3, clock: clock) { (count: Int?, _: String) in
          (count ?? 0) + 1
        }, on: clock, frame: frame)
    }
    expectMarbles(counts, "1--2--1--1-|")
  }

  @Test func anAsynchronousReducerThatSuspendsIsFoldedOutsideTheLock() async throws {
    actor Joiner {
      func join(_ held: String?, _ next: String) -> String { (held ?? "") + next }
    }
    let joiner = Joiner()
    let joined = try await withVirtualTime { clock in
      let source = MarbleDiagram("abc---d-e--|").events(on: clock, frame: frame)
      var values: [String] = []
      for await value in source.throttle(
        for: frame * 3, clock: clock,
        reducing: {
          await joiner.join($0, $1)
        })
      {
        values.append("\(value)@\(clock.now)")
      }
      return values
    }
    #expect(joined == ["a@0 ms", "bc@300 ms", "d@600 ms", "e@900 ms"])
  }

  @Test func aFoldOverlappingTheEndOfItsWindowStartsOverInTheNextWindow() async throws {
    // Folding c takes two frames: the window holding b closes meanwhile, so c is folded
    // again against the next window (and takes two more frames), which it then closes.
    let output = try await withVirtualTime { clock in
      let source = MarbleDiagram("abc-----|").events(on: clock, frame: frame)
      let throttled = source.throttle(for: frame * 3, clock: clock) {
        (_: String?, next: String) async -> String in
        if next == "c" { try? await clock.sleep(for: frame * 2) }
        return next
      }
      return await MarbleDiagram.record(throttled, on: clock, frame: frame)
    }
    expectMarbles(output, "a--b--c-|")
  }

  @Test func aNeverFailingBaseNeedsNoTry() async throws {
    let values = try await withVirtualTime { clock in
      var values: [String] = []
      for await value in MarbleDiagram("ab|").events(on: clock, frame: frame).throttle(
        for: frame, clock: clock)
      {
        values.append(value)
      }
      return values
    }
    #expect(values == ["a", "b"])
  }
}

@Suite struct CombineLatestTests {
  @Test func emitsOnceBothHaveProducedThenOnEveryChange() async throws {
    let events = try await withVirtualTime { clock in
      let letters = MarbleDiagram("a-b---c|").events(on: clock, frame: frame)
      let digits = MarbleDiagram("-1--2|").events(on: clock, frame: frame)
      var events: [String] = []
      for await (letter, digit) in combineLatest(letters, digits) {
        events.append("\(letter)\(digit)@\(clock.now.offset / frame)")
      }
      events.append("end@\(clock.now.offset / frame)")
      return events
    }
    #expect(events == ["a1@1.0", "b1@2.0", "b2@4.0", "c2@6.0", "end@7.0"])
  }

  @Test func threeBases() async throws {
    let events = try await withVirtualTime { clock in
      let first = MarbleDiagram("a---b|").events(on: clock, frame: frame)
      let second = MarbleDiagram("-c|").events(on: clock, frame: frame)
      let third = MarbleDiagram("--d|").events(on: clock, frame: frame)
      var events: [String] = []
      for await (a, b, c) in combineLatest(first, second, third) { events.append(a + b + c) }
      return events
    }
    #expect(events == ["acd", "bcd"])
  }

  @Test func aBaseThatFinishesEmptyEndsItAtOnce() async throws {
    let log = Log<String>()
    let events = try await withVirtualTime { clock in
      let letters = MarbleDiagram("a----b|").events(on: clock, frame: frame).probed(log)
      let empty = MarbleDiagram("--|").events(on: clock, frame: frame)
      var events: [String] = []
      for await pair in combineLatest(letters, empty) { events.append("\(pair)") }
      events.append("end@\(clock.now)")
      return events
    }
    #expect(events == ["end@200 ms"])
    #expect(log.all == ["cancelled"])
  }

  @Test func anErrorCancelsTheOtherBase() async throws {
    let log = Log<String>()
    let outcome = try await withVirtualTime { clock -> String in
      let letters = MarbleDiagram("a--#").events(on: clock, frame: frame, failure: Boom())
      let digits = MarbleDiagram("1------2|").events(on: clock, frame: frame, failure: Boom())
        .probed(log)
      var seen = ""
      do throws(Boom) {
        for try await (letter, digit) in combineLatest(letters, digits) { seen += letter + digit }
        return "finished"
      } catch {
        return "\(seen) failed at \(clock.now)"
      }
    }
    #expect(outcome == "a1 failed at 300 ms")
    #expect(log.all == ["cancelled"])
  }

  @Test func mixedFailureTypesFailWithAnyError() async throws {
    try await withVirtualTime { clock in
      let never = MarbleDiagram("a|").events(on: clock, frame: frame)
      let throwing = MarbleDiagram("-#").events(on: clock, frame: frame, failure: Boom())
      let combined: AsyncCombineLatestSequence<_, (String, String), any Error> = combineLatest(
        never, throwing)
      await #expect(throws: Boom.self) { for try await _ in combined {} }
    }
  }
}
