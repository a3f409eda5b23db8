import Foundation
import MovieSearch
import Testing

@testable import TestSupport

/// Which of IMDb's other titles a catalog keeps: English and the locale's language by
/// default, the languages `--languages` names otherwise — by a title's language, or its
/// region's.
@Suite(.timeLimit(.minutes(3))) struct TitleLanguagesTests {
  @Test func theLocaleAddsItsLanguageToEnglish() {
    #expect(TitleLanguages.english(andLocale: "es_ES.UTF-8").codes == ["en", "es"])
    #expect(TitleLanguages.english(andLocale: "de").codes == ["en", "de"])
    for none in ["C", "C.UTF-8", "POSIX", "", nil] as [String?] {
      #expect(TitleLanguages.english(andLocale: none) == .english)
    }
    #expect(TitleLanguages(["e s"]) == nil && TitleLanguages([]) == nil)
    let spanish = TitleLanguages(["ES"])!
    #expect(spanish.regions.contains("MX") && !spanish.regions.contains("US"))
  }

  /// The other title `query` is found by in a catalog of the IMDb fixture built with
  /// `arguments` and `environment`.
  func aka(_ query: String, _ arguments: [String], _ environment: [String: String] = [:])
    async throws -> String?
  {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("imdb.bin").path
    let built = try await CLI.run(
      ["build-catalog", IMDbCatalogTests.fixture.path, path] + arguments,
      environment: environment)
    #expect(built.status == 0, "\(built.stderr)")
    let found = try await CLI.run([query, "--catalog", path, "--limit", "1", "--ndjson"])
    let row = try JSONSerialization.jsonObject(with: Data(found.stdout.utf8)) as? [String: Any]
    return row?["aka"] as? String
  }

  @Test func aBuildKeepsTheTitlesOfTheLanguagesAskedFor() async throws {
    // English alone (the tests' locale is C): the German title is not kept.
    #expect(try await aka("die sieben samurai", []) == "Seven Samurai")
    #expect(try await aka("die sieben samurai", ["--languages", "de"]) == "Die sieben Samurai")
    #expect(try await aka("cite de dieu", [], ["LANG": "fr_FR.UTF-8"]) == "Cité de Dieu")
    // Named, only those: without English, the American title is not kept.
    #expect(try await aka("the bicycle thief", ["--languages", "it,de"]) == nil)
  }

  @Test func languagesAreForIMDbsFilesAndMustBeCodes() async throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let csv = directory.appendingPathComponent("films.csv").path
    try "title,year\nThe Matrix,1999\n".write(toFile: csv, atomically: true, encoding: .utf8)
    let out = directory.appendingPathComponent("films.bin").path
    let noted = try await CLI.run(["build-catalog", csv, out, "--languages", "es"])
    #expect(noted.status == 0)
    #expect(
      noted.stderr.hasPrefix(
        "Note: --languages has no effect on a CSV or a TMDb export (IMDb's files only).\n"))
    let bad = try await CLI.run(["build-catalog", csv, out, "--force", "--languages", "e s"])
    #expect(bad.status == 64)
    #expect(
      bad.stderr.hasPrefix(
        "Error: The value 'e s' of '--languages' is not a list of language codes (en,es,de).\n"))
  }
}
