import Foundation
import MovieSearch
import Synchronization
import Testing

@testable import TestSupport

#if canImport(Glibc)
  import Glibc
#endif

/// The finder end to end, in a pseudo-terminal through the binary: what only a real
/// terminal shows — raw mode taken and given back on every way out, the alternate screen or
/// the inline rows, mouse reporting, signals, Ctrl-Z, the screen on /dev/tty when stdout is
/// a file. The finder's behaviour itself is tested on a fake terminal (``FinderSearchTests``,
/// ``FinderFlagsTests``).
@Suite(.serialized, .timeLimit(.minutes(5))) struct FinderTerminalTests {
  func temporaryFile(_ name: String) -> String {
    FileManager.default.temporaryDirectory
      .appendingPathComponent("finder-\(getpid())-\(UInt32.random(in: 0...UInt32.max))-\(name)")
      .path
  }

  @Test func wordsAfterInteractiveAreTheTextItStartsWith() async throws {
    let terminal = try PseudoTerminal.movieSearch(["interactive", "the", "matrix", "--offline"])
    await terminal.waitFor("> The Matrix (1999)  8.5")
    await terminal.waitFor("Search: the matrix")
    terminal.type("\u{1B}")
    #expect(await terminal.waitForExit() == 0)
    let both = try await CLI.run(["interactive", "matrix", "--query", "alien"])
    #expect(both.status == 64)
    #expect(both.stderr.hasPrefix("Error: Give the text or '--query', not both.\n"))
  }

  @Test func typeSelectSeeDetailsGoBackAndLeave() async throws {
    let terminal = try PseudoTerminal.movieSearch(["interactive", "--offline", "--debounce", "50"])
    await terminal.waitFor("Type a title.")
    terminal.type("matr")
    await terminal.waitFor("> The Matrix (1999)  8.5")
    terminal.type("\r")
    await terminal.waitFor("136 min · Action · R (US) · rated 8.5/10 by 143,853")
    terminal.type("\u{1B}")
    await terminal.waitFor("↑/↓ choose")
    terminal.type("\u{1B}[B")  // down: The Matrix Reloaded
    terminal.type("\r")
    await terminal.waitFor("The Matrix Reloaded (2003)")
    terminal.type("\u{1B}")
    terminal.type("\u{1B}")
    #expect(await terminal.waitForExit() == 0)
    #expect(terminal.output.hasSuffix("\u{1B}[?25h\u{1B}[?1049l"))
    #expect(terminal.isRestored)
  }

  @Test func ctrlCLeavesWithStatus130AndRestoresTheTerminal() async throws {
    let terminal = try PseudoTerminal.movieSearch(
      ["interactive", "--offline"], columns: 30, rows: 8)
    terminal.type("star w")
    await terminal.waitFor("Star Wars (1977)")
    terminal.type("\u{03}")
    #expect(await terminal.waitForExit() == 130)
    #expect(terminal.output.hasSuffix("\u{1B}[?25h\u{1B}[?1049l"))
    #expect(terminal.isRestored)
  }

  @Test func sighupRestoresTheTerminal() async throws {
    let terminal = try PseudoTerminal.movieSearch(["interactive", "--offline"])
    await terminal.waitFor("Type a title.")
    kill(terminal.pid, SIGHUP)
    #expect(await terminal.waitForExit() == 128 + SIGHUP)
    #expect(terminal.isRestored)
  }

  @Test func sigtermRestoresTheTerminal() async throws {
    let terminal = try PseudoTerminal.movieSearch(["interactive", "--offline"])
    await terminal.waitFor("Type a title.")
    kill(terminal.pid, SIGTERM)
    #expect(await terminal.waitForExit() == 128 + SIGTERM)
    #expect(terminal.isRestored)
  }

  @Test func aVanishedTerminalEndsTheProgram() async throws {
    let terminal = try PseudoTerminal.movieSearch(["interactive", "--offline"])
    await terminal.waitFor("Type a title.")
    terminal.hangUp()
    let status = await terminal.waitForExit()
    #expect([0, 128 + SIGHUP].contains(status), "status \(status)")
  }

  @Test func printIDPrintsOnlyTheChosenIDOnStdout() async throws {
    let file = temporaryFile("stdout")
    defer { try? FileManager.default.removeItem(atPath: file) }
    // `movie-search --print-id > file`: the screen is drawn on /dev/tty.
    let terminal = try PseudoTerminal.movieSearch(["--print-id", "--offline"], stdoutFile: file)
    await terminal.waitFor("Enter prints the id")
    terminal.type("matrix")
    await terminal.waitFor("> The Matrix (1999)  8.5")
    terminal.type("\u{1B}[B\r")  // the second: The Matrix Reloaded
    #expect(await terminal.waitForExit() == 0)
    #expect(try String(contentsOfFile: file, encoding: .utf8) == "32708\n")
    #expect(terminal.isRestored)
    // Leaving without a choice prints nothing, and is an abort (130, as fzf): `xargs -r`
    // runs nothing, a script can tell.
    let none = try PseudoTerminal.movieSearch(
      ["interactive", "--print-id", "--offline"], stdoutFile: file)
    await none.waitFor("Type a title.")
    none.type("\u{1B}")
    #expect(await none.waitForExit() == 130)
    // Empty (its size: reading an empty file leaks a buffer in FoundationEssentials,
    // which LeakSanitizer would report).
    #expect(try FileManager.default.attributesOfItem(atPath: file)[.size] as? Int == 0)
  }

  @Test func ctrlZGivesTheTerminalBackAndTakesItAgain() async throws {
    let terminal = try PseudoTerminal.movieSearch(["interactive", "--offline", "--debounce", "0"])
    await terminal.waitFor("Type a title.")
    terminal.clearOutput()
    // The screen is given back, and the process stops (unless its process group is
    // orphaned, when the system ignores the stop); SIGCONT is what `fg` sends.
    terminal.type("\u{1A}")
    await terminal.waitFor("\u{1B}[?2004l\u{1B}[?25h\u{1B}[?1049l", raw: true)
    kill(terminal.pid, SIGCONT)
    // Back: the full screen again, drawn anew.
    await terminal.waitFor(
      "\u{1B}[?1049l\u{1B}[?1049h\u{1B}[?2004h\u{1B}[?1000h\u{1B}[?1006h\u{1B}[?25l", raw: true)
    await terminal.waitFor("↑/↓ choose")
    terminal.type("matr")
    await terminal.waitFor("> The Matrix (1999)  8.5")
    terminal.type("\u{03}")
    #expect(await terminal.waitForExit() == 130)
  }

  @Test func aRecordingThatCannotBeWrittenIsAnErrorBeforeTheScreenIsTaken() async throws {
    let terminal = try PseudoTerminal.movieSearch([
      "interactive", "--offline", "--record", "/nonexistent/dir/session.ndjson",
    ])
    #expect(await terminal.waitForExit() == 1)
    #expect(
      terminal.lines == [
        "Error: cannot write the recording '/nonexistent/dir/session.ndjson': No such file or directory."
      ])
    #expect(!terminal.output.contains("\u{1B}[?1049h"))
  }

  @Test func theDefaultCommandTakesTheFindersOptions() async throws {
    // `movie-search --debounce 100` starts the finder (it was refused).
    let terminal = try PseudoTerminal.movieSearch(["--debounce", "100", "--offline"])
    await terminal.waitFor("Type a title.")
    terminal.type("matrix")
    await terminal.waitFor("> The Matrix (1999)")
    terminal.type("\u{03}")
    #expect(await terminal.waitForExit() == 130)
    // Given a query, they are refused: they are the finder's.
    let refused = try await CLI.run(["--multi", "matrix"])
    #expect(refused.status == 64)
  }

  @Test func heightDrawsInlineAndLeavesTheScreenAsItWas() async throws {
    let terminal = try PseudoTerminal.movieSearch(
      ["interactive", "--offline", "--height", "8", "--query", "matrix"], columns: 60, rows: 24)
    await terminal.waitFor("> The Matrix (1999)")
    terminal.type("\u{1B}")
    #expect(await terminal.waitForExit() == 0)
    // Never the alternate screen; the rows drawn are cleared from where they started.
    #expect(!terminal.output.contains("\u{1B}[?1049h"))
    #expect(terminal.output.contains("\u{1B}7"))
    #expect(
      terminal.output.hasSuffix("\u{1B}[?1000l\u{1B}[?1006l\u{1B}[?2004l\u{1B}8\u{1B}[J\u{1B}[?25h")
    )
  }

  @Test func theMouseHighlightsOpensAndScrollsAndIsTurnedOffOnTheWayOut() async throws {
    let terminal = try PseudoTerminal.movieSearch(
      ["interactive", "--offline"], columns: 80, rows: 20)
    await terminal.waitFor("\u{1B}[?1000h\u{1B}[?1006h", raw: true)
    terminal.type("matrix")
    await terminal.waitFor("> The Matrix (1999)")
    // Row 5 of the screen is the third film.
    terminal.type("\u{1B}[<0;5;5M\u{1B}[<0;5;5m")
    await terminal.waitFor("> The Matrix Revolutions (2003)")
    terminal.type("\u{1B}[<65;5;5M")
    await terminal.waitFor("> That 70's Matrix (2001)")
    terminal.type("\u{1B}[<0;5;3M\u{1B}[<0;5;3m\u{1B}[<0;5;3M\u{1B}[<0;5;3m")
    await terminal.waitFor("136 min · Action")
    terminal.type("q")
    await terminal.waitFor("↑/↓ choose")
    terminal.type("\u{03}")
    #expect(await terminal.waitForExit() == 130)
    #expect(
      terminal.output.hasSuffix("\u{1B}[?1000l\u{1B}[?1006l\u{1B}[?2004l\u{1B}[?25h\u{1B}[?1049l"))
  }
}
