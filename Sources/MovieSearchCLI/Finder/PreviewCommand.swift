import Foundation
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// `--preview CMD`: a shell command run for the highlighted film, what it prints shown in the
/// preview pane instead of the film's details — as fzf's `--preview`.
package struct PreviewCommand: Sendable, Equatable {
  /// The command as given, with fzf's placeholders (see ``CommandTemplate``).
  let template: String

  /// The most bytes of output read: a pane shows a screenful, and a command that does not
  /// stop writing is stopped.
  static let outputLimit = 256 * 1024
  /// What the pane says when the command cannot be started (no pipe, no process).
  static let notStarted = "The preview command could not start."

  /// The command line for the film `id`, with `marked` marked and `query` in the field.
  func command(id: String, marked: [String], query: String) -> String {
    CommandTemplate(text: template).line(id: id, marked: marked, query: query)
  }

  /// Runs `command` (its stdin empty, its stdout and stderr read together, the pane's size in
  /// `FZF_PREVIEW_COLUMNS` and `FZF_PREVIEW_LINES` as fzf sets them) and hands its lines so
  /// far, cleaned for the terminal, to `output` as they come. Cancelled — the highlight moved
  /// on, the finder ended — it is killed with all it started; so is a command past
  /// ``outputLimit``.
  static func run(
    _ command: String, columns: Int, rows: Int, output: @escaping @Sendable ([String]) -> Void
  ) async {
    var ends: [Int32] = [0, 0]
    guard pipe(&ends) == 0 else { return output([Self.notStarted]) }
    // Not inherited by other commands started meanwhile (an `execute`, the next preview).
    for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
    let empty = open("/dev/null", O_RDONLY | O_CLOEXEC)
    let child = ShellCommand.spawn(
      command, stdin: empty, stdout: ends[1], stderr: ends[1], ownGroup: true,
      environment: ["FZF_PREVIEW_COLUMNS": "\(columns)", "FZF_PREVIEW_LINES": "\(rows)"])
    close(ends[1])
    if empty >= 0 { close(empty) }
    guard let child else {
      close(ends[0])
      return output([Self.notStarted])
    }
    let reader = ends[0]
    // Its group is killed only while the child is not reaped: after, the id may be another's.
    let reaped = Mutex(false)
    await withTaskCancellationHandler {
      await withCheckedContinuation { continuation in
        Thread.detachNewThread {
          readAll(reader, killing: child) { output(lines($0)) }
          close(reader)
          // Ended (a zombie keeps its id), then reaped.
          var info = siginfo_t()
          while waitid(P_PID, id_t(child), &info, WEXITED | WNOWAIT) < 0, errno == EINTR {}
          reaped.withLock { $0 = true }
          ShellCommand.wait(child)
          continuation.resume()
        }
      }
    } onCancel: {
      reaped.withLock { if !$0 { kill(-child, SIGKILL) } }
    }
  }

  /// The lines of `bytes`, cleaned for the terminal (escape sequences and control characters
  /// out, tabs as spaces), the empty ones at the end left out.
  package static func lines(_ bytes: [UInt8]) -> [String] {
    String(decoding: bytes, as: UTF8.self)
      .split(separator: "\n", omittingEmptySubsequences: false)
      .map { String($0).replacingOccurrences(of: "\t", with: "    ").printable }
      .reversed().drop { $0.isEmpty }.reversed()
  }

  /// Reads `reader` to its end, at most ``outputLimit`` bytes (then `child` and its group are
  /// killed), handing what was read so far to `each` after every read.
  private static func readAll(
    _ reader: Int32, killing child: pid_t, _ each: ([UInt8]) -> Void
  ) {
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 16 * 1024)
    while bytes.count < outputLimit {
      let count = read(reader, &buffer, buffer.count)
      if count < 0, errno == EINTR { continue }
      if count <= 0 { break }
      bytes += buffer.prefix(min(count, outputLimit - bytes.count))
      each(bytes)
    }
    if bytes.count >= outputLimit { kill(-child, SIGKILL) }
    if bytes.isEmpty { each([]) }
  }
}
