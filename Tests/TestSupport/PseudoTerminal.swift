import Foundation
import Streams
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// A program running on a pseudo-terminal, driven like a person at a keyboard.
final class PseudoTerminal: Sendable {
  let master: Int32
  let slave: Int32
  let pid: pid_t
  private let received = Lock("")
  private let isClosed = Lock(false)

  /// Everything the program wrote so far.
  var output: String { received.withLock { $0 } }

  // The pseudo-terminal functions of <stdlib.h> are not in Swift's Glibc module: look them
  // up in the C library.
  private typealias OpenFunction = @convention(c) (Int32) -> Int32
  private typealias CloseFromFunction =
    @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
  private typealias NameFunction =
    @convention(c) (Int32, UnsafeMutablePointer<CChar>?, Int) -> Int32

  private static func function<T>(_ name: String, as type: T.Type) -> T? {
    dlsym(UnsafeMutableRawPointer(bitPattern: 0), name).map { unsafeBitCast($0, to: type) }
  }

  /// Starts `arguments` on a new pseudo-terminal. With `stdoutFile`, the program's stdout
  /// goes to that file instead, and the terminal is its controlling terminal (`/dev/tty`), in
  /// a session of its own — as `movie-search --print-id > file` in a shell.
  init(
    _ arguments: [String], columns: UInt16 = 80, rows: UInt16 = 24,
    environment: [String: String] = [:], stdoutFile: String? = nil,
    executable: String
  ) throws {
    guard let openpt = Self.function("posix_openpt", as: OpenFunction.self),
      let grantpt = Self.function("grantpt", as: OpenFunction.self),
      let unlockpt = Self.function("unlockpt", as: OpenFunction.self),
      let ptsname = Self.function("ptsname_r", as: NameFunction.self)
    else { throw POSIXError(.ENOSYS) }
    master = openpt(O_RDWR | O_NOCTTY | O_CLOEXEC)
    var name = [CChar](repeating: 0, count: 128)
    guard master >= 0, grantpt(master) == 0, unlockpt(master) == 0,
      ptsname(master, &name, name.count) == 0
    else { throw POSIXError(.ENXIO) }
    slave = open(name, O_RDWR | O_NOCTTY | O_CLOEXEC)
    var size = winsize(ws_row: rows, ws_col: columns, ws_xpixel: 0, ws_ypixel: 0)
    _ = ioctl(master, UInt(TIOCSWINSZ), &size)
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    // A new session (glibc's POSIX_SPAWN_SETSID, 0x80), whose first terminal opened becomes
    // its controlling terminal, as a shell's job has one — and whose process group is not
    // the test runner's: the finder's Ctrl-Z stops its whole process group.
    // Signals as a shell gives them (POSIX_SPAWN_SETSIGMASK, SETSIGDEF): none blocked, none
    // ignored — whatever the test runner's threads do with theirs.
    var none = sigset_t()
    sigemptyset(&none)
    posix_spawnattr_setsigmask(&attributes, &none)
    var all = sigset_t()
    sigfillset(&all)
    posix_spawnattr_setsigdefault(&attributes, &all)
    posix_spawnattr_setflags(&attributes, 0x80 | 0x08 | 0x04)
    posix_spawn_file_actions_addopen(&actions, 0, name, O_RDWR, 0)
    posix_spawn_file_actions_adddup2(&actions, 0, 2)
    if let stdoutFile {
      posix_spawn_file_actions_addopen(&actions, 1, stdoutFile, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    } else {
      posix_spawn_file_actions_adddup2(&actions, 0, 1)
    }
    posix_spawn_file_actions_addclose(&actions, master)
    // No other descriptor of the test runner: a pipe another test is reading (Foundation's
    // are not close-on-exec) would stay open in this program, and that test's read would
    // wait for its end as long as the finder runs (glibc 2.34's closefrom for spawns).
    if let closeFrom = Self.function(
      "posix_spawn_file_actions_addclosefrom_np", as: CloseFromFunction.self)
    {
      _ = closeFrom(&actions, 3)
    }
    let argv = ([executable] + arguments).map { strdup($0) } + [nil]
    let environment =
      environment
      .map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer {
      for pointer in argv + environment { free(pointer) }
    }
    var pid: pid_t = 0
    let spawned = posix_spawn(&pid, executable, &actions, &attributes, argv, environment)
    guard spawned == 0 else { throw POSIXError(POSIXErrorCode(rawValue: spawned) ?? .EIO) }
    self.pid = pid
  }

  deinit {
    hangUp()
  }

  /// Types `text` (control characters included).
  func type(_ text: String) {
    _ = text.utf8CString.withUnsafeBufferPointer { write(master, $0.baseAddress, $0.count - 1) }
  }

  /// Reads the program's output until its visible text (styles left out; with `raw`, the
  /// bytes as written) contains `text`; records a failure after `limit`.
  func waitFor(
    _ text: String, raw: Bool = false, limit: Duration = .seconds(15),
    sourceLocation: SourceLocation = #_sourceLocation
  ) async {
    let seen =
      (try? await onOwnThread { self.readUntil(text, raw: raw, limit: limit) }) ?? false
    if !seen {
      Issue.record(
        "never saw \(text.debugDescription) in:\n\(visible)", sourceLocation: sourceLocation)
    }
  }

  private func readUntil(_ text: String, raw: Bool, limit: Duration) -> Bool {
    let deadline = ContinuousClock.now + limit
    while !(raw ? output : visible).contains(text) {
      guard ContinuousClock.now < deadline else { return false }
      readAvailable(timeout: 100)
    }
    return true
  }

  /// Waits for the program to exit and returns its status (128 + n when killed by signal n).
  /// A program still running after `limit` is killed and the test fails: it never hangs.
  func waitForExit(
    limit: Duration = .seconds(15), sourceLocation: SourceLocation = #_sourceLocation
  ) async -> Int32 {
    let (status, exited) = (try? await onOwnThread { self.reap(limit: limit) }) ?? (-1, false)
    if !exited {
      Issue.record("the program did not exit; output:\n\(visible)", sourceLocation: sourceLocation)
    }
    return status
  }

  private func reap(limit: Duration) -> (status: Int32, exited: Bool) {
    let deadline = ContinuousClock.now + limit
    var status: Int32 = 0
    var exited = true
    while waitpid(pid, &status, WNOHANG) == 0 {
      readAvailable(timeout: 20)
      if ContinuousClock.now > deadline {
        exited = false
        kill(pid, SIGKILL)
        waitpid(pid, &status, 0)
        break
      }
    }
    readAvailable(timeout: 50)
    return (status & 0x7F == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F), exited)
  }

  /// Changes the terminal's size, as a window resize does.
  func resize(columns: UInt16, rows: UInt16) {
    var size = winsize(ws_row: rows, ws_col: columns, ws_xpixel: 0, ws_ypixel: 0)
    _ = ioctl(master, UInt(TIOCSWINSZ), &size)
  }

  /// Closes the terminal under the program, as when its window goes away: it reads the end
  /// of its input, its writes fail, and it gets SIGHUP if the terminal was its controlling one.
  func hangUp() {
    let first = isClosed.withLock { closed in
      defer { closed = true }
      return !closed
    }
    guard first else { return }
    close(master)
    close(slave)
  }

  /// Forgets the output read so far, to wait for what comes next.
  func clearOutput() {
    received.withLock { $0 = "" }
  }

  /// Whether the terminal is back in its normal (canonical, echoing) mode.
  var isRestored: Bool {
    var modes = termios()
    guard tcgetattr(slave, &modes) == 0 else { return false }
    return modes.c_lflag & tcflag_t(ICANON) != 0 && modes.c_lflag & tcflag_t(ECHO) != 0
  }

  /// The non-empty lines of the output, without escape sequences.
  var lines: [String] {
    visible.replacingOccurrences(of: "\r", with: "").split(separator: "\n").map(String.init)
      .filter { !$0.isEmpty }
  }

  /// The output without escape sequences: styles (bold, highlights) vanish; every other
  /// sequence (cursor moves, clearing) breaks the line, as it does on the screen.
  var visible: String { Self.visible(output) }

  /// `output` without escape sequences: styles vanish; every other sequence (cursor moves,
  /// clearing) breaks the line, as it does on the screen.
  static func visible(_ output: String) -> String {
    output.replacingOccurrences(of: "\u{1B}\\[[0-9;]*m", with: "", options: .regularExpression)
      .replacingOccurrences(
        of: "\u{1B}\\[[0-9;?]*[A-Za-z]", with: "\n", options: .regularExpression)
  }

  private func readAvailable(timeout: Int32) {
    guard !isClosed.withLock({ $0 }) else { return }
    var descriptor = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
    var buffer = [UInt8](repeating: 0, count: 65536)
    while poll(&descriptor, 1, timeout) > 0 {
      let count = read(master, &buffer, buffer.count)
      guard count > 0 else { return }
      let text = String(decoding: buffer[0..<count], as: UTF8.self)
      received.withLock { $0 += text }
    }
  }
}
