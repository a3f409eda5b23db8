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
///
/// The preview pane takes columns beside the list (`right`, `left`: a `│` between them) or
/// rows of the films' area above or below it (`up`, `down`: a `─` line between them).
extension FinderState {
  /// The terminal's width from which the preview goes beside the list by default.
  static let previewMinimumWidth = 140
  /// The least a list keeps beside or above a pane: columns, rows.
  static let listLeastColumns = 20
  static let listLeastRows = 3

  /// The row of the search field.
  var promptRow: Int { look.layout == .reverse ? 0 : max(0, size.rows - 1) }

  /// Rows of the films' area: all but the prompt, the status, the header and the help.
  var areaRows: Int { max(1, size.rows - 3 - look.header.count) }

  /// Where the preview pane is, when it is shown: where `--preview-window` puts it, when it
  /// fits; by default beside the list on a wide terminal, below it on a narrow one once asked
  /// for (``previewBelow``).
  var previewPlacement: PreviewWindow.Position? {
    guard previewAllowed, details == nil else { return nil }
    let position =
      look.previewWindow.position
      ?? (size.columns >= Self.previewMinimumWidth ? .right : previewBelow ? .down : nil)
    guard let position else { return nil }
    let fits =
      position.isBeside
      ? size.columns >= Self.listLeastColumns * 2 + 3
      : areaRows >= Self.listLeastRows * 2 + 1
    return fits ? position : nil
  }

  var isPreviewShown: Bool { previewPlacement != nil }

  /// The columns between the list and a pane beside it: ` │ `, or a space without a border.
  private var besideGap: Int { look.previewWindow.border ? 3 : 1 }
  /// The rows between the list and a pane above or below it: a line, or none.
  private var aboveGap: Int { look.previewWindow.border ? 1 : 0 }

  /// The preview pane's size: its columns and rows.
  var paneSize: (columns: Int, rows: Int) {
    let width = max(1, size.columns)
    switch previewPlacement {
    case nil: return (0, 0)
    case .right?, .left?:
      let columns = look.previewWindow.extent(
        of: width - besideGap, leaving: Self.listLeastColumns)
      return (columns, areaRows)
    case .up?, .down?:
      let rows = look.previewWindow.extent(
        of: areaRows - aboveGap, leaving: Self.listLeastRows)
      return (width, rows)
    }
  }

  /// Rows of the list on screen.
  var listRows: Int {
    guard let placement = previewPlacement, !placement.isBeside else { return areaRows }
    return max(1, areaRows - paneSize.rows - aboveGap)
  }

  /// The width of the list, beside the preview or alone.
  var listWidth: Int {
    let width = max(1, size.columns)
    guard let placement = previewPlacement, placement.isBeside else { return width }
    return max(1, width - paneSize.columns - besideGap)
  }

  /// The films' area in screen order (from its top row): the list's rows (`list`, in screen
  /// order) with the pane's (`pane`) beside, above or below them.
  func area(list: [String], pane: [String], colour: Bool) -> [String] {
    let list = list + Array(repeating: "", count: max(0, listRows - list.count))
    let pane = Array(pane.prefix(paneSize.rows))
    let gap = { (text: String) in colour ? "\u{1B}[2m\(text)\u{1B}[0m" : text }
    func padded(_ line: String, _ width: Int) -> String {
      line + String(repeating: " ", count: max(0, width - line.printable.columns))
    }
    switch previewPlacement {
    case nil: return list
    case .right?, .left?:
      let bar = look.previewWindow.border ? " " + gap("│") + " " : " "
      return list.indices.map { index in
        let side = index < pane.count ? pane[index] : ""
        return previewPlacement == .right
          ? padded(list[index], listWidth) + bar + side
          : padded(side, paneSize.columns) + bar + list[index]
      }
    case .up?, .down?:
      let rule = look.previewWindow.border ? [gap(String(repeating: "─", count: size.columns))] : []
      let shownPane = pane + Array(repeating: "", count: max(0, paneSize.rows - pane.count))
      return previewPlacement == .down ? list + rule + shownPane : shownPane + rule + list
    }
  }

  /// The first screen row of the list (inside any border).
  private var listTop: Int {
    let above = previewPlacement == .up ? paneSize.rows + aboveGap : 0
    return (look.layout == .reverse ? 2 + look.header.count : 1) + above
  }

  /// Whether the screen cell at `column`, `row` (inside any border) is the preview pane's.
  func isOverPreview(column: Int, row: Int) -> Bool {
    switch previewPlacement {
    case nil: false
    case .right?: column >= listWidth + besideGap - 1
    case .left?: column < paneSize.columns + 1
    case .up?: row < listTop && row >= listTop - paneSize.rows - aboveGap
    case .down?: row >= listTop + listRows
    }
  }

  /// The list index shown on screen row `row` (inside any border), if a film can be there.
  func listIndex(atRow row: Int) -> Int? {
    let slot =
      look.layout == .default ? listTop + listRows - 1 - row : row - listTop
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
