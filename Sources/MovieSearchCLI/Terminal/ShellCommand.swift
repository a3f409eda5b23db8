import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A command line the user gave (`--bind 'ctrl-o:execute(…)'`, `--preview`), run by
/// `/bin/sh -c` as a shell would start it: every signal's default action, none blocked —
/// not SIGPIPE ignored (`yes | head -c1` would print "Broken pipe") nor what this process
/// blocks on its threads.
enum ShellCommand {
  /// Starts `command` with these descriptors as its stdin, stdout and stderr — in a process
  /// group of its own when `ownGroup` (so that it and what it starts can be killed at once),
  /// with `environment` added to this process's; the child's id, or `nil` when it could not
  /// be started.
  static func spawn(
    _ command: String, stdin: Int32, stdout: Int32, stderr: Int32 = STDERR_FILENO,
    ownGroup: Bool = false, environment: [String: String] = [:]
  ) -> pid_t? {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_adddup2(&actions, stdin, STDIN_FILENO)
    posix_spawn_file_actions_adddup2(&actions, stdout, STDOUT_FILENO)
    posix_spawn_file_actions_adddup2(&actions, stderr, STDERR_FILENO)
    // No other descriptor of this process: not every library makes its own close-on-exec
    // (libcurl's, Foundation's pipes), and a command is the user's, not a part of us.
    if let closeFrom { _ = closeFrom(&actions, STDERR_FILENO + 1) }
    let arguments = strings(["/bin/sh", "-c", command])
    defer { for argument in arguments { free(argument) } }
    var variables = ProcessInfo.processInfo.environment
    variables.merge(environment) { $1 }
    let pairs = strings(variables.map { "\($0.key)=\($0.value)" })
    defer { for pair in pairs { free(pair) } }
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var all = sigset_t()
    sigfillset(&all)
    var none = sigset_t()
    sigemptyset(&none)
    posix_spawnattr_setsigdefault(&attributes, &all)
    posix_spawnattr_setsigmask(&attributes, &none)
    var flags = Int32(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK)
    if ownGroup {
      posix_spawnattr_setpgroup(&attributes, 0)
      flags |= Int32(POSIX_SPAWN_SETPGROUP)
    }
    posix_spawnattr_setflags(&attributes, Int16(flags))
    var child: pid_t = 0
    guard posix_spawn(&child, "/bin/sh", &actions, &attributes, arguments, pairs) == 0 else {
      return nil
    }
    return child
  }

  /// Starts `command` away from the terminal — its input, output and errors `/dev/null`, in
  /// a process group of its own (no key the terminal turns into a signal reaches it) — and
  /// returns at once: a thread of its own waits for it, and gives `ended` its status.
  /// `false` when it could not be started.
  @discardableResult static func startAway(
    _ command: String, ended: @escaping @Sendable (Int32) -> Void = { _ in }
  ) -> Bool {
    let nowhere = open("/dev/null", O_RDWR | O_CLOEXEC)
    guard nowhere >= 0 else { return false }
    defer { close(nowhere) }
    guard
      let child = spawn(command, stdin: nowhere, stdout: nowhere, stderr: nowhere, ownGroup: true)
    else { return false }
    Thread.detachNewThread { ended(wait(child)) }
    return true
  }

  /// Waits for `child` to end; its status.
  @discardableResult static func wait(_ child: pid_t) -> Int32 {
    var status: Int32 = 0
    while waitpid(child, &status, 0) < 0, errno == EINTR {}
    return status
  }

  /// The status a shell gives for `status` as `waitpid` reports it: the exit status, or
  /// 128 + the number of the signal that ended the process.
  static func exitStatus(_ status: Int32) -> Int32 {
    let signal = status & 0x7F
    return signal == 0 ? (status >> 8) & 0xFF : 128 + signal
  }

  /// glibc's `posix_spawn_file_actions_addclosefrom_np` (2.34), which Swift's Glibc module
  /// does not declare; `nil` where the C library has none.
  private static let closeFrom: CloseFrom? = dlsym(
    UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addclosefrom_np"
  ).map { unsafeBitCast($0, to: CloseFrom.self) }
  private typealias CloseFrom =
    @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32

  /// C strings of `words`, ending with a null (freed by the caller).
  private static func strings(_ words: [String]) -> [UnsafeMutablePointer<CChar>?] {
    words.map { strdup($0) } + [nil]
  }
}
