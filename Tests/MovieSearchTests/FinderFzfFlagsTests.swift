import Foundation
import Testing

@testable import TestSupport

/// End to end: fzf's flags through the binary — `-f` without an interface, the
/// short forms, --print-query and --expect on stdout, --layout default, --border,
/// --no-mouse — in a pseudo-terminal where there is one.
@Suite(.timeLimit(.minutes(3))) struct FinderFzfFlagsTests {
  func temporaryFile(_ name: String) -> String {
    FileManager.default.temporaryDirectory
      .appendingPathComponent("fzf-flags-\(getpid())-\(UInt32.random(in: 0...UInt32.max))-\(name)")
      .path
  }

  @Test func filterTokensAloneListTheFilmsThatPassAsTheFieldDoes() async throws {
    let filtered = try await CLI.run(["-f", "genre:drama year:1990..1999 rating:>8.5"])
    let discovered = try await CLI.run([
      "discover", "--genre", "drama", "--years", "1990..1999", "--min-rating", "8.51", "--all",
    ])
    #expect(filtered.status == 0)
    #expect(filtered.stdout.hasPrefix("1\tThe Shawshank Redemption\t1994\t"))
    #expect(filtered.stdout == discovered.stdout)
    // None pass: status 1, as fzf's; nothing at all: a usage error.
    let none = try await CLI.run(["-f", "genre:drama year:1990..1990 votes:>1000000"])
    #expect(none.status == 1 && none.stdout == "")
    let empty = try await CLI.run(["-f", "  "])
    #expect(empty.status == 64)
    #expect(
      empty.stderr.hasPrefix(
        "Error: '--filter' needs words of a title or a filter token (genre:…, year:…).\n"))
  }

  @Test func fzfsSpellingsAreTakenWhereTheyMeanSomethingAndExplainedWhereNot() async throws {
    // --reverse is --layout reverse (the default here).
    let reversed = try await CLI.run(["interactive", "--reverse", "-f", "the matrix"])
    let plain = try await CLI.run(["interactive", "-f", "the matrix"])
    #expect(reversed.status == 0 && reversed.stdout == plain.stdout)
    for flag in ["--exact", "-e", "--no-sort", "--tac"] {
      let refused = try await CLI.run(["interactive", flag])
      #expect(refused.status == 64, "\(flag)")
      #expect(refused.stdout == "")
      let first = refused.stderr.split(separator: "\n").first.map(String.init) ?? ""
      #expect(first.hasPrefix("Error: '\(flag)' is fzf's, not the finder's: "), "\(first)")
    }
    let exact = try await CLI.run(["interactive", "--exact"])
    #expect(
      exact.stderr.hasPrefix(
        "Error: '--exact' is fzf's, not the finder's: the search has no fuzzy mode to turn off — titles matching the words as typed always come before typos.\n"
      ))
  }

  @Test func filterPrintsTheMatchesWithoutAnInterfaceAsAPipedSearchDoes() async throws {
    let filtered = try await CLI.run(["-f", "the matrix"])
    let searched = try await CLI.run(["--all", "the", "matrix"])
    #expect(filtered.status == 0)
    #expect(filtered.stdout == searched.stdout)
    #expect(filtered.stdout.hasPrefix("1\tThe Matrix\t1999\t8.5\t143853\t32710\n"))
    // The field's tokens filter as in the finder.
    let tokens = try await CLI.run(["interactive", "--filter", "matrix year:2003"])
    #expect(
      tokens.stdout
        == "1\tThe Matrix Reloaded\t2003\t7.1\t57225\t32708\n2\tThe Matrix Revolutions\t2003\t6.3\t40058\t32709\n"
    )
    // Nothing: status 1, as fzf; a bad token or no title: a usage error.
    let none = try await CLI.run(["--filter", "zzqqxxjj"])
    #expect(none.status == 1)
    #expect(none.stdout == "")
    let bad = try await CLI.run(["-f", "matrix year:soon"])
    #expect(bad.status == 64)
    #expect(bad.stderr.hasPrefix("Error: '--filter': "))
  }

  @Test func printQueryAndExpectPutTheQueryAndTheKeyBeforeTheIds() async throws {
    let file = temporaryFile("stdout")
    defer { try? FileManager.default.removeItem(atPath: file) }
    let terminal = try PseudoTerminal.movieSearch(
      ["--print-query", "--expect", "ctrl-v,alt-x", "-q", "matrix"], stdoutFile: file)
    await terminal.waitFor("> The Matrix (1999)  8.5")
    terminal.type("\u{1B}[B\u{16}")  // down, Ctrl-V
    #expect(await terminal.waitForExit() == 0)
    #expect(try String(contentsOfFile: file, encoding: .utf8) == "matrix\nctrl-v\n32708\n")
    let entered = try PseudoTerminal.movieSearch(
      ["--print-query", "--expect", "ctrl-v", "-q", "matrix"], stdoutFile: file)
    await entered.waitFor("> The Matrix (1999)  8.5")
    entered.type("\r")
    #expect(await entered.waitForExit() == 0)
    #expect(try String(contentsOfFile: file, encoding: .utf8) == "matrix\n\n32710\n")
  }

  @Test func theShortFormsAreFzfs() async throws {
    let file = temporaryFile("stdout")
    defer { try? FileManager.default.removeItem(atPath: file) }
    // -q and -1: one film matches every word, chosen without a key.
    let one = try PseudoTerminal.movieSearch(
      ["--print-id", "-1", "-q", "matrix reloaded"], stdoutFile: file)
    #expect(await one.waitForExit() == 0)
    #expect(try String(contentsOfFile: file, encoding: .utf8) == "32708\n")
    // -0: nothing matches, leave at once with status 1.
    let none = try PseudoTerminal.movieSearch(["--print-id", "-0", "-q", "zzqqxxjj"])
    #expect(await none.waitForExit() == 1)
  }

  @Test func layoutBorderAndNoMouseOnARealTerminal() async throws {
    let terminal = try PseudoTerminal.movieSearch(
      ["--layout", "default", "--border", "--no-mouse", "--prompt", "film> ", "-q", "alien"],
      columns: 60, rows: 12)
    await terminal.waitFor("20/51 films")
    #expect(!terminal.output.contains("\u{1B}[?1000h"))
    // The whole screen again (Ctrl-L), to read it in order: the prompt on the last row
    // inside the box, the status above it, the best match above that.
    terminal.clearOutput()
    terminal.type("\u{0C}")
    await terminal.waitFor("╰──")
    let lines = terminal.lines
    #expect(lines.first?.hasPrefix("╭──") == true)
    let prompt = try #require(lines.lastIndex { $0.hasPrefix("│ film> alien") })
    #expect(lines[prompt + 1].hasPrefix("╰──"))
    #expect(lines[prompt - 1].hasPrefix("│ 20/51 films"))
    #expect(lines[prompt - 2].hasPrefix("│ > Alien (1979)"))
    terminal.type("\u{1B}")
    #expect(await terminal.waitForExit() == 0)
    #expect(terminal.isRestored)
  }

  @Test func headerCycleAndBindingsOnARealTerminal() async throws {
    let file = temporaryFile("stdout")
    defer { try? FileManager.default.removeItem(atPath: file) }
    // --cycle: Up on the first film goes to the last; Enter prints it.
    let cycled = try PseudoTerminal.movieSearch(
      ["--print-id", "--cycle", "--header", "Pick a film", "-q", "matrix"], stdoutFile: file)
    await cycled.waitFor("Pick a film")
    await cycled.waitFor("> The Matrix (1999)")
    cycled.type("\u{1B}[A")
    await cycled.waitFor("> Sex Files: Sexual Matrix (1999)")
    cycled.type("\r")
    #expect(await cycled.waitForExit() == 0)
    #expect(try String(contentsOfFile: file, encoding: .utf8) == "45982\n")
    // --bind: Ctrl-T to the last film, Ctrl-G back to the first, then accept.
    let bound = try PseudoTerminal.movieSearch(
      ["--print-id", "--bind", "ctrl-t:last,ctrl-g:first+down+accept", "-q", "matrix"],
      stdoutFile: file)
    await bound.waitFor("> The Matrix (1999)")
    bound.type("\u{14}")
    await bound.waitFor("> Sex Files: Sexual Matrix (1999)")
    bound.type("\u{07}")
    #expect(await bound.waitForExit() == 0)
    #expect(try String(contentsOfFile: file, encoding: .utf8) == "32708\n")
  }
}
