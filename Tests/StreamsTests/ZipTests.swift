import Streams
import StreamsTesting
import Testing

@Suite struct ZipTests {
  @Test func pairsInOrderAndFinishesOnceTheShortestIsPaired() async throws {
    let log = Log<String>()
    let events = try await withVirtualTime { clock in
      let letters = MarbleDiagram("a-b-c|").events(on: clock, frame: frame)
      let digits = MarbleDiagram("-1--2-3--4|").events(on: clock, frame: frame).probed(log)
      return await timeline(zip(letters, digits), on: clock) { $0.0 + $0.1 }
    }
    // Letters end at 5 with c unpaired; 3 pairs it at 6, and nothing more can be paired.
    #expect(events == ["a1@100 ms", "b2@400 ms", "c3@600 ms", "|@600 ms"])
    #expect(log.all == ["dropped"])  // the digits' task stopped as the last pair was made
  }

  @Test func threeSequences() async throws {
    let events = try await withVirtualTime { clock in
      let bases = ["ab|", "-xy|", "--12|"].map { MarbleDiagram($0).events(on: clock, frame: frame) }
      return await timeline(zip(bases[0], bases[1], bases[2]), on: clock) { $0.0 + $0.1 + $0.2 }
    }
    #expect(events == ["ax1@200 ms", "by2@300 ms", "|@300 ms"])
  }

  @Test func anErrorComesAfterTheTuplesBeforeItAndCancelsTheOthers() async throws {
    let log = Log<String>()
    let events = try await withVirtualTime { clock in
      let letters = MarbleDiagram("a-b-#").events(on: clock, frame: frame, failure: Boom())
      let digits = MarbleDiagram("12-----3").events(on: clock, frame: frame, failure: Boom())
      return await timeline(zip(letters, digits.probed(log)), on: clock) { $0.0 + $0.1 }
    }
    #expect(events == ["a1@0 ms", "b2@200 ms", "#@400 ms"])
    #expect(log.all == ["cancelled"])
  }

  @Test func aFastBaseReadsOnlyABoundedWayAhead() async throws {
    let reads = Log<Int>()
    let read = try await withVirtualTime { clock in
      let fast = (1...1_000).async.handleEvents(receiveElement: { reads.append($0) })
      let silent = Empty<Int>(completeImmediately: false)
      let zipped = zip(fast, silent)
      return await withTaskGroup(of: Void.self) { group in
        group.addTask { for await _ in zipped {} }
        try? await clock.advance(by: .zero)
        let read = reads.all.count
        group.cancelAll()
        return read
      }
    }
    #expect(read <= 17)  // 16 queued, and one waiting to be queued
  }

  @Test func keepsEveryPairInOrderOnTheRealExecutor() async {
    var pairs: [Int] = []
    for await (a, b) in zip((0..<5_000).async, (0..<5_000).async.map { $0 * 2 }) {
      pairs.append(b - 2 * a)
    }
    #expect(pairs.count == 5_000)
    #expect(pairs.allSatisfy { $0 == 0 })
  }

  @Test func mixedFailureTypesFailWithAnyError() async throws {
    try await withVirtualTime { clock in
      let never = MarbleDiagram("ab|").events(on: clock, frame: frame)
      let throwing = MarbleDiagram("x#").events(on: clock, frame: frame, failure: Boom())
      let zipped: AsyncZipSequence<([String], [String]), (String, String), any Error> = zip(
        never, throwing)
      await #expect(throws: Boom.self) { for try await _ in zipped {} }
    }
  }

  // A failure waits behind the elements its base read before it.
  @Test func aFailureComesAfterTheTuplesItsEarlierElementsComplete() async throws {
    let log = Log<String>()
    let events = try await withVirtualTime { clock in
      let numbers = MarbleDiagram("1-#").events(on: clock, frame: frame, failure: Boom())
      let letters = MarbleDiagram("---a|").events(on: clock, frame: frame).probed(log)
      return await timeline(zip(numbers, letters), on: clock) { $0.0 + $0.1 }
    }
    #expect(events == ["1a@300 ms", "#@300 ms"])
    #expect(log.all == ["dropped"])
  }

  @Test func aHeldFailureEndsTheOutputWhenAnotherBaseRunsOut() async throws {
    let events = try await withVirtualTime { clock in
      let numbers = MarbleDiagram("12#").events(on: clock, frame: frame, failure: Boom())
      let letters = MarbleDiagram("---a--|").events(on: clock, frame: frame, failure: Boom())
      return await timeline(zip(numbers, letters), on: clock) { $0.0 + $0.1 }
    }
    // 2 is never paired: the letters' finish at 6 ends the output, with the held failure.
    #expect(events == ["1a@300 ms", "#@600 ms"])
  }

  @Test func theFirstFailureWins() async throws {
    struct Tagged: Error, Equatable { let id: Int }
    let caught = try await withVirtualTime { clock -> Tagged? in
      let numbers = MarbleDiagram("1#").events(on: clock, frame: frame, failure: Tagged(id: 1))
      let letters = MarbleDiagram("--#").events(on: clock, frame: frame, failure: Tagged(id: 2))
      do {
        for try await _ in zip(numbers, letters) {}
        return nil
      } catch { return error as? Tagged }
    }
    // The numbers fail at 1 holding an unpaired 1; the letters' failure at 2 comes second.
    #expect(caught == Tagged(id: 1))
  }

  @Test func aFailureAfterReadAheadIsDeterministicOnTheRealExecutor() async {
    struct Two: Error {}
    for _ in 0..<200 {
      let numbers = [1, 2, 3].async.map { value throws(Two) -> Int in
        if value == 2 { throw Two() }
        return value
      }
      var pairs: [String] = []
      var failed = false
      do {
        for try await (number, letter) in zip(numbers, ["a", "b", "c"].async) {
          pairs.append("\(number)\(letter)")
        }
      } catch {
        failed = error is Two
      }
      #expect(pairs == ["1a"])
      #expect(failed)
    }
  }
}
