import Foundation

/// A release date as TMDb writes it, `yyyy-MM-dd`; the offline catalog knows only the year.
///
/// Parsed by hand, so it does not depend on the machine's locale, time zone or calendar.
public struct ReleaseDate: Sendable, Hashable, Comparable, Codable, CustomStringConvertible {
  /// The year, e.g. 1999.
  public var year: Int
  /// The month, 1–12, when known.
  public var month: Int?
  /// The day of the month, 1–31, when known.
  public var day: Int?

  /// Creates a date; `month` and `day` may be unknown.
  public init(year: Int, month: Int? = nil, day: Int? = nil) {
    self.year = year
    self.month = month
    self.day = day
  }

  /// Parses `yyyy-MM-dd` or `yyyy`; returns `nil` for anything else, including `""`.
  public init?(_ text: String) {
    let parts = text.split(separator: "-", omittingEmptySubsequences: false)
    guard parts.count == 1 || parts.count == 3, parts[0].count == 4,
      let year = Int(parts[0]), year > 0
    else { return nil }
    guard parts.count == 3 else {
      self.init(year: year)
      return
    }
    guard parts[1].count == 2, parts[2].count == 2,
      let month = Int(parts[1]), let day = Int(parts[2]),
      (1...12).contains(month), (1...Self.daysIn(month: month, year: year)).contains(day)
    else { return nil }
    self.init(year: year, month: month, day: day)
  }

  /// The date in TMDb's notation: `yyyy-MM-dd`, or `yyyy` when only the year is known.
  public var description: String {
    guard let month, let day else { return String(format: "%04d", year) }
    return String(format: "%04d-%02d-%02d", year, month, day)
  }

  /// Midnight UTC of that day (of 1 January when only the year is known).
  public var date: Date {
    var components = DateComponents()
    components.year = year
    components.month = month ?? 1
    components.day = day ?? 1
    return Self.utcCalendar.date(from: components) ?? Date(timeIntervalSince1970: 0)
  }

  /// Orders by year, then month, then day; an unknown part sorts first.
  public static func < (lhs: ReleaseDate, rhs: ReleaseDate) -> Bool {
    (lhs.year, lhs.month ?? 0, lhs.day ?? 0) < (rhs.year, rhs.month ?? 0, rhs.day ?? 0)
  }

  /// Decodes the text form (see ``init(_:)``).
  public init(from decoder: any Decoder) throws {
    let text = try decoder.singleValueContainer().decode(String.self)
    guard let date = ReleaseDate(text) else {
      throw DecodingError.dataCorrupted(
        .init(codingPath: decoder.codingPath, debugDescription: "not a yyyy-MM-dd date: '\(text)'"))
    }
    self = date
  }

  /// Encodes the text form.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(description)
  }

  private static let utcCalendar: Calendar = {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
    calendar.locale = Locale(identifier: "en_US_POSIX")
    return calendar
  }()

  private static func daysIn(month: Int, year: Int) -> Int {
    switch month {
    case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
    case 4, 6, 9, 11: 30
    default: 31
    }
  }
}
