/// What a sequence steered by a trigger does on an event of its base or of its trigger
/// (`prefix(untilOutputFrom:)`, `drop(untilOutputFrom:)`, `sample(_:)`). The rules are
/// values; `TriggeredStorage` performs what they return.
@usableFromInline enum TriggerAction<Element: Sendable, Failure: Error>: Sendable {
  /// Nothing to emit.
  case none
  /// Emit this element.
  case emit(Element)
  /// End the output (and stop both readings).
  case end(Terminal<Failure>)
  /// Stop reading the trigger; the base goes on.
  case stopTrigger
}

/// The rules of the operator an iterator runs, as one value the storage switches over.
@usableFromInline enum TriggeredRules<Element: Sendable, Failure: Error>: Sendable {
  case prefix(PrefixUntilOutputRules<Element, Failure>)
  case drop(DropUntilOutputRules<Element, Failure>)
  case sample(SampleRules<Element, Failure>)

  /// What the operator is called, for its tasks' names.
  @inlinable var name: String {
    switch self {
    case .prefix: "prefix(untilOutputFrom:)"
    case .drop: "drop(untilOutputFrom:)"
    case .sample: "sample"
    }
  }

  @inlinable mutating func baseElement(_ element: Element) -> TriggerAction<Element, Failure> {
    switch self {
    case .prefix(let rules): return rules.baseElement(element)
    case .drop(let rules): return rules.baseElement(element)
    case .sample(var rules):
      defer { self = .sample(rules) }
      return rules.baseElement(element)
    }
  }

  @inlinable mutating func triggerFired() -> TriggerAction<Element, Failure> {
    switch self {
    case .prefix(let rules): return rules.triggerFired()
    case .drop(var rules):
      defer { self = .drop(rules) }
      return rules.triggerFired()
    case .sample(var rules):
      defer { self = .sample(rules) }
      return rules.triggerFired()
    }
  }

  /// The base ended (its failure already converted).
  @inlinable func baseEnded(_ end: Terminal<Failure>) -> TriggerAction<Element, Failure> {
    .end(end)
  }

  /// The trigger ended (its failure converted; `nil` when the operator ignores it).
  @inlinable func triggerEnded(_ end: Terminal<Failure>?) -> TriggerAction<Element, Failure> {
    switch self {
    case .prefix(let rules): rules.triggerEnded(end)
    case .drop(let rules): rules.triggerEnded(end)
    case .sample(let rules): rules.triggerEnded(end)
    }
  }
}

/// `prefix(untilOutputFrom:)`: the base's elements until the trigger fires; then the end.
@usableFromInline struct PrefixUntilOutputRules<Element: Sendable, Failure: Error>: Sendable {
  @inlinable init() {}
  @inlinable func baseElement(_ element: Element) -> TriggerAction<Element, Failure> {
    .emit(element)
  }
  @inlinable func triggerFired() -> TriggerAction<Element, Failure> { .end(.finished) }
  /// A trigger that ends without firing never will: the base goes on to its own end.
  @inlinable func triggerEnded(_ end: Terminal<Failure>?) -> TriggerAction<Element, Failure> {
    .none
  }
}

/// `drop(untilOutputFrom:)`: nothing until the trigger fires; then the base's elements.
@usableFromInline struct DropUntilOutputRules<Element: Sendable, Failure: Error>: Sendable {
  @usableFromInline var fired = false
  @inlinable init() {}
  @inlinable func baseElement(_ element: Element) -> TriggerAction<Element, Failure> {
    fired ? .emit(element) : .none
  }
  @inlinable mutating func triggerFired() -> TriggerAction<Element, Failure> {
    fired = true
    return .stopTrigger
  }
  /// A trigger that ends without firing ends the output with its own ending (as Combine's):
  /// nothing of the base could ever pass.
  @inlinable func triggerEnded(_ end: Terminal<Failure>?) -> TriggerAction<Element, Failure> {
    guard !fired, let end else { return .none }
    return .end(end)
  }
}

/// `sample(_:)`: the latest base element each time the trigger fires, if one came since.
@usableFromInline struct SampleRules<Element: Sendable, Failure: Error>: Sendable {
  @usableFromInline var latest: Element?
  @inlinable init() {}
  @inlinable mutating func baseElement(_ element: Element) -> TriggerAction<Element, Failure> {
    latest = element
    return .none
  }
  @inlinable mutating func triggerFired() -> TriggerAction<Element, Failure> {
    guard let latest else { return .none }
    self.latest = nil
    return .emit(latest)
  }
  /// A trigger that ends can fire no more: the output ends with it.
  @inlinable func triggerEnded(_ end: Terminal<Failure>?) -> TriggerAction<Element, Failure> {
    end.map { .end($0) } ?? .none
  }
}
