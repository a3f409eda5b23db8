import Foundation

/// A range of whole numbers as people write it — `a..b`, `a..`, `..b`, `>a`, `>=a`, `<b`,
/// `<=b`, or one number — read the same way in a query's filters (`year:1990..1999`,
/// `runtime:<100`) and on the command line (`--years 1990..1999`).
public enum RangeText {
  /// What a range says: its two ends (either open), or one number, whose meaning is the
  /// reader's (a year; nothing, for a runtime).
  public enum Reading: Equatable, Sendable {
    /// From `lower` to `upper`, both included (`nil`: open).
    case bounds(lower: Int?, upper: Int?)
    /// One number alone.
    case number(Int)
  }

  /// Why a text is no range.
  public enum Problem: Error, Equatable, Sendable {
    /// An end that is not a whole number within the range.
    case notANumber
    /// No end at all: the text is empty, or only `..`.
    case noEnd
    /// The first end after the second.
    case reversed
  }

  /// Reads `text`; every number must be whole and within `range` (`>` and `<` move an end
  /// by one, but not past the range).
  public static func read(_ text: some StringProtocol, in range: ClosedRange<Int>)
    throws(Problem) -> Reading
  {
    func number(_ text: some StringProtocol) throws(Problem) -> Int? {
      let text = text.trimmingCharacters(in: .whitespaces)
      if text.isEmpty { return nil }
      guard text.allSatisfy(\.isASCII), let whole = Double(text),
        let value = Int(outside: whole, in: range), Double(value) == whole
      else { throw .notANumber }
      return value
    }
    let text = text.trimmingCharacters(in: .whitespaces)
    if let dots = text.range(of: "..") {
      let lower = try number(text[..<dots.lowerBound])
      let upper = try number(text[dots.upperBound...])
      guard lower != nil || upper != nil else { throw .noEnd }
      guard (lower ?? range.lowerBound) <= (upper ?? range.upperBound) else { throw .reversed }
      return .bounds(lower: lower, upper: upper)
    }
    let (sign, rest) = comparison(text)
    guard let bound = try number(rest) else { throw .noEnd }
    switch sign {
    case ">": return .bounds(lower: bound < range.upperBound ? bound + 1 : bound, upper: nil)
    case ">=": return .bounds(lower: bound, upper: nil)
    case "<": return .bounds(lower: nil, upper: bound > range.lowerBound ? bound - 1 : bound)
    case "<=": return .bounds(lower: nil, upper: bound)
    default: return .number(bound)
    }
  }

  /// The comparison `text` starts with — `>=`, `<=`, `>`, `<`, or none (`=` is none) — and
  /// what follows it.
  static func comparison(_ text: some StringProtocol) -> (sign: String, rest: Substring) {
    let text = Substring(text)
    for sign in [">=", "<=", ">", "<", "="] where text.hasPrefix(sign) {
      return (sign == "=" ? "" : sign, text.dropFirst(sign.count))
    }
    return ("", text)
  }
}
