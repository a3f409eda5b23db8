import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writing to the terminal or a pipe. A closed stdout (`movie-search … | head -1`) ends the
/// program quietly with status 0; any other failure to write stdout (a full disk,
/// `> /dev/full`) is one line on stderr and status 1 — output that did not arrive is not a
/// success.
enum Output {
  /// Writes `text` to stdout at once (no buffering: NDJSON consumers see each line when it
  /// is written).
  static func print(_ text: String) {
    send(text, to: STDOUT_FILENO)
  }

  /// Writes a line to stderr (made ``Swift/String/printable``: messages quote servers).
  static func error(_ text: String) {
    send(text.printable + "\n", to: STDERR_FILENO)
  }

  static func send(_ text: String, to descriptor: Int32) {
    guard let failure = writeAll(text, to: descriptor), descriptor == STDOUT_FILENO else { return }
    // The reader went away: nothing more can be said, and that is not an error.
    if failure == EPIPE { MovieSearchApp.exit(0) }
    error("Error: cannot write the output: \(String(cString: strerror(failure))).")
    MovieSearchApp.exit(1)
  }

  /// Writes all of `text` to `descriptor`; the `errno` of a failed write, else `nil`.
  static func writeAll(_ text: String, to descriptor: Int32) -> Int32? {
    var text = text
    return text.withUTF8 { bytes in
      var offset = 0
      while offset < bytes.count {
        let written = write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
        if written < 0 {
          if errno == EINTR { continue }
          return errno
        }
        offset += written
      }
      return nil
    }
  }

  /// Whether stdout is a terminal.
  static let isTerminal = isatty(STDOUT_FILENO) == 1

  /// Whether to use colour: on a terminal, unless `NO_COLOR` is set (https://no-color.org)
  /// or the terminal says it has none (`TERM=dumb`).
  static let useColour = isTerminal && environmentAllowsColour

  /// Whether the environment lets a terminal have colour: no `NO_COLOR`, no `TERM=dumb`.
  static var environmentAllowsColour: Bool {
    let environment = ProcessInfo.processInfo.environment
    return (environment["NO_COLOR"] ?? "").isEmpty && environment["TERM"] != "dumb"
  }

  /// The width of the terminal, or 80 when it cannot be known; at most
  /// ``TerminalSize/largest``'s columns, whatever the terminal or `COLUMNS` says.
  static var width: Int {
    var size = winsize()
    if ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 {
      return TerminalSize(reportedColumns: Int(size.ws_col), rows: 1).columns
    }
    if let columns = ProcessInfo.processInfo.environment["COLUMNS"].flatMap(Int.init), columns > 0 {
      return TerminalSize(reportedColumns: columns, rows: 1).columns
    }
    return 80
  }

  /// `text` in bold/dim/…, when colour is on.
  static func style(_ text: String, _ code: String) -> String {
    useColour ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
  }

  /// `text` with the characters at `ranges` (offsets in `Character`s) bold and underlined,
  /// when colour is on — the parts of a title a search matched. A cut title's "…" is never
  /// marked. The codes switch only bold and underline off again, so a style around the whole
  /// line (the selected row's inverse video) goes on after a marked part.
  static func highlight(_ text: String, _ ranges: [Range<Int>], colour: Bool = useColour)
    -> String
  {
    guard colour, !ranges.isEmpty else { return text }
    let marked = text.hasSuffix("…") ? text.count - 1 : text.count
    var result = ""
    var inside = false
    for (offset, character) in text.enumerated() {
      let wanted = offset < marked && ranges.contains { $0.contains(offset) }
      if wanted != inside {
        result += wanted ? "\u{1B}[1;4m" : "\u{1B}[22;24m"
        inside = wanted
      }
      result.append(character)
    }
    return inside ? result + "\u{1B}[22;24m" : result
  }
}

extension String {
  /// The text made safe for one line of a terminal or a TSV file, for anything a server or a
  /// catalog wrote: escape sequences (CSI, OSC, …) are removed; tabs and line breaks
  /// (`\r` included, which would overwrite the line) become spaces; other control characters
  /// (C0, DEL, C1) and the bidirectional controls that reorder what follows are dropped.
  var printable: String {
    guard unicodeScalars.contains(where: Self.isControl) else { return self }
    return cleaned().text
  }

  /// The text made ``printable``, and `ranges` of its characters (where a query matched it)
  /// moved to the characters of the text as shown: a removed escape sequence before a match
  /// no longer shifts its highlight, and a match inside removed characters is gone. Ranges
  /// past the end are cut to it.
  func printable(moving ranges: [Range<Int>]) -> (text: String, ranges: [Range<Int>]) {
    guard unicodeScalars.contains(where: Self.isControl) else {
      let count = count
      let cut = ranges.map { min($0.lowerBound, count)..<min($0.upperBound, count) }
      return (self, cut.filter { !$0.isEmpty })
    }
    let (text, emittedBefore) = cleaned()
    // Where each character of the source starts among its scalars, and which character of
    // the result each of its scalars belongs to.
    var sourceStarts = [0]
    for character in self {
      sourceStarts.append(sourceStarts.last! + character.unicodeScalars.count)
    }
    var resultCharacter: [Int] = []
    for (offset, character) in text.enumerated() {
      resultCharacter += Array(repeating: offset, count: character.unicodeScalars.count)
    }
    resultCharacter.append(text.count)
    func moved(_ character: Int) -> Int {
      let scalar = sourceStarts[Swift.max(0, Swift.min(character, sourceStarts.count - 1))]
      return resultCharacter[emittedBefore[scalar]]
    }
    return (text, ranges.map { moved($0.lowerBound)..<moved($0.upperBound) }.filter { !$0.isEmpty })
  }

  /// The cleaning of ``printable``: the text, and for each scalar of `self` (and its end)
  /// how many scalars of the result come before it (a removed scalar: before the next kept).
  private func cleaned() -> (text: String, emittedBefore: [Int]) {
    let scalars = Array(unicodeScalars)
    var result = String.UnicodeScalarView()
    var emittedBefore = [Int](repeating: -1, count: scalars.count + 1)
    var emitted = 0  // result.count, which a scalar view counts by walking
    var index = 0
    func emit(_ scalar: Unicode.Scalar, from source: Int) {
      emittedBefore[source] = emitted
      result.append(scalar)
      emitted += 1
    }
    func skip(until isEnd: (Unicode.Scalar) -> Bool) {
      while index < scalars.count, !isEnd(scalars[index]) { index += 1 }
      index += 1
    }
    while index < scalars.count {
      let scalar = scalars[index]
      index += 1
      switch scalar.value {
      case 0x1B where index < scalars.count:
        let kind = scalars[index]
        index += 1
        switch kind {
        case "[": skip { (0x40...0x7E).contains($0.value) }  // CSI: up to its final byte
        case "]", "P", "X", "^", "_":  // strings: up to BEL or ST (ESC \)
          skip { $0.value == 0x07 || $0.value == 0x1B || $0.value == 0x9C }
          if index < scalars.count, scalars[index - 1].value == 0x1B, scalars[index] == "\\" {
            index += 1
          }
        default: break  // a two-character sequence: both gone
        }
      case 0x9B: skip { (0x40...0x7E).contains($0.value) }
      case 0x09, 0x0A, 0x0D: emit(" ", from: index - 1)
      default:
        if !Self.isControl(scalar) { emit(scalar, from: index - 1) }
      }
    }
    emittedBefore[scalars.count] = emitted
    for position in stride(from: scalars.count - 1, through: 0, by: -1)
    where emittedBefore[position] < 0 {
      emittedBefore[position] = emittedBefore[position + 1]
    }
    return (String(result), emittedBefore)
  }

  private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x00...0x1F, 0x7F...0x9F, 0x202A...0x202E, 0x2066...0x2069: true
    default: false
    }
  }

  /// The number of terminal columns the text takes (wide East Asian characters take two).
  var columns: Int {
    unicodeScalars.reduce(0) { width, scalar in
      if scalar.properties.generalCategory == .nonspacingMark { return width }
      let value = scalar.value
      let wide =
        (0x1100...0x115F).contains(value) || (0x2E80...0xA4CF).contains(value)
        || (0xAC00...0xD7A3).contains(value) || (0xF900...0xFAFF).contains(value)
        || (0xFE30...0xFE4F).contains(value) || (0xFF00...0xFF60).contains(value)
        || (0xFFE0...0xFFE6).contains(value) || (0x1F300...0x1FAFF).contains(value)
        || (0x20000...0x3FFFD).contains(value)
      return width + (wide ? 2 : 1)
    }
  }

  /// The text cut to `width` columns, ending in "…" when it was cut.
  func truncated(to width: Int) -> String {
    guard columns > width else { return self }
    guard width > 1 else { return width == 1 ? "…" : "" }
    var result = ""
    var used = 0
    for character in self {
      let next = String(character).columns
      if used + next > width - 1 { break }
      result.append(character)
      used += next
    }
    while result.last == " " { result.removeLast() }
    return result + "…"
  }

  /// The text padded with spaces to `width` columns.
  func padded(to width: Int) -> String {
    self + String(repeating: " ", count: Swift.max(0, width - columns))
  }

  /// Lines of at most `width` columns, broken between words.
  package func wrapped(to width: Int) -> [String] {
    var lines: [String] = []
    var line = ""
    for word in split(separator: " ") {
      let word = String(word)
      if line.isEmpty {
        line = word
      } else if line.columns + 1 + word.columns <= width {
        line += " " + word
      } else {
        lines.append(line)
        line = word
      }
    }
    if !line.isEmpty { lines.append(line) }
    return lines
  }
}
