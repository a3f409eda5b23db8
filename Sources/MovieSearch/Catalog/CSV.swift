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

  /// What is said of a quote opened and never closed: the rest of the document is inside it,
  /// so the document is damaged (cut short, or not a CSV), not one of its rows.
  static let neverClosed = "a quoted field is never closed"

  /// A row of fields and the 1-based line it starts on.
  struct Row: Equatable {
    var line: Int
    var fields: [String]
  }

  /// Parses a whole document into rows of fields; blank lines are skipped. The first
  /// malformed row is an error.
  static func parse(_ text: String) throws(SyntaxError) -> [[String]] {
    let (rows, damage) = rows(text)
    if let first = damage.first { throw first }
    return rows.map(\.fields)
  }

  /// Parses a whole document, leaving out the rows that are malformed (text after a
  /// closing quote: the rest of that line; a quote never closed: the rest of the document),
  /// each reported with its line. Linear in the text's length.
  static func rows(_ text: String) -> (rows: [Row], damaged: [SyntaxError]) {
    var rows: [Row] = []
    var damaged: [SyntaxError] = []
    var row: [String] = []
    var field: [UInt8] = []
    var inQuotes = false
    var afterQuote = false  // just closed a quoted field: only a separator may follow
    var line = 1
    var rowLine = 1
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
      if !(row.count == 1 && row[0].isEmpty) { rows.append(Row(line: rowLine, fields: row)) }
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
        rowLine = line
      case UInt8(ascii: "\r") where index < bytes.count && bytes[index] == UInt8(ascii: "\n"):
        continue
      case UInt8(ascii: "\"") where field.isEmpty && !afterQuote:
        inQuotes = true
        quoteLine = line
      default:
        guard !afterQuote else {
          // The row is damaged: drop it and go on after its line.
          damaged.append(SyntaxError(line: line, reason: "text after a closing quote"))
          while index < bytes.count, bytes[index] != UInt8(ascii: "\n") { index += 1 }
          index += 1
          line += 1
          rowLine = line
          row.removeAll(keepingCapacity: true)
          field.removeAll(keepingCapacity: true)
          afterQuote = false
          continue
        }
        field.append(byte)
      }
    }
    if inQuotes {
      damaged.append(SyntaxError(line: quoteLine, reason: neverClosed))
    } else if !field.isEmpty || !row.isEmpty || afterQuote {
      endRow()
    }
    return (rows, damaged)
  }
}
