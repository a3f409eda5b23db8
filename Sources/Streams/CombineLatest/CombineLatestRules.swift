/// The rules of combineLatest and withLatestFrom: each element becomes the latest value of its
/// base; an element of a *triggering* base then emits the combination, once every value is
/// there.
@usableFromInline
struct CombineLatestRules<Values: Sendable, Element: Sendable, Failure: Error>: MultiSourceRules {
  @usableFromInline var outbox = Outbox<Element, Failure>(capacity: 128)
  @usableFromInline var values: Values
  /// Per base: whether its elements emit a combination.
  @usableFromInline let triggers: [Bool]
  /// Triggering bases that have not finished yet.
  @usableFromInline var runningTriggers: Int
  @usableFromInline let combine: @Sendable (Values) -> Element?

  @inlinable init(
    values: Values, triggers: [Bool], combine: @escaping @Sendable (Values) -> Element?
  ) {
    self.values = values
    self.triggers = triggers
    self.combine = combine
    runningTriggers = triggers.filter { $0 }.count
  }

  /// Stores an element with `set` and, if it `emits`, emits the combination.
  @inlinable mutating func update(emits: Bool, _ set: (inout Values) -> Void) -> (
    Outbox<Element, Failure>.Push, Wakeups
  ) {
    set(&values)
    guard emits, let combined = combine(values) else { return (.accepted, Wakeups()) }
    return outbox.push(combined)
  }

  /// A failure ends the output at once; so does a triggering base finishing without any
  /// element (no combination can ever be made), and the last triggering base finishing. A
  /// base that only updates the latest value just stops.
  @inlinable mutating func baseEnded(_ index: Int, _ end: Terminal<Failure>, produced: Bool)
    -> Wakeups
  {
    switch end {
    case .finished where !triggers[index]:
      return Wakeups()
    case .finished where produced:
      runningTriggers -= 1
      return runningTriggers == 0 ? outbox.close(.finished) : Wakeups()
    case .finished, .failed, .cancelled:
      return outbox.close(end)
    }
  }
}
