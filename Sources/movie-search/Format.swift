import Foundation

enum Format {
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
  /// One line of JSON with sorted keys, ending in a newline.
  static func line(_ value: some Encodable) throws -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return String(decoding: try encoder.encode(value), as: UTF8.self) + "\n"
  }
}
