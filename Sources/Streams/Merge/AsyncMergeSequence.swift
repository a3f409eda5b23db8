/// Merges two sequences with the same element and failure types.
///
/// ```swift
/// for await event in merge(taps, keystrokes) { ... }
/// ```
///
/// - **Order:** elements come out in the order they arrived; each base's own order is kept.
/// - **Termination:** finishes when every base has finished.
/// - **Failure:** the first error cancels the other bases and is thrown after the elements
///   that arrived before it. Over bases that cannot fail, the merge cannot fail.
/// - **Cancellation:** cancelling the consuming task or dropping the iterator cancels every
///   base's task; `next()` then returns `nil`.
/// - **Buffering:** each base runs in its own task and waits once the shared buffer holds
///   128 elements. The consumer takes all that is ready in one step, which is what makes
///   the merge cheap — so, counting that batch, the bases together run up to about twice
///   128 ahead of what `next()` has returned: 2 × (128 + n − 1) − 1 for n bases, 257 for
///   two.
/// - **Same instant:** elements arriving at the same virtual instant come out in the order
///   their tasks run: the order of the bases' wake-ups on the `VirtualClock`.
@inlinable public func merge<Base1: AsyncSequence & Sendable, Base2: AsyncSequence & Sendable>(
  _ base1: Base1,
  _ base2: Base2
) -> AsyncMergeSequence<Base1.Element, Base1.Failure>
where Base1.Element == Base2.Element, Base1.Failure == Base2.Failure, Base1.Element: Sendable {
  AsyncMergeSequence([.init(base1, { $0 }), .init(base2, { $0 })])
}

/// Merges two sequences whose failure types differ; the merge fails with `any Error`.
/// See <doc:Merge>.
@_disfavoredOverload
@inlinable public func merge<Base1: AsyncSequence & Sendable, Base2: AsyncSequence & Sendable>(
  _ base1: Base1,
  _ base2: Base2
) -> AsyncMergeSequence<Base1.Element, any Error>
where Base1.Element == Base2.Element, Base1.Element: Sendable {
  AsyncMergeSequence([.init(base1, { $0 }), .init(base2, { $0 })])
}

/// Merges three sequences with the same element and failure types.
/// See <doc:Merge>.
@inlinable
public func merge<
  Base1: AsyncSequence & Sendable, Base2: AsyncSequence & Sendable, Base3: AsyncSequence & Sendable
>(
  _ base1: Base1,
  _ base2: Base2,
  _ base3: Base3
) -> AsyncMergeSequence<Base1.Element, Base1.Failure>
where
  Base1.Element == Base2.Element, Base1.Element == Base3.Element,
  Base1.Failure == Base2.Failure, Base1.Failure == Base3.Failure, Base1.Element: Sendable
{
  AsyncMergeSequence([.init(base1, { $0 }), .init(base2, { $0 }), .init(base3, { $0 })])
}

/// Merges three sequences whose failure types differ; the merge fails with `any Error`.
/// See <doc:Merge>.
@_disfavoredOverload
@inlinable
public func merge<
  Base1: AsyncSequence & Sendable, Base2: AsyncSequence & Sendable, Base3: AsyncSequence & Sendable
>(
  _ base1: Base1,
  _ base2: Base2,
  _ base3: Base3
) -> AsyncMergeSequence<Base1.Element, any Error>
where Base1.Element == Base2.Element, Base1.Element == Base3.Element, Base1.Element: Sendable {
  AsyncMergeSequence([.init(base1, { $0 }), .init(base2, { $0 }), .init(base3, { $0 })])
}

/// Merges any number of sequences of one type. See <doc:Merge>.
@inlinable public func merge<Base: AsyncSequence & Sendable>(
  _ bases: some Sequence<Base>
) -> AsyncMergeSequence<Base.Element, Base.Failure> where Base.Element: Sendable {
  AsyncMergeSequence(bases.map { .init($0, { $0 }) })
}

/// A sequence of the elements of several bases in the order they arrive. Made by
/// `merge(_:_:)`, `merge(_:_:_:)` and `merge(_:)`.
public struct AsyncMergeSequence<Element: Sendable, Failure: Error>: AsyncSequence, Sendable {
  @usableFromInline typealias Rules = MergeRules<Element, Failure>
  @usableFromInline typealias Storage = MultiSourceStorage<Rules>

  /// One base, with its type erased: its elements go out as they come.
  @usableFromInline struct Source: Sendable {
    @usableFromInline let source: MultiSource<Rules>

    @inlinable init<Base: AsyncSequence & Sendable>(
      _ base: Base, _ convert: @escaping @Sendable (Base.Failure) -> Failure
    ) where Base.Element == Element {
      source = MultiSource(base, convert) { rules, element in rules.outbox.push(element) }
    }
  }

  @usableFromInline let sources: [Source]

  @inlinable init(_ sources: [Source]) {
    self.sources = sources
  }

  /// Creates an iterator; each iterator reads the bases on its own.
  @inlinable public func makeAsyncIterator() -> Iterator {
    Iterator(
      reader: OutboxReader(
        Storage(
          rules: Rules(bases: sources.count), sources: sources.map(\.source), name: "merge")))
  }

  /// The iterator of a merged sequence.
  public struct Iterator: AsyncIteratorProtocol {
    @usableFromInline var reader: OutboxReader<Storage>

    @inlinable init(reader: OutboxReader<Storage>) {
      self.reader = reader
    }

    /// The next element from any base, or `nil` at the end or after cancellation.
    @inlinable public mutating func next(
      isolation actor: isolated (any Actor)? = #isolation
    ) async throws(Failure) -> Element? {
      try await reader.next(isolation: actor)
    }

    /// The next element from any base, or `nil` at the end or after cancellation.
    @inlinable public mutating func next() async throws(Failure) -> Element? {
      try await reader.next(isolation: nil)
    }
  }
}

@available(*, unavailable)
extension AsyncMergeSequence.Iterator: Sendable {}

/// swift-async-algorithms' name for the merge of two sequences, so that code naming it
/// compiles. (With bases of different failure types the merge fails with `any Error`: name
/// that `AsyncMergeSequence<Element, any Error>`.)
public typealias AsyncMerge2Sequence<Base1: AsyncSequence, Base2: AsyncSequence> =
  AsyncMergeSequence<Base1.Element, Base1.Failure> where Base1.Element: Sendable

/// swift-async-algorithms' name for the merge of three sequences (see ``AsyncMerge2Sequence``).
public typealias AsyncMerge3Sequence<
  Base1: AsyncSequence, Base2: AsyncSequence, Base3: AsyncSequence
> = AsyncMergeSequence<Base1.Element, Base1.Failure> where Base1.Element: Sendable
