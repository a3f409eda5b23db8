/// The rules of merge: every element goes out as it arrives; the last base to finish ends the
/// output, and the first failure ends it at once.
@usableFromInline struct MergeRules<Element: Sendable, Failure: Error>: MultiSourceRules {
  @usableFromInline var outbox = Outbox<Element, Failure>(capacity: 128)
  /// Bases that have not finished yet.
  @usableFromInline var running: Int

  @inlinable init(bases: Int) {
    running = bases
  }

  @inlinable mutating func baseEnded(_ index: Int, _ end: Terminal<Failure>, produced: Bool)
    -> Wakeups
  {
    switch end {
    case .finished:
      running -= 1
      return running == 0 ? outbox.close(.finished) : Wakeups()
    case .failed, .cancelled:
      return outbox.close(end)
    }
  }
}
