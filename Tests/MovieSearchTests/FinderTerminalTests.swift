import Foundation
import MovieSearch
import Testing

/// The interactive finder through a pseudo-terminal, as a person uses it.
@Suite(.serialized, .timeLimit(.minutes(5))) struct FinderTerminalTests {
  func temporaryFile(_ name: String) -> String {
    FileManager.default.temporaryDirectory
      .appendingPathComponent("finder-\(getpid())-\(UInt32.random(in: 0...UInt32.max))-\(name)")
      .path
  }

  @Test func keysThatMeanNothingNeverLeave() async throws {
    let terminal = try PseudoTerminal(["interactive", "--offline", "--debounce", "0"])
    await terminal.waitFor("Type a title.")
    // F1 (both encodings), F5, Shift-F1, Alt-x, Alt-q: ignored, the query intact.
    terminal.type("ma\u{1B}OP\u{1B}[11~\u{1B}[15~\u{1B}[1;2P\u{1B}x\u{1B}qtr")
    await terminal.waitFor("> The Matrix (1999)  8.5")
    #expect(terminal.visible.contains("Search: matr"))
    terminal.type("\u{03}")
    #expect(await terminal.waitForExit() == 130)
    #expect(terminal.isRestored)
  }

  @Test func enterDuringTheDebounceOpensTheResultForTheTextOnScreen() async throws {
    let terminal = try PseudoTerminal(["interactive", "--offline"])
    await terminal.waitFor("Popular films")
    // The popular list starts with The Fellowship of the Ring (178 min): never opened.
    terminal.type("jaws\r")
    await terminal.waitFor("130 min · rated 8.2/10 by 46,978")
    #expect(!terminal.visible.contains("178 min"))
    terminal.type("\u{1B}")
    await terminal.waitFor("↑/↓ choose")
    terminal.type("\u{03}")
    #expect(await terminal.waitForExit() == 130)
  }

  @Test func aLongPasteIsOneEditAndCtrlCStillLeavesAtOnce() async throws {
    let terminal = try PseudoTerminal(["interactive", "--offline"], columns: 60, rows: 10)
    await terminal.waitFor("Type a title.")
    terminal.type("\u{1B}[200~" + String(repeating: "star wars ", count: 1_000) + "\u{1B}[201~")
    // The prompt scrolls to the cursor: the end of the text, after a "…".
    await terminal.waitFor("Search: …star wars star wars")
    // Its first 16 words are searched: Star Wars matches two of them.
    await terminal.waitFor("> Star Wars (1977)")
    terminal.clearOutput()
    terminal.type("\u{15}star wars")  // Ctrl-U, then a short query
    await terminal.waitFor("> Star Wars (1977)")
    terminal.type("\u{03}")
    #expect(await terminal.waitForExit(limit: .seconds(5)) == 130)
    #expect(terminal.isRestored)
  }

  @Test func scrollingPastTheLastRowLoadsTheNextPage() async throws {
    let terminal = try PseudoTerminal(
      ["interactive", "--offline", "--debounce", "0"], columns: 80, rows: 12)
    await terminal.waitFor("Type a title.")
    terminal.type("love")
    await terminal.waitFor("20/")
    for _ in 0..<3 { terminal.type("\u{1B}[6~") }  // PgDn: 9 rows each
    await terminal.waitFor("40/")
    terminal.type("\u{1B}")
    #expect(await terminal.waitForExit() == 0)
  }

  @Test func wideTerminalsShowTheHighlightedFilmBesideTheList() async throws {
    let terminal = try PseudoTerminal(
      ["interactive", "--offline", "--debounce", "0"], columns: 150, rows: 14)
    await terminal.waitFor("Type a title.")
    terminal.type("matrix")
    await terminal.waitFor("│ 136 min · Action · R (US) · rated 8.5/10 by 143,853")
    terminal.type("\u{0E}")  // Ctrl-N: the next film
    await terminal.waitFor("│ The Matrix Reloaded (2003)")
    terminal.type("\u{1B}")
    #expect(await terminal.waitForExit() == 0)

    let plain = try PseudoTerminal(
      ["interactive", "--offline", "--debounce", "0", "--no-preview"], columns: 150, rows: 14)
    plain.type("matrix")
    await plain.waitFor("> The Matrix (1999)  8.5")
    plain.type("\u{1B}")
    #expect(await plain.waitForExit() == 0)
    #expect(!plain.visible.contains("│"))
  }

  @Test func aNewerHighlightCancelsThePreviewOnTheWire() async throws {
    let server = try LoopbackServer { request in
      switch request.path {
      case "/3/movie/603": .slow(seconds: 10, then: Data(Fixtures.details.utf8))
      case "/3/movie/604":
        .json(200, Fixtures.details.replacingOccurrences(of: "The Matrix", with: "Reloaded"))
      default: .json(200, Fixtures.searchPage)
      }
    }
    defer { server.stop() }
    let terminal = try PseudoTerminal(
      [
        "interactive", "--base-url", server.baseURL.absoluteString, "--token", "t", "--debounce",
        "0",
      ], columns: 150, rows: 14)
    await terminal.waitFor("Search: ")
    terminal.type("matrix")
    await terminal.waitFor("Loading details…")
    try await server.wait { $0 == .received(path: "/3/movie/603") }
    terminal.type("\u{0E}")  // Ctrl-N: the highlight moves on before the answer came
    try await server.wait { $0 == .clientClosed(path: "/3/movie/603") }
    await terminal.waitFor("│ Reloaded (1999)")
    terminal.type("\u{1B}")
    #expect(await terminal.waitForExit() == 0)
  }

  @Test func printIDPrintsOnlyTheChosenIDOnStdout() async throws {
    let file = temporaryFile("stdout")
    defer { try? FileManager.default.removeItem(atPath: file) }
    // `movie-search --print-id > file`: the screen is drawn on /dev/tty.
    let terminal = try PseudoTerminal(["--print-id", "--offline"], stdoutFile: file)
    await terminal.waitFor("Enter prints the id")
    terminal.type("matrix")
    await terminal.waitFor("> The Matrix (1999)  8.5")
    terminal.type("\u{1B}[B\r")  // the second: The Matrix Reloaded
    #expect(await terminal.waitForExit() == 0)
    #expect(try String(contentsOfFile: file, encoding: .utf8) == "32708\n")
    #expect(terminal.isRestored)
    // Leaving without a choice prints nothing, and is an abort (130, as fzf): `xargs -r`
    // runs nothing, a script can tell.
    let none = try PseudoTerminal(["interactive", "--print-id", "--offline"], stdoutFile: file)
    await none.waitFor("Type a title.")
    none.type("\u{1B}")
    #expect(await none.waitForExit() == 130)
    // Empty (its size: reading an empty file leaks a buffer in FoundationEssentials,
    // which LeakSanitizer would report).
    #expect(try FileManager.default.attributesOfItem(atPath: file)[.size] as? Int == 0)
  }

  @Test func ctrlZGivesTheTerminalBackAndTakesItAgain() async throws {
    let terminal = try PseudoTerminal(["interactive", "--offline", "--debounce", "0"])
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
    let terminal = try PseudoTerminal([
      "interactive", "--offline", "--record", "/nonexistent/dir/session.ndjson",
    ])
    #expect(await terminal.waitForExit() == 1)
    #expect(
      terminal.lines == [
        "Error: Cannot write the recording '/nonexistent/dir/session.ndjson': No such file or directory."
      ])
    #expect(!terminal.output.contains("\u{1B}[?1049h"))
  }

  @Test func aRecordedSessionReplaysWhatTheUserSaw() async throws {
    let file = temporaryFile("session.ndjson")
    defer { try? FileManager.default.removeItem(atPath: file) }
    let terminal = try PseudoTerminal([
      "interactive", "--offline", "--debounce", "50", "--record", file,
    ])
    await terminal.waitFor("Type a title.")
    terminal.type("matr")
    await terminal.waitFor("> The Matrix (1999)  8.5")
    terminal.type("\u{1B}[B\r")
    await terminal.waitFor("The Matrix Reloaded (2003)")
    terminal.type("\u{1B}")
    await terminal.waitFor("↑/↓ choose")
    terminal.type("\u{1B}")
    #expect(await terminal.waitForExit() == 0)
    let session = try String(contentsOfFile: file, encoding: .utf8)
    let lines = session.split(separator: "\n")
    #expect(lines.first == #"{"appear":true,"at":0}"#)
    #expect(lines.last?.hasSuffix(#","select":32708}"#) == true)
    #expect(lines.contains { $0.contains(#""search":"matr""#) })
    // Replayed on virtual time, twice: the same bytes, ending on what the user opened.
    var replays: [String] = []
    for _ in 0..<2 {
      let replay = try await CLI.run(
        ["stream", "--virtual-time", "--debounce", "50"], stdin: session)
      #expect(replay.status == 0)
      #expect(replay.stderr == "")
      replays.append(replay.stdout)
    }
    #expect(replays[0] == replays[1])
    #expect(replays[0].contains(#""query":"matr","results":[{"genres":["Action"],"id":32710"#))
    #expect(
      replays[0].split(separator: "\n").last?.contains(#""title":"The Matrix Reloaded""#) == true)
  }

  /// A session recorded in a real terminal (tmux, typing "godfather 2" and Enter before the
  /// results came, then back and editing), kept as a regression test: its replay must show
  /// what it showed then. To renew it after a deliberate change, replay it into the
  /// expected file (`movie-search stream --virtual-time < recorded-session.ndjson`).
  @Test func aSessionRecordedInARealTerminalStillReplaysTheSame() async throws {
    let session = try String(
      contentsOf: CLI.fixture("recorded-session.ndjson"), encoding: .utf8)
    let expected = try String(
      contentsOf: CLI.fixture("recorded-session.expected.ndjson"), encoding: .utf8)
    let replay = try await CLI.run(["stream", "--virtual-time"], stdin: session)
    #expect(replay.status == 0)
    #expect(replay.stderr == "")
    #expect(replay.stdout == expected)
    // Enter was pressed before "godfather 2" was searched: the film opened is its first
    // result, when it came.
    #expect(replay.stdout.contains(#"{"at":3828,"details":"loading","id":20546}"#))
  }
}
