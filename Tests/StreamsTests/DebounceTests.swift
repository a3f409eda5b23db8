import Streams
import StreamsTesting
import Testing

@Suite struct DebounceTests {
  func debounced(_ input: MarbleDiagram, frames: Int) async throws -> MarbleDiagram {
    try await withVirtualTime { clock in
      let source = input.events(on: clock, frame: frame, failure: Boom())
      return await MarbleDiagram.record(
        source.debounce(for: frame * frames, clock: clock), on: clock, frame: frame)
    }
  }

  @Test func emitsTheLatestElementAfterAQuietPeriod() async throws {
    expectMarbles(try await debounced("a-bc------d---------|", frames: 4), "-------c------d-----|")
  }

  @Test func finishWhilePendingEmitsThePendingElementAtOnce() async throws {
    expectMarbles(try await debounced("a-b|", frames: 4), "---(b|)")
  }

  @Test func errorWhilePendingDropsThePendingElement() async throws {
    expectMarbles(try await debounced("a-b#", frames: 4), "---#")
  }

  @Test func settledElementsAreDeliveredBeforeALaterError() async throws {
    expectMarbles(try await debounced("a-----b#", frames: 2), "--a----#")
  }

  @Test func anElementArrivingAtTheDeadlineDoesNotCancelThePendingOne() async throws {
    expectMarbles(try await debounced("a---b-------|", frames: 4), "----a---b---|")
  }

  @Test func sameFrameElementsCountAsOne() async throws {
    expectMarbles(try await debounced("(abc)-----|", frames: 2), "--c---|")
  }

  @Test func emptyAndImmediateEnds() async throws {
    expectMarbles(try await debounced("|", frames: 2), "|")
    expectMarbles(try await debounced("#", frames: 2), "#")
    expectMarbles(try await debounced("--|", frames: 5), "--|")
  }

  @Test func aNeverFailingSourceIsConsumedWithoutTry() async throws {
    let values = try await withVirtualTime { clock in
      var values: [String] = []
      let debounced = MarbleDiagram("(ab)--c|").events(on: clock, frame: frame)
        .debounce(for: frame, clock: clock)
      for await value in debounced { values.append(value) }
      return values
    }
    #expect(values == ["b", "c"])
  }

  @Test func aThrowingSourceThrowsItsOwnErrorType() async throws {
    let caught = try await withVirtualTime { clock -> Boom? in
      let debounced = MarbleDiagram("a#").events(on: clock, frame: frame, failure: Boom())
        .debounce(for: frame, clock: clock)
      do throws(Boom) {
        for try await _ in debounced {}
        return nil
      } catch {
        return error
      }
    }
    #expect(caught == Boom())
  }

  @Test func worksOnTheContinuousClock() async {
    // The base finishes at once, so the pending element is emitted without waiting.
    var values: [Int] = []
    for await value in [1, 2, 3].async.debounce(for: .seconds(3600)) { values.append(value) }
    #expect(values == [3])
  }

  @Test func cancellingTheConsumerStopsTheBaseAndTheTimer() async throws {
    let log = Log<String>()
    let result = try await withVirtualTime { clock in
      let debounced = MarbleDiagram("a-b-c-d-e-f-g-h").events(on: clock, frame: frame)
        .probed(log).debounce(for: frame * 4, clock: clock)
      return await withTaskGroup(of: [String].self) { group in
        group.addTask {
          var seen: [String] = []
          for await value in debounced { seen.append(value) }
          return seen
        }
        try? await clock.advance(by: frame * 5)
        group.cancelAll()
        return await group.next() ?? []
      }
    }
    #expect(result == [])
    #expect(log.all == ["cancelled"])
  }

  @Test func droppingTheIteratorStopsEverything() async throws {
    let log = Log<String>()
    let first = try await withVirtualTime { clock in
      let debounced = MarbleDiagram("a----b----c----d").events(on: clock, frame: frame)
        .probed(log).debounce(for: frame * 2, clock: clock)
      var iterator = debounced.makeAsyncIterator()
      return await iterator.next()
    }
    #expect(first == "a")
    #expect(log.all == ["cancelled"])
  }
}
