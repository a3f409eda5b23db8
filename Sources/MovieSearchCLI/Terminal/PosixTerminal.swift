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

/// The real terminal: its modes, and putting them back on every way out — a normal exit,
/// Ctrl-C, a closed stdout, and any signal that ends the process (SIGTERM, SIGHUP, a crash)
/// through ExitGuard's handlers (see `ms_guard_install`), which never wait for a key.
///
/// The screen is the terminal of stdin and stdout when both are one; otherwise (`movie-search
/// --print-id | xargs …`) the process's controlling terminal, `/dev/tty`, as fzf does — so
/// that stdout carries only what the user chose.
final class PosixTerminal: TerminalDevice {
  /// Where keys are read from.
  let input: Int32
  /// Where the screen is drawn.
  let output: Int32
  /// The modes before raw mode, filled by `tcgetattr` (ExitGuard keeps a copy where a signal
  /// handler can reach it). Written only by `enter`, on the finder's loop.
  private nonisolated(unsafe) let saved = UnsafeMutablePointer<termios>.allocate(capacity: 1)
  /// The mode last entered, to take again after a suspension.
  private nonisolated(unsafe) var mode = ScreenMode.fullScreen
  /// Whether mouse reports are asked for (`--no-mouse`: not); set before ``enter(_:)``.
  nonisolated(unsafe) var reportsMouse = true

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

  private init(input: Int32, output: Int32) {
    self.input = input
    self.output = output
  }

  deinit {
    saved.deallocate()
  }

  /// The terminal of this process: stdin and stdout when both are one; `/dev/tty` when one of
  /// them is (a piped stdout: `movie-search --print-id | …`); `nil` otherwise — a program run
  /// with both redirected is not interactive, even if a terminal is around.
  static func attach() -> PosixTerminal? {
    let stdinIsTerminal = isatty(STDIN_FILENO) == 1
    let stdoutIsTerminal = isatty(STDOUT_FILENO) == 1
    if stdinIsTerminal, stdoutIsTerminal {
      return PosixTerminal(input: STDIN_FILENO, output: STDOUT_FILENO)
    }
    guard stdinIsTerminal || stdoutIsTerminal else { return nil }
    let tty = open("/dev/tty", O_RDWR | O_CLOEXEC)
    guard tty >= 0 else { return nil }
    guard isatty(tty) == 1 else {
      close(tty)
      return nil
    }
    return PosixTerminal(input: tty, output: tty)
  }

  var allowsColour: Bool { Output.environmentAllowsColour }

  /// Writes to the screen — unless the process is ending on a signal, whose handler has
  /// the terminal (see `ms_guard_begin_terminal_write`). A write that fails means the
  /// terminal went away: the frame is dropped, and the key reader, finding the end of the
  /// input, ends the finder quietly (it is not an output failure, even on stdout).
  func write(_ text: String) {
    guard ms_guard_begin_terminal_write() == 1 else { return }
    defer { ms_guard_end_terminal_write() }
    _ = Output.writeAll(text, to: output)
  }

  /// Switches the input to raw mode (no echo, no line editing, Ctrl-C as a key) and the
  /// output to the alternate screen or the inline rows; ExitGuard holds what undoes it.
  func enter(_ mode: ScreenMode) -> Bool {
    guard isatty(input) == 1, tcgetattr(input, saved) == 0 else { return false }
    self.mode = mode
    // Held before the modes change, so that no signal can come between the two.
    let leave = mode == .fullScreen ? Self.leaveScreen : Self.leaveInline
    let held = leave.withCString { ms_guard_hold_terminal(input, saved, output, $0, strlen($0)) }
    guard held == 0 else { return false }
    guard takeModes() else {
      _ = ms_guard_restore_terminal()
      return false
    }
    return true
  }

  /// Raw mode from the saved modes, and the screen mode's sequences: what ``enter(_:)`` does
  /// once the terminal is held, and what a continue after a stop from outside does again.
  private func takeModes() -> Bool {
    var raw = saved.pointee
    raw.c_lflag &= ~tcflag_t(ECHO | ICANON | ISIG | IEXTEN)
    raw.c_iflag &= ~tcflag_t(IXON | ICRNL | BRKINT | INPCK | ISTRIP)
    raw.c_oflag &= ~tcflag_t(OPOST)
    raw.c_cflag |= tcflag_t(CS8)
    withUnsafeMutableBytes(of: &raw.c_cc) { cc in
      cc[Int(VMIN)] = 1
      cc[Int(VTIME)] = 0
    }
    // TCSANOW, not TCSAFLUSH: keys typed while the program started are kept.
    guard tcsetattr(input, TCSANOW, &raw) == 0 else { return false }
    switch mode {
    case .fullScreen:
      write(
        reportsMouse
          ? Self.enterScreen : Self.enterScreen.replacingOccurrences(of: Self.mouseOn, with: ""))
    case .inline:
      // Room below the cursor (scrolling what is above into the scrollback if need be),
      // its top remembered as where every frame starts.
      let room = mode.rows(of: size) - 1
      write(
        "\r" + String(repeating: "\n", count: room) + (room > 0 ? "\u{1B}[\(room)A" : "")
          + "\u{1B}7\u{1B}[?2004h" + (reportsMouse ? Self.mouseOn : "") + "\u{1B}[?25l")
    }
    return true
  }

  /// Puts the terminal back as it was; safe to call more than once (ExitGuard does the same
  /// from its signal handlers).
  func restore() {
    _ = ms_guard_restore_terminal()
  }

  func suspend() {
    restore()
    // The whole process group stops, as less does: in `movie-search --print-id | xargs …`
    // the shell sees the job stopped, and `fg` continues all of it. The others first (this
    // process ignoring the signal meanwhile), then this one:
    let handler = signal(SIGTSTP, SIG_IGN)
    kill(0, SIGTSTP)
    signal(SIGTSTP, handler)
    // The stop takes this thread before the call returns, so the terminal is taken again
    // only after SIGCONT.
    ms_guard_stop()
    _ = enter(mode)
  }

  func takeContinued() -> Bool {
    guard ms_guard_take_continued() == 1 else { return false }
    _ = takeModes()
    return true
  }

  func execute(_ command: String) {
    keysPaused.store(true, ordering: .sequentiallyConsistent)
    defer { keysPaused.store(false, ordering: .sequentiallyConsistent) }
    restore()
    // Ctrl-C and Ctrl-\ on the terminal reach the command and the finder alike: they end
    // the command (which starts with every signal's default action), not the finder.
    ms_guard_pause_interrupts()
    if let child = ShellCommand.spawn(command, stdin: input, stdout: output) {
      ShellCommand.wait(child)
    }
    ms_guard_resume_interrupts()
    _ = enter(mode)
  }

  /// Gives the terminal back for good and runs `command` with `/bin/sh -c` in the finder's
  /// place (`become(…)`): the terminal its input — the key reader leaves it unread from now
  /// on — this process's output and errors its own; returns its status as a shell gives it
  /// (128 + the signal's number when a signal ended it), 127 when it could not be started.
  /// Ctrl-C and Ctrl-\ end it, not this process.
  func runInPlace(_ command: String) -> Int32 {
    keysPaused.store(true, ordering: .sequentiallyConsistent)
    restore()
    ms_guard_pause_interrupts()
    defer { ms_guard_resume_interrupts() }
    guard let child = ShellCommand.spawn(command, stdin: input, stdout: STDOUT_FILENO)
    else { return 127 }
    return ShellCommand.exitStatus(ShellCommand.wait(child))
  }

  func executeSilently(_ command: String) {
    ShellCommand.startAway(command)
  }

  /// While a command runs on the terminal (``execute(_:)``), the key reader leaves the input
  /// to it.
  private let keysPaused = Atomic<Bool>(false)

  /// The size of the terminal: columns and rows (80 × 24 when it cannot be known).
  var size: TerminalSize {
    var size = winsize()
    guard ioctl(output, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0
    else {
      return TerminalSize(columns: 80, rows: 24)
    }
    return TerminalSize(reportedColumns: Int(size.ws_col), rows: Int(size.ws_row))
  }

  func readKeys(_ handle: @escaping @Sendable ([Key]) -> Void) {
    let input = input
    Thread.detachNewThread { [self] in
      KeyReader.run(from: input, paused: { self.keysPaused.load(ordering: .relaxed) }, handle)
    }
  }
}
