import Foundation
import MovieSearch
import Testing

@testable import TestSupport

/// What real TMDb answers and real terminals do to the CLI, through the built binary and a
/// loopback server answering in TMDb's shapes.
@Suite(.timeLimit(.minutes(5))) struct TMDbAnswersTests {
  /// Runs the binary against `server` with a token.
  func run(
    _ arguments: [String], _ server: LoopbackServer, stdin: String = "",
    environment: [String: String] = [:], stdoutPath: String? = nil
  ) async throws -> CLI.Result {
    try await CLI.run(
      arguments + ["--online", "--base-url", server.baseURL.absoluteString, "--token", "tok-123"],
      stdin: stdin,
      environment: environment, stdoutPath: stdoutPath)
  }

  @Test func aFailedWriteIsAnErrorAndOnlyAClosedPipeIsQuiet() async throws {
    let server = try LoopbackServer { request in
      request.path.hasSuffix("/603")
        ? .json(200, Fixtures.details) : .json(200, Fixtures.searchPage)
    }
    defer { server.stop() }
    let full = "Error: cannot write the output: No space left on device.\n"
    for arguments in [["matrix"], ["matrix", "--json"], ["details", "603"], ["--help"]] {
      let result = try await run(arguments, server, stdoutPath: "/dev/full")
      #expect(result.status == 1, "\(arguments)")
      #expect(result.stderr == full, "\(arguments)")
    }
    let stream = try await CLI.run(
      ["stream", "--virtual-time", "--offline"], stdin: "matrix\n", stdoutPath: "/dev/full")
    #expect(stream.status == 1)
    #expect(stream.stderr == full)
    let version = try await CLI.run(["--version"], stdoutPath: "/dev/full")
    #expect(version.status == 1)
    #expect(version.stderr == full)
  }

  @Test func controlCharactersFromAServerNeverReachTheTerminal() async throws {
    // A real overview has a bare \r; a hostile one could clear the screen or set the title.
    let page = #"""
      {"page":1,"total_pages":1,"total_results":1,"results":[
       {"id":7,"title":"Evil\u001b]0;pwned\u0007 Film\r\tTwo\u001b[2J\u202e","release_date":"2001-01-01",
        "vote_average":5,"vote_count":10}]}
      """#
    let details = #"""
      {"id":7,"title":"Evil\u001b[31m Film","release_date":"2001-01-01","runtime":90,
       "overview":"Line one.\rLine two.\u0000\u009b1m","tagline":"\u001b[5mBlink","vote_count":0}
      """#
    let server = try LoopbackServer { request in
      request.path.hasSuffix("/7") ? .json(200, details) : .json(200, page)
    }
    defer { server.stop() }
    let tsv = try await run(["evil"], server)
    #expect(tsv.stdout == "1\tEvil Film  Two\t2001\t5.0\t10\t7\n")
    let shown = try await run(["details", "7"], server)
    #expect(shown.status == 0)
    #expect(!shown.stdout.contains("\u{1B}") && !shown.stdout.contains("\r"))
    #expect(shown.stdout.contains("Line one. Line two."))
    #expect(shown.stdout.contains("“Blink”"))
    // JSON keeps the text as it came, escaped.
    let json = try await run(["details", "7", "--json"], server)
    #expect(json.stdout.contains(#""overview":"Line one.\rLine two.\u0000\u009b1m""#))
    // On a terminal, the table and the interactive list are clean too.
    let terminal = try PseudoTerminal.movieSearch(
      ["--online", "--base-url", server.baseURL.absoluteString, "--token", "tok-123", "evil"],
      environment: ["NO_COLOR": "1"])
    #expect(await terminal.waitForExit() == 0)
    #expect(!terminal.output.contains("\u{1B}]0;") && !terminal.output.contains("\r\t"))
    #expect(terminal.lines.contains { $0.hasPrefix("1  Evil Film  Two") })
  }

  @Test func collectionsTVShowsAndPeopleInAListAreNotShownAsFilms() async throws {
    let page = #"""
      {"page":1,"total_pages":1,"total_results":4,"results":[
       {"adult":false,"id":7191,"title":"Cloverfield","release_date":"2008-01-15","genre_ids":[28],
        "vote_average":6.6,"vote_count":6000},
       {"adult":false,"id":373722,"title":"Cloverfield Collection","poster_path":"/c.jpg","overview":""},
       {"id":1,"name":"A Show","media_type":"tv","first_air_date":"2001-01-01","vote_count":3},
       {"id":2,"name":"A Person","media_type":"person"}]}
      """#
    let server = try LoopbackServer { _ in .json(200, page) }
    defer { server.stop() }
    let ndjson = try await run(["cloverfield", "--ndjson"], server)
    #expect(ndjson.status == 0)
    #expect(ndjson.stderr == "")
    #expect(ndjson.stdout.split(separator: "\n").count == 1)
    #expect(ndjson.stdout.contains(#""id":7191"#))
    let popular = try await run(["stream", "--virtual-time"], server, stdin: #"{"appear":true}"#)
    #expect(popular.stdout.contains(#""id":7191"#) && !popular.stdout.contains("373722"))
  }

  @Test func emptyPagesSayWhy() async throws {
    let server = try LoopbackServer { request in
      switch request.query["page"] {
      case "5": .json(200, #"{"page":5,"total_pages":2,"total_results":35,"results":[]}"#)
      case "3":
        .json(
          200,
          #"{"page":3,"total_pages":3,"total_results":55,"results":[{"id":"x","title":1,"release_date":""},"junk"]}"#
        )
      case "2":
        .json(
          200,
          #"{"page":2,"total_pages":3,"total_results":55,"results":[{"id":9,"title":"Fine","vote_count":1},"junk"]}"#
        )
      default: .json(200, #"{"page":1,"total_pages":0,"total_results":0,"results":[]}"#)
      }
    }
    defer { server.stop() }
    let past = try await run(["matrix", "--page", "5"], server)
    #expect(past.status == 0)
    #expect(past.stdout == "")
    #expect(past.stderr == "Page 5 is past the last: 'matrix' has 2 pages (35 films).\n")
    let unreadable = try await run(["matrix", "--page", "3"], server)
    #expect(unreadable.status == 1)
    #expect(
      unreadable.stderr
        == "Error: The server's answer could not be read: none of the 2 results on page 3 could be read\n"
    )
    let partly = try await run(["matrix", "--page", "2"], server)
    #expect(partly.status == 0)
    #expect(partly.stdout == "21\tFine\t\t0.0\t1\t9\n")
    #expect(partly.stderr == "Note: 1 result on this page could not be read and is left out.\n")
    let nothing = try await run(["zzz"], server)
    #expect(nothing.status == 0)
    #expect(nothing.stdout == "" && nothing.stderr == "")
  }

  @Test func popularFilmsThatCannotBeLoadedSaySo() async throws {
    let server = try LoopbackServer { _ in .json(500, "") }
    defer { server.stop() }
    let stream = try await run(["stream", "--virtual-time"], server, stdin: #"{"appear":true}"#)
    #expect(
      stream.stdout == """
        {"at":0,"state":"idle"}
        {"at":0,"message":"Popular films could not be loaded: The server failed (HTTP 500): Internal Server Error","query":"","state":"failure"}

        """)
    let terminal = try PseudoTerminal.movieSearch([
      "interactive", "--online", "--base-url", server.baseURL.absoluteString, "--token", "tok-123",
    ])
    await terminal.waitFor("Popular films could not be loaded: The server failed (HTTP 500)")
    terminal.type("\u{1B}")
    #expect(await terminal.waitForExit() == 0)
  }

  @Test func aDumbTerminalGetsNoColour() async throws {
    let server = try LoopbackServer { _ in .json(200, Fixtures.searchPage) }
    defer { server.stop() }
    let terminal = try PseudoTerminal.movieSearch(
      ["matrix", "--online", "--base-url", server.baseURL.absoluteString, "--token", "tok-123"],
      environment: ["TERM": "dumb"])
    #expect(await terminal.waitForExit() == 0)
    #expect(terminal.output.contains("The Matrix Reloaded"))
    #expect(!terminal.output.contains("\u{1B}"))
  }

  @Test func streamLinesWithAByteOrderMarkOrOddNumbers() async throws {
    let server = try LoopbackServer { request in
      request.path.hasSuffix("/603")
        ? .json(200, Fixtures.details) : .json(200, Fixtures.searchPage)
    }
    defer { server.stop() }
    let input = [
      "\u{FEFF}{\"search\":\"matrix\",\"at\":0}", #"{"at":1.5,"search":"x"}"#,
      #"{"at":1e30,"search":"x"}"#, #"{"select":12345678901234567890}"#,
      #"{"select":603.0,"at":2.0e3}"#,
    ].joined(separator: "\n")
    let result = try await run(["stream", "--virtual-time"], server, stdin: input)
    #expect(
      result.stderr == """
        Error: line 2: "at" must be a whole number of milliseconds, 0 or more; 1.5 is not whole; skipped.
        Error: line 3: "at" is too large; skipped.
        Error: line 4: "select" is too large; skipped.

        """)
    #expect(result.stdout.contains(#"{"at":300,"query":"matrix","state":"loading"}"#))
    #expect(result.stdout.contains(#"{"at":2000,"details":"loading","id":603}"#))
  }

  /// `/movie/603?append_to_response=credits,release_dates,recommendations,videos,watch/providers&language=de`,
  /// shaped as TMDb sends it (a row of the recommendations unreadable).
  static let fullDetails = #"""
    {"adult":false,"backdrop_path":"/b.jpg","belongs_to_collection":{"id":2344,"name":"Matrix Filmreihe",
     "poster_path":"/c.jpg","backdrop_path":"/d.jpg"},"budget":63000000,
     "genres":[{"id":28,"name":"Action"},{"id":878,"name":"Science Fiction"}],"homepage":"",
     "id":603,"imdb_id":"tt0133093","original_language":"en","original_title":"The Matrix",
     "overview":"Neo erfährt die Wahrheit.","popularity":80.5,"poster_path":"/p.jpg",
     "release_date":"1999-03-31","revenue":463517383,"runtime":136,"status":"Released",
     "tagline":"","title":"Matrix","video":false,"vote_average":8.2,"vote_count":26000,
     "credits":{"cast":[
       {"id":6384,"name":"Keanu Reeves","character":"Neo","order":0,"known_for_department":"Acting"},
       {"id":2975,"name":"Laurence Fishburne","character":"Morpheus","order":1},
       {"id":530,"name":"Carrie-Anne Moss","character":"Trinity","order":2},
       {"id":1331,"name":"Hugo Weaving","character":"Agent Smith","order":3},
       {"id":9364,"name":"Gloria Foster","character":"Oracle","order":5},
       {"id":7244,"name":"Joe Pantoliano","character":"Cypher","order":4},
       {"id":9380,"name":"Marcus Chong","character":"Tank","order":6},
       {"id":9, "character":"no name"}],
      "crew":[{"id":9339,"name":"Lilly Wachowski","job":"Director","department":"Directing"},
       {"id":9340,"name":"Lana Wachowski","job":"Director","department":"Directing"},
       {"id":9339,"name":"Lilly Wachowski","job":"Screenplay","department":"Writing"},
       {"id":1,"name":"Joel Silver","job":"Producer"}]},
     "release_dates":{"results":[
       {"iso_3166_1":"DE","release_dates":[{"certification":"","type":1,"release_date":"1999-06-01T00:00:00.000Z"},
         {"certification":"16","type":3,"release_date":"1999-06-17T00:00:00.000Z","note":""}]},
       {"iso_3166_1":"US","release_dates":[{"certification":"R","type":3,"release_date":"1999-03-31T00:00:00.000Z"}]}]},
     "recommendations":{"page":1,"results":[
       {"adult":false,"id":604,"title":"Matrix Reloaded","original_title":"The Matrix Reloaded",
        "release_date":"2003-05-15","vote_average":7.0,"vote_count":10000,"media_type":"movie"},
       {"id":"not a number","title":"?"},
       {"adult":false,"id":605,"title":"Matrix Revolutions","release_date":"2003-11-05",
        "vote_average":6.7,"vote_count":9000,"media_type":"movie"}],
      "total_pages":1,"total_results":2},
     "videos":{"results":[
       {"key":"vKQi3bBA1y8","site":"YouTube","type":"Teaser","official":true,"name":"Teaser"},
       {"key":"m8e-FF8MsqU","site":"YouTube","type":"Trailer","official":false,"name":"Fan cut"},
       {"key":"bad key;rm","site":"YouTube","type":"Trailer","official":true,"name":"Broken"},
       {"key":"d0XyG4eDgrg","site":"YouTube","type":"Trailer","official":true,"name":"Official"},
       {"site":"YouTube"}]},
     "watch/providers":{"results":{
       "DE":{"link":"https://www.themoviedb.org/movie/603/watch?locale=DE",
             "flatrate":[{"provider_name":"Netflix","provider_id":8},{"provider_id":9}],
             "rent":[{"provider_name":"Apple TV"}],"buy":[{"provider_name":"Apple TV"},
             {"provider_name":"Google Play Movies"}]},
       "US":{"link":"https://www.themoviedb.org/movie/603/watch?locale=US",
             "buy":[{"provider_name":"Amazon Video"}]}}}}
    """#

  @Test func detailsShowWhoMadeTheFilmAndWhoIsInIt() async throws {
    let server = try LoopbackServer { _ in .json(200, Self.fullDetails) }
    defer { server.stop() }
    let german = try await run(["details", "603", "--language", "de"], server)
    #expect(german.status == 0)
    #expect(
      german.stdout == """
        Matrix (1999)
        Original title: The Matrix
        136 min · Action, Science Fiction · 16 (DE) · rated 8.2/10 by 26,000
        Directed by Lilly Wachowski, Lana Wachowski
        With Keanu Reeves, Laurence Fishburne, Carrie-Anne Moss, Hugo Weaving, Joe
        Pantoliano, Gloria Foster, …
        Part of Matrix Filmreihe

        Neo erfährt die Wahrheit.

        Where to watch in DE: Stream: Netflix; Rent: Apple TV; Buy: Apple TV, Google
        Play Movies (data from JustWatch)
        Trailer: https://www.youtube.com/watch?v=d0XyG4eDgrg

        More like this:
        Matrix Reloaded (2003) · id 604
        Matrix Revolutions (2003) · id 605

        id 603 · IMDb tt0133093 · budget $63,000,000
        https://www.imdb.com/title/tt0133093/

        """)
    #expect(
      server.requests.first?.query
        == [
          "append_to_response": "credits,release_dates,recommendations,videos,watch/providers",
          "language": "de",
        ])
    let american = try await run(["details", "603", "--region", "us"], server)
    #expect(american.stdout.contains("136 min · Action, Science Fiction · R (US) · rated"))
    #expect(
      american.stdout.contains("\nWhere to watch in US: Buy: Amazon Video (data from JustWatch)\n"))
    let french = try await run(["details", "603", "--region", "fr"], server)
    #expect(french.stdout.contains("\nWhere to watch in FR: not listed (data from JustWatch)\n"))
    let json = try await run(["details", "603", "--json"], server)
    let document = try #require(
      try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
    let credits = try #require(document["credits"] as? [String: Any])
    let cast = try #require(credits["cast"] as? [[String: Any]])
    #expect(cast.count == 7)
    #expect(cast.first?["name"] as? String == "Keanu Reeves")
    #expect(cast.first?["character"] as? String == "Neo")
    #expect(
      (document["belongs_to_collection"] as? [String: Any])?["name"] as? String
        == "Matrix Filmreihe")
    let releases = try #require(
      (document["release_dates"] as? [String: Any])?["results"] as? [[String: Any]])
    #expect(releases.map { $0["iso_3166_1"] as? String } == ["DE", "US"])
    // The stream's details line carries them too.
    let stream = try await run(["stream", "--virtual-time"], server, stdin: #"{"select":603}"#)
    #expect(
      stream.stdout.contains(
        #""cast":["Keanu Reeves","Laurence Fishburne","Carrie-Anne Moss","Hugo Weaving","Joe Pantoliano","Gloria Foster"],"collection":"Matrix Filmreihe","#
      ))
    #expect(stream.stdout.contains(#""directors":["Lilly Wachowski","Lana Wachowski"]"#))
  }

  @Test func moreLoadsTheNextPageFromTheServer() async throws {
    let server = try LoopbackServer { request in
      guard request.path == "/3/search/movie" else { return .json(404, "") }
      let page = Int(request.query["page"] ?? "") ?? 0
      let rows = (1...2).map { index in
        #"{"id":\#(page * 10 + index),"title":"Matrix \#(page)-\#(index)","genre_ids":[28]}"#
      }
      return .json(
        200,
        #"{"page":\#(page),"total_pages":2,"total_results":4,"results":[\#(rows.joined(separator: ","))]}"#
      )
    }
    defer { server.stop() }
    let session = """
      {"search":"matrix","at":0}
      {"more":true,"at":1000}
      {"more":true,"at":2000}

      """
    let result = try await CLI.run(
      [
        "stream", "--virtual-time", "--online", "--base-url", server.baseURL.absoluteString,
        "--token", "t",
      ],
      stdin: session)
    #expect(result.status == 0)
    #expect(result.stderr == "")
    let states = result.stdout.split(separator: "\n").map { line in
      let state = line.firstRange(of: #""state":""#).map {
        line[$0.upperBound...].prefix { $0 != "\"" }
      }
      let ids = line.matches(of: #/"id":(\d+)/#).map { String($0.1) }.joined(separator: ",")
      return "\(line.prefix { $0 != "," }) \(state ?? "") \(ids)"
    }
    #expect(
      states == [
        #"{"at":0 idle "#, #"{"at":300 loading "#, #"{"at":300 success 11,12"#,
        #"{"at":1000 loadingMore 11,12"#, #"{"at":1000 success 11,12,21,22"#,
      ])
    #expect(
      server.requests.filter { $0.path == "/3/search/movie" }.map { $0.query["page"] } == [
        "1", "2",
      ])
  }
}
