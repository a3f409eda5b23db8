import Foundation
import MovieSearch
import Testing

@testable import MovieSearchCLI
@testable import TestSupport

/// fzf's other actions for `--bind`: every film listed marked or unmarked at once, half
/// pages, the preview scrolled, the field's edits by name, `ignore`, and
/// `execute-silent(…)` — a command started away from the terminal while the finder goes on.
@Suite(.timeLimit(.minutes(2))) struct FinderBindActionsTests {
  /// A finder of 10 list rows showing "Love 0" to "Love 19" (ids 100 to 119) for "love",
  /// its keys bound as `bind` says.
  func finder(bind: String) throws -> FinderState {
    var finder = FinderState(size: (columns: 40, rows: 13))
    finder.look.bindings = try FinderOptions.bindings(bind).get()
    finder.handle("love".map { .character($0) })
    finder.show(.success(query: "love", movies: films(0..<20), total: 20))
    return finder
  }

  func films(_ range: Range<Int>) -> [Movie] {
    range.map { Movie(id: 100 + $0, title: "Love \($0)") }
  }

  func ids(_ range: Range<Int>) -> [String] { range.map { String(100 + $0) } }

  /// The finder in a pseudo-terminal on "matrix", its keys bound as `bind` says, once its
  /// list is drawn.
  func matrixFinder(bind: String) async throws -> PseudoTerminal {
    let terminal = try PseudoTerminal.movieSearch([
      "interactive", "--offline", "--query", "matrix", "--bind", bind,
    ])
    await terminal.waitFor("> The Matrix (1999)")
    return terminal
  }

  @Test func fzfsNamesAreRead() throws {
    let bound = try FinderOptions.bindings(
      "ctrl-a:select-all,alt-d:deselect-all+first,ctrl-t:toggle-all,alt-u:half-page-up,"
        + "shift-up:preview-page-up,f1:beginning-of-line,ctrl-y:execute-silent(echo {} | xclip),"
        + "ctrl-z:ignore,alt-x:unix-line-discard,alt-v:become(vim {}),f12:first,"
        + "ctrl-space:toggle,f2:execute-silent:open x"
    ).get()
    #expect(bound[.home] == [.selectAll])  // Ctrl-A is Home
    #expect(bound[.alt("d")] == [.deselectAll, .first])
    #expect(bound[.control("t")] == [.toggleAll])
    #expect(bound[.alt("u")] == [.halfPageUp])
    #expect(bound[.shiftUp] == [.previewPageUp])
    #expect(bound[.function(1)] == [.edit(.home)])
    #expect(bound[.control("y")] == [.executeSilent("echo {} | xclip")])
    #expect(bound[.suspend] == [.ignore])
    #expect(bound[.alt("x")] == [.edit(.killToStart)])
    #expect(bound[.alt("v")] == [.become("vim {}")])
    #expect(bound[.function(12)] == [.first] && bound[.control(" ")] == [.toggle])
    // fzf's colon form: the rest of the text, commas and plus signs included.
    #expect(bound[.function(2)] == [.executeSilent("open x")])
    let colon = try FinderOptions.bindings("ctrl-g:first,ctrl-o:up+execute:echo a,b+c {q}").get()
    #expect(colon[.control("g")] == [.first])
    #expect(colon[.control("o")] == [.up, .execute("echo a,b+c {q}")])
    #expect(
      try FinderOptions.bindings("alt-e:become:vim {}+x,y").get()[.alt("e")] == [
        .become("vim {}+x,y")
      ])
    guard case .failure(let refusal) = FinderOptions.bindings("ctrl-a:select-everything") else {
      Issue.record("an unknown action was read")
      return
    }
    #expect(
      refusal.text.hasPrefix(
        "'select-everything' in '--bind' is not an action: accept, abort, up, down, page-up, page-down, half-page-up, half-page-down"
      ))
    #expect(refusal.text.hasSuffix("ignore, execute(…), execute-silent(…), become(…)."))
  }

  @Test func everyFilmListedIsMarkedUnmarkedOrTurnedOver() throws {
    var finder = try finder(bind: "ctrl-a:select-all,alt-d:deselect-all,ctrl-t:toggle-all")
    finder.handle([.home])
    #expect(finder.marked.isEmpty)  // without --multi, no marks
    finder.multi = true
    finder.handle([.tab])  // Love 0 marked, the highlight on Love 1
    finder.handle([.control("t")])
    #expect(finder.marked == ids(1..<20))
    finder.handle([.home])
    #expect(finder.marked == ids(1..<20) + ids(0..<1))
    #expect(finder.selected == 1)  // the highlight stays where it was
    // Another list of the query (TMDb's films merged in): marks of films it does not list
    // stay, as fzf keeps a selection the query no longer matches.
    finder.show(.success(query: "love", movies: films(15..<25), total: 10))
    finder.handle([.alt("d")])
    #expect(finder.marked == ids(1..<15) + ids(0..<1))
    finder.handle([.control("t")])
    #expect(finder.marked == ids(1..<15) + ids(0..<1) + ids(15..<25))
  }

  @Test func halfPagesThePreviewTheFieldsEditsAndIgnore() throws {
    var finder = try finder(
      bind:
        "alt-j:half-page-down,alt-k:half-page-up,alt-p:preview-page-down,alt-o:preview-page-up,"
        + "f1:beginning-of-line,f2:forward-word,alt-h:backward-delete-char,"
        + "f3:unix-line-discard,down:ignore")
    finder.handle([.alt("j")])
    #expect(finder.selected == 5)  // half of 10 rows
    finder.handle([.alt("j"), .alt("j"), .alt("k")])
    #expect(finder.selected == 10)
    finder.handle([.down])
    #expect(finder.selected == 10)  // Down does nothing now
    // Keys bound to nothing (F7, Ctrl-Space) are no text.
    finder.handle([.function(7), .control(" ")])
    #expect(finder.text == "love" && finder.selected == 10)
    // A pane of 30 lines below the list (3 rows on this screen): a row, a pane's height;
    // no further than the last line, so that a press back moves it at once.
    finder.look.previewCommand = PreviewCommand(template: "echo {}")
    finder.look.previewWindow = try #require(PreviewWindow("down:3"))
    finder.previewBelow = true
    _ = finder.previewFollowUps()
    finder.showPreview((1...30).map { "line \($0)" }, id: ids(10..<11)[0])
    #expect(finder.paneSize.rows == 3)
    finder.handle([.shiftDown, .alt("p")])
    #expect(finder.previewScroll == 4)
    finder.handle(Array(repeating: .alt("p"), count: 20))
    #expect(finder.previewScroll == 29)
    finder.handle([.alt("o")])
    #expect(finder.previewScroll == 26)
    finder.handle(Array(repeating: .alt("o"), count: 20))
    #expect(finder.previewScroll == 0)
    finder.handle([.function(1), .character("x")])
    #expect(finder.text == "xlove")
    finder.handle([.function(2), .alt("h")])
    #expect(finder.text == "xlov")
    finder.handle([.function(3)])
    #expect(finder.text == "")
  }

  @Test func executeSilentGivesTheCommandLineWithoutTheTerminal() async throws {
    var finder = try finder(bind: "ctrl-y:execute-silent(echo {} {q} | xclip)")
    #expect(finder.handle([.control("y")]) == [.executeSilently("echo 100 'love' | xclip")])
    let session = try FinderSession([
      "--offline", "--query", "matrix", "--bind", "ctrl-y:execute-silent(echo {} > picked)",
    ])
    await session.waitFor("> The Matrix (1999)")
    session.type("\u{19}\u{1B}")
    #expect(await session.outcome().status == 0)
    #expect(session.terminal.executedSilently == ["echo 32710 > picked"])
    #expect(session.terminal.executed.isEmpty)
  }

  @Test func becomeRunsTheCommandInTheFindersPlaceWithItsStatus() async throws {
    var finder = try finder(bind: "enter:become(echo {} {q})")
    #expect(
      finder.handle([.enter]) == [.finish(FinderOutcome(status: 0, become: "echo 100 'love'"))])
    // On a terminal: the screen given back, the command's output and status the finder's;
    // Ctrl-C on the terminal reaches the command, not the finder waiting for it.
    let terminal = try await matrixFinder(
      bind: "enter:become(echo became {} {q}; read line; echo read $line; exit 7)")
    terminal.type("\r")
    await terminal.waitFor("became 32710 matrix")
    #expect(terminal.isRestored)
    terminal.type("typed\n")
    await terminal.waitFor("read typed")
    #expect(await terminal.waitForExit() == 7)
    let interrupted = try await matrixFinder(
      bind: "ctrl-o:become(trap 'kill $!; echo caught; exit 5' INT; echo waiting; sleep 60 & wait)")
    interrupted.type("\u{0F}")
    await interrupted.waitFor("waiting")
    interrupted.type("\u{03}")
    await interrupted.waitFor("caught")
    // The command's status: a finder ended by the signal would give 130.
    #expect(await interrupted.waitForExit() == 5)
  }

  @Test func ctrlCDuringAnExecutedCommandEndsTheCommandNotTheFinder() async throws {
    let terminal = try await matrixFinder(bind: "ctrl-o:execute(echo running; sleep 60)")
    terminal.type("\u{0F}")
    await terminal.waitFor("running")
    terminal.clearOutput()
    terminal.type("\u{03}")
    // The screen taken again, the list drawn: the finder went on.
    await terminal.waitFor("> The Matrix (1999)")
    terminal.type("\u{1B}")
    #expect(await terminal.waitForExit() == 0)
  }

  /// What `execute-silent` starts runs with `/dev/null` for its input and output, in a
  /// process group of its own, with no other descriptor of this process (one left
  /// inheritable here is not), and is waited for on a thread of its own.
  @Test func aCommandStartedAwayHasNoTerminalAndItsOwnGroup() async throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let report = directory.appendingPathComponent("report").path
    let inheritable = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    try #require(inheritable > STDERR_FILENO)
    defer { close(inheritable) }
    let command =
      "echo $$ $(cut -d' ' -f5 /proc/$$/stat) > '\(report)'; "
      // The shell's own descriptors, read before any redirection of its output.
      + "fds=$(readlink /proc/$$/fd/0 /proc/$$/fd/1 /proc/$$/fd/2); echo \"$fds\" >> '\(report)'; "
      // Listed by a command that writes its own file while the shell waits for it: the shell
      // holds a pipe's ends while it starts a pipeline's commands, and a saved descriptor
      // while it starts one whose output it redirects — the listing could see either.
      + "find /proc/$$/fd -mindepth 1 -maxdepth 1 -fprintf '\(report).fds' '%f\\n'; "
      + "sort -n '\(report).fds' | tr '\\n' ' ' >> '\(report)'; exit 3"
    let status = await withCheckedContinuation { (ended: CheckedContinuation<Int32, Never>) in
      if !ShellCommand.startAway(command, ended: { ended.resume(returning: $0) }) {
        ended.resume(returning: -1)
      }
    }
    #expect(status >> 8 == 3)  // exited with 3, as waitpid tells it
    let lines = try String(contentsOfFile: report, encoding: .utf8).split(separator: "\n")
    let ids = lines.first?.split(separator: " ")
    #expect(ids?.count == 2 && ids?.first == ids?.last)  // its own process group
    #expect(lines.dropFirst() == ["/dev/null", "/dev/null", "/dev/null", "0 1 2 "])
  }
}
