/// Where the parts of the finder's list screen are, row by row, in each layout (`--layout`),
/// inside the border when there is one: what drawing places and what a click reads back.
///
/// ```
///   reverse (movie-search's)   default (fzf's)        reverse-list
///   0  prompt                  0  help                0  help
///   1  status                  1  film n … (upwards)  1  film 1 … (downwards)
///   2  header…                 …  film 1              …  film n
///   …  film 1 … (downwards)    …  header…             …  header…
///   …  help                    …  status              …  status
///                              R-1 prompt             R-1 prompt
/// ```
extension FinderState {
  /// The row of the search field.
  var promptRow: Int { look.layout == .reverse ? 0 : max(0, size.rows - 1) }

  /// The list index shown on screen row `row` (inside any border), if a film can be there.
  func listIndex(atRow row: Int) -> Int? {
    let slot: Int
    switch look.layout {
    case .reverse: slot = row - 2 - look.header.count
    case .default: slot = listRows - row
    case .reverseList: slot = row - 1
    }
    guard (0..<listRows).contains(slot) else { return nil }
    return firstShown + slot
  }

  /// The screen's lines from its parts: the prompt, the status, the header, the list's rows
  /// (in screen order, padded to fill its area when the prompt is at the bottom) and the
  /// help line, placed as the layout says.
  func arranged(prompt: String, status: String, header: [String], list: [String], help: String)
    -> [String]
  {
    look.layout == .reverse
      ? [prompt, status] + header + list + [help] : [help] + list + header + [status, prompt]
  }

  /// `lines` in a rounded box, each padded to the width inside it (`--border`).
  func bordered(_ lines: [String], colour: Bool) -> [String] {
    let width = max(1, size.columns)
    let edge = { (text: String) in colour ? "\u{1B}[2m\(text)\u{1B}[0m" : text }
    let rule = String(repeating: "─", count: width + 2)
    let body = lines + Array(repeating: "", count: max(0, size.rows - lines.count))
    return [edge("╭" + rule + "╮")]
      + body.map { line in
        edge("│") + " " + line
          + String(repeating: " ", count: max(0, width - line.printable.columns))
          + " " + edge("│")
      } + [edge("╰" + rule + "╯")]
  }
}

extension FinderLook {
  /// The size inside the border (if any) of a viewport of `columns` × `rows`.
  func inner(columns: Int, rows: Int) -> (columns: Int, rows: Int) {
    border ? (max(1, columns - 4), max(1, rows - 2)) : (columns, rows)
  }
}
