import Streams
import StreamsTesting
import Testing

@Suite struct ChunksTests {
  @Test func chunksOfACountEndWithAShorterOne() async throws {
    var chunks: [[Int]] = []
    for await chunk in (1...5).async.chunks(ofCount: 2) { chunks.append(chunk) }
    #expect(chunks == [[1, 2], [3, 4], [5]])
    var strings: [String] = []
    for await chunk in "abcde".async.chunks(ofCount: 3, into: String.self) { strings.append(chunk) }
    #expect(strings == ["abc", "de"])
  }

  // Chunks cut by any signal sequence, as swift-async-algorithms' signal forms.
  @Test func aSignalSequenceCutsTheChunks() async throws {
    let (counted, signalled) = try await withVirtualTime { clock in
      let source = MarbleDiagram("abc-d--e|").events(on: clock, frame: frame)
      let signal = MarbleDiagram("-----x-----x").events(on: clock, frame: frame)
      let counted = await timeline(source.chunks(ofCount: 2, or: signal), on: clock) {
        $0.joined()
      }
      let again = MarbleDiagram("abc-d--e|").events(on: clock, frame: frame)
      let signalAgain = MarbleDiagram("-----x-----x").events(on: clock, frame: frame)
      let signalled = await timeline(again.chunked(by: signalAgain), on: clock) { $0.joined() }
      return (counted, signalled)
    }
    // By count: full at b and at d; the signal at 500 ms finds nothing collected; e is given
    // at the base's end — the signal, still running, does not hold the end back.
    #expect(counted == ["ab@100 ms", "cd@400 ms", "e@800 ms", "|@800 ms"])
    // By the signal alone (started at 800 ms): a to d cut at 1300 ms, e at the end.
    #expect(signalled == ["abcd@1300 ms", "e@1600 ms", "|@1600 ms"])
  }

  @Test func anErrorDropsTheChunkBeingGathered() async throws {
    let events = try await withVirtualTime { clock in
      let source = MarbleDiagram("abc#").events(on: clock, frame: frame, failure: Boom())
      return await timeline(source.chunks(ofCount: 2), on: clock) { $0.joined() }
    }
    #expect(events == ["ab@100 ms", "#@300 ms"])
  }

  // One rule for both count operators — a cancelled consumer gets no partial chunk.
  @Test func aCancelledConsumerGetsNoPartialChunk() async throws {
    let (byCount, byCountOrTime) = try await withVirtualTime { clock in
      let source = MarbleDiagram("ab").events(on: clock, frame: frame)
      let byCount = await MarbleDiagram.record(
        source.chunks(ofCount: 3), on: clock, frame: frame,
        subscription: "^----!")
      let timer = AsyncTimerSequence.repeating(every: frame * 10, clock: clock)
      let byCountOrTime = await MarbleDiagram.record(
        source.chunks(ofCount: 3, or: timer), on: clock, frame: frame,
        subscription: "^----!")
      return (byCount, byCountOrTime)
    }
    #expect(byCount == "^----!")
    #expect(byCountOrTime == "^----!")
  }

  func chunked(_ input: MarbleDiagram, frames: Int, count: Int? = nil) async throws -> [String] {
    try await withVirtualTime { clock in
      let source = input.events(on: clock, frame: frame, failure: Boom())
      let timer = AsyncTimerSequence.repeating(every: frame * frames, clock: clock)
      if let count {
        return await timeline(source.chunks(ofCount: count, or: timer), on: clock) { $0.joined() }
      }
      return await timeline(source.chunked(by: timer), on: clock) { $0.joined() }
    }
  }

  @Test func timeWindowsGatherWhatArrivesInThem() async throws {
    // Windows of 3 frames from the start; c arrives exactly as the first ends and belongs to
    // the second; empty windows emit nothing; the end emits what was gathered.
    #expect(
      try await chunked("ab-c----d-e|", frames: 3)
        == ["ab@300 ms", "c@600 ms", "d@900 ms", "e@1100 ms", "|@1100 ms"])
  }

  @Test func aFullChunkGoesOutAtOnceAndTheWindowGoesOn() async throws {
    #expect(
      try await chunked("abc-----|", frames: 3, count: 2)
        == ["ab@100 ms", "c@300 ms", "|@800 ms"])
  }

  @Test func anErrorDropsTheWindowBeingGathered() async throws {
    #expect(try await chunked("a--b-#", frames: 3) == ["a@300 ms", "#@500 ms"])
  }

  @Test func aLongQuietTimeCostsNoWakeUps() async throws {
    // One element after an hour of 1 ms windows: its window ends 1 ms later, exactly.
    let events = try await withVirtualTime { clock in
      let source = AsyncScheduledSequence(
        [(.seconds(3600) + .microseconds(500), 1)], end: .seconds(3601), clock: clock)
      return await timeline(
        source.chunked(by: .repeating(every: .milliseconds(1), clock: clock)), on: clock)
    }
    #expect(events == ["[1]@3600001 ms", "|@3601000 ms"])
  }
}
