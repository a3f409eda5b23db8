import Foundation
import Testing

@testable import TestSupport

/// `movie-search discover` with a TMDb key: `/discover/movie` with the exact parameters of
/// each filter, genre names through TMDb's genre list, a person through `/search/person`;
/// what TMDb cannot do is said — against a loopback server in TMDb's shapes.
@Suite(.timeLimit(.minutes(3))) struct TMDbDiscoverTests {
  static let people = #"""
    {"page":1,"results":[{"id":"x"},{"id":240,"name":"Stanley Kubrick","popularity":9.1},
     {"id":9999,"name":"Stanley Kubrick Jr."}],"total_pages":1,"total_results":3}
    """#

  func run(_ arguments: [String], _ server: LoopbackServer) async throws -> CLI.Result {
    try await CLI.run(
      ["discover"] + arguments + [
        "--online", "--base-url", server.baseURL.absoluteString, "--token", "t",
      ])
  }

  func server() throws -> LoopbackServer {
    try LoopbackServer { request in
      switch request.path {
      case "/3/discover/movie", "/3/search/movie": .json(200, Fixtures.searchPage)
      case "/3/search/person": .json(200, Self.people)
      default: .json(404, "")
      }
    }
  }

  @Test(arguments: [
    ([], ["sort_by": "popularity.desc"]),
    (
      ["--genre", "action,sci-fi", "--years", "1990..1999", "--sort", "rating"],
      [
        "with_genres": "28|878", "primary_release_date.gte": "1990-01-01",
        "primary_release_date.lte": "1999-12-31", "sort_by": "vote_average.desc",
      ]
    ),
    (
      ["--genre", "Action,Thriller", "--all-genres", "--year", "2003", "--sort", "year:asc"],
      [
        "with_genres": "28,53", "primary_release_date.gte": "2003-01-01",
        "primary_release_date.lte": "2003-12-31", "sort_by": "primary_release_date.asc",
      ]
    ),
    (
      ["--min-rating", "7.5", "--min-votes", "1000", "--runtime", "90..120", "--sort", "votes"],
      [
        "vote_average.gte": "7.5", "vote_count.gte": "1000", "with_runtime.gte": "90",
        "with_runtime.lte": "120", "sort_by": "vote_count.desc",
      ]
    ),
    (
      ["--certification", "PG-13", "--years", "2000..", "--sort", "title"],
      [
        "certification": "PG-13", "certification_country": "US",
        "primary_release_date.gte": "2000-01-01", "sort_by": "title.asc",
      ]
    ),
    (
      ["--certification", "nc17"],
      ["certification": "NC-17", "certification_country": "US", "sort_by": "popularity.desc"]
    ),
    (["--person", "stanley kubrick"], ["with_people": "240", "sort_by": "popularity.desc"]),
  ])
  func eachFilterIsItsParameter(_ arguments: [String], _ wanted: [String: String]) async throws {
    let server = try server()
    defer { server.stop() }
    let result = try await run(arguments, server)
    #expect(result.status == 0, "\(arguments): \(result.stderr)")
    #expect(result.stdout.hasPrefix("1\tThe Matrix\t1999\t"), "\(arguments)")
    let discover = try #require(server.requests.last { $0.path == "/3/discover/movie" })
    #expect(
      discover.query == wanted.merging(["page": "1", "include_adult": "false"]) { $1 },
      "\(arguments)")
    if arguments.contains("--person") {
      #expect(server.requests.first?.query == ["query": "stanley kubrick"])
    }
  }

  @Test func whatTMDbCannotDoIsSaid() async throws {
    let server = try server()
    defer { server.stop() }
    for (arguments, message) in [
      (["--sort", "runtime"], "TMDb cannot sort films by runtime."),
      (
        ["--genre", "western"],
        "TMDb has no genre 'western'. Its genres: Action, Adventure, Science Fiction, Thriller."
      ),
    ] {
      let result = try await run(arguments, server)
      #expect(result.status == 64, "\(arguments)")
      #expect(result.stderr.hasPrefix("Error: \(message)\n"), "\(arguments): \(result.stderr)")
    }
    #expect(!server.requests.contains { $0.path == "/3/discover/movie" })
    // A person TMDb does not know: no films, no discover request.
    let nobody = try LoopbackServer { request in
      request.path == "/3/search/person"
        ? .json(200, #"{"page":1,"results":[],"total_pages":0,"total_results":0}"#)
        : .json(200, Fixtures.searchPage)
    }
    defer { nobody.stop() }
    let empty = try await run(["--person", "nobody at all"], nobody)
    #expect(empty.status == 0)
    #expect(empty.stdout == "")
    #expect(!nobody.requests.contains { $0.path == "/3/discover/movie" })
  }

  /// A title search with filters, with TMDb: the page less the films that do not pass what a
  /// search answer says (genres, years, rating, votes); the rest is refused in words.
  @Test func aFilteredSearchKeepsWhatTheAnswerSays() async throws {
    let server = try server()
    defer { server.stop() }
    func search(_ arguments: [String]) async throws -> CLI.Result {
      try await CLI.run(
        ["matrix"] + arguments + [
          "--online", "--base-url", server.baseURL.absoluteString, "--token", "t",
        ])
    }
    let filters: [(arguments: [String], ids: [String])] = [
      (["--genre", "sci-fi"], ["603"]), (["--years", "2000.."], ["604"]),
      (["--min-votes", "20000"], ["603"]), (["--min-rating", "9"], []),
      (["--genre", "action,thriller", "--all-genres"], []),
      (["--years", "..2010"], ["603", "604"]),
    ]
    for (arguments, ids) in filters {
      let result = try await search(arguments)
      #expect(result.status == 0, "\(arguments): \(result.stderr)")
      #expect(result.idColumn == ids, "\(arguments)")
    }
    let refused = try await search(["--runtime", "..100"])
    #expect(refused.status == 64)
    #expect(
      refused.stderr.hasPrefix(
        "Error: TMDb's search cannot filter by runtime, certification or person: 'movie-search discover' can.\n"
      ))
    let unsorted = try await search(["--sort", "votes"])
    #expect(unsorted.status == 64)
    #expect(
      unsorted.stderr.hasPrefix(
        "Error: TMDb orders a title search by itself: without a title, 'movie-search discover' sorts.\n"
      ))
  }
}
