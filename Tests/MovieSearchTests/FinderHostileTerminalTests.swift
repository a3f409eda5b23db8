import Foundation
import Testing

@testable import TestSupport

#if canImport(Glibc)
  import Glibc
#endif

/// The finder on a terminal that misbehaves or is handled from outside, in a pseudo-terminal
/// through the binary: a bracketed paste whose end marker never comes, a size no screen has,
/// a stop sent by another process. Each ends with the terminal given back, and Ctrl-C always
/// acts.
@Suite(.serialized, .timeLimit(.minutes(3))) struct FinderHostileTerminalTests {
  @Test func aPasteWithoutItsEndEndsAtItsTimeoutAndItsTextIsSearched() async throws {
    let terminal = try PseudoTerminal.movieSearch(["interactive", "--offline", "--debounce", "0"])
    await terminal.waitFor("Type a title.")
    terminal.type("\u{1B}[200~the matri")
    await terminal.waitFor("> The Matrix (1999)")
    // Keys are keys again.
    terminal.type("\u{03}")
    #expect(await terminal.waitForExit() == 130)
    #expect(terminal.isRestored)
  }

  @Test func ctrlCActsInsideAPasteWithoutItsEnd() async throws {
    let terminal = try PseudoTerminal.movieSearch(["interactive", "--offline"])
    await terminal.waitFor("Type a title.")
    terminal.type("\u{1B}[200~abc\u{03}")
    #expect(await terminal.waitForExit() == 130)
    #expect(terminal.isRestored)
  }

  @Test func aTerminalOfAnImpossibleSizeIsDrawnWithinTheLargestAndAnswersKeys() async throws {
    let terminal = try PseudoTerminal.movieSearch(
      ["interactive", "--offline", "--debounce", "0"], columns: 65_535, rows: 65_535)
    await terminal.waitFor("Type a title.")
    terminal.type("alien")
    await terminal.waitFor("Alien (1979)")
    // A frame of 2,048 × 1,024 cells at most: megabytes, where 65535 rows padded to 65535
    // columns were gigabytes.
    let resident = Self.residentMegabytes(of: terminal.pid)
    #expect(resident != nil && resident! < 400, "\(resident ?? -1) MB")
    terminal.type("\u{03}")
    #expect(await terminal.waitForExit() == 130)
    #expect(terminal.isRestored)
  }

  @Test func aStopFromOutsideGivesTheTerminalBackAndFgTakesItAgain() async throws {
    // In a shell with job control, as a user runs it: the finder is a job that a stop from
    // another process stops, and `fg` continues.
    let shell = try PseudoTerminal(
      ["--norc", "--noprofile", "-i"], columns: 80, rows: 24,
      environment: CLI.environment(["TERM": "xterm-256color", "PS1": "$ "]),
      executable: "/bin/bash")
    shell.type("\(CLI.binary) interactive --offline --debounce 0\n")
    await shell.waitFor("Type a title.")
    let finder = try #require(Self.child(of: shell.pid))
    shell.clearOutput()
    kill(finder, SIGTSTP)
    await shell.waitFor("Stopped")
    // Mouse reports and the alternate screen were turned off before the stop.
    let beforeStop = shell.output.components(separatedBy: "Stopped")[0]
    #expect(beforeStop.contains("\u{1B}[?1000l\u{1B}[?1006l\u{1B}[?2004l\u{1B}[?25h\u{1B}[?1049l"))
    shell.clearOutput()
    shell.type("fg\n")
    // Raw mode again, the screen drawn whole.
    await shell.waitFor("\u{1B}[?1049h\u{1B}[?2004h", raw: true)
    await shell.waitFor("↑/↓ choose")
    shell.type("matr")
    await shell.waitFor("> The Matrix (1999)")
    shell.clearOutput()
    shell.type("\u{03}")
    await shell.waitFor("\u{1B}[?1049l", raw: true)
    // The shell's prompt again, then its exit (with the job's status).
    await shell.waitFor("$ ")
    shell.type("exit\n")
    #expect(await shell.waitForExit() == 130)
  }

  @Test func aStopTheSystemIgnoresLeavesTheFinderWorking() async throws {
    // A session of its own: its process group is orphaned, and a stop is ignored.
    let terminal = try PseudoTerminal.movieSearch(["interactive", "--offline", "--debounce", "0"])
    await terminal.waitFor("Type a title.")
    terminal.clearOutput()
    kill(terminal.pid, SIGTSTP)
    // The terminal given back, then taken again (the popular list arriving meanwhile may be
    // drawn between the two: the screen is drawn whole once it is taken again).
    await terminal.waitFor("\u{1B}[?25h\u{1B}[?1049l", raw: true)
    await terminal.waitFor("\u{1B}[?1049h\u{1B}[?2004h", raw: true)
    await terminal.waitFor("↑/↓ choose")
    terminal.type("matr")
    await terminal.waitFor("> The Matrix (1999)")
    terminal.type("\u{03}")
    #expect(await terminal.waitForExit() == 130)
    #expect(terminal.isRestored)
  }

  @Test func aCommandRunByABindingStartsWithDefaultSignalsAndOnlyItsOwnDescriptors()
    async throws
  {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let status = directory.appendingPathComponent("status").path
    let descriptors = directory.appendingPathComponent("descriptors").path
    let terminal = try PseudoTerminal.movieSearch([
      "interactive", "--offline", "--query", "matrix", "--bind",
      "ctrl-o:execute(cat /proc/self/status > \(status); ls -1 /proc/self/fd > \(descriptors))",
    ])
    await terminal.waitFor("> The Matrix (1999)")
    terminal.clearOutput()
    terminal.type("\u{0F}")
    // The screen given back for the command, then taken again.
    await terminal.waitFor("\u{1B}[?1049l", raw: true)
    await terminal.waitFor("\u{1B}[?1049h", raw: true)
    terminal.type("\u{03}")
    #expect(await terminal.waitForExit() == 130)
    let lines = try String(contentsOfFile: status, encoding: .utf8).split(separator: "\n")
    func signals(_ name: String) -> UInt64? {
      lines.first { $0.hasPrefix(name + ":\t") }.flatMap {
        UInt64($0.dropFirst(name.count + 2), radix: 16)
      }
    }
    // No standard signal (1 to 31) ignored — SIGPIPE was — and none blocked. (glibc's own
    // two, 32 and 33, are its business.)
    let standard: UInt64 = 0x7FFF_FFFF
    #expect(signals("SigIgn").map { $0 & standard } == 0)
    #expect(signals("SigBlk").map { $0 & standard } == 0)
    // The terminal as 0–2, and nothing else of the finder's (its catalog, its terminal's
    // other descriptor, a preview's pipe): 3 is the folder `ls` reads.
    let listed = try String(contentsOfFile: descriptors, encoding: .utf8)
    #expect(listed.split(separator: "\n") == ["0", "1", "2", "3"])
  }

  /// The one child of process `pid` (a shell's foreground job), from `/proc`.
  static func child(of pid: pid_t) -> pid_t? {
    let path = "/proc/\(pid)/task/\(pid)/children"
    guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return nil }
    return text.split(separator: " ").first.flatMap { pid_t($0) }
  }

  /// The resident memory of process `pid`, in megabytes, from `/proc`.
  static func residentMegabytes(of pid: pid_t) -> Int? {
    guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
      let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }),
      let kilobytes = Int(line.split(separator: " ", omittingEmptySubsequences: true)[1])
    else { return nil }
    return kilobytes / 1024
  }
}
