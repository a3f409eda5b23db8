/// How a `flatMap` of the merging family admits inner sequences.
@usableFromInline enum FlatMapAdmission: Sendable, Hashable {
  /// At most this many inners run at once; the base is not read while they all run
  /// (`flatMap(maxConcurrent:_:)`; 1 is `flatMapConcat`).
  case waitForASlot(Int)
  /// One inner at a time; base elements that come while it runs are dropped (`flatMapFirst`).
  case dropWhileRunning
}

/// The state of one merging-`flatMap` iterator: the output, the inners running, whether the
/// base may be read. Transitions return what to do; the storage does it outside the lock.
@usableFromInline
struct FlatMapMergeState<Element: Sendable, Failure: Error>: Sendable {
  /// How many elements of the inners wait for the consumer before an inner waits for room:
  /// the same as merge's.
  @inlinable static var outboxCapacity: Int { 64 }

  @usableFromInline let admission: FlatMapAdmission
  @usableFromInline var outbox = Outbox<Element, Failure>(capacity: outboxCapacity)
  /// The tasks of the inners running, by the id each was started with.
  @usableFromInline var inners: [UInt64: Task<Void, Never>] = [:]
  /// Inners started but whose task is not registered yet count too (see `started`).
  @usableFromInline var running = 0
  @usableFromInline var lastID: UInt64 = 0
  @usableFromInline var baseFinished = false
  @usableFromInline var isStarted = false
  @usableFromInline var baseTask: Task<Void, Never>?
  /// The base's task, parked until a slot frees (``FlatMapAdmission/waitForASlot(_:)``).
  @usableFromInline var slotWaiter: UnsafeContinuation<Void, Never>?

  @inlinable init(admission: FlatMapAdmission) {
    self.admission = admission
  }

  @usableFromInline enum Action: Sendable, Equatable {
    case none
    /// Make the inner of `element` and iterate it in a task registered under `id`.
    case start(id: UInt64)
    /// The element was dropped (an inner runs, under ``FlatMapAdmission/dropWhileRunning``).
    case drop
  }

  /// What ends, wakes and cancels when the output ends.
  @usableFromInline struct Ending: Sendable {
    @usableFromInline var wakeups = Wakeups()
    @usableFromInline var cancel: [Task<Void, Never>] = []
    @usableFromInline var slot: UnsafeContinuation<Void, Never>?

    @inlinable init() {}

    @inlinable func perform() {
      wakeups.resume()
      slot?.resume()
      for task in cancel { task.cancel() }
    }
  }

  /// A base element: start its inner, or drop it.
  @inlinable mutating func baseElement() -> Action {
    guard !outbox.isClosed else { return .none }
    if case .dropWhileRunning = admission, running > 0 { return .drop }
    running += 1
    lastID += 1
    return .start(id: lastID)
  }

  /// Whether the base must wait before it is read again: every slot is taken.
  @inlinable var mustWaitForASlot: Bool {
    guard case .waitForASlot(let limit) = admission else { return false }
    return running >= limit && !outbox.isClosed
  }

  /// Parks the base's task until a slot frees; `false`: go on at once.
  @inlinable mutating func parkForASlot(_ continuation: UnsafeContinuation<Void, Never>) -> Bool {
    guard mustWaitForASlot else { return false }
    slotWaiter = continuation
    return true
  }

  /// An inner ended: a failure ends the output (and everything else); the last inner after
  /// the base's finish ends it; otherwise its slot goes to the base if it waits for one.
  @inlinable mutating func innerEnded(id: UInt64, _ end: Terminal<Failure>) -> Ending {
    guard !outbox.isClosed else { return Ending() }
    inners[id] = nil
    running -= 1
    switch end {
    case .failed, .cancelled:
      return close(end, cancelBase: true)
    case .finished where baseFinished && running == 0:
      return close(.finished, cancelBase: false)
    case .finished:
      var ending = Ending()
      if !mustWaitForASlot {
        ending.slot = slotWaiter
        slotWaiter = nil
      }
      return ending
    }
  }

  /// The base ended: a failure ends the output at once; a finish once no inner runs.
  @inlinable mutating func baseEnded(_ end: Terminal<Failure>) -> Ending {
    guard !outbox.isClosed else { return Ending() }
    baseFinished = true
    if case .finished = end, running > 0 { return Ending() }
    return close(end, cancelBase: false)
  }

  @inlinable mutating func cancelled() -> Ending {
    close(.cancelled, cancelBase: true)
  }

  @inlinable mutating func close(_ end: Terminal<Failure>, cancelBase: Bool) -> Ending {
    var ending = Ending()
    ending.wakeups = outbox.close(end)
    ending.cancel = Array(inners.values)
    if cancelBase, let baseTask { ending.cancel.append(baseTask) }
    inners = [:]
    ending.slot = slotWaiter
    slotWaiter = nil
    return ending
  }
}
