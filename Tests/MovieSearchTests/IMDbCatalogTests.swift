import Foundation
import Testing

@testable import TestSupport

/// A catalog from IMDb's dataset files, through the binary, on a small fixture in their
/// exact format (`Fixtures/imdb`, gzipped as IMDb serves them): films by any of their titles,
/// with their people; each optional file missing in turn; `\N` in every column; bad rows.
@Suite(.timeLimit(.minutes(3))) struct IMDbCatalogTests {
  static let fixture = CLI.fixture("imdb")
  /// Where the helpers' datasets and catalogs are made, removed when the test ends.
  let folder: TestFolder

  init() throws {
    folder = try TestFolder()
  }

  /// The fixture's files copied into a new folder, unzipped with `unzip`, without `leaving`.
  func dataset(unzip: Bool = false, leaving: [String] = []) async throws -> URL {
    let directory = try folder.subfolder()
    for file in try FileManager.default.contentsOfDirectory(atPath: Self.fixture.path) {
      guard !leaving.contains(where: { file.hasPrefix($0 + ".") }) else { continue }
      let source = Self.fixture.appendingPathComponent(file)
      if unzip {
        let text = try await ProcessRunner.run(
          executable: "/bin/sh", ["-c", "gzip -dc"], stdin: try Data(contentsOf: source)
        ).stdout
        try text.write(
          to: directory.appendingPathComponent(String(file.dropLast(3))), atomically: false,
          encoding: .utf8)
      } else {
        try FileManager.default.copyItem(at: source, to: directory.appendingPathComponent(file))
      }
    }
    return directory
  }

  /// Builds the fixture's catalog into a new folder; its path.
  func catalog(_ arguments: [String] = []) async throws -> String {
    let directory = try folder.subfolder()
    let path = directory.appendingPathComponent("imdb.bin").path
    let built = try await CLI.run(["build-catalog", Self.fixture.path, path] + arguments)
    #expect(built.status == 0, "\(built.stderr)")
    return path
  }

  @Test func theFilesBecomeACatalogAndWhatCannotBeReadIsSaid() async throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let out = directory.appendingPathComponent("imdb.bin").path
    let built = try await CLI.run(["build-catalog", Self.fixture.path, out])
    #expect(built.status == 0)
    #expect(built.stdout.hasPrefix("wrote 12 films ("))
    #expect(built.stdout.hasSuffix(") to \(out); 1 adult title left out; 2 bad lines skipped\n"))
    let basics = Self.fixture.appendingPathComponent("title.basics.tsv.gz").path
    #expect(
      built.stderr == """
        \(basics):15: no title; skipped.
        \(basics):17: 5 fields where 9 are expected; skipped.

        """)
    // A TV series is not a film; a TV film is one when asked for.
    let all = try await CLI.run(["--catalog", out, "breaking bad film for television"])
    #expect(!all.stdout.contains("Breaking Bad") && !all.stdout.contains("Television"))
    let more = directory.appendingPathComponent("more.bin").path
    let withTV = try await CLI.run([
      "build-catalog", Self.fixture.path, more, "--types", "movie,tvMovie",
    ])
    #expect(withTV.stdout.hasPrefix("wrote 13 films"))
    #expect(
      try await CLI.run(["--catalog", more, "film for television"]).stdout.contains("111161"))
    // A film with nothing but a title (every other column \N) is still a film.
    let bare = try await CLI.run(["--catalog", out, "--limit", "1", "only a title"])
    #expect(bare.stdout == "1\tOnly A Title\t\t\t\t9999903\n")
  }

  @Test func eachOptionalFileMissingInTurnIsSaidAndTheRestIsBuilt() async throws {
    let notes = [
      "title.ratings": "ratings and votes", "title.akas": "alternative titles",
      "title.crew": "directors", "title.principals": "cast",
      "name.basics": "people's names (no directors or cast)",
    ]
    for (file, purpose) in notes {
      let source = try await dataset(leaving: [file])
      defer { try? FileManager.default.removeItem(at: source) }
      let out = source.appendingPathComponent("imdb.bin").path
      let built = try await CLI.run(["build-catalog", source.path, out])
      #expect(built.status == 0)
      #expect(built.stdout.hasPrefix("wrote 12 films"))
      #expect(
        built.stderr.contains("Note: \(file).tsv.gz is not in '\(source.path)': \(purpose).\n"),
        "\(built.stderr)")
    }
    let source = try await dataset(leaving: ["title.basics"])
    defer { try? FileManager.default.removeItem(at: source) }
    let failed = try await CLI.run(["build-catalog", source.path, source.path + "/x.bin"])
    #expect(failed.status == 1)
    #expect(
      failed.stderr
        == "Error: '\(source.path)' is a folder without IMDb's title.basics.tsv.gz (nor title.basics.tsv).\n"
    )
  }

  @Test func unzippedFilesAreReadAsWell() async throws {
    let source = try await dataset(unzip: true)
    defer { try? FileManager.default.removeItem(at: source) }
    let out = source.appendingPathComponent("imdb.bin").path
    let built = try await CLI.run(["build-catalog", source.path, out])
    #expect(built.status == 0)
    #expect(built.stdout.hasPrefix("wrote 12 films"))
  }

  @Test func aFilmIsFoundByAnyOfItsTitlesAndShownByItsOwn() async throws {
    let catalog = try await catalog()
    let cases = [
      ("seven samurai", "Shichinin no samurai"), ("bicycle thieves", "Ladri di biciclette"),
      ("the bicycle thief", "Ladri di biciclette"), ("city of god", "Cidade de Deus"),
      ("the good the bad and the ugly", "Il buono, il brutto, il cattivo"),
      ("sen to chihiro", "Spirited Away"),
    ]
    for (query, title) in cases {
      let result = try await CLI.run(["--catalog", catalog, "--limit", "1", query])
      #expect(result.stdout.split(separator: "\t").dropFirst().first.map(String.init) == title)
    }
    // JSON says which title matched, and the matches are in it.
    let json = try await CLI.run(["--catalog", catalog, "--json", "seven samurai"])
    #expect(json.stdout.contains(#""aka":"Seven Samurai""#))
    #expect(json.stdout.contains(#""title_matches":[[0,5],[6,7]]"#))
    // Once, however many of its titles match.
    let samurai = try await CLI.run(["--catalog", catalog, "samurai"])
    #expect(samurai.stdout.split(separator: "\n").count == 1)
  }

  @Test func queryWordsMayMatchTheFilmsPeople() async throws {
    let catalog = try await catalog()
    for (query, title) in [
      ("the shining kubrick", "The Shining"), ("alien ridley scott", "Alien"),
      ("jaws spielberg", "Jaws"), ("kurosawa", "Shichinin no samurai"),
      ("matrix keanu", "The Matrix"),
    ] {
      let result = try await CLI.run(["--catalog", catalog, "--limit", "1", query])
      #expect(
        result.stdout.split(separator: "\t").dropFirst().first.map(String.init) == title,
        "\(query): \(result.stdout)")
    }
  }

  @Test func detailsOfflineShowThePeopleTheTitlesAndTheLink() async throws {
    let catalog = try await catalog()
    let text = try await CLI.run(["details", "47478", "--catalog", catalog])
    #expect(
      text.stdout == """
        Shichinin no samurai (1954)
        Also known as: Seven Samurai; The Seven Samurai
        207 min · Action, Drama · rated 8.6/10 by 370,000
        Directed by Akira Kurosawa
        With Toshirô Mifune, Takashi Shimura

        id 47478 · IMDb tt0047478
        https://www.imdb.com/title/tt0047478/

        """)
    let json = try await CLI.run(["details", "81505", "--catalog", catalog, "--json"])
    let object = try #require(
      JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
    let credits = try #require(object["credits"] as? [String: [[String: Any]]])
    #expect(credits["crew"]?.first?["job"] as? String == "Director")
    #expect(credits["crew"]?.first?["name"] as? String == "Stanley Kubrick")
    #expect(credits["cast"]?.map { $0["name"] as? String } == ["Jack Nicholson", "Shelley Duvall"])
    #expect(object["imdb_id"] as? String == "tt0081505")
    let genres = try #require(object["genres"] as? [[String: Any]])
    #expect(genres.map { $0["name"] as? String } == ["Drama", "Horror"])
    #expect(genres.map { $0["id"] as? Int } == [18, 27])
  }

  @Test func aCSVKeepsEveryGenreByName() async throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let source = directory.appendingPathComponent("films.csv").path
    try """
    title,year,genres
    Alien,1979,Horror|Science Fiction
    Scream,1996,"Thriller, Horror"

    """.write(toFile: source, atomically: true, encoding: .utf8)
    let out = directory.appendingPathComponent("films.bin").path
    #expect(try await CLI.run(["build-catalog", source, out]).status == 0)
    let details = try await CLI.run(["details", "1", "--catalog", out])
    #expect(details.stdout.contains("Horror, Science Fiction"))
    let json = try await CLI.run(["details", "2", "--catalog", out, "--json"])
    #expect(
      json.stdout.contains(#""genres":[{"id":53,"name":"Thriller"},{"id":27,"name":"Horror"}]"#))
  }

  @Test func aCertificationFilterOnACatalogWithoutThemSaysSo() async throws {
    let out = try await catalog()
    let result = try await CLI.run(["discover", "--certification", "R", "--catalog", out])
    #expect(result.status == 64 && result.stdout == "")
    #expect(
      result.stderr.hasPrefix(
        "Error: This catalog has no certifications (IMDb's files and TMDb's export carry none): the built-in catalog and TMDb have them.\n"
      ))
    // The built-in catalog has them.
    let builtIn = try await CLI.run(["discover", "--certification", "R", "--limit", "1"])
    #expect(builtIn.status == 0 && builtIn.stdout.hasPrefix("1\tThe Shawshank Redemption\t"))
  }

  @Test func aTitleTypeIMDbDoesNotSpellSoIsAUsageError() async throws {
    let out = folder.url.appendingPathComponent("x.bin").path
    let misspelt = try await CLI.run([
      "build-catalog", Self.fixture.path, out, "--types", "movie,tvmovie",
    ])
    #expect(misspelt.status == 64)
    #expect(
      misspelt.stderr.hasPrefix(
        "Error: 'tvmovie' in '--types' is spelt 'tvMovie' in IMDb's files.\n"))
    #expect(!FileManager.default.fileExists(atPath: out))
    let unknown = try await CLI.run(["build-catalog", Self.fixture.path, out, "--types", "film"])
    #expect(unknown.status == 64)
    #expect(
      unknown.stderr.hasPrefix(
        "Error: 'film' in '--types' is not one of IMDb's title types: movie, short,"))
  }
}
