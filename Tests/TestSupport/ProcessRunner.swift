import Foundation
import Streams
import Synchronization
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Runs programs for tests: with an input, both outputs read, and a time limit after which
/// the program is killed and the run fails — a hung program never stalls a suite.
enum ProcessRunner {
  /// What a run printed, and how it ended.
  struct Result {
    var status: Int32
    var stdout: String
    var stderr: String
    /// Whether it was ended by a signal (then `status` is the signal's number).
    var signalled = false

    /// The last column of each line of stdout: the ids that the tool's TSV listings end with.
    var idColumn: [String] {
      stdout.split(separator: "\n").map { String($0.split(separator: "\t").last ?? "") }
    }
  }

  /// Input written once something has happened (`ready` returns: an event of a server,
  /// waited for within its own limit) — not at a time, which a stalled machine would miss.
  /// `ready` blocks the run's own thread: a task would need the concurrency pool, whose
  /// threads a whole run's synchronous tests may hold for seconds.
  struct LaterInput: Sendable {
    let ready: @Sendable () throws -> Void
    let data: Data

    init(_ data: Data, once ready: @escaping @Sendable () throws -> Void) {
      (self.data, self.ready) = (data, ready)
    }
  }

  /// Runs a program; the waiting happens on a thread of its own, never on one of the
  /// concurrency pool's few threads (other tests need them). Its stdout goes to the file at
  /// `stdoutPath` instead of the result when one is given (`/dev/full`); with `mergeErrors`,
  /// stderr goes to stdout. `later` is written after `stdin`, once it is ready; then the
  /// input ends.
  static func run(
    executable: String, _ arguments: [String], stdin: Data = Data(), later: LaterInput? = nil,
    environment: [String: String] = ProcessInfo.processInfo.environment,
    stdoutPath: String? = nil, mergeErrors: Bool = false, limit: Duration = .seconds(120)
  ) async throws -> Result {
    try await onOwnThread {
      try runBlocking(
        executable: executable, arguments, stdin: stdin, later: later,
        environment: environment, stdoutPath: stdoutPath, mergeErrors: mergeErrors,
        limit: limit)
    }
  }

  /// A run that did not end within its limit: the process was killed.
  struct TimedOut: Error, CustomStringConvertible {
    let executable: String
    let arguments: [String]
    let limit: Duration
    var description: String {
      "\(URL(fileURLWithPath: executable).lastPathComponent) \(arguments) did not end within \(limit); killed"
    }
  }

  private static func runBlocking(
    executable: String, _ arguments: [String], stdin: Data, later: LaterInput?,
    environment: [String: String], stdoutPath: String?, mergeErrors: Bool, limit: Duration
  ) throws -> Result {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    process.environment = environment
    let input = Pipe()
    let output = Pipe()
    let errors = Pipe()
    // Close-on-exec in this process (Foundation's pipes are not): a program another test
    // starts meanwhile with a plain posix_spawn (a finder on a pseudo-terminal) would keep
    // their ends open, and the reads below would wait for it to end — a one-second run
    // failed its 30-second limit beside a finder test that way. (The child's own 0–2 are
    // copies, which do not keep the flag.)
    for pipe in [input, output, errors] {
      for handle in [pipe.fileHandleForReading, pipe.fileHandleForWriting] {
        _ = fcntl(handle.fileDescriptor, F_SETFD, FD_CLOEXEC)
      }
    }
    process.standardInput = input
    process.standardOutput = output
    if let stdoutPath {
      process.standardOutput = FileHandle(forWritingAtPath: stdoutPath)
      try? output.fileHandleForWriting.close()
    }
    process.standardError = mergeErrors ? output : errors
    if mergeErrors { try? errors.fileHandleForWriting.close() }
    try launch(process)
    // Read both outputs while writing the input, so that no pipe fills up.
    let group = DispatchGroup()
    nonisolated(unsafe) var out = Data()
    nonisolated(unsafe) var err = Data()
    // On threads of their own: a blocked read on one of Dispatch's global threads takes a
    // thread from the pool that Swift concurrency runs on here, and with many programs
    // running at once the other tests would wait for one.
    group.enter()
    Thread.detachNewThread {
      out = output.fileHandleForReading.readDataToEndOfFile()
      group.leave()
    }
    group.enter()
    Thread.detachNewThread {
      err = errors.fileHandleForReading.readDataToEndOfFile()
      group.leave()
    }
    try? input.fileHandleForWriting.write(contentsOf: stdin)
    if let later {
      // Waited for here, on this run's own thread (its wait has its own limit).
      try? later.ready()
      try? input.fileHandleForWriting.write(contentsOf: later.data)
    }
    try? input.fileHandleForWriting.close()
    // Every wait has a limit: a hung binary fails the test instead of stalling the suite.
    if group.wait(timeout: .now() + .nanoseconds(Int(limit / .nanoseconds(1)))) == .timedOut {
      kill(process.processIdentifier, SIGKILL)
      // Its outputs end when no process holds them any more — which one it started may
      // outlive it (the runtime's crash reporter, when it hangs): their readers get a few
      // seconds, then are left behind, and the run fails.
      _ = group.wait(timeout: .now() + .seconds(5))
      throw TimedOut(executable: executable, arguments: arguments, limit: limit)
    }
    process.waitUntilExit()
    return Result(
      status: process.terminationStatus, stdout: String(decoding: out, as: UTF8.self),
      stderr: String(decoding: err, as: UTF8.self),
      signalled: process.terminationReason == .uncaughtSignal)
  }
}

/// The tries and the pause between them when a program cannot start because its file is
/// still open for writing somewhere: a test that copies a program and runs it races every
/// other test's `fork`, whose child holds the copy's descriptor until it `exec`s (Linux
/// then refuses with "Text file busy", ETXTBSY). The window is microseconds; a second at
/// most is waited.
private let busyTries = 100
private let busyPause: useconds_t = 10_000

/// Starts `process`, again while its file is busy (see `busyTries`).
private func launch(_ process: Process) throws {
  var tries = 1
  while true {
    do {
      return try process.run()
    } catch let error as NSError where tries < busyTries && isTextFileBusy(error) {
      tries += 1
      usleep(busyPause)
    }
  }
}

/// Whether `error` is, or wraps, POSIX's ETXTBSY.
private func isTextFileBusy(_ error: NSError) -> Bool {
  if error.domain == NSPOSIXErrorDomain && error.code == Int(ETXTBSY) { return true }
  guard let underlying = error.userInfo[NSUnderlyingErrorKey] as? NSError else { return false }
  return isTextFileBusy(underlying)
}

/// Runs blocking work on a thread of its own and waits for it without blocking the caller's.
func onOwnThread<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
  try await withCheckedThrowingContinuation { continuation in
    Thread.detachNewThread { continuation.resume(with: Swift.Result { try work() }) }
  }
}
