import ExitGuard
import Foundation
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The terminal's modes, and putting them back on every way out: a normal exit, Ctrl-C,
/// a closed stdout, and any signal that ends the process — SIGTERM, SIGHUP, a crash — through
/// ExitGuard's handlers (see `ms_guard_install`), which never wait for a key.
///
/// The screen is the terminal of stdin and stdout when both are one; otherwise (`movie-search
/// --print-id | xargs …`) the process's controlling terminal, `/dev/tty`, as fzf does — so
/// that stdout carries only what the user chose.
enum Terminal {
  /// The modes before raw mode (ExitGuard keeps a copy where a signal handler can reach it).
  nonisolated(unsafe) private static let saved = UnsafeMutablePointer<termios>.allocate(capacity: 1)
  private static let inputDescriptor = Atomic<Int32>(STDIN_FILENO)
  private static let outputDescriptor = Atomic<Int32>(STDOUT_FILENO)

  /// Where keys are read from.
  static var input: Int32 { inputDescriptor.load(ordering: .relaxed) }
  /// Where the screen is drawn.
  static var output: Int32 { outputDescriptor.load(ordering: .relaxed) }

  /// Chooses the terminal: stdin and stdout when both are one; `/dev/tty` when one of them
  /// is (a piped stdout: `movie-search --print-id | …`); `false` otherwise — a program run
  /// with both redirected is not interactive, even if a terminal is around.
  static func attach() -> Bool {
    let stdinIsTerminal = isatty(STDIN_FILENO) == 1
    let stdoutIsTerminal = isatty(STDOUT_FILENO) == 1
    if stdinIsTerminal, stdoutIsTerminal { return true }
    guard stdinIsTerminal || stdoutIsTerminal else { return false }
    let tty = open("/dev/tty", O_RDWR | O_CLOEXEC)
    guard tty >= 0 else { return false }
    guard isatty(tty) == 1 else {
      close(tty)
      return false
    }
    inputDescriptor.store(tty, ordering: .relaxed)
    outputDescriptor.store(tty, ordering: .relaxed)
    return true
  }

  /// Whether the screen may use colour: unless `NO_COLOR` is set or `TERM=dumb`.
  static var allowsColour: Bool { Output.environmentAllowsColour }

  /// Writes to the screen, all of it (a failure on stdout is reported as any output's is).
  static func send(_ text: String) {
    Output.send(text, to: output)
  }

  /// Mouse reports on (presses, releases and the wheel, in SGR form), and off.
  static let mouseOn = "\u{1B}[?1000h\u{1B}[?1006h"
  static let mouseOff = "\u{1B}[?1000l\u{1B}[?1006l"
  /// The escape sequences that enter the full-screen mode: the alternate screen, bracketed
  /// paste (a paste arrives marked, as one piece), mouse reports, the cursor hidden until
  /// drawn.
  static let enterScreen = "\u{1B}[?1049h\u{1B}[?2004h" + mouseOn + "\u{1B}[?25l"
  /// The escape sequences that leave the full-screen mode: mouse reports and bracketed paste
  /// off, show the cursor, leave the alternate screen.
  static let leaveScreen = mouseOff + "\u{1B}[?2004l\u{1B}[?25h\u{1B}[?1049l"
  /// Leaving the inline mode (`--height`): modes off, the rows drawn cleared, the cursor
  /// back where the finder started — what was on the screen before stays, scrollback too.
  static let leaveInline = mouseOff + "\u{1B}[?2004l\u{1B}8\u{1B}[J\u{1B}[?25h"

  /// The rows of the inline mode (`--height`); `nil`: the full screen.
  nonisolated(unsafe) private(set) static var inlineRows: Int?

  /// Draws in `rows` rows below the cursor instead of the full screen (`--height`); called
  /// once, before ``enterRawMode()``.
  static func useInline(rows: Int) {
    inlineRows = max(2, rows)
  }

  /// Where a frame starts: the top left of the screen, or of the inline rows.
  static var origin: String { inlineRows == nil ? "\u{1B}[H" : "\u{1B}8" }

  /// Switches stdin to raw mode (no echo, no line editing, Ctrl-C as a key) and stdout to
  /// the alternate screen; installs the handlers that undo it.
  static func enterRawMode() -> Bool {
    guard isatty(input) == 1, tcgetattr(input, saved) == 0 else { return false }
    var raw = saved.pointee
    raw.c_lflag &= ~tcflag_t(ECHO | ICANON | ISIG | IEXTEN)
    raw.c_iflag &= ~tcflag_t(IXON | ICRNL | BRKINT | INPCK | ISTRIP)
    raw.c_oflag &= ~tcflag_t(OPOST)
    raw.c_cflag |= tcflag_t(CS8)
    withUnsafeMutableBytes(of: &raw.c_cc) { cc in
      cc[Int(VMIN)] = 1
      cc[Int(VTIME)] = 0
    }
    // Held before the modes change, so that no signal can come between the two.
    let leave = inlineRows == nil ? leaveScreen : leaveInline
    let held = leave.withCString { ms_guard_hold_terminal(input, saved, output, $0, strlen($0)) }
    guard held == 0 else { return false }
    // TCSANOW, not TCSAFLUSH: keys typed while the program started are kept.
    guard tcsetattr(input, TCSANOW, &raw) == 0 else {
      _ = ms_guard_restore_terminal()
      return false
    }
    if let rows = inlineRows {
      // Room below the cursor (scrolling what is above into the scrollback if need be),
      // its top remembered as where every frame starts.
      let room = min(rows, size.rows) - 1
      send(
        "\r" + String(repeating: "\n", count: room) + (room > 0 ? "\u{1B}[\(room)A" : "")
          + "\u{1B}7\u{1B}[?2004h" + mouseOn + "\u{1B}[?25l")
    } else {
      send(enterScreen)
    }
    return true
  }

  /// Ctrl-Z: gives the terminal back and stops the process, as the shell expects; on `fg`
  /// takes the terminal again (the caller redraws).
  static func suspend() {
    restore()
    // The whole process group stops, as less does: in `movie-search --print-id | xargs …`
    // the shell sees the job stopped, and `fg` continues all of it. The others first (this
    // process ignoring the signal meanwhile), then this one:
    signal(SIGTSTP, SIG_IGN)
    kill(0, SIGTSTP)
    signal(SIGTSTP, SIG_DFL)
    // raise, not kill: the stop takes this thread before the call returns, so the terminal is
    // taken again only after SIGCONT — provided this thread does not block the signal, as
    // the runtime's worker threads may.
    var stop = sigset_t()
    sigemptyset(&stop)
    sigaddset(&stop, SIGTSTP)
    pthread_sigmask(SIG_UNBLOCK, &stop, nil)
    raise(SIGTSTP)
    _ = enterRawMode()
  }

  /// Puts the terminal back as it was; safe to call more than once (ExitGuard does the same
  /// from its signal handlers).
  static func restore() {
    _ = ms_guard_restore_terminal()
  }

  /// Restores the terminal, then exits with `status`.
  static func exitRestoring(_ status: Int32) -> Never {
    restore()
    exit(status)
  }

  /// The size of the screen: the terminal's columns, and its rows — or the inline rows.
  static var screenSize: (columns: Int, rows: Int) {
    let size = size
    return (size.columns, inlineRows.map { min($0, size.rows) } ?? size.rows)
  }

  /// The size of the terminal: columns and rows.
  static var size: (columns: Int, rows: Int) {
    var size = winsize()
    guard ioctl(output, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0
    else {
      return (80, 24)
    }
    return (Int(size.ws_col), Int(size.ws_row))
  }
}
