import Foundation
import MovieSearch
import Testing

@testable import MovieSearchCLI
@testable import TestSupport

/// Filters in the finder: tokens typed in the field (`genre:comedy`, `year:90s`, …) and the
/// filter flags that set where it starts — the list against `discover` and a filtered
/// `search` through the binary, the tokens in colour, the status line, problems said, and a
/// recording that replays them. On a fake terminal (``FinderSession``).
@Suite(.timeLimit(.minutes(2))) struct FinderFiltersTests {
  /// The titles of the first rows listed: the screen drawn again whole (Ctrl-L), read
  /// from the prompt down.
  func rows(_ session: FinderSession, _ count: Int) async -> [String] {
    session.clearOutput()
    session.type("\u{0C}")
    await session.waitFor("Esc quit")
    let lines = session.lines
    guard let prompt = lines.lastIndex(where: { $0.hasPrefix("Search:") }) else { return [] }
    return lines[(prompt + 2)...].prefix(count).map {
      String($0.dropFirst(2).prefix { $0 != "(" }).trimmingCharacters(in: .whitespaces)
    }
  }

  /// The titles of the binary's TSV answer.
  func titles(_ arguments: [String]) async throws -> [String] {
    let result = try await CLI.run(arguments)
    #expect(result.status == 0, "\(arguments): \(result.stderr)")
    return result.stdout.split(separator: "\n").map { String($0.split(separator: "\t")[1]) }
  }

  @Test func aPersonTokenOnACatalogWithoutPeopleSaysWhyAndTheWordsAreStillSearched() async throws {
    let read = FilteredText("alien by:scott", knowsPeople: false)
    #expect(read.title == "alien" && read.filter.person == nil)
    #expect(read.tokens.map(\.isProblem) == [true])
    // The built-in catalog has no people: the token in yellow, its reason in the status
    // line, the title searched — not an error that Ctrl-R could never mend.
    let session = try FinderSession(["--offline"], columns: 120, rows: 12)
    await session.waitFor("Type a title.")
    session.type("alien by:scott")
    await session.waitFor(
      "by: this catalog has no people (build one from IMDb's files to have them)")
    await session.waitFor("> Alien (1979)")
    await session.waitFor("\u{1B}[33mby:scott\u{1B}[39m", raw: true)
    session.type("\u{1B}")
    #expect(await session.waitForExit() == 0)
  }

  @Test func theStatusLineSaysAStrictRatingAsTyped() {
    var filter = MovieFilter()
    filter.minRating = FilteredText("rating:>8.4").filter.minRating
    #expect(filter.summaryParts == ["rated > 8.4"])
    filter.minRating = FilteredText("rating:8.4").filter.minRating
    #expect(filter.summaryParts == ["rated ≥ 8.4"])
  }

  @Test func theFilterFlagsListWhatDiscoverLists() async throws {
    let flags = ["--genre", "comedy", "--years", "1990..1999", "--min-votes", "1000"]
    let session = try FinderSession(
      ["--offline", "--sort", "rating"] + flags, columns: 100, rows: 12)
    await session.waitFor("Comedy · 1990–1999 · ≥ 1,000 votes · by rating")
    await session.waitFor("> Wallace & Gromit: The Wrong Trousers (1993)")
    let expected = try await titles(
      ["discover", "--sort", "rating", "--limit", "5"] + flags)
    #expect(await rows(session, 5) == expected)
    session.type("\u{1B}")
    #expect(await session.waitForExit() == 0)
  }

  @Test func tokensFilterTheTitleSearchAndAreShownAndListed() async throws {
    let session = try FinderSession(["--offline"], columns: 100, rows: 12)
    await session.waitFor("Type a title.")
    session.type("love genre:comedy")
    await session.waitFor("· Comedy")
    await session.waitFor("> Love Actually (2003)")
    let expected = try await titles(["love", "--genre", "comedy", "--limit", "5"])
    #expect(await rows(session, 5) == expected)
    // The token in colour in the field, the title words not.
    await session.waitFor("Search: love \u{1B}[36mgenre:comedy\u{1B}[39m", raw: true)
    session.type("\u{1B}")
    #expect(await session.waitForExit() == 0)
  }

  @Test func filtersAloneListByTheirOrderAndAnImpossibleOneSaysSo() async throws {
    let session = try FinderSession(["--offline"], columns: 100, rows: 12)
    await session.waitFor("Type a title.")
    session.type("genre:comedy year:90s votes:1000 sort:rating")
    await session.waitFor("> Wallace & Gromit: The Wrong Trousers (1993)")
    await session.waitFor("Comedy · 1990–1999 · ≥ 1,000 votes · by rating")
    session.type(" rating:>9.9")
    await session.waitFor("No films match these filters.")
    session.type("\u{1B}")
    #expect(await session.waitForExit() == 0)
  }

  @Test func aTokenThatCannotBeReadSaysWhyAndFiltersNothing() async throws {
    let session = try FinderSession(["--offline"], columns: 100, rows: 12)
    await session.waitFor("Type a title.")
    session.type("heat rating:>")
    await session.waitFor("rating: needs a number from 0 to 10, such as >7.5 · ")
    await session.waitFor("> Heat (1995)")
    await session.waitFor("Search: heat \u{1B}[33mrating:>\u{1B}[39m", raw: true)
    session.type("8")
    await session.waitFor("· rated > 8.0")  // strict, as typed
    session.type("\u{1B}")
    #expect(await session.waitForExit() == 0)
  }

  @Test func anUnknownGenreFlagIsAUsageErrorListingTheCatalogsGenres() async throws {
    let result = try await CLI.run(["interactive", "--offline", "--genre", "space opera"])
    #expect(result.status == 64)
    #expect(
      result.stderr.hasPrefix(
        "Error: The catalog has no genre 'space opera'. Its genres: Action, Animation, Comedy"))
  }

  @Test func aRecordingKeepsTheFiltersAndReplaysThem() async throws {
    let file = FileManager.default.temporaryDirectory
      .appendingPathComponent("filters-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).ndjson")
      .path
    defer { try? FileManager.default.removeItem(atPath: file) }
    let session = try FinderSession(
      ["--offline", "--debounce", "50", "--record", file], columns: 100, rows: 12)
    await session.waitFor("Type a title.")
    session.type("love genre:comedy")
    await session.waitFor("> Love Actually (2003)")
    session.type("\u{1B}")
    #expect(await session.waitForExit() == 0)
    let recorded = try String(contentsOfFile: file, encoding: .utf8)
    #expect(recorded.contains(#""filter":{"genres":["Comedy"]}"#))
    #expect(recorded.contains(#""search":"love""#))
    let replay = try await CLI.run(
      ["stream", "--virtual-time", "--debounce", "50"], stdin: recorded)
    #expect(replay.status == 0)
    #expect(replay.stderr == "")
    let last = try #require(replay.stdout.split(separator: "\n").last)
    #expect(last.contains(#""filter":{"genres":["Comedy"]}"#))
    #expect(
      last.contains(#""query":"love","results":[{"genres":["Comedy","Drama","Romance"],"id":30822"#)
    )
  }
}
