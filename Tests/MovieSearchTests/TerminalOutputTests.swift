import Foundation
import Testing

@testable import TestSupport

/// A search's output on a terminal, through the binary in a pseudo-terminal: an aligned
/// table that fits the width, bold matches, no colour with NO_COLOR.
@Suite(.timeLimit(.minutes(2))) struct TerminalOutputTests {

  @Test func onANarrowTerminalColumnsAreLeftOutBeforeTheTitleIsCut() async throws {
    // The votes, the rating and the year go, never the ID (`details` needs it); a title too
    // long is cut in the middle, its end kept.
    let forty = try PseudoTerminal.movieSearch(["--limit", "3", "dr", "strangelove"], columns: 40)
    #expect(await forty.waitForExit() == 0)
    #expect(
      forty.lines == [
        "#  Title                     Year     ID",
        "1  Dr. Strangel…ve the Bomb  1964  14858",
        "2  Dracula                   1992  14866",
        "3  The Strange…artha Ivers   1946  49403",
        "832 films, page 1 of 278",
      ])
    let twenty = try PseudoTerminal.movieSearch(["--limit", "3", "dr", "strangelove"], columns: 20)
    #expect(await twenty.waitForExit() == 0)
    #expect(
      twenty.lines == [
        "#  Title          ID", "1  Dr. S…Bomb  14858", "2  Dracula     14866",
        "3  The S…vers  49403", "832 films",
      ])
    for columns in [12, 20, 30, 40, 50, 60, 100] {
      let table = try PseudoTerminal.movieSearch(
        ["--limit", "5", "dr", "strangelove"], columns: UInt16(columns))
      #expect(await table.waitForExit() == 0)
      #expect(table.lines.allSatisfy { $0.count <= columns }, "\(columns): \(table.lines)")
    }
  }

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
    // Narrow: the votes go before the title is cut; the ID stays.
    let narrow = try PseudoTerminal.movieSearch(["the", "matrix", "--limit", "2"], columns: 45)
    #expect(await narrow.waitForExit() == 0)
    #expect(
      narrow.lines == [
        "#  Title                Year  Rating     ID",
        "1  The Matrix           1999     8.5  32710",
        "2  The Matrix Reloaded  2003     7.1  32708",
        "5 films, page 1 of 3",
      ])
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
