import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The terminal's modes, and putting them back on every way out: a normal exit, Ctrl-C,
/// SIGTERM, SIGHUP, a closed stdout.
enum Terminal {
  /// The modes before raw mode, kept where a signal handler can reach them.
  nonisolated(unsafe) private static let saved = UnsafeMutablePointer<termios>.allocate(capacity: 1)
  private static let isRaw = Atomic<Bool>(false)

  /// The escape sequences that leave the full-screen mode: show the cursor, leave the
  /// alternate screen.
  static let leaveScreen = "\u{1B}[?25h\u{1B}[?1049l"
  /// The same bytes, made before any signal handler is installed: a handler must not
  /// allocate (a signal may arrive while `malloc` holds its lock).
  nonisolated(unsafe) private static let leaveScreenBytes: UnsafeBufferPointer<UInt8> = {
    let bytes = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: leaveScreen.utf8.count)
    _ = bytes.initialize(from: leaveScreen.utf8)
    return UnsafeBufferPointer(bytes)
  }()

  /// Switches stdin to raw mode (no echo, no line editing, Ctrl-C as a key) and stdout to
  /// the alternate screen; installs the handlers that undo it.
  static func enterRawMode() -> Bool {
    guard isatty(STDIN_FILENO) == 1, tcgetattr(STDIN_FILENO, saved) == 0 else { return false }
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
    guard tcsetattr(STDIN_FILENO, TCSANOW, &raw) == 0 else { return false }
    // The handlers touch these statics: initialise them now, not in a handler.
    _ = leaveScreenBytes
    isRaw.store(true, ordering: .sequentiallyConsistent)
    for number in [SIGTERM, SIGHUP, SIGINT, SIGQUIT] {
      _ = signal(number) { number in
        Terminal.restore()
        _exit(128 + number)
      }
    }
    Output.print("\u{1B}[?1049h\u{1B}[?25l")
    return true
  }

  /// Puts the terminal back as it was; safe to call more than once and from a signal handler
  /// (it only uses `tcsetattr` and `write`, on memory prepared beforehand).
  static func restore() {
    guard isRaw.exchange(false, ordering: .sequentiallyConsistent) else { return }
    tcsetattr(STDIN_FILENO, TCSAFLUSH, saved)
    _ = write(STDOUT_FILENO, leaveScreenBytes.baseAddress, leaveScreenBytes.count)
  }

  /// Restores the terminal, then exits with `status`.
  static func exitRestoring(_ status: Int32) -> Never {
    restore()
    exit(status)
  }

  /// The size of the terminal: columns and rows.
  static var size: (columns: Int, rows: Int) {
    var size = winsize()
    guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0
    else {
      return (80, 24)
    }
    return (Int(size.ws_col), Int(size.ws_row))
  }
}
