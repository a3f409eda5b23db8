extension AsyncSequence where Self: Sendable, Element: Sendable {
  /// Pairs each element with the latest element of `other` (RxJS's `withLatestFrom`);
  /// elements that arrive before `other` has produced anything are dropped.
  ///
  /// ```swift
  /// for await (_, query) in submitTaps.withLatestFrom(queryText) { search(query) }
  /// ```
  ///
  /// - **Termination:** finishes when this sequence finishes; `other` finishing only freezes
  ///   its latest element.
  /// - **Failure:** an error of either sequence is thrown after the pairs emitted before it
  ///   and cancels the other one.
  /// - **Cancellation:** cancelling the consuming task or dropping the iterator cancels both
  ///   sequences' tasks; `next()` then returns `nil`.
  /// - **Buffering:** each sequence runs in its own task; this sequence waits once 128 pairs
  ///   wait for the consumer (with the batch the consumer holds, up to 2 × 129 − 1 pairs
  ///   ahead of what `next()` returned); `other` is read as fast as it produces.
  /// - **Same instant:** an element of `other` and an element of this sequence at the same
  ///   virtual instant are taken in the order their tasks wake (the order of their sleeps
  ///   on the `VirtualClock`).
  @inlinable
  public func withLatestFrom<Other: AsyncSequence & Sendable>(
    _ other: Other
  ) -> AsyncWithLatestFromSequence<Self, Other>
  where Other.Failure == Failure, Other.Element: Sendable {
    AsyncCombineLatestSequence(
      initial: (nil, nil),
      sources: [
        .init(self, { $0 }) { $0.0 = $1 }, .init(other, { $0 }, triggers: false) { $0.1 = $1 },
      ],
      combine: { values in values.0.flatMap { first in values.1.map { (first, $0) } } })
  }

  /// Pairs each element with the latest element of `other`, whose failure type differs; it
  /// fails with `any Error` (see `withLatestFrom(_:)`).
  @_disfavoredOverload
  @inlinable
  public func withLatestFrom<Other: AsyncSequence & Sendable>(
    _ other: Other
  ) -> AsyncCombineLatestSequence<
    (Element?, Other.Element?), (Element, Other.Element), any Error
  > where Other.Element: Sendable {
    AsyncCombineLatestSequence(
      initial: (nil, nil),
      sources: [
        .init(self, { $0 }) { $0.0 = $1 }, .init(other, { $0 }, triggers: false) { $0.1 = $1 },
      ],
      combine: { values in values.0.flatMap { first in values.1.map { (first, $0) } } })
  }
}

/// The elements of `Base` paired with the latest element of `Other`. Made by
/// `withLatestFrom(_:)`; see <doc:CombineLatest>.
public typealias AsyncWithLatestFromSequence<Base: AsyncSequence, Other: AsyncSequence> =
  AsyncCombineLatestSequence<
    (Base.Element?, Other.Element?), (Base.Element, Other.Element), Base.Failure
  > where Base.Element: Sendable, Other.Element: Sendable
