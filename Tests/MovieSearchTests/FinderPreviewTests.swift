import Foundation
import MovieSearch
import Testing

@testable import MovieSearchCLI
@testable import TestSupport

#if canImport(Glibc)
  import Glibc
#endif

/// The preview pane as fzf's users script it: `--preview CMD` (its `{}` the film's id, `{q}`
/// the field's text), `--preview-window` (right, left, up, down, a size, hidden, wrap,
/// noborder), and `toggle-preview` showing the details below the list on a narrow terminal.
@Suite(.timeLimit(.minutes(5))) struct FinderPreviewTests {
  let films = (1...3).map {
    Movie(id: $0, title: "Film \($0)", releaseDate: ReleaseDate(year: 1990 + $0))
  }

  /// A finder of `columns` × 12 with `--preview` and `--preview-window window`, three films
  /// listed and the command's output `output` shown for the first; its screen, lines without
  /// trailing spaces.
  func screen(
    _ window: String, columns: Int = 60, output: [String] = ["film 1", "second line"]
  ) throws -> [String] {
    var screen = FinderState(size: (columns: columns, rows: 12))
    screen.look.previewCommand = PreviewCommand(template: "echo film {}")
    screen.look.previewWindow = try #require(PreviewWindow(window))
    screen.previewBelow = true
    screen.handle("f".map { .character($0) })
    let effects = screen.show(.success(query: "f", movies: films, total: 3))
    #expect(
      effects.contains(
        .previewCommand(
          "echo film 1", id: "1", columns: screen.paneSize.columns, rows: screen.paneSize.rows)))
    screen.showPreview(output, id: "1")
    return screen.lines(colour: false).map {
      $0.replacingOccurrences(of: " +$", with: "", options: .regularExpression)
    }
  }

  @Test func theWindowPutsThePaneWhereItIsAsked() throws {
    // Beside: 20 columns of pane, a bar between; the list keeps the rest.
    let right = try screen("right:20")
    #expect(right[2] == "> Film 1 (1991)" + String(repeating: " ", count: 22) + " │ film 1")
    #expect(right[3] == "  Film 2 (1992)" + String(repeating: " ", count: 22) + " │ second line")
    let left = try screen("left:50%:noborder")
    #expect(left[2] == "film 1" + String(repeating: " ", count: 23) + " > Film 1 (1991)")
    // Above and below: rows of the films' area (8 here), a line between unless noborder.
    let down = try screen("down:3")
    #expect(
      Array(down[2...10]) == [
        "> Film 1 (1991)", "  Film 2 (1992)", "  Film 3 (1993)", "", "",
        String(repeating: "─", count: 60), "film 1", "second line", "",
      ])
    let up = try screen("up,2,noborder")
    #expect(Array(up[2...5]) == ["film 1", "second line", "> Film 1 (1991)", "  Film 2 (1992)"])
  }

  @Test func aClickOrTheWheelGoesToWhatIsUnderIt() throws {
    for (window, paneRow, secondFilmRow) in [("down:3", 8, 3), ("up:3", 2, 7)] {
      var screen = FinderState(size: (columns: 60, rows: 12))
      screen.look.previewCommand = PreviewCommand(template: "echo {}")
      screen.look.previewWindow = try #require(PreviewWindow(window))
      screen.handle("f".map { .character($0) })
      screen.show(.success(query: "f", movies: films, total: 3))
      screen.showPreview((1...20).map { "line \($0)" }, id: "1")
      // A click on the pane highlights nothing; on the second film's row, that film.
      screen.handle([.mouse(Mouse(action: .click, column: 3, row: paneRow))])
      #expect(screen.selected == 0, "\(window)")
      screen.handle([.mouse(Mouse(action: .wheelDown, column: 3, row: paneRow))])
      #expect(screen.selected == 0 && screen.previewScroll == 3, "\(window)")
      screen.handle([.mouse(Mouse(action: .click, column: 3, row: secondFilmRow))])
      #expect(screen.selected == 1, "\(window)")
    }
  }

  @Test func longLinesAreCutOrWrapped() throws {
    let long = ["a long line that goes on past the pane", "next"]
    let cut = try screen("right:20", output: long)
    #expect(cut[2].hasSuffix("│ a long line that go…") && cut[3].hasSuffix("│ next"), "\(cut)")
    let wrapped = try screen("right:20:wrap", output: long)
    #expect(
      Array(wrapped[2...5].map { $0.components(separatedBy: "│ ").last! }) == [
        "a long line that", "goes on past the", "pane", "next",
      ])
  }

  @Test func theWindowsWordsAreFzfsAndOthersAreRefused() throws {
    let window = try #require(PreviewWindow("up:30%:wrap:hidden:border-rounded"))
    #expect(window.position == .up && window.size == 30 && window.percent)
    #expect(window.wrap && window.hidden && window.border)
    #expect(PreviewWindow("border-none")?.border == false)
    #expect(PreviewWindow("right,40")?.percent == false)
    for bad in ["sideways", "0%", "100%", "right:x", "-5"] { #expect(PreviewWindow(bad) == nil) }
  }

  @Test func toggleShowsTheDetailsBelowTheListOnANarrowTerminal() {
    var screen = FinderState(size: (columns: 100, rows: 14))
    screen.handle("f".map { .character($0) })
    screen.show(.success(query: "f", movies: films, total: 3))
    #expect(!screen.isPreviewShown)
    #expect(screen.togglePreview() == [.preview(MoviePick(id: 1))])
    #expect(screen.previewPlacement == .down)
    #expect(screen.togglePreview() == [])
    #expect(!screen.isPreviewShown)
    // Wide, it is beside the list from the start.
    var wide = FinderState(size: (columns: 140, rows: 14))
    wide.handle("f".map { .character($0) })
    #expect(
      wide.show(.success(query: "f", movies: films, total: 3)).contains(.preview(MoviePick(id: 1))))
    #expect(wide.previewPlacement == .right)
  }

  @Test func theCommandRunsForTheHighlightedFilmWithTheQueryQuoted() async throws {
    let session = try FinderSession(
      [
        "--offline", "--debounce", "0", "--query", "o'brien; echo injected",
        "--preview", "echo film {}; echo query {q}",
      ], columns: 100, rows: 16)
    await session.waitFor("query o'brien; echo injected")
    #expect(!session.visible.contains("\ninjected"))
    session.clearOutput()
    session.terminal.press(.down)
    await session.waitFor("film ")
    session.terminal.press(.escape)
    _ = await session.outcome()
  }

  @Test func aCommandStillRunningIsKilledWhenTheHighlightMovesAndWhatItPrintsIsCleaned()
    async throws
  {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let pids = directory.appendingPathComponent("pids").path
    let session = try FinderSession(
      [
        "--offline", "--debounce", "0", "--query", "matrix", "--preview",
        #"echo $$ >> \#(pids); printf '\033[31mred {}\033[0m\033]0;title\007\n'; exec sleep 100"#,
      ], columns: 100, rows: 16)
    /// The ids the commands wrote, and those still running, once more than `after` wrote
    /// theirs and `done` holds (within a minute). (Before the search's list, the popular
    /// films' first has its preview too.)
    func commands(after: Int, until done: ([Int32], [Int32]) -> Bool) async -> (
      ids: [Int32], alive: [Int32]
    ) {
      var found: (ids: [Int32], alive: [Int32]) = ([], [])
      for _ in 0..<600 {
        let written = (try? String(contentsOfFile: pids, encoding: .utf8)) ?? ""
        let ids = written.split(separator: "\n").compactMap { Int32($0) }
        found = (ids, ids.filter { kill($0, 0) == 0 })
        if ids.count > after, done(found.ids, found.alive) { break }
        try? await Task.sleep(for: .milliseconds(100))
      }
      return found
    }
    await session.waitFor("red 32710")
    // One runs: The Matrix's, the last to start.
    let first = await commands(after: 0) { ids, alive in alive == [ids.last!] }
    #expect(!first.ids.isEmpty && first.alive == [first.ids.last!])
    // The highlight moves on: The Matrix's is killed, the next film's runs.
    session.terminal.press(.down)
    let moved = await commands(after: first.ids.count) { ids, alive in alive == [ids.last!] }
    #expect(moved.ids.count == first.ids.count + 1 && moved.alive == [moved.ids.last!])
    // The finder ends: that one is killed too.
    session.terminal.press(.escape)
    _ = await session.outcome()
    let ended = await commands(after: 0) { _, alive in alive.isEmpty }
    #expect(ended.ids.count == moved.ids.count && ended.alive.isEmpty)
    #expect(!session.output.contains("\u{1B}]0;"))
  }
}
