import Streams
import Synchronization
import Testing

/// The rest of swift-async-algorithms' sequential API — chain, adjacentPairs,
/// interspersed, joined, mapError, chunked(by:) and chunked(on:), the collection
/// initialisers and AsyncBufferedByteIterator — with typed failures.
@Suite struct SequentialOperatorsTests {
  struct Other: Error, Equatable {}

  @Test func chainGivesEachBaseInTurnAndMakesTheNextIteratorOnlyWhenNeeded() async throws {
    #expect(await Array(chain([1, 2].async, [3].async)) == [1, 2, 3])
    #expect(await Array(chain([Int]().async, [3].async, [4, 5].async)) == [3, 4, 5])
    // A failure of the first ends the chain: the second is never read.
    let failing = AsyncThrowingStream<Int, any Error> {
      $0.yield(1)
      $0.finish(throwing: Other())
    }
    var seen: [Int] = []
    await #expect(throws: Other.self) {
      for try await element in chain(failing, AsyncThrowingStream { $0.yield(9) }) {
        seen.append(element)
      }
    }
    #expect(seen == [1])
  }

  @Test func adjacentPairsPairsEachElementWithTheOneBefore() async {
    #expect(
      await Array([1, 2, 3, 4].async.adjacentPairs().map { [$0.0, $0.1] }) == [
        [1, 2], [2, 3], [3, 4],
      ])
    #expect(await Array([1].async.adjacentPairs().map { $0.0 }) == [])
  }

  @Test func interspersedPutsSeparatorsBetweenNeverAtTheEnds() async throws {
    #expect(await Array([1, 2, 3].async.interspersed(with: 0)) == [1, 0, 2, 0, 3])
    #expect(
      await Array([1, 2, 3, 4, 5].async.interspersed(every: 2, with: 0)) == [1, 2, 0, 3, 4, 0, 5])
    #expect(await Array([1, 2].async.interspersed(every: 2, with: 0)) == [1, 2])
    #expect(await Array([Int]().async.interspersed(with: 0)) == [])
    #expect(await Array(["a", "b"].async.interspersed { "-" }) == ["a", "-", "b"])
    #expect(await Array(["a", "b"].async.interspersed { () async in "~" }) == ["a", "~", "b"])
    // A separator that fails ends the sequence with its error.
    var seen: [String] = []
    await #expect(throws: Other.self) {
      for try await text in ["a", "b", "c"].async.interspersed(with: { () throws -> String in
        throw Other()
      }) {
        seen.append(text)
      }
    }
    #expect(seen == ["a"])
  }

  @Test func joinedFlattensWithOrWithoutASeparator() async {
    let inners = [[1, 2].async, [3].async, [Int]().async, [4].async].async
    #expect(await Array(inners.joined()) == [1, 2, 3, 4])
    #expect(await Array(inners.joined(separator: [0, 0].async)) == [1, 2, 0, 0, 3, 0, 0, 0, 0, 4])
  }

  @Test func mapErrorConvertsTheFailureAndKeepsTheElements() async {
    struct Wrapped: Error, Equatable { let inner: Other }
    let failing = chain(Just(1).mapError { _ -> Other in }, Fail<Int, Other>(error: Other()))
    var iterator = failing.mapError { Wrapped(inner: $0) }.makeAsyncIterator()
    do throws(Wrapped) {
      #expect(try await iterator.next() == 1)
      _ = try await iterator.next()
      Issue.record("no failure")
    } catch {
      #expect(error == Wrapped(inner: Other()))  // typed: `error` is a `Wrapped`
    }
  }

  @Test func chunkedByAPredicateOrAProjectionGroupsNeighbours() async {
    let numbers = [1, 2, 4, 5, 6, 9].async
    #expect(await Array(numbers.chunked { $1 == $0 + 1 }) == [[1, 2], [4, 5, 6], [9]])
    let words = ["apple", "avocado", "banana", "cherry", "cranberry"].async
    let groups = await Array(words.chunked(on: { $0.first! }).map { "\($0.0):\($0.1.count)" })
    #expect(groups == ["a:2", "b:1", "c:2"])
    #expect(await Array([Int]().async.chunked { _, _ in true }) == [])
  }

  @Test func collectionsAreMadeFromAnAsyncSequence() async throws {
    #expect(await Array([3, 1, 2].async) == [3, 1, 2])
    #expect(await Set([3, 1, 3].async) == [1, 3])
    #expect(
      await Dictionary(uniqueKeysWithValues: [("a", 1), ("b", 2)].async) == ["a": 1, "b": 2])
    #expect(await Dictionary([("a", 1), ("a", 2)].async, uniquingKeysWith: +) == ["a": 3])
    #expect(
      await Dictionary(grouping: [1, 2, 3, 4].async, by: { $0 % 2 }) == [0: [2, 4], 1: [1, 3]])
  }

  @Test func aBufferedByteIteratorReadsInBlocksAndRefusesImpossibleCounts() async throws {
    let bytes: [UInt8] = Array(0..<10)
    let reads = ManagedCount()
    var iterator = AsyncBufferedByteIterator(capacity: 4) { buffer in
      let start = reads.next() * 4
      let count = max(0, min(buffer.count, bytes.count - start))
      for index in 0..<count { buffer[index] = bytes[start + index] }
      return count
    }
    var read: [UInt8] = []
    while let byte = try await iterator.next() { read.append(byte) }
    #expect(read == bytes)
    #expect(reads.value == 4)  // three blocks and the end
    var lying = AsyncBufferedByteIterator(capacity: 4) { _ in 5 }
    do {
      _ = try await lying.next()
      Issue.record("a count past the buffer was read")
    } catch let error as AsyncBufferedByteIterator.InvalidCount {
      #expect(error.count == 5 && error.capacity == 4)
    }
    #expect(try await lying.next() == nil)
  }
}

/// A counter a `@Sendable` closure can step.
final class ManagedCount: Sendable {
  private let count = Mutex(0)
  /// The count before this step.
  func next() -> Int {
    count.withLock { count in
      defer { count += 1 }
      return count
    }
  }
  var value: Int { count.withLock { $0 } }
}
