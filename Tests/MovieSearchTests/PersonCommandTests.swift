import Foundation
import Testing

@testable import TestSupport

/// `movie-search person NAME`, through the binary, on a catalog built from the IMDb fixture:
/// one person found lists their films; several are listed, the best known first, and
/// `--pick` chooses; the built-in catalog says it has no people.
@Suite(.timeLimit(.minutes(3))) struct PersonCommandTests {
  /// A catalog built from the fixture, in a folder removed by the caller.
  func catalog() async throws -> (path: String, directory: URL) {
    let directory = try temporaryDirectory()
    let path = directory.appendingPathComponent("imdb.bin").path
    let built = try await CLI.run(["build-catalog", CLI.fixture("imdb").path, path])
    #expect(built.status == 0, "\(built.stderr)")
    return (path, directory)
  }

  @Test func onePersonsFilmsByYearWithTheirPart() async throws {
    let (path, directory) = try await catalog()
    defer { try? FileManager.default.removeItem(at: directory) }
    let kubrick = try await CLI.run(["person", "kubrick", "--catalog", path])
    #expect(kubrick.status == 0)
    #expect(kubrick.stdout == "1980\tThe Shining\tdirector\t8.4\t1100000\t81505\n")
    // Any case, accents aside, a first name and a last.
    let mifune = try await CLI.run(["person", "TOSHIRO", "mifune", "--catalog", path])
    #expect(mifune.stdout == "1954\tShichinin no samurai\tcast\t8.6\t370000\t47478\n")
  }

  @Test func onATerminalTheFilmsHaveAHeaderAndTheirVotes() async throws {
    let (path, directory) = try await catalog()
    defer { try? FileManager.default.removeItem(at: directory) }
    let terminal = try PseudoTerminal.movieSearch(
      ["person", "kubrick", "--catalog", path], columns: 80)
    #expect(await terminal.waitForExit() == 0)
    #expect(
      terminal.lines == [
        "Stanley Kubrick: 1 film",
        "Year  Title        Part      Rating      Votes     ID",
        "1980  The Shining  director     8.4  1,100,000  81505",
      ])
  }

  @Test func severalPeopleAreListedAndOneIsPicked() async throws {
    let (path, directory) = try await catalog()
    defer { try? FileManager.default.removeItem(at: directory) }
    let both = try await CLI.run(["person", "wachowski", "--catalog", path])
    #expect(both.status == 0)
    #expect(both.stdout == "1\tLana Wachowski\t1\t1\t\n2\tLilly Wachowski\t1\t1\t\n")
    let second = try await CLI.run(["person", "wachowski", "--pick", "2", "--catalog", path])
    #expect(second.stdout == "1999\tThe Matrix\tdirector\t8.7\t2100000\t133093\n")
    let json = try await CLI.run([
      "person", "wachowski", "--pick", "1", "--json", "--catalog", path,
    ])
    let report = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
    let person = report?["person"] as? [String: Any]
    #expect(person?["name"] as? String == "Lana Wachowski")
    let films = report?["films"] as? [[String: Any]]
    #expect(films?.map { $0["id"] as? Int } == [133_093])
    #expect(films?.first?["roles"] as? [String] == ["director"])
    // A place past the list is said against the list, however far past.
    for place in ["3", "21"] {
      let past = try await CLI.run(["person", "wachowski", "--pick", place, "--catalog", path])
      #expect(past.status == 64)
      #expect(
        past.stderr.hasPrefix(
          "Error: 2 people called 'wachowski' are listed: --pick \(place) is past them (give 1 to 2).\n"
        ))
    }
  }

  @Test func noOneAndNoPeople() async throws {
    let (path, directory) = try await catalog()
    defer { try? FileManager.default.removeItem(at: directory) }
    let nobody = try await CLI.run(["person", "nobody", "at", "all", "--catalog", path])
    #expect(nobody.status == 0)
    #expect(nobody.stdout == "")
    let builtIn = try await CLI.run(["person", "kubrick"])
    #expect(builtIn.status == 1)
    #expect(builtIn.stdout == "")
    #expect(
      builtIn.stderr
        == "Error: The built-in catalog has no people: build one from IMDb's dataset files with 'movie-search build-catalog DIR OUT' (see README), or set TMDB_API_KEY.\n"
    )
    let noName = try await CLI.run(["person"])
    #expect(noName.status == 64)
  }
}
