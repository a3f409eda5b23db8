extension AsyncSequence {
  /// Emits each intermediate result of combining the elements with `nextPartialResult`,
  /// starting from `initialResult` (Combine's `scan`; swift-async-algorithms' `reductions`).
  ///
  /// ```swift
  /// [1, 2, 3].async.scan(0, +)  // 1, 3, 6
  /// ```
  ///
  /// Runs in the consumer's task and starts no task; it holds the running result. It ends,
  /// fails and stops on cancellation exactly when the base does.
  @inlinable
  public func scan<Result>(
    _ initialResult: Result,
    _ nextPartialResult: @escaping @Sendable (Result, Element) -> Result
  ) -> AsyncScanSequence<Self, Result> {
    AsyncReductionsSequence(base: self, initial: initialResult) {
      (result: inout Result?, element: Element) throws(Failure) in
      if let current = result { result = nextPartialResult(current, element) }
    }
  }

  /// Emits each running result of `transform`, starting from `initial` (swift-async-algorithms'
  /// name for ``scan(_:_:)``). See <doc:Toolbox>.
  @inlinable
  public func reductions<Result>(
    _ initial: Result,
    _ transform: @escaping @Sendable (Result, Element) async -> Result
  ) -> AsyncExclusiveReductionsSequence<Self, Result> {
    AsyncReductionsSequence(base: self, initial: initial) {
      (result: inout Result?, element: Element) async throws(Failure) in
      // Safe to hand over: see `AsyncReductionsSequence.Step`.
      nonisolated(unsafe) let (current, element) = (result.take(), element)
      if current != nil { result = await transform(current!, element) }
    }
  }

  /// Emits each running result of `transform`, which updates the result in place (cheap for
  /// a growing collection). See <doc:Toolbox>.
  @inlinable
  public func reductions<Result>(
    into initial: Result,
    _ transform: @escaping @Sendable (inout Result, Element) async -> Void
  ) -> AsyncExclusiveReductionsSequence<Self, Result> {
    AsyncReductionsSequence(base: self, initial: initial) {
      (result: inout Result?, element: Element) async throws(Failure) in
      // Moved out and back, so that a growing collection is not copied.
      nonisolated(unsafe) var current = result.take()
      nonisolated(unsafe) let element = element
      if current != nil { await transform(&current!, element) }
      result = current
    }
  }

  /// Emits the first element, then each running result of combining it with the next ones.
  /// See <doc:Toolbox>.
  @inlinable
  public func reductions(
    _ transform: @escaping @Sendable (Element, Element) async -> Element
  ) -> AsyncInclusiveReductionsSequence<Self> {
    AsyncReductionsSequence(base: self, initial: nil) {
      (result: inout Element?, element: Element) async throws(Failure) in
      nonisolated(unsafe) let (current, element) = (result.take(), element)
      if current != nil {
        result = await transform(current!, element)
      } else {
        result = element
      }
    }
  }

  /// ``reductions(_:_:)`` with a `transform` that can throw; the sequence fails with
  /// `any Error`.
  @inlinable
  public func reductions<Result>(
    _ initial: Result,
    _ transform:
      @escaping @Sendable (Result, Element) async throws
      -> Result
  ) -> AsyncThrowingExclusiveReductionsSequence<Self, Result> {
    AsyncReductionsSequence(base: self, initial: initial) {
      (result: inout Result?, element: Element) async throws(any Error) in
      nonisolated(unsafe) let (current, element) = (result.take(), element)
      if current != nil { result = try await transform(current!, element) }
    }
  }

  /// ``reductions(into:_:)`` with a `transform` that can throw; the sequence fails with
  /// `any Error`.
  @inlinable
  public func reductions<Result>(
    into initial: Result,
    _ transform:
      @escaping @Sendable (inout Result, Element) async throws
      -> Void
  ) -> AsyncThrowingExclusiveReductionsSequence<Self, Result> {
    AsyncReductionsSequence(base: self, initial: initial) {
      (result: inout Result?, element: Element) async throws(any Error) in
      nonisolated(unsafe) var current = result.take()
      nonisolated(unsafe) let element = element
      if current != nil { try await transform(&current!, element) }
      result = current
    }
  }

  /// ``reductions(_:)`` with a `transform` that can throw; the sequence fails with
  /// `any Error`.
  @inlinable
  public func reductions(
    _ transform:
      @escaping @Sendable (Element, Element) async throws
      -> Element
  ) -> AsyncThrowingInclusiveReductionsSequence<Self> {
    AsyncReductionsSequence(base: self, initial: nil) {
      (result: inout Element?, element: Element) async throws(any Error) in
      nonisolated(unsafe) let (current, element) = (result.take(), element)
      if current != nil {
        result = try await transform(current!, element)
      } else {
        result = element
      }
    }
  }
}

/// Running results from `initial` (`scan(_:_:)`), with the base's failure type.
public typealias AsyncScanSequence<Base: AsyncSequence, Result> = AsyncReductionsSequence<
  Base, Result, Base.Failure
>
/// swift-async-algorithms' name for the running results from an initial value.
public typealias AsyncExclusiveReductionsSequence<Base: AsyncSequence, Result> =
  AsyncReductionsSequence<Base, Result, Base.Failure>
/// swift-async-algorithms' name for running results from a throwing transform.
public typealias AsyncThrowingExclusiveReductionsSequence<Base: AsyncSequence, Result> =
  AsyncReductionsSequence<Base, Result, any Error>
/// swift-async-algorithms' name for running results that start from the first element.
public typealias AsyncInclusiveReductionsSequence<Base: AsyncSequence> = AsyncReductionsSequence<
  Base, Base.Element, Base.Failure
>
/// swift-async-algorithms' name for inclusive running results from a throwing transform.
public typealias AsyncThrowingInclusiveReductionsSequence<Base: AsyncSequence> =
  AsyncReductionsSequence<Base, Base.Element, any Error>

/// The running results of combining a sequence's elements. Made by `scan(_:_:)` and the
/// `reductions` family.
///
/// One element at a time, in the consumer's task: the result is `nil` only before the first
/// element of an inclusive reduction, and a step updates it in place.
public struct AsyncReductionsSequence<Base: AsyncSequence, Result, Failure: Error>: AsyncSequence {
  /// The running result.
  public typealias Element = Result
  /// Folds an element into the running result, in place, in the consumer's isolation.
  ///
  /// The public `reductions` methods take swift-async-algorithms' plain `@Sendable … async`
  /// closures (Swift 6.3 crashes converting an operator such as `+` to a
  /// `nonisolated(nonsending)` function type), so a step hands the result and the element to
  /// a concurrent function. With types that are not `Sendable` the compiler cannot prove that
  /// safe; it is, because a `@Sendable` closure captures nothing mutable and a non-`Sendable`
  /// value cannot enter an actor: the closure has nowhere to keep them, and the iterator
  /// waits for it before touching the result again.
  @usableFromInline typealias Step =
    nonisolated(nonsending) @Sendable (inout Result?, Base.Element) async throws(Failure) -> Void

  @usableFromInline let base: Base
  @usableFromInline let initial: Result?
  @usableFromInline let convert: @Sendable (Base.Failure) -> Failure
  @usableFromInline let step: Step

  @inlinable init(base: Base, initial: Result?, step: @escaping Step)
  where Failure == Base.Failure {
    self.base = base
    self.initial = initial
    self.convert = { $0 }
    self.step = step
  }

  @inlinable init(base: Base, initial: Result?, step: @escaping Step) where Failure == any Error {
    self.base = base
    self.initial = initial
    self.convert = { $0 }
    self.step = step
  }

  /// Creates an iterator starting from the initial result.
  @inlinable
  public func makeAsyncIterator() -> Iterator {
    Iterator(base: base.makeAsyncIterator(), result: initial, convert: convert, step: step)
  }

  /// The iterator of an ``AsyncReductionsSequence``.
  public struct Iterator: AsyncIteratorProtocol {
    @usableFromInline var base: Base.AsyncIterator
    @usableFromInline var result: Result?
    @usableFromInline let convert: @Sendable (Base.Failure) -> Failure
    @usableFromInline let step: Step

    @inlinable init(
      base: Base.AsyncIterator, result: Result?,
      convert: @escaping @Sendable (Base.Failure) -> Failure, step: @escaping Step
    ) {
      self.base = base
      self.result = result
      self.convert = convert
      self.step = step
    }

    /// The result after combining the base's next element.
    @inlinable
    public mutating func next(
      isolation actor: isolated (any Actor)? = #isolation
    ) async throws(Failure) -> Result? {
      let element: Base.Element?
      do throws(Base.Failure) {
        element = try await base.next(isolation: actor)
      } catch {
        throw convert(error)
      }
      guard let element else { return nil }
      try await step(&result, element)
      return result
    }

    /// The result after combining the base's next element.
    @inlinable
    public mutating func next() async throws(Failure) -> Result? {
      try await next(isolation: nil)
    }
  }
}

extension AsyncReductionsSequence: Sendable where Base: Sendable, Result: Sendable {}

@available(*, unavailable)
extension AsyncReductionsSequence.Iterator: Sendable {}
