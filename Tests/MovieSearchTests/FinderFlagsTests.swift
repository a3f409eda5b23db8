import Foundation
import MovieSearch
import MovieSearchBuiltInCatalog
import Streams
import Testing

@testable import MovieSearchCLI
@testable import TestSupport

/// The finder's flags, as fzf's mean: no debounce offline, --query, --select-1, --exit-0,
/// --multi with Tab and Shift-Tab, --print-id's statuses, and --record's sessions that
/// replay what the user saw — on a fake terminal (``FinderSession``).
@Suite(.timeLimit(.minutes(2))) struct FinderFlagsTests {
  func temporaryFile(_ name: String) -> String {
    FileManager.default.temporaryDirectory
      .appendingPathComponent("finder-\(getpid())-\(UInt32.random(in: 0...UInt32.max))-\(name)")
      .path
  }

  @Test func aLocalCatalogIsSearchedWithoutDebounceAServerWithIt() throws {
    let offline = try OfflineCatalog.builtIn()
    let server = TMDbClient(credentials: .none)
    func debounce(_ options: Finder, _ service: any MovieService) -> Duration {
      FinderLoop(
        terminal: FakeTerminal(), service: service, language: nil, options: options,
        recorder: nil, mode: .fullScreen
      ).debounce
    }
    #expect(debounce(Finder(), offline) == .zero)
    #expect(debounce(Finder(), server) == .milliseconds(300))
    #expect(debounce(Finder(debounce: 120), offline) == .milliseconds(120))
    #expect(debounce(Finder(debounce: 0), server) == .zero)
  }

  @Test func fzfsFlagsMeanWhatTheyMeanInFzf() async throws {
    // --query and --select-1: one film matches every word; it is chosen without a key.
    let one = try FinderSession([
      "--print-id", "--select-1", "--query", "matrix reloaded", "--offline",
    ])
    #expect(
      await one.outcome() == FinderOutcome(status: 0, chosen: ["32708"], query: "matrix reloaded"))
    // --exit-0: nothing matches; leave at once, status 1.
    let none = try FinderSession(["--print-id", "--exit-0", "--query", "zzzzqqqq", "--offline"])
    #expect(await none.outcome() == FinderOutcome(status: 1, query: "zzzzqqqq"))
    // Enter on an empty list: no match, status 1.
    let empty = try FinderSession(["--print-id", "--offline"])
    empty.type("zzzzqqqq")
    await empty.waitFor("No films match")
    empty.type("\r")
    #expect(await empty.outcome() == FinderOutcome(status: 1, query: "zzzzqqqq"))
    // --multi: Tab marks (or unmarks) and moves down, Shift-Tab the same and moves up, as in
    // fzf; Enter prints the marked ids in the order marked.
    let multi = try FinderSession(["--print-id", "--multi", "--query", "matrix", "--offline"])
    // (A column for the mark: ">+ Title", "   Title".)
    await multi.waitFor(">  The Matrix (1999)")
    multi.type("\t\t")  // the first two, the third highlighted
    await multi.waitFor("2 marked")
    multi.type("\u{1B}[Z")  // the third marked, the second highlighted
    await multi.waitFor("3 marked")
    multi.type("\u{1B}[Z")  // the second unmarked
    await multi.waitFor("2 marked")
    multi.type("\r")
    #expect(
      await multi.outcome()
        == FinderOutcome(status: 0, chosen: ["32710", "32709"], query: "matrix"))
    // Leaving without a choice is an abort with --print-id (130, as fzf), and chooses
    // nothing; Ctrl-C always is.
    let left = try FinderSession(["--print-id", "--offline"])
    await left.waitFor("Type a title.")
    left.type("\u{1B}")
    #expect(await left.outcome() == FinderOutcome(status: 130))
  }

  @Test func aRecordedSessionReplaysWhatTheUserSaw() async throws {
    let file = temporaryFile("session.ndjson")
    defer { try? FileManager.default.removeItem(atPath: file) }
    let terminal = try FinderSession([
      "--offline", "--debounce", "50", "--record", file,
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
    // The debounce the finder ran with is recorded beside the start.
    #expect(lines.first == #"{"appear":true,"at":0,"debounce":50}"#)
    // (The list may still ask for its next page after the film is opened.)
    #expect(lines.last { $0.contains("select") }?.hasSuffix(#","select":32708}"#) == true)
    #expect(lines.contains { $0.contains(#""search":"matr""#) })
    // Replayed on virtual time, twice: the same bytes, ending on what the user opened.
    // Without --debounce, the replay uses the recorded one: the same as with it.
    var replays: [String] = []
    for arguments in [["--debounce", "50"], []] {
      let replay = try await CLI.run(["stream", "--virtual-time"] + arguments, stdin: session)
      #expect(replay.status == 0)
      #expect(replay.stderr == "")
      replays.append(replay.stdout)
    }
    #expect(replays[0] == replays[1])
    #expect(replays[0].contains(#""query":"matr","results":[{"genres":["Action"],"id":32710"#))
    #expect(
      replays[0].split(separator: "\n").last { $0.contains(#""details":"success""#) }?
        .contains(#""title":"The Matrix Reloaded""#) == true)
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
