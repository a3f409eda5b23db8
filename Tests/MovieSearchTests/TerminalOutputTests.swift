import Foundation
import Testing

@testable import TestSupport

/// A search's output on a terminal, through the binary in a pseudo-terminal: an aligned
/// table that fits the width, bold matches, no colour with NO_COLOR.
@Suite(.timeLimit(.minutes(2))) struct TerminalOutputTests {

  @Test func noColorMeansNoColourCodes() async throws {
    let coloured = try PseudoTerminal.movieSearch(["the", "matrix", "--limit", "1"])
    #expect(await coloured.waitForExit() == 0)
    #expect(coloured.output.contains("\u{1B}[1m"))
    let plain = try PseudoTerminal.movieSearch(
      ["the", "matrix", "--limit", "1"], environment: ["NO_COLOR": "1"])
    #expect(await plain.waitForExit() == 0)
    #expect(!plain.output.contains("\u{1B}"))
    #expect(plain.output.contains("The Matrix"))
  }

  @Test func aSearchOnATerminalIsAnAlignedTable() async throws {
    let wide = try PseudoTerminal.movieSearch(["the", "matrix", "--limit", "2"], columns: 60)
    #expect(await wide.waitForExit() == 0)
    #expect(
      wide.lines == [
        "#  Title                Year  Rating    Votes     ID",
        "1  The Matrix           1999     8.5  143,853  32710",
        "2  The Matrix Reloaded  2003     7.1   57,225  32708",
        "5 films, page 1 of 3",
      ])
    // The words the query matched are bold and underlined.
    #expect(
      wide.output.contains("\u{1B}[1;4mThe\u{1B}[22;24m \u{1B}[1;4mMatrix\u{1B}[22;24m Reloaded"))
    // Narrow: titles are cut to fit.
    let narrow = try PseudoTerminal.movieSearch(["the", "matrix", "--limit", "2"], columns: 45)
    #expect(await narrow.waitForExit() == 0)
    #expect(narrow.lines.dropFirst().first == "1  The Matrix    1999     8.5  143,853  32710")
    #expect(narrow.lines.dropFirst(2).first == "2  The Matrix…   2003     7.1   57,225  32708")
    #expect(narrow.lines.allSatisfy { $0.count <= 45 })
    // Wide enough: the genres.
    let wider = try PseudoTerminal.movieSearch(["the", "matrix", "--limit", "2"], columns: 72)
    #expect(await wider.waitForExit() == 0)
    #expect(
      wider.lines == [
        "#  Title                Year  Genres  Rating    Votes     ID",
        "1  The Matrix           1999  Action     8.5  143,853  32710",
        "2  The Matrix Reloaded  2003  Action     7.1   57,225  32708",
        "5 films, page 1 of 3",
      ])
  }
}
