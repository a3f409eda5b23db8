import Streams
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
}
