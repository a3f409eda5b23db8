/// Where the preview pane is and how it looks (`--preview-window`, in fzf's words): beside
/// the list (`right`, `left`) or above or below it (`up`, `down`), its size, whether it
/// starts hidden, wraps its lines and has a border.
package struct PreviewWindow: Sendable, Equatable {
  enum Position: String, Sendable, CaseIterable {
    case right, left, up, down

    /// Beside the list (its columns shared), not above or below it (its rows shared).
    var isBeside: Bool { self == .right || self == .left }
  }

  /// `nil`: beside the list on a terminal of ``FinderState/previewMinimumWidth`` columns or
  /// more; below it otherwise, once shown (`toggle-preview`; at once for `--preview`).
  var position: Position?
  /// Its share of the columns (beside) or of the list's rows (above, below): `size` percent,
  /// or `size` columns or rows.
  var size = 50
  var percent = true
  /// It starts hidden (`toggle-preview` shows it).
  var hidden = false
  /// Long lines go on to the next row instead of being cut.
  var wrap = false
  /// A line between the pane and the list.
  var border = true

  init() {}

  /// fzf's value: words separated by `:` or `,` — a position, a size (`40%`, `30`),
  /// `hidden`/`nohidden`, `wrap`/`nowrap`, `border`/`noborder` (fzf's `border-STYLE`: any
  /// style is a line here, `border-none` none); `nil` for any other word.
  package init?(_ text: String) {
    for word in text.split(whereSeparator: { $0 == ":" || $0 == "," }).map(String.init) {
      if let position = Position(rawValue: word) {
        self.position = position
      } else if let size = Self.size(word) {
        (self.size, percent) = size
      } else if let flag = Self.flags[word] {
        flag(&self)
      } else if word.hasPrefix("border-") {
        border = word != "border-none"
      } else {
        return nil
      }
    }
  }

  /// The words `init(_:)` takes, for messages.
  static let words =
    "right, left, up, down, a size (50%, 40), hidden, wrap, border, noborder (or their no- forms)"

  private static let flags: [String: @Sendable (inout PreviewWindow) -> Void] = [
    "hidden": { $0.hidden = true }, "nohidden": { $0.hidden = false },
    "wrap": { $0.wrap = true }, "nowrap": { $0.wrap = false },
    "border": { $0.border = true }, "noborder": { $0.border = false },
    // fzf's, which mean nothing for a pane that shows one film: taken, not refused.
    "follow": { _ in }, "nofollow": { _ in }, "cycle": { _ in }, "nocycle": { _ in },
    "default": { $0 = PreviewWindow() },
  ]

  /// `40%` (1–99) or `30` (1 or more): the size and whether it is a percentage.
  private static func size(_ word: String) -> (Int, Bool)? {
    let percent = word.hasSuffix("%")
    guard let value = Int(percent ? String(word.dropLast()) : word), value > 0,
      !percent || value < 100, value <= 10_000
    else { return nil }
    return (value, percent)
  }

  /// The pane's columns or rows out of `total`, leaving the list `least` of them.
  func extent(of total: Int, leaving least: Int) -> Int {
    let wanted = percent ? total * size / 100 : size
    return max(1, min(wanted, total - least))
  }
}
