import AsyncAlgorithms
import Dispatch
import OpenCombine
import OpenCombineDispatch

/// What a case consumed (see StreamsCases.Outcome; kept separate to keep the modules apart).
public struct PeerOutcome: Sendable {
  public var emitted = 0
  public var checksum = 0

  @inline(__always) public mutating func take(_ value: Int) {
    emitted += 1
    checksum = checksum &* 31 &+ value
  }
}

/// The same cases with swift-async-algorithms.
public enum AsyncAlgorithmsCases {
  public static func floor(_ count: Int) async -> PeerOutcome {
    var outcome = PeerOutcome()
    for await value in (0..<count).async { outcome.take(value) }
    return outcome
  }

  public static func removeDuplicates(_ count: Int) async -> PeerOutcome {
    var outcome = PeerOutcome()
    for await value in (0..<count).lazy.map({ $0 / 4 }).async.removeDuplicates() {
      outcome.take(value)
    }
    return outcome
  }

  public static func chain(_ count: Int) async -> PeerOutcome {
    var outcome = PeerOutcome()
    for await value in AsyncAlgorithms.chain((0..<count).async, (0..<count).async) {
      outcome.take(value)
    }
    return outcome
  }

  public static func adjacentPairs(_ count: Int) async -> PeerOutcome {
    var outcome = PeerOutcome()
    for await (a, b) in (0..<count).async.adjacentPairs() { outcome.take(a &+ b) }
    return outcome
  }

  public static func interspersed(_ count: Int) async -> PeerOutcome {
    var outcome = PeerOutcome()
    for await value in (0..<count).async.interspersed(with: -1) { outcome.take(value) }
    return outcome
  }

  public static func buffer(_ count: Int) async -> PeerOutcome {
    var outcome = PeerOutcome()
    for await value in (0..<count).async.buffer(policy: .bounded(64)) { outcome.take(value) }
    return outcome
  }

  public static func channel(_ count: Int) async -> PeerOutcome {
    let channel = AsyncChannel<Int>()
    let producer = Task {
      for value in 0..<count { await channel.send(value) }
      channel.finish()
    }
    var outcome = PeerOutcome()
    for await value in channel { outcome.take(value) }
    await producer.value
    return outcome
  }

  public static func merge(_ count: Int) async -> PeerOutcome {
    var outcome = PeerOutcome()
    for await value in AsyncAlgorithms.merge((0..<count).async, (0..<count).async) {
      outcome.take(value)
    }
    return outcome
  }

  public static func debounce(_ count: Int) async -> PeerOutcome {
    var outcome = PeerOutcome()
    for await value in (0..<count).async.debounce(for: .milliseconds(10)) { outcome.take(value) }
    return outcome
  }

  public static func flatMapLatest(_ count: Int) async -> PeerOutcome {
    var outcome = PeerOutcome()
    let latest = (0..<count).async.flatMapLatest { value in [value, value + 1, value + 2].async }
    for await value in latest { outcome.take(value) }
    return outcome
  }
}

extension AsyncAlgorithmsCases {
  /// swift-async-algorithms only has an underscored throttle; `latest` semantics.
  public static func throttle(_ count: Int) async -> PeerOutcome {
    var outcome = PeerOutcome()
    for await value in (0..<count).async._throttle(for: .milliseconds(10), latest: true) {
      outcome.take(value)
    }
    return outcome
  }

  public static func combineLatest(_ count: Int) async -> PeerOutcome {
    var outcome = PeerOutcome()
    for await (a, b) in AsyncAlgorithms.combineLatest((0..<count).async, (0..<count).async) {
      outcome.take(a &+ b)
    }
    return outcome
  }

  public static func zip(_ count: Int) async -> PeerOutcome {
    var outcome = PeerOutcome()
    for await (a, b) in AsyncAlgorithms.zip((0..<count).async, (0..<count).async) {
      outcome.take(a &+ b)
    }
    return outcome
  }

  public static func chunksOfCount(_ count: Int) async -> PeerOutcome {
    var outcome = PeerOutcome()
    for await chunk in (0..<count).async.chunks(ofCount: 10) { outcome.take(chunk[0]) }
    return outcome
  }

  public static func chunkedByTime(_ count: Int) async -> PeerOutcome {
    var outcome = PeerOutcome()
    let windows = AsyncTimerSequence.repeating(every: .milliseconds(10), clock: .continuous)
    for await chunk in (0..<count).async.chunked(by: windows) { outcome.take(chunk.count) }
    return outcome
  }

  public static func throttleReducing(_ count: Int) async -> PeerOutcome {
    var outcome = PeerOutcome()
    let sums = (0..<count).async._throttle(for: .milliseconds(10), clock: .continuous) {
      ($0 ?? 0) &+ $1
    }
    for await sum in sums { outcome.take(sum) }
    return outcome
  }

  public static func share(_ count: Int) async -> PeerOutcome {
    let shared = (0..<count).async.share(bufferingPolicy: .bounded(64))
    return await withTaskGroup(of: PeerOutcome.self) { group in
      for _ in 0..<2 {
        group.addTask {
          var outcome = PeerOutcome()
          for await value in shared { outcome.take(value) }
          return outcome
        }
      }
      return await group.next() ?? PeerOutcome()
    }
  }
}

/// The same cases with OpenCombine: synchronous push, no tasks.
public enum OpenCombineCases {
  public static func removeDuplicates(_ count: Int) -> PeerOutcome {
    var outcome = PeerOutcome()
    _ = (0..<count).publisher.map { $0 / 4 }.removeDuplicates().sink { outcome.take($0) }
    return outcome
  }

  public static func merge(_ count: Int) -> PeerOutcome {
    var outcome = PeerOutcome()
    // OpenCombine 0.14 has no Merge: merging is flatMap over the sources.
    _ = [(0..<count).publisher, (0..<count).publisher].publisher.flatMap { $0 }
      .sink { outcome.take($0) }
    return outcome
  }

  public static func share(_ count: Int) -> PeerOutcome {
    var first = PeerOutcome()
    var second = PeerOutcome()
    let subject = PassthroughSubject<Int, Never>()
    let shared = subject.share()
    let a = shared.sink { first.take($0) }
    let b = shared.sink { second.take($0) }
    for value in 0..<count { subject.send(value) }
    subject.send(completion: .finished)
    _ = (a, b)
    return first
  }

  public static func zip(_ count: Int) -> PeerOutcome {
    var outcome = PeerOutcome()
    _ = (0..<count).publisher.zip((0..<count).publisher).sink { outcome.take($0 &+ $1) }
    return outcome
  }

  public static func chunksOfCount(_ count: Int) -> PeerOutcome {
    var outcome = PeerOutcome()
    _ = (0..<count).publisher.collect(10).sink { outcome.take($0[0]) }
    return outcome
  }

  /// A timeout needs a scheduler that can wait: a dispatch queue (the timer is re-armed for
  /// every element, and elements are delivered on the queue: the case waits for the end).
  public static func timeout(_ count: Int) -> PeerOutcome {
    final class Box: @unchecked Sendable {  // written on the queue, read after `done` signals
      var outcome = PeerOutcome()
    }
    let box = Box()
    let done = DispatchSemaphore(value: 0)
    let queue = DispatchQueue(label: "timeout").ocombine
    let subscription = (0..<count).publisher.timeout(.seconds(10), scheduler: queue).sink(
      receiveCompletion: { _ in done.signal() }, receiveValue: { box.outcome.take($0) })
    done.wait()
    _ = subscription
    return box.outcome
  }

  public static func flatMapMaxPublishers(_ count: Int, _ limit: Int) -> PeerOutcome {
    var outcome = PeerOutcome()
    _ = (0..<count).publisher
      .flatMap(maxPublishers: .max(limit)) { value in [value, value + 1, value + 2].publisher }
      .sink { outcome.take($0) }
    return outcome
  }

  public static func prefixUntilOutput(_ count: Int) -> PeerOutcome {
    var outcome = PeerOutcome()
    let never = PassthroughSubject<Int, Never>()
    _ = (0..<count).publisher.prefix(untilOutputFrom: never).sink { outcome.take($0) }
    return outcome
  }

  public static func dropUntilOutput(_ count: Int) -> PeerOutcome {
    var outcome = PeerOutcome()
    _ = (0..<count).publisher.drop(untilOutputFrom: Just(0)).sink { outcome.take($0) }
    return outcome
  }

  public static func flatMapLatest(_ count: Int) -> PeerOutcome {
    var outcome = PeerOutcome()
    _ = (0..<count).publisher.map { value in [value, value + 1, value + 2].publisher }
      .switchToLatest().sink { outcome.take($0) }
    return outcome
  }
}

extension PeerOutcome {
  /// The outcome as a plain pair, for the harness.
  public var pair: (emitted: Int, checksum: Int) { (emitted, checksum) }
}
