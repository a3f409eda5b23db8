import Foundation
import MovieSearch
import Testing

@testable import MovieSearchCLI
@testable import TestSupport

/// The ids a search of a catalog and TMDb together prints are read back by `details` as the
/// films they name: plain where `details` looks by default (a catalog named: the catalog;
/// else TMDb), `catalog:` or `tmdb:` before the others — a catalog's id may be another
/// film's TMDb id.
@Suite(.timeLimit(.minutes(5))) struct MergedIDsTests {
  let folder: TestFolder
  var directory: URL { folder.url }
  let hybrid: HybridStreamTests

  init() throws {
    folder = try TestFolder()
    hybrid = HybridStreamTests(folder: folder)
  }

  /// A loopback TMDb: its search page (The Matrix, 603, and The Matrix Reloaded, 604 — and
  /// with `newer`, The Matrix Resurrections, 624860, newer than the built-in catalog), and
  /// the details of 603 and of 604.
  static func server(newer: Bool = false) throws -> LoopbackServer {
    let resurrections = """
      ,{"id":624860,"title":"The Matrix Resurrections","release_date":"2021-12-16",\
      "vote_average":6.4,"vote_count":6000}]}
      """
    let page =
      newer
      ? String(Fixtures.searchPage.trimmingCharacters(in: .whitespacesAndNewlines).dropLast(2))
        + resurrections : Fixtures.searchPage
    return try LoopbackServer { request in
      switch request.path {
      case "/3/search/movie": .json(200, page)
      case "/3/movie/603": .json(200, Fixtures.details)
      case "/3/movie/604":
        .json(
          200,
          Fixtures.details.replacingOccurrences(of: "\"id\":603", with: "\"id\":604")
            .replacingOccurrences(of: "\"The Matrix\"", with: "\"The Matrix Reloaded\""))
      default: .json(404, Fixtures.tmdbError(34, "The resource could not be found."))
      }
    }
  }

  /// The first line of `details ID`'s answer.
  func title(_ id: String, _ arguments: [String]) async throws -> String {
    let result = try await CLI.run(["details", id] + arguments)
    #expect(result.status == 0, "\(id): \(result.stderr)")
    return String(result.stdout.prefix { $0 != "\n" })
  }

  @Test func aCatalogNamedKeepsItsIdsPlainAndTMDbsAreMarked() async throws {
    let catalog = try await hybrid.catalog()
    let server = try Self.server()
    defer { server.stop() }
    let arguments = [
      "--catalog", catalog, "--base-url", server.baseURL.absoluteString, "--token", "t",
    ]
    let tsv = try await CLI.run(["matrix"] + arguments)
    #expect(tsv.status == 0 && tsv.stderr == "")
    // The Matrix, found in both, under the catalog's id; the sequel only TMDb has, marked.
    #expect(
      tsv.stdout == """
        1\tThe Matrix\t1999\t8.2\t26000\t1
        2\tThe Matrix Reloaded\t2003\t7.0\t11000\ttmdb:604
        3\tThe Matrix Revisited\t2001\t7.0\t900\t2

        """)
    #expect(try await title("1", arguments) == "The Matrix (1999)")
    #expect(try await title("tmdb:604", arguments) == "The Matrix Reloaded (1999)")
    // A plain 603 is the catalog's film of that number, not TMDb's The Matrix.
    #expect(try await title("603", arguments) == "Moonlit Short (1950)")
    #expect(try await title("catalog:603", arguments) == "Moonlit Short (1950)")
    #expect(try await title("tmdb:603", arguments) == "The Matrix (1999)")
    // JSON says each film's source, and the catalog's id of a film both have.
    let ndjson = try await CLI.run(["matrix", "--ndjson"] + arguments)
    let first = ndjson.stdout.prefix { $0 != "\n" }
    #expect(first.contains(#""catalog_id":1,"#) && first.contains(#""id":603,"#))
    #expect(first.contains(#""source":"both""#) && !ndjson.stdout.contains("tmdb:"))
  }

  @Test func withAKeyAloneTheBuiltInCatalogAnswersBesideTMDbAndItsIdsAreMarked() async throws {
    let server = try Self.server()
    defer { server.stop() }
    let arguments = ["--base-url", server.baseURL.absoluteString, "--token", "t"]
    let tsv = try await CLI.run(["matrix", "--limit", "5"] + arguments)
    #expect(tsv.status == 0 && tsv.stderr == "")
    let ids = tsv.idColumn
    // TMDb's two films (also the built-in catalog's) under TMDb's ids; the catalog's others
    // marked as the catalog's.
    #expect(ids.prefix(2) == ["603", "604"])
    #expect(ids.count == 5 && ids.dropFirst(2).allSatisfy { $0.hasPrefix("catalog:") })
    for id in ids.dropFirst(2) {
      let line = tsv.stdout.split(separator: "\n").first { $0.hasSuffix("\t\(id)") }!
      let title = line.split(separator: "\t")[1]
      #expect(try await self.title(id, arguments).hasPrefix("\(title) ("))
    }
    #expect(try await title("603", arguments) == "The Matrix (1999)")
    // --online and --offline choose one source: their ids are plain.
    let online = try await CLI.run(["matrix", "--online"] + arguments)
    #expect(online.idColumn == ["603", "604"])
    let offline = try await CLI.run(["matrix", "--offline"] + arguments)
    #expect(offline.idColumn.first == "32710" && !offline.idColumn.contains { $0.contains(":") })
    #expect(server.requests.contains { $0.path == "/3/search/movie" })
  }

  @Test func everyFilmAndTheFilterListBothSourcesMerged() async throws {
    let catalog = try await hybrid.catalog()
    let server = try Self.server()
    defer { server.stop() }
    let arguments = [
      "--catalog", catalog, "--base-url", server.baseURL.absoluteString, "--token", "t",
    ]
    let every = try await CLI.run(["matrix", "--all"] + arguments)
    #expect(every.status == 0 && every.stderr == "")
    let tsv = try await CLI.run(["matrix"] + arguments)
    #expect(every.stdout == tsv.stdout)
    let filtered = try await CLI.run(["interactive", "-f", "matrix"] + arguments)
    #expect(filtered.status == 0 && filtered.stdout == tsv.stdout)
  }

  @Test func theFinderPrintsAndMarksTheSameIds() async throws {
    let server = try Self.server(newer: true)
    defer { server.stop() }
    let session = try FinderSession(
      [
        "--base-url", server.baseURL.absoluteString, "--token", "t", "--debounce", "0",
        "--multi", "--print-id", "--no-preview",
      ], columns: 100, rows: 12)
    await session.waitFor("Type a title.")
    session.type("matrix")
    await session.waitFor("The Matrix Resurrections (2021)  6.4  TMDb")
    // The Matrix from both (TMDb's 603) and a film only the built-in catalog has, marked.
    let lines = session.lines
    let frame = try #require(lines.lastIndex { $0.hasSuffix(" films") })
    let matrix = try #require(lines[frame...].firstIndex { $0.hasPrefix(">  The Matrix (1999)") })
    let sexFiles = try #require(lines[frame...].firstIndex { $0.contains("Sex Files") })
    // Tab marks and moves down, as fzf's.
    session.terminal.press(.tab)
    for _ in 0..<(sexFiles - matrix - 1) { session.terminal.press(.down) }
    session.terminal.press(.tab)
    session.terminal.press(.enter)
    let outcome = await session.outcome()
    #expect(outcome.status == 0)
    #expect(outcome.chosen == ["603", "catalog:45982"])
  }

  @Test func theDetailsOfAFilmReadFromTheOtherSourceSayItsIdsAsTheyAreReadBack() async throws {
    let server = try Self.server()
    defer { server.stop() }
    let arguments = ["--base-url", server.baseURL.absoluteString, "--token", "t"]
    // Beside the built-in catalog, a catalog film's ids (its own, those of more like it).
    let local = try await CLI.run(["details", "catalog:32710"] + arguments)
    #expect(local.status == 0)
    #expect(local.stdout.contains("id catalog:32710"))
    let more = local.stdout.split(separator: "\n").filter { $0.contains(" · id ") }
    #expect(!more.isEmpty && more.allSatisfy { $0.contains(" · id catalog:") })
    // TMDb's plain, as `details` reads them by default.
    let online = try await CLI.run(["details", "tmdb:603"] + arguments)
    #expect(online.stdout.contains("id 603") && !online.stdout.contains("tmdb:"))
    // Beside a catalog named, TMDb's are the ones marked.
    let catalog = try await hybrid.catalog()
    let named = try await CLI.run(["details", "tmdb:603", "--catalog", catalog] + arguments)
    #expect(named.stdout.contains("id tmdb:603"))
  }

  @Test func theFinderPreviewSaysACatalogFilmsIdAsItIsPrinted() async throws {
    let server = try Self.server(newer: true)
    defer { server.stop() }
    let session = try FinderSession(
      ["--base-url", server.baseURL.absoluteString, "--token", "t", "--debounce", "0"],
      columns: 170, rows: 30)
    await session.waitFor("Type a title.")
    session.type("sex files matrix")
    await session.waitFor("id catalog:45982")
    session.terminal.press(.escape)
    _ = await session.outcome()
  }

  @Test func anIdForASourceThatIsNotThereIsAUsageError() async throws {
    let withoutKey = try await CLI.run(["details", "tmdb:603", "--offline"])
    #expect(withoutKey.status == 64)
    #expect(
      withoutKey.stderr.hasPrefix(
        "Error: 'tmdb:' names a film of TMDb's: set TMDB_API_KEY (or --api-key-file, --token-file), without '--offline'.\n"
      ))
    let online = try await CLI.run(
      [
        "details", "catalog:32710", "--online", "--base-url", "http://127.0.0.1:9/3", "--token",
        "t",
      ]
    )
    #expect(online.status == 64)
    #expect(
      online.stderr.hasPrefix(
        "Error: 'catalog:' names a film of the offline catalog, which '--online' leaves out.\n"))
    let notANumber = try await CLI.run(["details", "catalog:x"])
    #expect(notANumber.status == 64)
    #expect(notANumber.stderr.hasPrefix("Error: 'catalog:x' is not a film id ("))
    #expect(try await title("catalog:32710", []) == "The Matrix (1999)")
  }

  @Test func theIdsAreQualifiedOnlyWhereDetailsWouldReadAnotherFilm() {
    var both = Movie(id: 603, title: "The Matrix")
    both.source = .both
    var tmdb = Movie(id: 604, title: "The Matrix Reloaded")
    tmdb.source = .tmdb
    var local = Movie(id: 2, title: "The Matrix Revisited")
    local.source = .catalog
    let catalogFirst = FilmIDs.merged(plainAreCatalogs: true)
    let tmdbFirst = FilmIDs.merged(plainAreCatalogs: false)
    #expect([tmdb, local].map(catalogFirst.text) == ["tmdb:604", "2"])
    #expect([both, tmdb, local].map(tmdbFirst.text) == ["603", "604", "catalog:2"])
    #expect([both, tmdb, local].map(FilmIDs.plain.text) == ["603", "604", "2"])
    #expect(FilmIDs.qualified("TMDB:5")?.source == .tmdb && FilmIDs.qualified("5") == nil)
    // An id as printed picks its row back (a recording's selections of films chosen).
    #expect(
      ["tmdb:604", "2", "x"].map(catalogFirst.pick)
        == [MoviePick(id: 604, source: .tmdb), MoviePick(id: 2, source: .catalog), nil])
    #expect(
      ["603", "catalog:2"].map(tmdbFirst.pick)
        == [MoviePick(id: 603, source: .tmdb), MoviePick(id: 2, source: .catalog)])
    #expect(FilmIDs.plain.pick("603") == MoviePick(id: 603))
  }
}
