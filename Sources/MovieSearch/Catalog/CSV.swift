/// A parser for comma-separated values as RFC 4180 writes them: fields may be quoted, a
/// quoted field may hold commas, line breaks and doubled quotes (`""`), lines end with LF
/// or CRLF, and the last line may lack its line break.
enum CSV {
  /// A malformed document, with the 1-based line where the problem starts.
  struct SyntaxError: Error, Equatable, CustomStringConvertible {
    let line: Int
    let reason: String
    var description: String { "CSV line \(line): \(reason)" }
  }

  /// Parses a whole document into rows of fields; blank lines are skipped.
  static func parse(_ text: String) throws(SyntaxError) -> [[String]] {
    var rows: [[String]] = []
    var row: [String] = []
    var field: [UInt8] = []
    var inQuotes = false
    var afterQuote = false  // just closed a quoted field: only a separator may follow
    var line = 1
    var quoteLine = 1
    let bytes = Array(text.utf8)
    var index = 0

    func endField() {
      row.append(String(decoding: field, as: UTF8.self))
      field.removeAll(keepingCapacity: true)
      afterQuote = false
    }
    func endRow() {
      endField()
      if !(row.count == 1 && row[0].isEmpty) { rows.append(row) }
      row.removeAll(keepingCapacity: true)
    }

    while index < bytes.count {
      let byte = bytes[index]
      index += 1
      if inQuotes {
        if byte == UInt8(ascii: "\"") {
          if index < bytes.count, bytes[index] == UInt8(ascii: "\"") {
            field.append(byte)
            index += 1
          } else {
            inQuotes = false
            afterQuote = true
          }
        } else {
          if byte == UInt8(ascii: "\n") { line += 1 }
          field.append(byte)
        }
        continue
      }
      switch byte {
      case UInt8(ascii: ","):
        endField()
      case UInt8(ascii: "\n"):
        endRow()
        line += 1
      case UInt8(ascii: "\r") where index < bytes.count && bytes[index] == UInt8(ascii: "\n"):
        continue
      case UInt8(ascii: "\"") where field.isEmpty && !afterQuote:
        inQuotes = true
        quoteLine = line
      default:
        guard !afterQuote else {
          throw SyntaxError(line: line, reason: "text after a closing quote")
        }
        field.append(byte)
      }
    }
    if inQuotes { throw SyntaxError(line: quoteLine, reason: "a quoted field is never closed") }
    if !field.isEmpty || !row.isEmpty || afterQuote { endRow() }
    return rows
  }
}
