import MovieSearch
import MovieSearchBuiltInCatalog
import Streams

/// What a case consumed: how many elements came out, and a checksum of them, so that the
/// optimizer cannot drop the work.
public struct Outcome: Sendable {
  public var emitted: Int
  public var checksum: Int

  public init(emitted: Int = 0, checksum: Int = 0) {
    self.emitted = emitted
    self.checksum = checksum
  }

  @inline(__always) public mutating func take(_ value: Int) {
    emitted += 1
    checksum = checksum &* 31 &+ value
  }
}

/// The cases run with Streams.
public enum StreamsCases {
  public static func floor(_ count: Int) async -> Outcome {
    var outcome = Outcome()
    for await value in (0..<count).async { outcome.take(value) }
    return outcome
  }

  public static func removeDuplicates(_ count: Int) async -> Outcome {
    var outcome = Outcome()
    for await value in (0..<count).lazy.map({ $0 / 4 }).async.removeDuplicates() {
      outcome.take(value)
    }
    return outcome
  }

  public static func chain(_ count: Int) async -> Outcome {
    var outcome = Outcome()
    for await value in Streams.chain((0..<count).async, (0..<count).async) { outcome.take(value) }
    return outcome
  }

  public static func adjacentPairs(_ count: Int) async -> Outcome {
    var outcome = Outcome()
    for await (a, b) in (0..<count).async.adjacentPairs() { outcome.take(a &+ b) }
    return outcome
  }

  public static func interspersed(_ count: Int) async -> Outcome {
    var outcome = Outcome()
    for await value in (0..<count).async.interspersed(with: -1) { outcome.take(value) }
    return outcome
  }

  public static func buffer(_ count: Int) async -> Outcome {
    var outcome = Outcome()
    for await value in (0..<count).async.buffer(policy: .bounded(64)) { outcome.take(value) }
    return outcome
  }

  public static func channel(_ count: Int) async -> Outcome {
    let channel = AsyncChannel<Int>()
    let producer = Task {
      for value in 0..<count { await channel.send(value) }
      channel.finish()
    }
    var outcome = Outcome()
    for await value in channel { outcome.take(value) }
    await producer.value
    return outcome
  }

  public static func merge(_ count: Int) async -> Outcome {
    var outcome = Outcome()
    for await value in Streams.merge((0..<count).async, (0..<count).async) { outcome.take(value) }
    return outcome
  }

  public static func debounce(_ count: Int) async -> Outcome {
    var outcome = Outcome()
    for await value in (0..<count).async.debounce(for: .milliseconds(10)) { outcome.take(value) }
    return outcome
  }

  public static func flatMapLatest(_ count: Int) async -> Outcome {
    var outcome = Outcome()
    let latest = (0..<count).async.flatMapLatest { value in [value, value + 1, value + 2].async }
    for await value in latest { outcome.take(value) }
    return outcome
  }

  /// Each outer element merged as a 3-element inner, at most four inners at a time.
  public static func flatMapMaxConcurrent(_ count: Int) async -> Outcome {
    var outcome = Outcome()
    let merged = (0..<count).async.flatMap(maxConcurrent: 4) { value in
      [value, value + 1, value + 2].async
    }
    for await value in merged { outcome.take(value) }
    return outcome
  }

  /// Each outer element's 3-element inner, one after another.
  public static func flatMapConcat(_ count: Int) async -> Outcome {
    var outcome = Outcome()
    let merged = (0..<count).async.flatMapConcat { value in [value, value + 1, value + 2].async }
    for await value in merged { outcome.take(value) }
    return outcome
  }

  /// Every element of the base through a trigger that never fires.
  public static func prefixUntilOutput(_ count: Int) async -> Outcome {
    var outcome = Outcome()
    let never = Empty<Int>(completeImmediately: false)
    for await value in (0..<count).async.prefix(untilOutputFrom: never) { outcome.take(value) }
    return outcome
  }

  /// The base through a trigger that fires at once (the elements before it are dropped).
  public static func dropUntilOutput(_ count: Int) async -> Outcome {
    var outcome = Outcome()
    for await value in (0..<count).async.drop(untilOutputFrom: Just(0)) { outcome.take(value) }
    return outcome
  }

  public static func throttle(_ count: Int) async -> Outcome {
    var outcome = Outcome()
    for await value in (0..<count).async.throttle(for: .milliseconds(10)) { outcome.take(value) }
    return outcome
  }

  public static func combineLatest(_ count: Int) async -> Outcome {
    var outcome = Outcome()
    for await (a, b) in Streams.combineLatest((0..<count).async, (0..<count).async) {
      outcome.take(a &+ b)
    }
    return outcome
  }

  public static func zip(_ count: Int) async -> Outcome {
    var outcome = Outcome()
    for await (a, b) in Streams.zip((0..<count).async, (0..<count).async) { outcome.take(a &+ b) }
    return outcome
  }

  public static func chunksOfCount(_ count: Int) async -> Outcome {
    var outcome = Outcome()
    for await chunk in (0..<count).async.chunks(ofCount: 10) { outcome.take(chunk[0]) }
    return outcome
  }

  public static func chunkedByTime(_ count: Int) async -> Outcome {
    var outcome = Outcome()
    let windows = AsyncTimerSequence.repeating(every: .milliseconds(10), clock: .continuous)
    for await chunk in (0..<count).async.chunked(by: windows) { outcome.take(chunk.count) }
    return outcome
  }

  public static func throttleReducing(_ count: Int) async -> Outcome {
    var outcome = Outcome()
    let sums = (0..<count).async.throttle(for: .milliseconds(10), clock: .continuous) {
      ($0 ?? 0) &+ $1
    }
    for await sum in sums { outcome.take(sum) }
    return outcome
  }

  public static func timeout(_ count: Int) async -> Outcome {
    var outcome = Outcome()
    do {
      for try await value in (0..<count).async.timeout(after: .seconds(10)) { outcome.take(value) }
    } catch {}
    return outcome
  }

  public static func withLatestFrom(_ count: Int) async -> Outcome {
    var outcome = Outcome()
    for await (a, b) in (0..<count).async.withLatestFrom((0..<count).async) {
      outcome.take(a &+ b)
    }
    return outcome
  }

  public static func combineLatestMany(_ count: Int) async -> Outcome {
    var outcome = Outcome()
    for await values in Streams.combineLatest([(0..<count).async, (0..<count).async]) {
      outcome.take(values[0] &+ values[1])
    }
    return outcome
  }

  /// Two consumers of one shared base, each in its own task; the outcome is the first's.
  /// Both libraries with the same policy: up to 64 elements per consumer.
  public static func share(_ count: Int) async -> Outcome {
    let shared = (0..<count).async.share(bufferingPolicy: .bounded(64))
    return await withTaskGroup(of: Outcome.self) { group in
      for _ in 0..<2 {
        group.addTask {
          var outcome = Outcome()
          for await value in shared { outcome.take(value) }
          return outcome
        }
      }
      return await group.next() ?? Outcome()
    }
  }

  /// The built-in catalog, loaded once.
  public static let catalog = try? OfflineCatalog.builtIn()

  /// One catalog search; returns the number of results on the first page.
  public static func search(_ text: String) -> Int {
    (try? catalog?.searchMovies(MovieQuery(text)).results.count) ?? 0
  }

  /// Titles of the catalog, for random prefixes.
  public static func titles(_ count: Int) -> [String] {
    guard let catalog else { return [] }
    var generator = SplitMix(seed: 42)
    return (0..<count).compactMap { _ in
      let id = Int(generator.next() % UInt64(catalog.count)) + 1
      return try? catalog.movieDetails(id: id, language: nil).movie.title
    }
  }
}

/// A small deterministic random number generator, so every run searches the same prefixes.
public struct SplitMix: RandomNumberGenerator {
  var state: UInt64
  public init(seed: UInt64) { state = seed }
  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

extension Outcome {
  /// The outcome as a plain pair, for the harness.
  public var pair: (emitted: Int, checksum: Int) { (emitted, checksum) }
}
