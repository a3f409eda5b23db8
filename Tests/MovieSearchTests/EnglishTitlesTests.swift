import Foundation
import MovieSearchBuiltInCatalog
import Testing

@testable import MovieSearch
@testable import TestSupport

/// Other titles added to a catalog from a reviewed list (`build-catalog --titles`): the
/// built-in catalog's foreign-language films found by their English titles
/// (`data/english-titles.tsv`), and a list that names films wrongly refused line by line.
@Suite(.timeLimit(.minutes(3)), .onOwnThreads) struct EnglishTitlesTests {
  static let list = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("data/english-titles.tsv")

  @Test func foreignClassicsAreFoundFirstByTheirEnglishTitles() throws {
    let catalog = try OfflineCatalog.builtIn()
    for (query, title, english) in [
      ("seven samurai", "Shichinin no samurai", "Seven Samurai"),
      (
        "the good the bad and the ugly", "Il Buono, il brutto, il cattivo",
        "The Good, the Bad and the Ugly"
      ),
      ("bicycle thieves", "Ladri di biciclette", "Bicycle Thieves"),
      ("city of god", "Cidade de Deus", "City of God"),
      ("spirited away", "Sen to Chihiro no kamikakushi", "Spirited Away"),
      ("crouching tiger", "Wo hu cang long", "Crouching Tiger, Hidden Dragon"),
      ("run lola run", "Lola rennt", "Run Lola Run"),
      ("seventh seal", "Det Sjunde inseglet", "The Seventh Seal"),
    ] {
      let first = try #require(catalog.searchMovies(MovieQuery(query)).results.first)
      #expect(first.title == title, "\(query)")
      #expect(first.alsoKnownAs == english, "\(query)")
      #expect(!first.isPartialMatch, "\(query)")
      // The highlight is in the title that matched.
      let characters = Array(english)
      let highlighted = first.titleMatches.map { String(characters[$0]).lowercased() }
      #expect(highlighted.contains(query.split(separator: " ").last.map(String.init) ?? ""))
    }
    // Its own title still finds it, shown without another.
    let own = try #require(catalog.searchMovies(MovieQuery("shichinin no samurai")).results.first)
    #expect(own.title == "Shichinin no samurai" && own.alsoKnownAs == nil)
  }

  @Test func everyRowOfTheListIsInTheBuiltInCatalog() throws {
    let catalog = try OfflineCatalog.builtIn()
    let list = try OfflineCatalog.TitleList(String(contentsOf: Self.list, encoding: .utf8))
    #expect(list.skipped.isEmpty)
    #expect(Set(list.rows.map(\.id)).count >= 300)
    for row in list.rows {
      let details = try catalog.movieDetails(id: row.id, language: nil)
      #expect(details.movie.year == row.year, "line \(row.line)")
      // The committed catalog was rebuilt with the list (scripts/build-catalog.sh).
      #expect(details.alternativeTitles.contains(row.title), "line \(row.line): \(row.title)")
    }
  }

  @Test func aListIsReadByItsHeaderAndItsBadRowsAreSaid() throws {
    let list = try OfflineCatalog.TitleList(
      """
      # a comment, then a blank line

      note\tTitle\tYEAR\tid
      a\tThe Matrix Again\t1999\t2
      b\t\t1999\t2
      c\tNo Id\t1999\tx
      d\tNo Year\tsoon\t2
      e\tShort\t1999

      """)
    #expect(list.rows.map(\.title) == ["The Matrix Again"])
    #expect(list.rows.map(\.line) == [4])
    #expect(
      list.skipped.map { "\($0.line): \($0.reason)" } == [
        "5: the title is empty", "6: the id 'x' is not a film id",
        "7: the year 'soon' is not a year", "8: it has 3 fields, not 4",
      ])
    #expect(throws: (any Error).self) { try OfflineCatalog.TitleList("id\tname\n1\tx\n") }
    #expect(throws: (any Error).self) { try OfflineCatalog.TitleList("# only a comment\n") }
  }

  @Test func titlesAreAddedByIdAndYearAndComeBeforeAFilmsOwn() throws {
    let list = try OfflineCatalog.TitleList(
      "id\tyear\ttitle\n1\t1999\tFirst Other\n2\t2001\tWrong Year\n9\t1999\tNo Film\n")
    var entries = [
      CatalogFile.Entry(id: 1, title: "Eins", alternativeTitles: ["Own Other"], year: 1999),
      CatalogFile.Entry(id: 2, title: "Zwei", year: 2000),
    ]
    let refused = list.add(to: &entries)
    #expect(entries[0].alternativeTitles == ["First Other", "Own Other"])
    #expect(entries[1].alternativeTitles.isEmpty)
    #expect(
      refused.map { "\($0.line): \($0.reason)" } == [
        "3: film 2 ('Zwei') is from 2000, not 2001", "4: the catalog has no film with id 9",
      ])
  }

  @Test func buildCatalogAddsTheTitlesAndSaysWhichItRefused() async throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let csv = directory.appendingPathComponent("films.csv")
    try
      "id,title,year,votes\n1,Der Himmel über Berlin,1987,500\n2,Les Quatre cents coups,1959,400\n"
      .write(to: csv, atomically: false, encoding: .utf8)
    let titles = directory.appendingPathComponent("titles.tsv")
    try "id\tyear\ttitle\n1\t1987\tWings of Desire\n2\t1960\tThe 400 Blows\n3\t1990\tNothing\n"
      .write(to: titles, atomically: false, encoding: .utf8)
    let out = directory.appendingPathComponent("films.bin").path
    let built = try await CLI.run(["build-catalog", "--titles", titles.path, csv.path, out])
    #expect(built.status == 0)
    #expect(
      built.stdout == "wrote 2 films (\(try size(out)) bytes) to \(out); 1 other title added\n")
    #expect(
      built.stderr == """
        \(titles.path):3: film 2 ('Les Quatre cents coups') is from 1959, not 1960; not added.
        \(titles.path):4: the catalog has no film with id 3; not added.

        """)
    let found = try await CLI.run(["--catalog", out, "--json", "wings of desire"])
    #expect(found.status == 0)
    #expect(found.stdout.contains(#""aka":"Wings of Desire""#), "\(found.stdout)")
    // A list that cannot be read stops the build before anything is written.
    try "id\tname\n".write(to: titles, atomically: false, encoding: .utf8)
    let other = directory.appendingPathComponent("other.bin").path
    let refused = try await CLI.run(["build-catalog", "--titles", titles.path, csv.path, other])
    #expect(refused.status == 1)
    #expect(
      refused.stderr
        == "Error: cannot read the titles of '\(titles.path)': line 1: the header does not name the columns id, year and title (tab-separated).\n"
    )
    #expect(!FileManager.default.fileExists(atPath: other))
  }

  func size(_ path: String) throws -> String {
    let bytes = try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int ?? 0
    return bytes.formatted(.number.grouping(.automatic).locale(Locale(identifier: "en_US")))
  }
}
