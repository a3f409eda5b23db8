/// Combines the latest elements of two sequences: emits once each has produced, then on every
/// element of either.
///
/// ```swift
/// for await (query, filter) in combineLatest(queries, filters) { … }
/// ```
///
/// - **Termination:** finishes when both bases have finished — or as soon as one finishes
///   without having produced anything, since no pair can ever be emitted then.
/// - **Failure:** the first error cancels the other base and is thrown after the pairs
///   emitted before it. Over bases that cannot fail, it cannot fail.
/// - **Cancellation:** cancelling the consuming task or dropping the iterator cancels the
///   bases' tasks; `next()` then returns `nil`.
/// - **Buffering:** each base runs in its own task; the bases wait once 128 combinations
///   wait for the consumer. Counting the batch the consumer is working through, up to about
///   twice that many (2 × (128 + n − 1) − 1 for n bases) are made ahead of what `next()`
///   has returned.
/// - **Same instant:** elements due at the same virtual instant are combined in the order
///   their tasks wake; each produces its own combination.
@inlinable
public func combineLatest<Base1: AsyncSequence & Sendable, Base2: AsyncSequence & Sendable>(
  _ base1: Base1, _ base2: Base2
) -> AsyncCombineLatestSequence<
  (Base1.Element?, Base2.Element?), (Base1.Element, Base2.Element), Base1.Failure
>
where Base1.Failure == Base2.Failure, Base1.Element: Sendable, Base2.Element: Sendable {
  AsyncCombineLatestSequence(
    initial: (nil, nil),
    sources: [.init(base1, { $0 }) { $0.0 = $1 }, .init(base2, { $0 }) { $0.1 = $1 }],
    combine: { values in values.0.flatMap { first in values.1.map { (first, $0) } } })
}

/// Combines two sequences whose failure types differ; it fails with `any Error`.
@_disfavoredOverload
@inlinable
public func combineLatest<Base1: AsyncSequence & Sendable, Base2: AsyncSequence & Sendable>(
  _ base1: Base1, _ base2: Base2
) -> AsyncCombineLatestSequence<
  (Base1.Element?, Base2.Element?), (Base1.Element, Base2.Element), any Error
>
where Base1.Element: Sendable, Base2.Element: Sendable {
  AsyncCombineLatestSequence(
    initial: (nil, nil),
    sources: [.init(base1, { $0 }) { $0.0 = $1 }, .init(base2, { $0 }) { $0.1 = $1 }],
    combine: { values in values.0.flatMap { first in values.1.map { (first, $0) } } })
}

/// Combines the latest elements of three sequences (see `combineLatest(_:_:)`).
@inlinable
public func combineLatest<
  Base1: AsyncSequence & Sendable, Base2: AsyncSequence & Sendable, Base3: AsyncSequence & Sendable
>(
  _ base1: Base1, _ base2: Base2, _ base3: Base3
) -> AsyncCombineLatestSequence<
  (Base1.Element?, Base2.Element?, Base3.Element?), (Base1.Element, Base2.Element, Base3.Element),
  Base1.Failure
>
where
  Base1.Failure == Base2.Failure, Base1.Failure == Base3.Failure, Base1.Element: Sendable,
  Base2.Element: Sendable, Base3.Element: Sendable
{
  AsyncCombineLatestSequence(
    initial: (nil, nil, nil),
    sources: [
      .init(base1, { $0 }) { $0.0 = $1 }, .init(base2, { $0 }) { $0.1 = $1 },
      .init(base3, { $0 }) { $0.2 = $1 },
    ],
    combine: { values in
      guard let first = values.0, let second = values.1, let third = values.2 else { return nil }
      return (first, second, third)
    })
}

/// Combines three sequences whose failure types differ; it fails with `any Error`.
@_disfavoredOverload
@inlinable
public func combineLatest<
  Base1: AsyncSequence & Sendable, Base2: AsyncSequence & Sendable, Base3: AsyncSequence & Sendable
>(
  _ base1: Base1, _ base2: Base2, _ base3: Base3
) -> AsyncCombineLatestSequence<
  (Base1.Element?, Base2.Element?, Base3.Element?), (Base1.Element, Base2.Element, Base3.Element),
  any Error
>
where Base1.Element: Sendable, Base2.Element: Sendable, Base3.Element: Sendable {
  AsyncCombineLatestSequence(
    initial: (nil, nil, nil),
    sources: [
      .init(base1, { $0 }) { $0.0 = $1 }, .init(base2, { $0 }) { $0.1 = $1 },
      .init(base3, { $0 }) { $0.2 = $1 },
    ],
    combine: { values in
      guard let first = values.0, let second = values.1, let third = values.2 else { return nil }
      return (first, second, third)
    })
}

/// Combines the latest elements of any number of sequences of one type: emits an array (in
/// the order of `bases`) once each has produced, then on every element of any.
///
/// ```swift
/// for await filters in combineLatest(filterFields) { apply(filters) }
/// ```
///
/// Termination, failure, cancellation and buffering are those of `combineLatest(_:_:)`; over
/// no base at all it finishes at once.
@inlinable
public func combineLatest<Base: AsyncSequence & Sendable>(
  _ bases: some Sequence<Base>
) -> AsyncCombineLatestSequence<[Base.Element?], [Base.Element], Base.Failure>
where Base.Element: Sendable {
  let bases = Array(bases)
  return AsyncCombineLatestSequence(
    initial: Array(repeating: nil, count: bases.count),
    sources: bases.indices.map { index in .init(bases[index], { $0 }) { $0[index] = $1 } },
    combine: { values in
      var combined: [Base.Element] = []
      combined.reserveCapacity(values.count)
      for value in values {
        guard let value else { return nil }
        combined.append(value)
      }
      return combined
    })
}

/// A sequence of the combined latest elements of several bases. Made by `combineLatest(_:_:)`,
/// `combineLatest(_:_:_:)`, `combineLatest(_:)` and `withLatestFrom(_:)`; see
/// <doc:CombineLatest>.
public struct AsyncCombineLatestSequence<Values: Sendable, Element: Sendable, Failure: Error>:
  AsyncSequence, Sendable
{
  @usableFromInline typealias Rules = CombineLatestRules<Values, Element, Failure>
  @usableFromInline typealias Storage = MultiSourceStorage<Rules>

  /// One base, with its type erased: it writes its slot of the latest values.
  @usableFromInline struct Source: Sendable {
    @usableFromInline let source: MultiSource<Rules>
    /// Whether an element of this base emits a combination (every base of `combineLatest`),
    /// or only becomes the latest value (the other sequence of `withLatestFrom`).
    @usableFromInline let triggers: Bool

    @inlinable init<Base: AsyncSequence & Sendable>(
      _ base: Base, _ convert: @escaping @Sendable (Base.Failure) -> Failure,
      triggers: Bool = true, set: @escaping @Sendable (inout Values, Base.Element) -> Void
    ) where Base.Element: Sendable {
      self.triggers = triggers
      source = MultiSource(base, convert) { rules, element in
        rules.update(emits: triggers) { set(&$0, element) }
      }
    }
  }

  @usableFromInline let initial: Values
  @usableFromInline let sources: [Source]
  @usableFromInline let combine: @Sendable (Values) -> Element?

  @inlinable init(
    initial: Values, sources: [Source], combine: @escaping @Sendable (Values) -> Element?
  ) {
    self.initial = initial
    self.sources = sources
    self.combine = combine
  }

  /// Creates an iterator; each iterator reads the bases on its own.
  @inlinable
  public func makeAsyncIterator() -> Iterator {
    let rules = Rules(values: initial, triggers: sources.map(\.triggers), combine: combine)
    return Iterator(
      reader: OutboxReader(
        Storage(rules: rules, sources: sources.map(\.source), name: "combineLatest")))
  }

  /// The iterator of a combined sequence.
  public struct Iterator: AsyncIteratorProtocol {
    @usableFromInline var reader: OutboxReader<Storage>

    @inlinable init(reader: OutboxReader<Storage>) {
      self.reader = reader
    }

    /// The next combination, or `nil` at the end or after cancellation.
    @inlinable
    public mutating func next(
      isolation actor: isolated (any Actor)? = #isolation
    ) async throws(Failure) -> Element? {
      try await reader.next(isolation: actor)
    }

    /// The next combination, or `nil` at the end or after cancellation.
    @inlinable
    public mutating func next() async throws(Failure) -> Element? {
      try await reader.next(isolation: nil)
    }
  }
}

@available(*, unavailable)
extension AsyncCombineLatestSequence.Iterator: Sendable {}

/// swift-async-algorithms' name for the combination of two sequences, so that code naming it
/// compiles. (With bases of different failure types it fails with `any Error`.)
public typealias AsyncCombineLatest2Sequence<Base1: AsyncSequence, Base2: AsyncSequence> =
  AsyncCombineLatestSequence<
    (Base1.Element?, Base2.Element?), (Base1.Element, Base2.Element), Base1.Failure
  > where Base1.Element: Sendable, Base2.Element: Sendable

/// swift-async-algorithms' name for the combination of three sequences (see
/// ``AsyncCombineLatest2Sequence``).
public typealias AsyncCombineLatest3Sequence<
  Base1: AsyncSequence, Base2: AsyncSequence, Base3: AsyncSequence
> =
  AsyncCombineLatestSequence<
    (Base1.Element?, Base2.Element?, Base3.Element?),
    (Base1.Element, Base2.Element, Base3.Element), Base1.Failure
  > where Base1.Element: Sendable, Base2.Element: Sendable, Base3.Element: Sendable
