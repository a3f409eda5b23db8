extension AsyncSequence where Self: Sendable, Element: Sendable {
  /// The base's elements until `trigger` produces its first element; then the end (Combine's
  /// name; RxJS's `takeUntil`).
  ///
  /// ```swift
  /// for await progress in upload.prefix(untilOutputFrom: cancelTaps) { show(progress) }
  /// ```
  ///
  /// The trigger's own end, or failure, changes nothing: the base then goes on to its own
  /// end. See <doc:TriggeredOperators> for the rules.
  @inlinable public func prefix<Trigger: AsyncSequence & Sendable>(
    untilOutputFrom trigger: Trigger
  ) -> AsyncTriggeredSequence<Self, Trigger, Failure> {
    AsyncTriggeredSequence(
      base: self, trigger: trigger, rules: .prefix(PrefixUntilOutputRules()),
      baseError: { $0 }, triggerError: { _ in nil })
  }

  /// Nothing of the base until `trigger` produces its first element; then the base's
  /// elements (Combine's name; RxJS's `skipUntil`).
  ///
  /// ```swift
  /// let answers = typed.drop(untilOutputFrom: catalogLoaded)
  /// ```
  ///
  /// A trigger that ends (or fails) without producing an element ends the output the same
  /// way, as Combine's does: nothing could pass any more. See <doc:TriggeredOperators>.
  @inlinable public func drop<Trigger: AsyncSequence & Sendable>(
    untilOutputFrom trigger: Trigger
  ) -> AsyncTriggeredSequence<Self, Trigger, Failure> where Trigger.Failure == Failure {
    AsyncTriggeredSequence(
      base: self, trigger: trigger, rules: .drop(DropUntilOutputRules()),
      baseError: { $0 }, triggerError: { $0 })
  }

  /// ``drop(untilOutputFrom:)`` with a trigger that cannot fail.
  @_disfavoredOverload
  @inlinable public func drop<Trigger: AsyncSequence & Sendable>(
    untilOutputFrom trigger: Trigger
  ) -> AsyncTriggeredSequence<Self, Trigger, Failure> where Trigger.Failure == Never {
    AsyncTriggeredSequence(
      base: self, trigger: trigger, rules: .drop(DropUntilOutputRules()),
      baseError: { $0 }, triggerError: absurd)
  }

  /// Each time `trigger` produces an element, the latest element of the base — if one came
  /// since the last one emitted (RxJS's `sample`).
  ///
  /// ```swift
  /// // The slider's value once per animation frame, only when it moved:
  /// for await value in slider.sample(frames) { draw(value) }
  /// ```
  ///
  /// Ends when either ends: the trigger's end means no more samples. See
  /// <doc:TriggeredOperators>.
  @inlinable public func sample<Trigger: AsyncSequence & Sendable>(
    _ trigger: Trigger
  ) -> AsyncTriggeredSequence<Self, Trigger, Failure> where Trigger.Failure == Failure {
    AsyncTriggeredSequence(
      base: self, trigger: trigger, rules: .sample(SampleRules()),
      baseError: { $0 }, triggerError: { $0 })
  }

  /// ``sample(_:)`` with a trigger that cannot fail.
  @_disfavoredOverload
  @inlinable public func sample<Trigger: AsyncSequence & Sendable>(
    _ trigger: Trigger
  ) -> AsyncTriggeredSequence<Self, Trigger, Failure> where Trigger.Failure == Never {
    AsyncTriggeredSequence(
      base: self, trigger: trigger, rules: .sample(SampleRules()),
      baseError: { $0 }, triggerError: absurd)
  }
}

/// A sequence of its base's elements steered by the elements of a trigger sequence. Made by
/// `prefix(untilOutputFrom:)`, `drop(untilOutputFrom:)` and `sample(_:)`.
public struct AsyncTriggeredSequence<
  Base: AsyncSequence & Sendable, Trigger: AsyncSequence & Sendable, Failure: Error
>: AsyncSequence, Sendable where Base.Element: Sendable {
  /// The base's element type.
  public typealias Element = Base.Element

  @usableFromInline let base: Base
  @usableFromInline let trigger: Trigger
  @usableFromInline let rules: TriggeredRules<Base.Element, Failure>
  @usableFromInline let baseError: @Sendable (Base.Failure) -> Failure
  /// The trigger's failure converted, or `nil` when the operator ignores it.
  @usableFromInline let triggerError: @Sendable (Trigger.Failure) -> Failure?

  @inlinable init(
    base: Base, trigger: Trigger, rules: TriggeredRules<Base.Element, Failure>,
    baseError: @escaping @Sendable (Base.Failure) -> Failure,
    triggerError: @escaping @Sendable (Trigger.Failure) -> Failure?
  ) {
    self.base = base
    self.trigger = trigger
    self.rules = rules
    self.baseError = baseError
    self.triggerError = triggerError
  }

  /// Creates an iterator; each iterator reads the base and the trigger on its own.
  @inlinable public func makeAsyncIterator() -> Iterator {
    Iterator(reader: OutboxReader(TriggeredStorage(self)))
  }

  /// The iterator of an ``AsyncTriggeredSequence``.
  public struct Iterator: AsyncIteratorProtocol {
    @usableFromInline var reader: OutboxReader<TriggeredStorage<Base, Trigger, Failure>>

    @inlinable init(reader: OutboxReader<TriggeredStorage<Base, Trigger, Failure>>) {
      self.reader = reader
    }

    /// The next element, or `nil` at the end or after cancellation.
    @inlinable public mutating func next(
      isolation actor: isolated (any Actor)? = #isolation
    ) async throws(Failure) -> Element? {
      try await reader.next(isolation: actor)
    }

    /// The next element, or `nil` at the end or after cancellation.
    @inlinable public mutating func next() async throws(Failure) -> Element? {
      try await reader.next(isolation: nil)
    }
  }
}

@available(*, unavailable)
extension AsyncTriggeredSequence.Iterator: Sendable {}
