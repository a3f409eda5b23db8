import Foundation
import Testing

@testable import TestSupport

/// `build-catalog` and `--catalog`, run as the built binary.
@Suite(.timeLimit(.minutes(5))) struct CatalogCLITests {
  /// A fresh directory for one test's files, removed when the test ends.
  let folder: TestFolder
  var directory: URL { folder.url }

  init() throws {
    folder = try TestFolder()
  }

  func file(_ name: String, _ text: String? = nil) throws -> String {
    let path = directory.appendingPathComponent(name).path
    if let text { try text.write(toFile: path, atomically: true, encoding: .utf8) }
    return path
  }

  /// TMDb's daily export, with the damage a real download can have.
  static let export = """
    {"adult":false,"id":603,"original_title":"The Matrix","popularity":43.1,"video":false}
    {"adult":false,"id":604,"original_title":"The Matrix Reloaded","popularity":20.5,"video":false}
    not json
    {"adult":true,"id":9,"original_title":"Matrix Nights","popularity":99,"video":false}
    {"adult":false,"id":603,"original_title":"Twice","popularity":1,"video":false}
    {"adult":false,"id":238,"original_title":"The Godfather","popularity":60,"video":false}

    {"adult":false,"id":240,"original_title":"The Godfather Part II","popularity":30,"video":false}
    {"adult":false,"id":5,"original_title":"","popularity":3,"video":false}
    """

  @Test func aCatalogThatCannotBeOpenedSaysWhereItsPathCameFrom() async throws {
    let missing = try await CLI.run(
      ["matrix"], environment: ["MOVIE_SEARCH_CATALOG": "/nonexistent/catalog"])
    #expect(missing.status == 1 && missing.stdout == "")
    #expect(
      missing.stderr
        == "Error: MOVIE_SEARCH_CATALOG: cannot open the catalog '/nonexistent/catalog': No such file or directory\n"
    )
    // A folder (of IMDb's files, most likely): how to make a catalog of it.
    let folder = directory.path
    let named = try await CLI.run(["matrix", "--catalog", folder])
    #expect(named.status == 1 && named.stdout == "")
    #expect(
      named.stderr
        == "Error: '--catalog' names the folder '\(folder)', not a catalog file; to make one of IMDb's files in it: movie-search build-catalog '\(folder)' OUT\n"
    )
  }

  @Test func anExportBecomesACatalogWithTMDbIdsAndItsBadLinesReported() async throws {
    let (source, out) = (try file("export.json", Self.export), try file("export.bin"))
    let built = try await CLI.run(["build-catalog", source, out])
    let size = try FileManager.default.attributesOfItem(atPath: out)[.size] as? Int ?? 0
    #expect(built.status == 0)
    let bytes = String(size).reversed().enumerated().reduce(into: "") { text, digit in
      text = String(digit.element) + (digit.offset > 0 && digit.offset % 3 == 0 ? "," : "") + text
    }
    #expect(
      built.stdout
        == "wrote 4 films (\(bytes) bytes) to \(out); 1 adult title left out; 3 bad lines skipped\n"
    )
    #expect(
      built.stderr == """
        \(source):3: not a JSON object with an id and an original_title; skipped.
        \(source):5: the id 603 was already given; skipped.
        \(source):9: the title is empty; skipped.

        """)
    let search = try await CLI.run(["godfathr", "2", "--catalog", out])
    #expect(search.stdout.hasPrefix("1\tThe Godfather Part II\t\t\t\t240\n"))
    let matrix = try await CLI.run(["matrix", "--catalog", out])
    #expect(matrix.idColumn == ["603", "604"])
    let details = try await CLI.run(["details", "603", "--catalog", out, "--json"])
    #expect(details.status == 0)
    #expect(details.stdout.contains(#""id":603"#))
    // A TMDb link names a film of a catalog of TMDb's export by its id…
    let linked = try await CLI.run([
      "details", "https://www.themoviedb.org/movie/603-the-matrix?language=de", "--catalog", out,
      "--json",
    ])
    #expect(linked.status == 0 && linked.stdout == details.stdout)
    // …but not of one that numbers its films its own way (the built-in catalog).
    let builtIn = try await CLI.run(["details", "https://www.themoviedb.org/movie/603-the-matrix"])
    #expect(builtIn.status == 64 && builtIn.stdout == "")
    #expect(
      builtIn.stderr.hasPrefix(
        "Error: A TMDb link names TMDb's id 603; this catalog numbers its films its own way: search for the title, or set TMDB_API_KEY.\n"
      ))

    let adult = try file("adult.bin")
    #expect(try await CLI.run(["build-catalog", source, adult, "--include-adult"]).status == 0)
    // The adult film matches both words: first; left out, only the films matching one.
    let withAdult = try await CLI.run(["matrix", "nights", "--catalog", adult]).stdout
    #expect(withAdult.split(separator: "\n").first?.hasSuffix("\t9") == true)
    let without = try await CLI.run(["matrix", "nights", "--catalog", out])
    #expect(without.idColumn == ["603", "604"])
  }

  @Test func theEnvironmentNamesACatalogAndTheOptionWins() async throws {
    let source = try file("export.json", Self.export)
    let (out, other) = (try file("a.bin"), try file("b.bin"))
    #expect(try await CLI.run(["build-catalog", source, out]).status == 0)
    let csv = """
      "","title","year","length","budget","rating","votes","r1","mpaa","Action","Animation","Comedy","Drama","Documentary","Romance","Short"
      "1","Godfather, The",1972,175,6000000,9.1,122755,4.5,"R",0,0,0,1,0,0,0
      """
    #expect(try await CLI.run(["build-catalog", try file("tiny.csv", csv), other]).status == 0)
    let fromEnvironment = try await CLI.run(
      ["godfather", "--limit", "1"], environment: ["MOVIE_SEARCH_CATALOG": out])
    #expect(fromEnvironment.stdout == "1\tThe Godfather\t\t\t\t238\n")
    let fromOption = try await CLI.run(
      ["godfather", "--catalog", other], environment: ["MOVIE_SEARCH_CATALOG": out])
    #expect(fromOption.stdout == "1\tThe Godfather\t1972\t9.1\t122755\t1\n")
    // Asking for TMDb on the command line overrides the environment's catalog; --offline
    // searches it.
    let offline = try await CLI.run(
      ["godfather", "--offline", "--limit", "1"], environment: ["MOVIE_SEARCH_CATALOG": out])
    #expect(offline.stdout == fromEnvironment.stdout)
    let tmdb = try await CLI.run(
      ["godfather", "--online", "--base-url", "http://127.0.0.1:9/3", "--token", "t"],
      environment: ["MOVIE_SEARCH_CATALOG": out])
    #expect(tmdb.status == 1)
    #expect(tmdb.stderr.hasPrefix("Error: Could not reach 127.0.0.1"))
  }

  @Test func aMissingOrDamagedCatalogIsAOneLineError() async throws {
    let missing = directory.appendingPathComponent("none.bin").path
    let cases: [(path: String, message: String)] = [
      (
        missing,
        "Error: '--catalog': cannot open the catalog '\(missing)': No such file or directory\n"
      ),
      (
        directory.path,
        "Error: '--catalog' names the folder '\(directory.path)', not a catalog file; to make one of IMDb's files in it: movie-search build-catalog '\(directory.path)' OUT\n"
      ),
      (
        try file("empty.bin", ""),
        "Error: the catalog '\(directory.path)/empty.bin' is damaged: it is empty\n"
      ),
      (
        try file("text.bin", String(repeating: "not a catalog\n", count: 10)),
        "Error: the catalog '\(directory.path)/text.bin' is not a movie-search catalog (make one with 'movie-search build-catalog')\n"
      ),
      // A short text file and a CSV are said to be the same thing.
      (
        try file("notes.txt", "hello\n"),
        "Error: the catalog '\(directory.path)/notes.txt' is not a movie-search catalog (make one with 'movie-search build-catalog')\n"
      ),
      (
        try file("films.csv", "title,year\nAlien,1979\n"),
        "Error: the catalog '\(directory.path)/films.csv' is not a movie-search catalog (make one with 'movie-search build-catalog')\n"
      ),
    ]
    for (path, message) in cases {
      let result = try await CLI.run(["matrix", "--catalog", path])
      #expect(result.status == 1)
      #expect(result.stderr == message)
      #expect(result.stdout == "")
    }
    // A catalog cut short: its header promises more than the file holds.
    let source = try file("export.json", Self.export)
    let whole = try file("whole.bin")
    #expect(try await CLI.run(["build-catalog", source, whole]).status == 0)
    let bytes = try Data(contentsOf: URL(fileURLWithPath: whole))
    let cut = try file("cut.bin")
    try bytes.dropLast(7).write(to: URL(fileURLWithPath: cut))
    let result = try await CLI.run(["matrix", "--catalog", cut])
    #expect(result.status == 1)
    #expect(result.stderr == "Error: the catalog '\(cut)' is damaged: its size is wrong\n")
  }

  @Test func aSourceWithNoFilmsWritesNothing() async throws {
    let source = try file(
      "bad.json", "{\"id\":1}\n{\"adult\":true,\"id\":2,\"original_title\":\"x\"}\n")
    let out = directory.appendingPathComponent("out.bin").path
    let result = try await CLI.run(["build-catalog", source, out])
    #expect(result.status == 1)
    #expect(
      result.stderr == """
        \(source):1: not a JSON object with an id and an original_title; skipped.
        Error: '\(source)' holds no films; nothing written.

        """)
    #expect(!FileManager.default.fileExists(atPath: out))
    let unreadable = try await CLI.run(["build-catalog", missingPath, out])
    #expect(unreadable.status == 1)
    #expect(
      unreadable.stderr == "Error: cannot read '\(missingPath)': No such file or directory.\n")
  }

  var missingPath: String { directory.appendingPathComponent("missing.csv").path }
}
