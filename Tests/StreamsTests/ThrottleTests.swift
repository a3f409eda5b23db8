import Streams
import StreamsTesting
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
