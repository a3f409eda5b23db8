/// The rules of zip: each base appends to its own queue (inside `Queues`); when every queue
/// has an element, one is taken from each and the tuple goes out. A base waits while its
/// queue is full; the output ends once a finished base's queue is empty. A failure waits
/// behind the elements its base read before it: the tuples they can still complete go out
/// first, as they would if no base read ahead.
@usableFromInline
struct ZipRules<Queues: Sendable, Element: Sendable, Failure: Error>:
  MultiSourceRules
{
  /// How many elements a base may read ahead of the others.
  @inlinable static var queueLimit: Int { 16 }

  @usableFromInline var outbox = Outbox<Element, Failure>(capacity: 64)
  @usableFromInline var queues: Queues
  @usableFromInline var finished: [Bool]
  @usableFromInline var parked: [UnsafeContinuation<Void, Never>] = []
  /// The first failure of a base, held until no tuple can be made any more.
  @usableFromInline var failure: Failure?
  /// Per base: how many elements its queue holds.
  @usableFromInline let counts: [@Sendable (Queues) -> Int]
  /// Takes one element from every queue, when none is empty.
  @usableFromInline let take: @Sendable (inout Queues) -> Element?

  @inlinable init(
    queues: Queues, counts: [@Sendable (Queues) -> Int],
    take: @escaping @Sendable (inout Queues) -> Element?
  ) {
    self.queues = queues
    self.counts = counts
    self.take = take
    finished = Array(repeating: false, count: counts.count)
  }

  /// Queues an element with `add`, and makes a tuple if every queue has one.
  @inlinable mutating func add(_ add: (inout Queues) -> Void) -> (
    Outbox<Element, Failure>.Push, Wakeups
  ) {
    add(&queues)
    guard let tuple = take(&queues) else { return (.accepted, Wakeups()) }
    var (outcome, wakeups) = outbox.push(tuple)
    // Every queue just gave one element: the bases waiting for room go on.
    wakeups.others += takeParked()
    if isExhausted { wakeups.add(outbox.close(ending)) }
    return (outcome, wakeups)
  }

  /// How the output ends once it is exhausted: with the first failure, if a base failed.
  @inlinable var ending: Terminal<Failure> {
    if let failure { .failed(failure) } else { .finished }
  }

  /// Whether no tuple can ever be made again: a base has finished with its queue empty.
  @inlinable var isExhausted: Bool {
    finished.indices.contains { finished[$0] && counts[$0](queues) == 0 }
  }

  @inlinable func mustWait(_ index: Int) -> Bool {
    counts[index](queues) >= Self.queueLimit
  }

  @inlinable mutating func park(_ continuation: UnsafeContinuation<Void, Never>) {
    parked.append(continuation)
  }

  @inlinable mutating func takeParked() -> [UnsafeContinuation<Void, Never>] {
    defer { parked.removeAll() }
    return parked
  }

  /// A finish or a failure ends the output once that base's queue is empty (or another
  /// finished base's is): until then its queued elements can still be paired.
  @inlinable mutating func baseEnded(_ index: Int, _ end: Terminal<Failure>, produced: Bool)
    -> Wakeups
  {
    finished[index] = true
    if case .failed(let error) = end, failure == nil { failure = error }
    return isExhausted ? outbox.close(ending) : Wakeups()
  }
}
