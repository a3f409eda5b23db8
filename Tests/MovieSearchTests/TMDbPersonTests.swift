import Foundation
import Testing

@testable import TestSupport

/// `movie-search person NAME` with a TMDb key: `/search/person`, then
/// `/person/{id}/movie_credits` — against a loopback server in TMDb's shapes.
@Suite(.timeLimit(.minutes(3))) struct TMDbPersonTests {
  static let people = #"""
    {"page":1,"results":[
     {"id":240,"name":"Stanley Kubrick","known_for_department":"Directing","popularity":9.1},
     {"id":"bad","name":"?"},
     {"id":9999,"name":"Stanley Kubrick Jr.","known_for_department":"Acting"}],
     "total_pages":1,"total_results":3}
    """#

  static let credits = #"""
    {"id":240,"cast":[
      {"id":694,"title":"The Shining","release_date":"1980-05-23","vote_average":8.2,
       "vote_count":17000,"character":"Himself (uncredited)"}],
     "crew":[
      {"id":694,"title":"The Shining","release_date":"1980-05-23","vote_average":8.2,
       "vote_count":17000,"job":"Director","department":"Directing"},
      {"id":694,"title":"The Shining","release_date":"1980-05-23","vote_average":8.2,
       "vote_count":17000,"job":"Screenplay","department":"Writing"},
      {"id":62,"title":"2001: A Space Odyssey","release_date":"1968-04-02","vote_average":8.1,
       "vote_count":11000,"job":"Director","department":"Directing"},
      {"id":"x","title":"Broken"},
      {"id":975,"title":"Paths of Glory","release_date":"1957-10-25","vote_average":8.3,
       "vote_count":2500,"job":"Producer","department":"Production"}],
     "id":240}
    """#

  @Test func peopleThenOnesFilmsWithTheirParts() async throws {
    let server = try LoopbackServer { request in
      switch request.path {
      case "/3/search/person": .json(200, Self.people)
      case "/3/person/240/movie_credits": .json(200, Self.credits)
      default: .json(404, "")
      }
    }
    defer { server.stop() }
    func run(_ arguments: [String]) async throws -> CLI.Result {
      try await CLI.run(
        ["person"] + arguments + ["--base-url", server.baseURL.absoluteString, "--token", "t"])
    }
    let both = try await run(["kubrick"])
    #expect(both.status == 0, "\(both.stderr)")
    #expect(
      both.stdout
        == "1\tStanley Kubrick\t0\t0\tDirecting\n2\tStanley Kubrick Jr.\t0\t0\tActing\n")
    #expect(server.requests.first?.query == ["query": "kubrick"])
    let films = try await run(["kubrick", "--pick", "1"])
    #expect(films.status == 0, "\(films.stderr)")
    // By year; a producer's credit is no part here; a broken row is left out.
    #expect(
      films.stdout == """
        1968\t2001: A Space Odyssey\tdirector\t8.1\t11000\t62
        1980\tThe Shining\tdirector, writer, cast\t8.2\t17000\t694

        """)
    #expect(server.requests.last?.path == "/3/person/240/movie_credits")
  }
}
