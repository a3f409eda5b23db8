import Foundation
import MovieSearch
import MovieSearchBuiltInCatalog
import Testing

@testable import MovieSearch
@testable import MovieSearchCLI
@testable import TestSupport

/// A catalog says what it covers: `catalog-info` (source, films, years, build day), and the
/// note that the built-in catalog ends in 2005 when an answer suggests the film asked for is
/// newer — on stderr on a terminal and in the finder's status line, never in piped output.
@Suite(.timeLimit(.minutes(3))) struct CatalogCoverageTests {
  /// The note when nothing matches closely: the built-in catalog's two gaps, its last year
  /// and the accented titles its source left out.
  static let note =
    "The built-in catalog covers films to 2005, and its source left out titles with accented letters (Amélie, Léon); for those set TMDB_API_KEY or build a catalog from IMDb's datasets (see README)."

  @Test func theBuiltInCatalogSaysWhatItCovers() throws {
    let coverage = try OfflineCatalog.builtIn().coverage
    #expect(coverage.films == 58_788)
    #expect(coverage.years == 1893...2005)
    #expect(coverage.isBuiltIn && coverage.source == .csv)
    #expect(coverage.builtOn != nil)
  }

  @Test func anAnswerThatLooksWrongIsAShortfall() throws {
    let catalog = try OfflineCatalog.builtIn()
    func shortfall(_ text: String, year: Int? = nil) throws -> OfflineCatalog.Shortfall? {
      let query = MovieQuery(text, year: year)
      return catalog.shortfall(query, best: try catalog.searchMovies(query).results.first)
    }
    // Newer films: a typo match, a partial match, a year after the last.
    #expect(try shortfall("inception") == .noCloseMatch)
    #expect(try shortfall("wall-e") == .noCloseMatch)
    #expect(try shortfall("toy story 3") == .noCloseMatch)
    #expect(try shortfall("zzzzq") == .noCloseMatch)
    #expect(try shortfall("the", year: 2006) == .yearAfterLast(2005))
    #expect(try shortfall("batman 2008") == .yearAfterLast(2005))
    // Films it has, however typed: a prefix, one slip in a longer word, a number's other
    // form, a title in English, a word joined.
    for text in [
      "the matrix", "matr", "godfathr", "alein", "rocky 2", "seven samurai", "spiderman",
      "king kong 1933", "jaws",
    ] {
      #expect(try shortfall(text) == nil, "\(text)")
    }
    // A year it covers, or one before its first, explains an empty answer by itself.
    #expect(try shortfall("matrix", year: 1850) == nil)
    #expect(try shortfall("inceptoin 1999") == nil)
    // Too short to look like a title.
    #expect(try shortfall("xq") == nil)
  }

  @Test func oneSlipIsOneEditOrASwap() {
    func slip(_ a: String, _ b: String) -> Bool {
      OfflineCatalog.isOneSlip(Array(a.utf8), Array(b.utf8))
    }
    #expect(slip("godfathr", "godfather") && slip("alein", "alien") && slip("matrx", "matrix"))
    #expect(slip("matrox", "matrix") && slip("matrixx", "matrix"))
    #expect(!slip("inception", "deception") && !slip("matrix", "matrix"))
    #expect(!slip("abc", "cba") && !slip("wall", "walled"))
  }

  @Test func aCurrentCatalogIsNotCalledOutOfDateForATypo() throws {
    let catalog = try OfflineCatalog(csv: "title,year,votes\nDeception,2025,10\n")
    let note = try #require(CoverageNote(catalog))
    let best = try catalog.searchMovies(MovieQuery("inception")).results.first
    #expect(note.note(for: MovieQuery("inception"), best: best, currentYear: 2026) == nil)
    #expect(note.note(for: MovieQuery("inception"), best: best, currentYear: 2030) == note.text)
    #expect(
      note.note(for: MovieQuery("deception 2026"), best: best, currentYear: 2026)
        == "This catalog covers films to 2025; for newer films set TMDB_API_KEY or build a catalog from IMDb's datasets (see README)."
    )
  }

  @Test func theNoteIsSaidOnATerminalAndNeverInAPipe() async throws {
    let terminal = try PseudoTerminal.movieSearch(["inception", "--limit", "1"], columns: 300)
    #expect(await terminal.waitForExit() == 0)
    #expect(terminal.visible.contains(Self.note))
    #expect(terminal.visible.components(separatedBy: "covers films to").count == 2)
    let piped = try await CLI.run(["inception", "--limit", "1"])
    #expect(piped.status == 0)
    #expect(piped.stderr == "")
    #expect(piped.stdout.hasPrefix("1\tDeception\t1946\t"))
    // A film it has: no note.
    let found = try PseudoTerminal.movieSearch(["the matrix", "--limit", "1"], columns: 200)
    #expect(await found.waitForExit() == 0)
    #expect(!found.visible.contains("covers films to"))
  }

  @Test func theFinderSaysItInItsStatusLine() async throws {
    let terminal = try FinderSession(["--offline", "--debounce", "0"], columns: 300, rows: 10)
    await terminal.waitFor("Type a title.")
    terminal.type("inception")
    await terminal.waitFor("films · " + Self.note)
    // Where the note does not fit, its short form.
    terminal.resize(columns: 40, rows: 10)
    await terminal.waitFor("films · Catalog ends in 2005.")
    terminal.clearOutput()
    terminal.type("\u{15}the matrix")
    await terminal.waitFor("> The Matrix (1999)")
    await terminal.waitFor("5 films")
    #expect(!terminal.visible.contains("covers films to"))
    terminal.type("\u{03}")
    #expect(await terminal.waitForExit() == 130)
  }

  @Test func catalogInfoSaysSourceFilmsYearsAndDay() async throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let csv = directory.appendingPathComponent("films.csv")
    try "title,year\nOld,1931\nNew,1999\nUnknown,\n".write(
      to: csv, atomically: false, encoding: .utf8)
    let out = directory.appendingPathComponent("films.bin").path
    let built = try await CLI.run(
      ["build-catalog", csv.path, out], environment: ["SOURCE_DATE_EPOCH": "1728000000"])
    #expect(built.status == 0)
    let info = try await CLI.run(["catalog-info", "--catalog", out])
    #expect(info.status == 0)
    #expect(
      info.stdout == """
        catalog: \(out)
        source:  a CSV of films
        films:   3
        years:   1931–1999
        built:   2024-10-04

        """)
    let json = try await CLI.run(
      ["catalog-info", "--json"], environment: ["MOVIE_SEARCH_CATALOG": out])
    #expect(
      json.stdout
        == #"{"built":"2024-10-04","catalog":"\#(out)","films":3,"first_year":1931,"last_year":1999,"source":"csv"}"#
        + "\n")
    // As every command reads them: an empty MOVIE_SEARCH_CATALOG names none; an empty
    // --catalog is a usage error.
    let unnamed = try await CLI.run(
      ["catalog-info", "--json"], environment: ["MOVIE_SEARCH_CATALOG": ""])
    #expect(unnamed.stdout.contains(#""catalog":"built-in""#))
    let empty = try await CLI.run(["catalog-info", "--catalog", ""])
    #expect(empty.status == 64)
    #expect(empty.stderr.hasPrefix("Error: '--catalog' needs a file."))
    let builtIn = try await CLI.run(["catalog-info", "--json"])
    #expect(builtIn.stdout.hasPrefix(#"{"built":"#))
    #expect(
      builtIn.stdout.hasSuffix(
        #","catalog":"built-in","films":58788,"first_year":1893,"last_year":2005,"source":"csv"}"#
          + "\n"))
    // A bad SOURCE_DATE_EPOCH, and a file that is not a catalog.
    let bad = try await CLI.run(
      ["build-catalog", csv.path, out], environment: ["SOURCE_DATE_EPOCH": "soon"])
    #expect(bad.status == 64)
    #expect(
      bad.stderr.hasPrefix(
        "Error: SOURCE_DATE_EPOCH 'soon' is not a number of seconds since 1970.\n"))
    let notACatalog = try await CLI.run(["catalog-info", "--catalog", csv.path])
    #expect(notACatalog.status == 1)
    #expect(notACatalog.stderr.contains("is not a movie-search catalog"))
  }

  @Test func daysAreCivilDates() {
    #expect(Format.day(Date(timeIntervalSince1970: 0)) == "1970-01-01")
    #expect(Format.day(Date(timeIntervalSince1970: 951_782_400)) == "2000-02-29")
    #expect(Format.day(Date(timeIntervalSince1970: 1_795_478_399)) == "2026-11-23")
  }
}
