extension AsyncSequence {
  /// The elements with `separator` between every `every` of them: `1, 2, 3` with `0` gives
  /// `1, 0, 2, 0, 3` (never before the first or after the last).
  ///
  /// Runs in the consumer's task; it ends, fails and stops on cancellation when the base
  /// does. `every` must be at least 1.
  @inlinable public func interspersed(every: Int = 1, with separator: Element)
    -> AsyncInterspersedSequence<Self>
  {
    AsyncInterspersedSequence(self, every: every, separator: .element(separator))
  }

  /// The elements with a separator made by `separator` between every `every` of them.
  @inlinable public func interspersed(
    every: Int = 1, with separator: @Sendable @escaping () -> Element
  ) -> AsyncInterspersedSequence<Self> {
    AsyncInterspersedSequence(self, every: every, separator: .make(separator))
  }

  /// The elements with a separator made by `separator` between every `every` of them.
  @inlinable public func interspersed(
    every: Int = 1, with separator: @Sendable @escaping () async -> Element
  ) -> AsyncInterspersedSequence<Self> {
    AsyncInterspersedSequence(self, every: every, separator: .makeAsync(separator))
  }

  /// The elements with a separator made by `separator`, which may fail, between every
  /// `every` of them; its error ends the sequence.
  @inlinable public func interspersed(
    every: Int = 1, with separator: @Sendable @escaping () throws -> Element
  ) -> AsyncThrowingInterspersedSequence<Self> {
    AsyncThrowingInterspersedSequence(self, every: every, separator: separator)
  }

  /// The elements with a separator made by `separator`, which may fail, between every
  /// `every` of them; its error ends the sequence.
  @inlinable public func interspersed(
    every: Int = 1, with separator: @Sendable @escaping () async throws -> Element
  ) -> AsyncThrowingInterspersedSequence<Self> {
    AsyncThrowingInterspersedSequence(self, every: every, separator: separator)
  }
}

/// A sequence with separators between its elements. Made by `interspersed(every:with:)`.
public struct AsyncInterspersedSequence<Base: AsyncSequence>: AsyncSequence {
  /// The base's element type.
  public typealias Element = Base.Element
  /// The base's failure type.
  public typealias Failure = Base.Failure

  @usableFromInline let base: Base
  @usableFromInline let every: Int
  @usableFromInline let separator: Separator

  /// Where the separator comes from. `@unchecked Sendable`: it is immutable (an element or a
  /// `@Sendable` closure), and an element separator is only ever copied out to the one
  /// consumer that iterates (`Element` need not be `Sendable`, as in swift-async-algorithms).
  @usableFromInline struct Separator: @unchecked Sendable {
    @usableFromInline enum Kind {
      case element(Element)
      case make(@Sendable () -> Element)
      case makeAsync(@Sendable () async -> Element)
    }
    @usableFromInline let kind: Kind

    @inlinable static func element(_ element: Element) -> Separator {
      Separator(kind: .element(element))
    }
    @inlinable static func make(_ make: @escaping @Sendable () -> Element) -> Separator {
      Separator(kind: .make(make))
    }
    @inlinable static func makeAsync(_ make: @escaping @Sendable () async -> Element) -> Separator {
      Separator(kind: .makeAsync(make))
    }
    @inlinable init(kind: Kind) { self.kind = kind }

    @inlinable func next() async -> Element {
      switch kind {
      case .element(let element): element
      case .make(let make): make()
      case .makeAsync(let make): await make()
      }
    }
  }

  @inlinable init(_ base: Base, every: Int, separator: Separator) {
    precondition(every > 0, "interspersed(every:) needs a count of at least 1")
    (self.base, self.every, self.separator) = (base, every, separator)
  }

  /// Creates an iterator over the base.
  @inlinable public func makeAsyncIterator() -> Iterator {
    Iterator(base: base.makeAsyncIterator(), every: every, separator: separator)
  }

  /// The iterator of an ``AsyncInterspersedSequence``.
  public struct Iterator: AsyncIteratorProtocol {
    @usableFromInline var base: Base.AsyncIterator
    @usableFromInline let every: Int
    @usableFromInline let separator: Separator
    /// Elements given since the last separator; `-1` before the first.
    @usableFromInline var count = -1
    /// The element read ahead, to be given after the separator.
    @usableFromInline var held: Element?

    @inlinable init(base: Base.AsyncIterator, every: Int, separator: Separator) {
      (self.base, self.every, self.separator) = (base, every, separator)
    }

    /// The next element, or a separator when `every` elements were given and another follows.
    @inlinable public mutating func next(
      isolation actor: isolated (any Actor)? = #isolation
    ) async throws(Failure) -> Element? {
      if let element = held {
        held = nil
        count = 1
        return element
      }
      guard let element = try await base.next(isolation: actor) else { return nil }
      if count == -1 || count < every {
        count = Swift.max(count, 0) + 1
        return element
      }
      held = element
      return await separator.next()
    }

    /// The next element, or a separator when `every` elements were given and another follows.
    @inlinable public mutating func next() async throws(Failure) -> Element? {
      try await next(isolation: nil)
    }
  }
}

extension AsyncInterspersedSequence: Sendable where Base: Sendable, Base.Element: Sendable {}

@available(*, unavailable)
extension AsyncInterspersedSequence.Iterator: Sendable {}

/// A sequence with separators, made by a closure that may fail, between its elements. Made
/// by `interspersed(every:with:)` with a throwing closure.
public struct AsyncThrowingInterspersedSequence<Base: AsyncSequence>: AsyncSequence {
  /// The base's element type.
  public typealias Element = Base.Element
  /// Any error: the base's or the separator's.
  public typealias Failure = any Error

  @usableFromInline let base: Base
  @usableFromInline let every: Int
  @usableFromInline let separator: @Sendable () async throws -> Element

  @inlinable init(
    _ base: Base, every: Int, separator: @escaping @Sendable () async throws -> Element
  ) {
    precondition(every > 0, "interspersed(every:) needs a count of at least 1")
    (self.base, self.every, self.separator) = (base, every, separator)
  }

  /// Creates an iterator over the base.
  @inlinable public func makeAsyncIterator() -> Iterator {
    Iterator(base: base.makeAsyncIterator(), every: every, separator: separator)
  }

  /// The iterator of an ``AsyncThrowingInterspersedSequence``.
  public struct Iterator: AsyncIteratorProtocol {
    @usableFromInline var base: Base.AsyncIterator
    @usableFromInline let every: Int
    @usableFromInline let separator: @Sendable () async throws -> Element
    @usableFromInline var count = -1
    @usableFromInline var held: Element?
    @usableFromInline var ended = false

    @inlinable init(
      base: Base.AsyncIterator, every: Int,
      separator: @escaping @Sendable () async throws -> Element
    ) {
      (self.base, self.every, self.separator) = (base, every, separator)
    }

    /// The next element, or a separator when `every` elements were given and another follows.
    @inlinable public mutating func next(
      isolation actor: isolated (any Actor)? = #isolation
    ) async throws -> Element? {
      guard !ended else { return nil }
      if let element = held {
        held = nil
        count = 1
        return element
      }
      do {
        guard let element = try await base.next(isolation: actor) else { return nil }
        if count == -1 || count < every {
          count = Swift.max(count, 0) + 1
          return element
        }
        held = element
        return try await separator()
      } catch {
        ended = true
        held = nil
        throw error
      }
    }

    /// The next element, or a separator when `every` elements were given and another follows.
    @inlinable public mutating func next() async throws -> Element? {
      try await next(isolation: nil)
    }
  }
}

extension AsyncThrowingInterspersedSequence: Sendable
where Base: Sendable, Base.Element: Sendable {}

@available(*, unavailable)
extension AsyncThrowingInterspersedSequence.Iterator: Sendable {}
