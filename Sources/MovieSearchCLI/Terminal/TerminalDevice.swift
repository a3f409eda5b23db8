/// The terminal the finder draws on and reads keys from: fzf's `Renderer` seam. The finder's
/// loop (``FinderLoop``) talks to this protocol only, so its tests run it on a terminal in
/// memory in milliseconds; ``PosixTerminal`` is the real one.
protocol TerminalDevice: AnyObject, Sendable {
  /// The terminal's columns and rows.
  var size: TerminalSize { get }
  /// Whether the screen may use colour.
  var allowsColour: Bool { get }
  /// Takes the terminal: raw mode (keys as they are typed), and the whole screen or rows
  /// below the cursor; `false` when it cannot be had.
  func enter(_ mode: ScreenMode) -> Bool
  /// Gives the terminal back as it was; safe to call more than once.
  func restore()
  /// Ctrl-Z: gives the terminal back and stops, as the shell expects; on `fg` takes it
  /// again (the caller draws the whole screen again).
  func suspend()
  /// Whether the process was stopped from outside (`kill -TSTP`: the terminal was given back
  /// before the stop) and continued since the last call; the terminal is then taken again,
  /// and the caller draws the whole screen again.
  func takeContinued() -> Bool
  /// Gives the terminal back, runs `command` with `/bin/sh -c` on it (keys go to the
  /// command, not the finder), waits for it, and takes the terminal again (the caller draws
  /// the whole screen again). `--bind 'KEY:execute(…)'`.
  func execute(_ command: String)
  /// Starts `command` with `/bin/sh -c` away from the terminal (its input, output and errors
  /// `/dev/null`, in a process group of its own) and goes on without waiting for it; it is
  /// reaped when it ends. `--bind 'KEY:execute-silent(…)'`.
  func executeSilently(_ command: String)
  /// Writes to the screen (frames, or any escape sequences).
  func write(_ text: String)
  /// Starts delivering keys: `handle` gets each burst read together, and `[.endOfInput]`
  /// once the terminal is gone. Called once.
  func readKeys(_ handle: @escaping @Sendable ([Key]) -> Void)
}

/// A terminal's size in character cells.
struct TerminalSize: Sendable, Equatable {
  var columns: Int
  var rows: Int

  /// The most columns and rows drawn: more than any screen shows (a display 7,680 pixels
  /// wide in a font 4 pixels wide has 1,920 columns; 4,320 pixels high in a font 8 pixels
  /// high, 540 rows). A terminal that reports more (65535 × 65535) is drawn in this much, so
  /// that a frame costs megabytes, not gigabytes, and keys are answered at once.
  static let largest = TerminalSize(columns: 2_048, rows: 1_024)

  /// `columns` × `rows` as reported, cut to ``largest``.
  init(reportedColumns columns: Int, rows: Int) {
    self.columns = min(max(1, columns), Self.largest.columns)
    self.rows = min(max(1, rows), Self.largest.rows)
  }

  init(columns: Int, rows: Int) {
    self.columns = columns
    self.rows = rows
  }
}

/// Where the finder draws.
enum ScreenMode: Sendable, Equatable {
  /// The alternate screen, all of it.
  case fullScreen
  /// `rows` rows below the cursor (`--height`): what was on the screen stays.
  case inline(rows: Int)

  /// The rows drawn on a terminal of `size`.
  func rows(of size: TerminalSize) -> Int {
    switch self {
    case .fullScreen: size.rows
    case .inline(let rows): min(rows, size.rows)
    }
  }
}

/// The part of the terminal the finder draws in: its size, and how a frame finds its first
/// row. Drawing reads nothing else — no global state.
struct Viewport: Sendable, Equatable {
  var columns: Int
  var rows: Int
  var mode: ScreenMode

  init(terminal size: TerminalSize, mode: ScreenMode) {
    columns = size.columns
    rows = mode.rows(of: size)
    self.mode = mode
  }

  /// Where a frame starts: the top left of the screen, or the first inline row (saved with
  /// the cursor when the finder started).
  var origin: String { mode == .fullScreen ? "\u{1B}[H" : "\u{1B}8" }

  /// The start of row `row` (from 0).
  func move(to row: Int) -> String {
    mode == .fullScreen
      ? "\u{1B}[\(row + 1);1H" : origin + (row > 0 ? "\u{1B}[\(row)B" : "") + "\r"
  }
}
