import Foundation
import Testing

@testable import TestSupport

/// `stream` with a catalog named and a TMDb key: the catalog's films at once, TMDb's merged in
/// — run as the built binary against a loopback TMDb.
@Suite(.timeLimit(.minutes(5))) struct HybridStreamTests {
  /// The test's files, removed when it ends.
  let folder: TestFolder
  var directory: URL { folder.url }

  init() throws {
    folder = try TestFolder()
  }

  init(folder: TestFolder) {
    self.folder = folder
  }

  /// A catalog in the built-in catalog's CSV format: The Matrix (under the catalog's own id,
  /// 1), a film TMDb's answer lacks, and a film whose catalog id is The Matrix's TMDb id.
  func catalog() async throws -> String {
    let header =
      #""","title","year","length","budget","rating","votes","r1","mpaa","Action","Animation","Comedy","Drama","Documentary","Romance","Short""#
    let rows = [
      #""1","Matrix, The",1999,136,NA,8.5,100000,0,"",1,0,0,0,0,0,0"#,
      #""2","Matrix Revisited, The",2001,123,NA,7.0,900,0,"",0,0,0,0,1,0,0"#,
      #""603","Moonlit Short",1950,9,NA,5.0,12,0,"",0,0,0,0,0,0,1"#,
    ]
    let source = directory.appendingPathComponent("films.csv").path
    try ([header] + rows).joined(separator: "\n").write(
      toFile: source, atomically: true, encoding: .utf8)
    let out = directory.appendingPathComponent("films.bin").path
    let built = try await CLI.run(["build-catalog", source, out])
    #expect(built.status == 0, "\(built.stderr)")
    return out
  }

  func stream(_ extra: [String], _ server: LoopbackServer, catalog: String) async throws
    -> CLI.Result
  {
    try await CLI.run(
      [
        "stream", "--virtual-time", "--catalog", catalog, "--base-url",
        server.baseURL.absoluteString, "--token", "tok-123",
      ] + extra, stdin: "matrix\n")
  }

  @Test func theCatalogsFilmsComeFirstAndTMDbsAreMergedInMarkedWithTheirSource() async throws {
    let catalog = try await catalog()
    let server = try LoopbackServer { _ in .json(200, Fixtures.searchPage) }
    defer { server.stop() }
    let result = try await stream([], server, catalog: catalog)
    #expect(result.status == 0 && result.stderr == "")
    // At once the catalog's two films, not complete; after the debounce (300 ms, virtual)
    // TMDb's merged in: The Matrix once (TMDb's row, id 603, from both), the sequel only
    // TMDb has, the documentary only the catalog has.
    #expect(
      result.stdout == """
        {"at":0,"state":"idle"}
        {"at":0,"query":"matrix","state":"loading"}
        {"at":0,"complete":false,"query":"matrix","results":[{"genres":["Action"],"id":1,"matches":[[4,6]],"rating":8.5,"source":"catalog","title":"The Matrix","year":1999},{"genres":["Documentary"],"id":2,"matches":[[4,6]],"rating":7,"source":"catalog","title":"The Matrix Revisited","year":2001}],"state":"success","total":2}
        {"at":300,"complete":true,"query":"matrix","results":[{"genres":["Action","Science Fiction"],"id":603,"matches":[[4,6]],"rating":8.2,"source":"both","title":"The Matrix","year":1999},{"id":604,"rating":7,"source":"tmdb","title":"The Matrix Reloaded","year":2003},{"genres":["Documentary"],"id":2,"matches":[[4,6]],"rating":7,"source":"catalog","title":"The Matrix Revisited","year":2001}],"state":"success","total":3}

        """)
    #expect(server.requests.count == 1)
  }

  @Test func tmdbFailingLeavesTheCatalogsFilmsWithANotice() async throws {
    let catalog = try await catalog()
    let server = try LoopbackServer { _ in .json(500, "") }
    defer { server.stop() }
    let result = try await stream([], server, catalog: catalog)
    #expect(result.status == 0 && result.stderr == "")
    let last = try #require(result.stdout.split(separator: "\n").last)
    #expect(last.contains(#""complete":true,"notice":"TMDb failed ("#))
    #expect(last.contains(#"showing the offline catalog","query":"matrix""#))
    #expect(last.contains(#""source":"catalog","title":"The Matrix","year":1999"#))
    #expect(!last.contains(#""source":"tmdb""#))
  }

  @Test func aOneShotSearchPrintsTheMergedPageAndSaysEachFilmsSource() async throws {
    let catalog = try await catalog()
    let server = try LoopbackServer { _ in .json(200, Fixtures.searchPage) }
    defer { server.stop() }
    let arguments = [
      "--catalog", catalog, "--base-url", server.baseURL.absoluteString, "--token", "tok-123",
    ]
    let tsv = try await CLI.run(["matrix"] + arguments)
    #expect(tsv.status == 0 && tsv.stderr == "")
    #expect(
      tsv.stdout == """
        1\tThe Matrix\t1999\t8.2\t26000\t1
        2\tThe Matrix Reloaded\t2003\t7.0\t11000\ttmdb:604
        3\tThe Matrix Revisited\t2001\t7.0\t900\t2

        """)
    let ndjson = try await CLI.run(["matrix", "--ndjson"] + arguments)
    let sources = ndjson.stdout.split(separator: "\n").map {
      $0.contains(#""source":"both""#)
        ? "both" : $0.contains(#""source":"tmdb""#) ? "tmdb" : "catalog"
    }
    #expect(sources == ["both", "tmdb", "catalog"])
    #expect(ndjson.stdout.split(separator: "\n").allSatisfy { $0.contains(#""source":"#) })
    // TMDb failing: the catalog's films, and a note.
    let failing = try LoopbackServer { _ in .json(500, "") }
    defer { failing.stop() }
    let alone = try await CLI.run(
      [
        "matrix", "--catalog", catalog, "--base-url", failing.baseURL.absoluteString, "--token",
        "tok-123",
      ])
    #expect(alone.status == 0)
    #expect(alone.stdout.split(separator: "\n").count == 2)
    #expect(alone.stderr.hasPrefix("Note: TMDb failed ("))
    #expect(alone.stderr.hasSuffix("; showing the offline catalog.\n"))
    #expect(!alone.stderr.contains("tok-123"))
  }

  @Test func offlineAndOnlineChooseOneSource() async throws {
    let catalog = try await catalog()
    let server = try LoopbackServer { _ in .json(200, Fixtures.searchPage) }
    defer { server.stop() }
    let offline = try await stream(["--offline"], server, catalog: catalog)
    #expect(offline.status == 0 && !offline.stdout.contains("source"))
    #expect(offline.stdout.contains(#""title":"The Matrix Revisited""#))
    #expect(server.requests.isEmpty)
    let online = try await stream(["--online"], server, catalog: catalog)
    #expect(online.status == 0 && !online.stdout.contains("source"))
    #expect(online.stdout.contains(#""title":"The Matrix Reloaded""#))
    #expect(!online.stdout.contains("Revisited"))
    let both = try await stream(["--offline", "--online"], server, catalog: catalog)
    #expect(both.status == 64 && both.stdout == "")
    #expect(both.stderr.hasPrefix("Error: Give '--offline' or '--online', not both."))
    let keyless = try await CLI.run(["stream", "--online", "--catalog", catalog], stdin: "")
    #expect(keyless.status == 64)
    #expect(keyless.stderr.hasPrefix("Error: '--online' needs a TMDb key or token"))
  }

  @Test func aSelectionSaysWhichRowItOpenedAndItsDetailsSayTheSource() async throws {
    let catalog = try await catalog()
    let server = try LoopbackServer { request in
      request.path == "/3/movie/603"
        ? .json(200, Fixtures.details) : .json(200, Fixtures.searchPage)
    }
    defer { server.stop() }
    // After the merge: the documentary only the catalog has, and The Matrix both have.
    let result = try await CLI.run(
      [
        "stream", "--virtual-time", "--catalog", catalog, "--base-url",
        server.baseURL.absoluteString, "--token", "tok-123",
      ],
      stdin: """
        matrix
        {"select":2,"source":"catalog","at":1000}
        {"select":603,"source":"both","at":2000}

        """)
    #expect(result.status == 0 && result.stderr == "")
    let details = result.stdout.split(separator: "\n").filter {
      $0.contains(#""details":"success""#)
    }
    #expect(details.count == 2)
    #expect(details.contains { $0.contains(#""id":2,"#) && $0.contains(#""source":"catalog""#) })
    #expect(
      details.contains {
        $0.contains(#""id":603,"#) && $0.contains(#""source":"both""#)
          && $0.contains("Welcome to the Real World.")
      })
  }
}
