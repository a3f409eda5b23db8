/// Pairs the elements of two sequences in order: the first of each, then the second of
/// each, and so on.
///
/// ```swift
/// for await (question, answer) in zip(questions, answers) { … }
/// ```
///
/// - **Termination:** finishes as soon as a base has finished and every element it produced
///   has been paired; the other bases' tasks are then cancelled.
/// - **Failure:** the first error is thrown after every tuple that the elements its base
///   read before it can still complete, then the other bases are cancelled. Over bases that
///   cannot fail, it cannot fail.
/// - **Cancellation:** cancelling the consuming task or dropping the iterator cancels every
///   base's task; `next()` then returns `nil`.
/// - **Buffering:** each base runs in its own task and may read up to 16 elements ahead of
///   the slowest base; the bases wait once 64 tuples wait for the consumer. Counting the
///   batch the consumer holds, a base reads at most 2 × 64 + 1 + 16 = 145 elements beyond
///   what `next()` has returned. (swift-async-algorithms asks
///   each base for exactly one element per `next()`: slower, and the same tuples.)
/// - **Same instant:** elements arriving at the same virtual instant are queued in the
///   order their tasks run; a tuple is made when its last element arrives.
@inlinable
public func zip<Base1: AsyncSequence & Sendable, Base2: AsyncSequence & Sendable>(
  _ base1: Base1, _ base2: Base2
) -> AsyncZip2Sequence<Base1, Base2>
where Base1.Failure == Base2.Failure, Base1.Element: Sendable, Base2.Element: Sendable {
  AsyncZipSequence(
    queues: ([], []),
    sources: [
      .init(base1, { $0 }, add: { $0.0.append($1) }, count: { $0.0.count }),
      .init(base2, { $0 }, add: { $0.1.append($1) }, count: { $0.1.count }),
    ],
    take: { queues in
      guard !queues.0.isEmpty, !queues.1.isEmpty else { return nil }
      return (queues.0.removeFirst(), queues.1.removeFirst())
    })
}

/// Pairs the elements of two sequences whose failure types differ; it fails with
/// `any Error`. See <doc:Zip>.
@_disfavoredOverload
@inlinable
public func zip<Base1: AsyncSequence & Sendable, Base2: AsyncSequence & Sendable>(
  _ base1: Base1, _ base2: Base2
) -> AsyncZipSequence<
  ([Base1.Element], [Base2.Element]), (Base1.Element, Base2.Element), any Error
>
where Base1.Element: Sendable, Base2.Element: Sendable {
  AsyncZipSequence(
    queues: ([], []),
    sources: [
      .init(base1, { $0 }, add: { $0.0.append($1) }, count: { $0.0.count }),
      .init(base2, { $0 }, add: { $0.1.append($1) }, count: { $0.1.count }),
    ],
    take: { queues in
      guard !queues.0.isEmpty, !queues.1.isEmpty else { return nil }
      return (queues.0.removeFirst(), queues.1.removeFirst())
    })
}

/// Makes triples of the elements of three sequences in order (see `zip(_:_:)`).
@inlinable
public func zip<
  Base1: AsyncSequence & Sendable, Base2: AsyncSequence & Sendable, Base3: AsyncSequence & Sendable
>(
  _ base1: Base1, _ base2: Base2, _ base3: Base3
) -> AsyncZip3Sequence<Base1, Base2, Base3>
where
  Base1.Failure == Base2.Failure, Base1.Failure == Base3.Failure, Base1.Element: Sendable,
  Base2.Element: Sendable, Base3.Element: Sendable
{
  AsyncZipSequence(
    queues: ([], [], []),
    sources: [
      .init(base1, { $0 }, add: { $0.0.append($1) }, count: { $0.0.count }),
      .init(base2, { $0 }, add: { $0.1.append($1) }, count: { $0.1.count }),
      .init(base3, { $0 }, add: { $0.2.append($1) }, count: { $0.2.count }),
    ],
    take: { queues in
      guard !queues.0.isEmpty, !queues.1.isEmpty, !queues.2.isEmpty else { return nil }
      return (queues.0.removeFirst(), queues.1.removeFirst(), queues.2.removeFirst())
    })
}

/// Makes triples of the elements of three sequences whose failure types differ; it fails
/// with `any Error`. See <doc:Zip>.
@_disfavoredOverload
@inlinable
public func zip<
  Base1: AsyncSequence & Sendable, Base2: AsyncSequence & Sendable, Base3: AsyncSequence & Sendable
>(
  _ base1: Base1, _ base2: Base2, _ base3: Base3
) -> AsyncZipSequence<
  ([Base1.Element], [Base2.Element], [Base3.Element]),
  (Base1.Element, Base2.Element, Base3.Element), any Error
>
where Base1.Element: Sendable, Base2.Element: Sendable, Base3.Element: Sendable {
  AsyncZipSequence(
    queues: ([], [], []),
    sources: [
      .init(base1, { $0 }, add: { $0.0.append($1) }, count: { $0.0.count }),
      .init(base2, { $0 }, add: { $0.1.append($1) }, count: { $0.1.count }),
      .init(base3, { $0 }, add: { $0.2.append($1) }, count: { $0.2.count }),
    ],
    take: { queues in
      guard !queues.0.isEmpty, !queues.1.isEmpty, !queues.2.isEmpty else { return nil }
      return (queues.0.removeFirst(), queues.1.removeFirst(), queues.2.removeFirst())
    })
}

/// The zip of two sequences, as swift-async-algorithms names it.
public typealias AsyncZip2Sequence<Base1: AsyncSequence, Base2: AsyncSequence> =
  AsyncZipSequence<
    ([Base1.Element], [Base2.Element]), (Base1.Element, Base2.Element), Base1.Failure
  > where Base1.Element: Sendable, Base2.Element: Sendable

/// The zip of three sequences, as swift-async-algorithms names it.
public typealias AsyncZip3Sequence<
  Base1: AsyncSequence, Base2: AsyncSequence, Base3: AsyncSequence
> =
  AsyncZipSequence<
    ([Base1.Element], [Base2.Element], [Base3.Element]),
    (Base1.Element, Base2.Element, Base3.Element), Base1.Failure
  > where Base1.Element: Sendable, Base2.Element: Sendable, Base3.Element: Sendable

/// A sequence of tuples of the elements of several bases, in order. Made by `zip(_:_:)` and
/// `zip(_:_:_:)`; see <doc:Zip>.
public struct AsyncZipSequence<Queues: Sendable, Element: Sendable, Failure: Error>:
  AsyncSequence, Sendable
{
  @usableFromInline typealias Rules = ZipRules<Queues, Element, Failure>
  @usableFromInline typealias Storage = MultiSourceStorage<Rules>

  /// One base, with its type erased: it appends to its queue, and knows how long it is.
  @usableFromInline struct Source: Sendable {
    @usableFromInline let source: MultiSource<Rules>
    @usableFromInline let count: @Sendable (Queues) -> Int

    @inlinable init<Base: AsyncSequence & Sendable>(
      _ base: Base, _ convert: @escaping @Sendable (Base.Failure) -> Failure,
      add: @escaping @Sendable (inout Queues, Base.Element) -> Void,
      count: @escaping @Sendable (Queues) -> Int
    ) where Base.Element: Sendable {
      source = MultiSource(base, convert) { rules, element in rules.add { add(&$0, element) } }
      self.count = count
    }
  }

  @usableFromInline let queues: Queues
  @usableFromInline let sources: [Source]
  /// Takes one element from every queue, when none is empty.
  @usableFromInline let take: @Sendable (inout Queues) -> Element?

  @inlinable init(
    queues: Queues, sources: [Source], take: @escaping @Sendable (inout Queues) -> Element?
  ) {
    self.queues = queues
    self.sources = sources
    self.take = take
  }

  /// Creates an iterator; each iterator reads the bases on its own.
  @inlinable public func makeAsyncIterator() -> Iterator {
    let rules = Rules(queues: queues, counts: sources.map(\.count), take: take)
    return Iterator(
      reader: OutboxReader(Storage(rules: rules, sources: sources.map(\.source), name: "zip")))
  }

  /// The iterator of a zipped sequence.
  public struct Iterator: AsyncIteratorProtocol {
    @usableFromInline var reader: OutboxReader<Storage>

    @inlinable init(reader: OutboxReader<Storage>) {
      self.reader = reader
    }

    /// The next tuple, or `nil` at the end or after cancellation.
    @inlinable public mutating func next(
      isolation actor: isolated (any Actor)? = #isolation
    ) async throws(Failure) -> Element? {
      try await reader.next(isolation: actor)
    }

    /// The next tuple, or `nil` at the end or after cancellation.
    @inlinable public mutating func next() async throws(Failure) -> Element? {
      try await reader.next(isolation: nil)
    }
  }
}

@available(*, unavailable)
extension AsyncZipSequence.Iterator: Sendable {}
