import Foundation

// Numbers that come from outside — a server's JSON, a catalog or CSV file, a `stream` line,
// the command line — become an `Int` only through `Int(outside:in:)`. `Int(someDouble)`
// traps on `1e300` or `nan`, so a server (or anyone on a plain-http path) could end the
// process with one field; here such a value is `nil`, and each caller says what a `nil`
// gets: a search row is left out (with the usual note), a details field is unknown, a
// `stream` line is skipped with its number, a CSV line is reported and skipped.

extension Int {
  /// `value` rounded to the nearest whole number, when that lies within `range`; `nil` when
  /// `value` is not finite or the rounded value is outside `range` (or outside `Int`).
  public init?(outside value: Double, in range: ClosedRange<Int>) {
    guard value.isFinite, let whole = Int(exactly: value.rounded()), range.contains(whole)
    else { return nil }
    self = whole
  }
}

/// The ranges within which numbers from a movie service or a catalog mean something; a
/// value outside is refused (see `Int(outside:in:)` for what a refusal gets).
enum Plausible {
  /// A film's id: TMDb's, and the offline catalogs', fit in 32 bits.
  static let id = 1...Int(UInt32.max)
  /// Votes for one film.
  static let votes = 0...1_000_000_000
  /// A running time in minutes (the longest films run a few thousand).
  static let minutes = 1...100_000
  /// Dollars of a budget or a revenue.
  static let dollars = 1...10_000_000_000_000
  /// A page number, or a number of pages.
  static let pages = 0...1_000_000
  /// A number of results.
  static let results = 0...1_000_000_000
  /// A position in a billing order.
  static let billing = 0...1_000_000
  /// A mean rating.
  static let rating: ClosedRange<Double> = 0...10
  /// TMDb's popularity score.
  static let popularity: ClosedRange<Double> = 0...1e9
}

/// A number from outside that is out of its range: what a decoder throws for it.
struct OutOfRange: Error, CustomStringConvertible {
  let field: String
  let value: String
  var description: String { "\(field) \(value) is out of range" }
}

extension KeyedDecodingContainer {
  /// A whole number within `range`; `nil` when missing, null or not a number; throws
  /// ``OutOfRange`` when it is a number outside `range`. Callers that treat a bad value as
  /// unknown write `(try? row.whole(…)) ?? nil`.
  func whole(_ key: Key, in range: ClosedRange<Int>) throws -> Int? {
    guard let number = number(key) else { return nil }
    guard let value = Int(outside: number, in: range) else {
      throw OutOfRange(field: key.stringValue, value: "\(number)")
    }
    return value
  }

  /// A number within `range`; `nil` when missing, null or not a number; throws
  /// ``OutOfRange`` when it is a number outside `range`.
  func measure(_ key: Key, in range: ClosedRange<Double>) throws -> Double? {
    guard let number = number(key) else { return nil }
    guard range.contains(number) else {
      throw OutOfRange(field: key.stringValue, value: "\(number)")
    }
    return number
  }
}
