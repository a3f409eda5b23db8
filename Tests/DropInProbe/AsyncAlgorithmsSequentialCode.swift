// More of the code written for swift-async-algorithms 1.1.4 (see AsyncAlgorithmsCode.swift).
#if PEER
  import AsyncAlgorithms
#else
  import Streams
#endif

// MARK: chunks, compacted, async

func chunked(_ base: AsyncStream<Int>) async {
  let counted: AsyncChunksOfCountSequence<AsyncStream<Int>, [Int]> = base.chunks(ofCount: 3)
  for await chunk in counted { _ = chunk.count }
  for await chunk in base.chunks(ofCount: 3, into: [Int].self) { _ = chunk }
  for await chunk in base.chunked(by: .repeating(every: .seconds(1))) { _ = chunk }
  for await chunk in base.chunks(ofCount: 10, or: .repeating(every: .seconds(1))) { _ = chunk }
}

func compacted(_ values: [Int?]) async {
  let compact: AsyncCompactedSequence<AsyncSyncSequence<[Int?]>, Int> = values.async.compacted()
  for await _ in compact {}
}

// MARK: chain, adjacentPairs, interspersed, joined

func chained(_ first: AsyncStream<Int>, _ second: AsyncStream<Int>) async {
  let two: AsyncChain2Sequence<AsyncStream<Int>, AsyncStream<Int>> = chain(first, second)
  for await _ in two {}
  for await _ in chain(first, second, [1, 2].async.map { $0 }) {}
  for await _ in chain([1].async, [2, 3].async) {}
}

func chainedMixedFailures(_ first: AsyncStream<Int>) async throws {
  let checked = [1, 2].async.map { (value: Int) throws -> Int in
    guard value > 0 else { throw ProbeError() }
    return value
  }
  for try await _ in chain(first, checked) {}
  for try await _ in chain(checked, first) {}
  for try await _ in chain(first, checked, first) {}
}

func pairs(_ base: AsyncStream<Int>) async {
  let paired: AsyncAdjacentPairsSequence<AsyncStream<Int>> = base.adjacentPairs()
  for await (previous, next) in paired { _ = previous + next }
}

func interspersing(_ words: AsyncStream<String>) async throws {
  let spaced: AsyncInterspersedSequence<AsyncStream<String>> = words.interspersed(with: " ")
  for await _ in spaced {}
  for await _ in words.interspersed(every: 2, with: ",") {}
  for await _ in words.interspersed(with: { "-" }) {}
  for await _ in words.interspersed(with: { () async in "~" }) {}
  let throwing: AsyncThrowingInterspersedSequence<AsyncStream<String>> = words.interspersed(
    with: { () throws -> String in throw ProbeError() })
  for try await _ in throwing {}
}

func joining(_ lines: AsyncStream<AsyncStream<Int>>, _ separator: AsyncStream<Int>) async {
  let flat: AsyncJoinedSequence<AsyncStream<AsyncStream<Int>>> = lines.joined()
  for await _ in flat {}
  let separated: AsyncJoinedBySeparatorSequence<AsyncStream<AsyncStream<Int>>, AsyncStream<Int>> =
    lines.joined(separator: separator)
  for await _ in separated {}
}

func joiningMixedFailures(_ lines: AsyncStream<Int>, _ separator: AsyncStream<Int>) async throws {
  let inners = lines.map { (count: Int) in
    (0..<count).async.map { (value: Int) throws -> Int in
      guard value < 100 else { throw ProbeError() }
      return value
    }
  }
  for try await _ in inners.joined() {}
  for try await _ in inners.joined(separator: separator) {}
}

// MARK: chunked by a predicate, on a projection

func grouped(_ base: AsyncStream<Int>) async {
  let runs: AsyncChunkedByGroupSequence<AsyncStream<Int>, [Int]> = base.chunked { $1 == $0 + 1 }
  for await run in runs { _ = run.count }
  for await run in base.chunked(into: [Int].self, by: { $0 < $1 }) { _ = run }
  let projected: AsyncChunkedOnProjectionSequence<AsyncStream<Int>, Bool, [Int]> = base.chunked(
    on: { $0.isMultiple(of: 2) })
  for await (even, values) in projected { _ = (even, values) }
}

// MARK: collections from an async sequence

func collections(_ base: AsyncStream<Int>, _ pairs: AsyncStream<(String, Int)>) async {
  let array: [Int] = await Array(base)
  let set: Set<Int> = await Set(base)
  let unique: [String: Int] = await Dictionary(uniqueKeysWithValues: pairs)
  let combined: [String: Int] = await Dictionary(pairs, uniquingKeysWith: +)
  let groups: [Bool: [Int]] = await Dictionary(grouping: base, by: { $0 > 0 })
  _ = (array, set, unique, combined, groups)
}

func collectionsThrowing(_ base: AsyncThrowingStream<Int, any Error>) async throws {
  let array: [Int] = try await Array(base)
  _ = array
}

// MARK: channels

func channels() async throws {
  let channel = AsyncChannel<Int>()
  Task {
    await channel.send(1)
    channel.finish()
  }
  for await _ in channel {}
  let throwing = AsyncThrowingChannel<Int, Error>()
  Task {
    await throwing.send(1)
    throwing.fail(ProbeError())
  }
  for try await _ in throwing {}
  throwing.finish()
}

// MARK: buffer, bytes

func buffered(_ base: AsyncStream<Int>) async {
  let bounded: AsyncBufferSequence<AsyncStream<Int>> = base.buffer(policy: .bounded(10))
  for await _ in bounded {}
  for await _ in base.buffer(policy: .unbounded) {}
  for await _ in base.buffer(policy: .bufferingLatest(3)) {}
  for await _ in base.buffer(policy: .bufferingOldest(3)) {}
}

func bytes() async throws {
  var iterator = AsyncBufferedByteIterator(capacity: 16) { buffer in
    buffer.initializeMemory(as: UInt8.self, repeating: 0)
    return 0
  }
  while let byte = try await iterator.next() { _ = byte }
}

// MARK: mapError

struct MappedProbeError: Error {}

func mappedErrors<S: AsyncSequence & Sendable>(_ base: S) async
where S.Element == Int, S.Failure == ProbeError {
  let mapped = base.mapError { _ in MappedProbeError() }
  do {
    for try await _ in mapped {}
  } catch {
    _ = error
  }
}

// MARK: chunks cut by a signal sequence

func signalled(_ base: AsyncStream<Int>, _ signal: AsyncStream<Void>) async {
  let counted: AsyncChunksOfCountOrSignalSequence<AsyncStream<Int>, [Int], AsyncStream<Void>> =
    base.chunks(ofCount: 10, or: signal)
  for await chunk in counted { _ = chunk }
  for await chunk in base.chunked(by: signal) { _ = chunk }
  for await chunk in base.chunked(by: signal, into: [Int].self) { _ = chunk }
}

// MARK: MultiProducerSingleConsumerAsyncChannel

/// The synchronous sends (in an async function the async ones are chosen).
func sendNow(
  _ source: inout MultiProducerSingleConsumerAsyncChannel<Int, Never>.Source, _ value: Int
) throws {
  let result = try source.send(value)
  switch consume result {
  case .produceMore: break
  case .enqueueCallback(var handle): handle.enqueueCallback { _ in }
  }
  source.send(value) { _ in }
  source.send(contentsOf: [value]) { _ in }
}

func multiProducer() async throws {
  var channelAndSource = MultiProducerSingleConsumerAsyncChannel.makeChannel(
    of: Int.self, backpressureStrategy: .watermark(low: 2, high: 4))
  var channel = channelAndSource.takeChannel()
  var source = consume channelAndSource.source
  source.setOnTerminationCallback { print("terminated") }
  var other = source.makeAdditionalSource()
  try await source.send(1)
  try await source.send(contentsOf: [2, 3])
  try sendNow(&other, 4)
  other.finish()
  source.finish()
  while let element = await channel.next() { _ = element }
}

func multiProducerThrowing() async throws {
  var channelAndSource = MultiProducerSingleConsumerAsyncChannel.makeChannel(
    of: Int.self, throwing: ProbeError.self,
    backpressureStrategy: .watermark(low: 1, high: 10, waterLevelForElement: { _ in 1 }))
  let channel = channelAndSource.takeChannel()
  var source = consume channelAndSource.source
  try await source.send(1)
  source.finish(throwing: ProbeError())
  for try await element in channel.elements() { _ = element }
}
