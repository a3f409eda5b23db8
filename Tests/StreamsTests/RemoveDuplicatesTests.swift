import Streams
import StreamsTesting
import Testing

@Suite struct RemoveDuplicatesTests {
  @Test func dropsConsecutiveDuplicatesOnly() async {
    var values: [Int] = []
    for await value in [1, 1, 2, 2, 2, 1, 3, 3].async.removeDuplicates() { values.append(value) }
    #expect(values == [1, 2, 1, 3])
  }

  @Test func comparesWithAPredicateAgainstTheLastEmittedElement() async {
    var values: [Int] = []
    // Within 2 of the last emitted element counts as a duplicate.
    for await value in [1, 2, 3, 4, 10, 11, 13].async.removeDuplicates(by: { abs($0 - $1) <= 2 }) {
      values.append(value)
    }
    #expect(values == [1, 4, 10, 13])
  }

  @Test func aThrowingPredicateEndsTheSequenceWithItsError() async throws {
    var values: [Int] = []
    let deduplicated = [1, 1, 2, -1, 3].async.removeDuplicates { previous, next in
      if next < 0 { throw Boom() }
      return previous == next
    }
    var iterator = deduplicated.makeAsyncIterator()
    await #expect(throws: Boom.self) {
      while let value = try await iterator.next() { values.append(value) }
    }
    #expect(values == [1, 2])
    #expect(try await iterator.next() == nil)  // after the error, the end
  }

  @Test func equatableIsTheOnlyRequirementInGenericCode() async throws {
    func deduplicated<S: AsyncSequence>(_ base: S) async throws -> [S.Element]
    where S.Element: Equatable {
      var values: [S.Element] = []
      for try await value in base.removeDuplicates() { values.append(value) }
      return values
    }
    #expect(try await deduplicated(["a", "a", "b"].async) == ["a", "b"])
  }

  @Test func keepsTimingAndPassesFailuresThrough() async throws {
    let output = try await withVirtualTime { clock in
      let source = MarbleDiagram("aa-b-bb-a#").events(on: clock, frame: frame, failure: Boom())
      return await MarbleDiagram.record(source.removeDuplicates(), on: clock, frame: frame)
    }
    expectMarbles(output, "a--b----a#")
  }

  @Test func aThrowingBaseThrowsItsOwnErrorType() async throws {
    try await withVirtualTime { clock in
      let source = MarbleDiagram("a#").events(on: clock, frame: frame, failure: Boom())
      do throws(Boom) {
        for try await _ in source.removeDuplicates() {}
        Issue.record("should have failed")
      } catch {
        #expect(error == Boom())
      }
    }
  }

  @Test func cancellationReachesTheBase() async throws {
    let log = Log<String>()
    try await withVirtualTime { clock in
      let source = MarbleDiagram("a-a-a-a-b").events(on: clock, frame: frame).probed(log)
      await withTaskGroup(of: Void.self) { group in
        group.addTask { for await _ in source.removeDuplicates() {} }
        try? await clock.advance(by: frame * 3)
        group.cancelAll()
      }
    }
    #expect(log.all == ["cancelled"])
  }
}
