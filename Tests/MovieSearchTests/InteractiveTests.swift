import Foundation
import MovieSearch
import Streams
import Synchronization
import Testing

/// The interactive mode, driven through a pseudo-terminal.
@Suite(.serialized, .timeLimit(.minutes(5))) struct InteractiveTests {
  @Test func typeSelectSeeDetailsGoBackAndLeave() async throws {
    let terminal = try PseudoTerminal(["interactive", "--offline", "--debounce", "50"])
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
    let terminal = try PseudoTerminal(["interactive", "--offline"], columns: 30, rows: 8)
    terminal.type("star w")
    await terminal.waitFor("Star Wars (1977)")
    terminal.type("\u{03}")
    #expect(await terminal.waitForExit() == 130)
    #expect(terminal.output.hasSuffix("\u{1B}[?25h\u{1B}[?1049l"))
    #expect(terminal.isRestored)
  }

  @Test func aResizeRedrawsForTheNewWidth() async throws {
    let terminal = try PseudoTerminal(
      ["interactive", "--offline", "--debounce", "0"], columns: 80, rows: 12)
    await terminal.waitFor("Search: ")
    terminal.type("star wars")
    await terminal.waitFor("Star Wars: Episode V - The Empire Strikes Back (1980)  8.8")
    terminal.clearOutput()
    terminal.resize(columns: 30, rows: 12)
    // Cut to the new width, keeping the year and the rating.
    await terminal.waitFor("Star Wars: Epis… (1980)  8.8")
    terminal.type("\u{03}")
    #expect(await terminal.waitForExit() == 130)
  }

  @Test func noColorMeansNoColourCodes() async throws {
    let coloured = try PseudoTerminal(["the", "matrix", "--limit", "1"])
    #expect(await coloured.waitForExit() == 0)
    #expect(coloured.output.contains("\u{1B}[1m"))
    let plain = try PseudoTerminal(
      ["the", "matrix", "--limit", "1"], environment: ["NO_COLOR": "1"])
    #expect(await plain.waitForExit() == 0)
    #expect(!plain.output.contains("\u{1B}"))
    #expect(plain.output.contains("The Matrix"))
  }

  @Test func sighupRestoresTheTerminal() async throws {
    let terminal = try PseudoTerminal(["interactive", "--offline"])
    await terminal.waitFor("Type a title.")
    kill(terminal.pid, SIGHUP)
    #expect(await terminal.waitForExit() == 128 + SIGHUP)
    #expect(terminal.isRestored)
  }

  @Test func aFailingBackendShowsItsErrorAndLeavingRestores() async throws {
    let server = try LoopbackServer { _ in .reset }
    defer { server.stop() }
    let terminal = try PseudoTerminal([
      "interactive", "--base-url", server.baseURL.absoluteString, "--token", "t", "--debounce", "0",
    ])
    await terminal.waitFor("Search: ")
    terminal.type("matrix")
    await terminal.waitFor("Could not reach 127.0.0.1")
    terminal.type("\u{1B}")
    #expect(await terminal.waitForExit() == 0)
    #expect(terminal.isRestored)
  }

  @Test func aVanishedTerminalEndsTheProgram() async throws {
    let terminal = try PseudoTerminal(["interactive", "--offline"])
    await terminal.waitFor("Type a title.")
    terminal.hangUp()
    let status = await terminal.waitForExit()
    #expect([0, 128 + SIGHUP].contains(status), "status \(status)")
  }

  @Test func sigtermRestoresTheTerminal() async throws {
    let terminal = try PseudoTerminal(["interactive", "--offline"])
    await terminal.waitFor("Type a title.")
    kill(terminal.pid, SIGTERM)
    #expect(await terminal.waitForExit() == 128 + SIGTERM)
    #expect(terminal.isRestored)
  }

  @Test func aSearchOnATerminalIsAnAlignedTable() async throws {
    let wide = try PseudoTerminal(["the", "matrix", "--limit", "2"], columns: 60)
    #expect(await wide.waitForExit() == 0)
    #expect(
      wide.lines == [
        "#  Title                Year  Rating    Votes     ID",
        "1  The Matrix           1999     8.5  143,853  32710",
        "2  The Matrix Reloaded  2003     7.1   57,225  32708",
        "5 films",
      ])
    // The words the query matched are bold and underlined.
    #expect(
      wide.output.contains("\u{1B}[1;4mThe\u{1B}[22;24m \u{1B}[1;4mMatrix\u{1B}[22;24m Reloaded"))
    // Narrow: titles are cut to fit.
    let narrow = try PseudoTerminal(["the", "matrix", "--limit", "2"], columns: 45)
    #expect(await narrow.waitForExit() == 0)
    #expect(narrow.lines.dropFirst().first == "1  The Matrix    1999     8.5  143,853  32710")
    #expect(narrow.lines.dropFirst(2).first == "2  The Matrix…   2003     7.1   57,225  32708")
    #expect(narrow.lines.allSatisfy { $0.count <= 45 })
    // Wide enough: the genres.
    let wider = try PseudoTerminal(["the", "matrix", "--limit", "2"], columns: 72)
    #expect(await wider.waitForExit() == 0)
    #expect(
      wider.lines == [
        "#  Title                Year  Genres  Rating    Votes     ID",
        "1  The Matrix           1999  Action     8.5  143,853  32710",
        "2  The Matrix Reloaded  2003  Action     7.1   57,225  32708",
        "5 films",
      ])
  }
}
