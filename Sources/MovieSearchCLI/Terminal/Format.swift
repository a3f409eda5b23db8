import Foundation
import MovieSearch

enum Format {
  /// A day as `2026-11-24` (UTC).
  static func day(_ date: Date) -> String {
    let days =
      Int(outside: (date.timeIntervalSince1970 / 86_400).rounded(.down), in: 0...2_932_896) ?? 0
    // Civil date from days since 1970 (Howard Hinnant's algorithm): no calendar or time zone.
    let z = days + 719_468
    let era = z / 146_097
    let dayOfEra = z - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let monthIndex = (5 * dayOfYear + 2) / 153
    let dayOfMonth = dayOfYear - (153 * monthIndex + 2) / 5 + 1
    let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
    let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
    return String(format: "%04d-%02d-%02d", year, month, dayOfMonth)
  }

  /// A rating with one decimal, e.g. "8.5".
  static func rating(_ value: Double) -> String {
    String(format: "%.1f", value)
  }

  /// A count of things with thousands separators and the right number: "1 film",
  /// "58,788 films".
  static func count(_ value: Int, _ singular: String, _ plural: String? = nil) -> String {
    "\(count(value)) \(value == 1 ? singular : plural ?? singular + "s")"
  }

  /// A count with thousands separators, e.g. "143,853".
  static func count(_ value: Int) -> String {
    let digits = String(value)
    var result = ""
    for (index, digit) in digits.enumerated() {
      if index > 0, (digits.count - index) % 3 == 0 { result += "," }
      result.append(digit)
    }
    return result
  }
}

enum JSON {
  /// One line of JSON with sorted keys, ending in a newline. Text keeps what it says; the
  /// control characters JSON allows raw (DEL, C1) and the bidirectional controls are written
  /// as `\u` escapes too, so that the line is safe to show on a terminal.
  static func line(_ value: some Encodable) throws -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    let text = String(decoding: try encoder.encode(value), as: UTF8.self)
    guard text.unicodeScalars.contains(where: needsEscape) else { return text + "\n" }
    var escaped = ""
    for scalar in text.unicodeScalars {
      if needsEscape(scalar) {
        escaped += String(format: "\\u%04x", scalar.value)
      } else {
        escaped.unicodeScalars.append(scalar)
      }
    }
    return escaped + "\n"
  }

  private static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x7F...0x9F, 0x202A...0x202E, 0x2066...0x2069: true
    default: false
    }
  }
}

extension Movie {
  /// The title as a list shows it, made printable: found by another of its titles, that one
  /// beside it ("Shichinin no samurai (aka Seven Samurai)"); and where the query matched it,
  /// in characters of that text.
  var listedTitle: (text: String, matches: [Range<Int>]) {
    guard let aka = alsoKnownAs else {
      let (text, matches) = title.printable(moving: titleMatches)
      return (text, matches)
    }
    let title = title.printable
    let (akaText, matches) = aka.printable(moving: titleMatches)
    let start = title.count + " (aka ".count
    return (
      "\(title) (aka \(akaText))",
      matches.map { $0.lowerBound + start..<$0.upperBound + start }
    )
  }
}
