extension RangeReplaceableCollection {
  /// A collection of every element of `source`, in order (it waits for the end).
  @inlinable public init<Source: AsyncSequence>(_ source: Source) async throws(Source.Failure)
  where Source.Element == Element {
    self.init()
    var iterator = source.makeAsyncIterator()
    while let element = try await iterator.next(isolation: nil) { append(element) }
  }
}

extension SetAlgebra {
  /// A set of the elements of `source` (it waits for the end).
  @inlinable public init<Source: AsyncSequence>(_ source: Source) async throws(Source.Failure)
  where Source.Element == Element {
    self.init()
    var iterator = source.makeAsyncIterator()
    while let element = try await iterator.next(isolation: nil) { insert(element) }
  }
}

extension Dictionary {
  /// A dictionary of the key-value pairs of `keysAndValues`; a key given twice is a
  /// programming error, as for `Dictionary(uniqueKeysWithValues:)`.
  @inlinable public init<S: AsyncSequence>(uniqueKeysWithValues keysAndValues: S) async throws(S
    .Failure) where S.Element == (Key, Value)
  {
    self.init(uniqueKeysWithValues: try await Array(keysAndValues))
  }

  /// A dictionary of the key-value pairs of `keysAndValues`, the values of a repeated key
  /// combined by `combine`.
  @inlinable public init<S: AsyncSequence>(
    _ keysAndValues: S, uniquingKeysWith combine: (Value, Value) async throws -> Value
  ) async rethrows where S.Element == (Key, Value) {
    self.init()
    for try await (key, value) in keysAndValues {
      if let existing = self[key] {
        self[key] = try await combine(existing, value)
      } else {
        self[key] = value
      }
    }
  }

  /// The elements of `values` grouped by the key `keyForValue` gives each.
  @inlinable public init<S: AsyncSequence>(
    grouping values: S, by keyForValue: (S.Element) async throws -> Key
  ) async rethrows where Value == [S.Element] {
    self.init()
    for try await value in values {
      self[try await keyForValue(value), default: []].append(value)
    }
  }
}
