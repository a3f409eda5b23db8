import Streams
import StreamsTesting
import Testing

@Suite struct CombineLatestManyAndWithLatestFromTests {
  @Test func combinesAnArrayOfSequencesInTheirOrder() async throws {
    let events = try await withVirtualTime { clock in
      let bases = ["a--b|", "-x|", "--1-|"].map {
        MarbleDiagram($0).events(on: clock, frame: frame)
      }
      return await timeline(combineLatest(bases), on: clock) { $0.joined() }
    }
    #expect(events == ["ax1@200 ms", "bx1@300 ms", "|@400 ms"])
  }

  @Test func overNoSequenceItFinishesAtOnce() async {
    var count = 0
    for await _ in combineLatest([AsyncSyncSequence<[Int]>]()) { count += 1 }
    #expect(count == 0)
  }

  @Test func withLatestFromPairsEachElementWithTheOthersLatest() async throws {
    let log = Log<String>()
    let events = try await withVirtualTime { clock in
      let taps = MarbleDiagram("a-b--c-d|").events(on: clock, frame: frame)
      let text = MarbleDiagram("-1--2|").events(on: clock, frame: frame)
      return await timeline(taps.withLatestFrom(text.probed(log)), on: clock) { $0.0 + $0.1 }
    }
    // a comes before any text and is dropped; the text finishing changes nothing.
    #expect(events == ["b1@200 ms", "c2@500 ms", "d2@700 ms", "|@800 ms"])
    #expect(log.all == ["finished"])
  }

  @Test func withLatestFromEndsWithItsBaseAndCancelsTheOther() async throws {
    let log = Log<String>()
    let events = try await withVirtualTime { clock in
      let taps = MarbleDiagram("-a-b|").events(on: clock, frame: frame)
      let text = MarbleDiagram("1-----2").events(on: clock, frame: frame).probed(log)
      return await timeline(taps.withLatestFrom(text), on: clock) { $0.0 + $0.1 }
    }
    #expect(events == ["a1@100 ms", "b1@300 ms", "|@400 ms"])
    #expect(log.all == ["cancelled"])
  }

  @Test func withLatestFromFailsWithEitherError() async throws {
    let events = try await withVirtualTime { clock in
      let taps = MarbleDiagram("-a--b|").events(on: clock, frame: frame, failure: Boom())
      let text = MarbleDiagram("1-#").events(on: clock, frame: frame, failure: Boom())
      return await timeline(taps.withLatestFrom(text), on: clock) { $0.0 + $0.1 }
    }
    #expect(events == ["a1@100 ms", "#@200 ms"])
  }
}
