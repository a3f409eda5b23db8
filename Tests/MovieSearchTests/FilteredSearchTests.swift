import Foundation
import Testing

@testable import TestSupport

/// A title search with discover's filters (`movie-search love --genre comedy`): the films
/// the search finds, in its order, less those the filters leave out — through the binary,
/// against the same search unfiltered and the catalog's source.
@Suite(.timeLimit(.minutes(3)), .onOwnThreads) struct FilteredSearchTests {
  /// The ids of a search's page, and its total.
  func search(_ arguments: [String]) async throws -> (ids: [Int], total: Int) {
    let result = try await CLI.run(["--json"] + arguments)
    #expect(result.status == 0, "\(arguments): \(result.stderr)")
    let page = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
    let results = page?["results"] as? [[String: Any]] ?? []
    return (results.compactMap { $0["id"] as? Int }, page?["total_results"] as? Int ?? -1)
  }

  @Test(arguments: [
    ("love", ["--genre", "comedy", "--years", "1990..1999"]),
    ("star", ["--min-votes", "10000"]),
    ("night", ["--min-rating", "7.5", "--runtime", "..100"]),
    ("cat", ["--genre", "animation,short", "--all-genres", "--years", "..1950"]),
    ("dead", ["--certification", "R"]),
  ])
  func theSearchLessWhatTheFiltersLeaveOut(_ query: String, _ filters: [String]) async throws {
    let films = Dictionary(
      uniqueKeysWithValues: try await DiscoverTests.films().map { ($0.id, $0) })
    let passes = { (film: DiscoverTests.Film) -> Bool in
      func value(_ name: String) -> String? {
        filters.firstIndex(of: name).map { filters[$0 + 1] }
      }
      func bounds(_ name: String) -> (Int?, Int?)? {
        value(name).map {
          let parts = $0.components(separatedBy: "..")
          return (Int(parts[0]), Int(parts[1]))
        }
      }
      if let genres = value("--genre")?.split(separator: ",").map({ $0.capitalized }) {
        let has = { film.genres.contains($0) }
        guard
          filters.contains("--all-genres") ? genres.allSatisfy(has) : genres.contains(where: has)
        else { return false }
      }
      if let (from, to) = bounds("--years") {
        if let from, film.year < from { return false }
        if let to, film.year > to { return false }
      }
      if let votes = value("--min-votes").flatMap(Int.init), film.votes < votes { return false }
      if let rating = value("--min-rating").flatMap(Double.init),
        film.votes == 0 || film.rating < rating
      {
        return false
      }
      if let (_, to) = bounds("--runtime"), let to, film.minutes == 0 || film.minutes > to {
        return false
      }
      if let mpaa = value("--certification"), film.mpaa != mpaa { return false }
      return true
    }
    // The unfiltered search, page after page, kept as the filters would.
    var kept: [Int] = []
    var page = 1
    var unfiltered = try await search([query, "--page", "1"])
    while kept.count < 20 {
      kept += unfiltered.ids.filter { films[$0].map(passes) ?? false }
      page += 1
      guard page <= 20, (page - 1) * 20 < unfiltered.total else { break }
      unfiltered = try await search([query, "--page", String(page)])
    }
    let filtered = try await search([query] + filters)
    #expect(!filtered.ids.isEmpty, "\(query) \(filters)")
    #expect(filtered.ids == Array(kept.prefix(20)), "\(query) \(filters)")
    #expect(filtered.total <= unfiltered.total)
  }

  /// `--sort` on a title search: the films that match (every word of a one-word query),
  /// in that order — the unfiltered search's films, all pages, sorted independently.
  @Test func aSortOrdersWhatTheSearchFinds() async throws {
    let films = Dictionary(
      uniqueKeysWithValues: try await DiscoverTests.films().map { ($0.id, $0) })
    var found: [Int] = []
    var page = 1
    var total = 0
    repeat {
      let answer = try await search(["love", "--page", String(page)])
      (found, total, page) = (found + answer.ids, answer.total, page + 1)
    } while found.count < total && page <= 60
    #expect(found.count == total && total > 100)
    // Ties go to the more popular film (here: the same votes), then to the lower id.
    let byVotes = found.sorted {
      let (left, right) = (films[$0]?.votes ?? 0, films[$1]?.votes ?? 0)
      return left != right ? left > right : $0 < $1
    }
    let sorted = try await search(["love", "--sort", "votes"])
    #expect(sorted.ids == Array(byVotes.prefix(20)))
    #expect(sorted.total == total)
    let second = try await search(["love", "--sort", "votes", "--page", "2"])
    #expect(second.ids == Array(byVotes.dropFirst(20).prefix(20)))
  }

  @Test(arguments: [
    (
      ["--genre", "comedy"],
      "Filters other than --year need a title to search; 'movie-search discover' lists films by them alone."
    ),
    (["love", "--genre", "western"], "The catalog has no genre 'western'."),
    (["love", "--person", "kubrick"], "The catalog has no people."),
  ])
  func filtersASearchCannotTakeAreUsageErrors(_ arguments: [String], _ message: String)
    async throws
  {
    let result = try await CLI.run(arguments)
    #expect(result.status == 64)
    #expect(result.stdout == "")
    #expect(result.stderr.hasPrefix("Error: \(message)\n"), "\(result.stderr)")
  }
}
