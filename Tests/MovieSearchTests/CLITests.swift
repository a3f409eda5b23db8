import Foundation
import MovieSearch
import Streams
import Synchronization
import Testing

@testable import TestSupport

/// The built `movie-search` binary, run as a subprocess: whole outputs and exit codes.
@Suite(.timeLimit(.minutes(5))) struct CLITests {
  func usageError(_ arguments: [String], _ message: String, usage: String = searchUsage)
    async throws
  {
    let result = try await CLI.run(arguments)
    #expect(result.status == 64, "\(arguments)")
    #expect(result.stdout == "")
    #expect(result.stderr == "Error: \(message)\nUsage: \(usage)\nSee 'movie-search --help'.\n")
  }

  static let searchUsage =
    "movie-search [search] <query> ... [--year <yyyy>] [--region <code>] [--include-adult] [--page <n>] [--limit <n>] [--all] [--json | --ndjson]"

  @Test func usageErrorsGoToStderrWithStatus64() async throws {
    try await usageError(["--colour", "matrix"], "Unknown option '--colour'.")
    try await usageError(["-x"], "Unknown option '-x'.")
    try await usageError(["matrix", "--page"], "Missing value for '--page <n>'.")
    try await usageError(
      ["matrix", "--page", "two"], "The value 'two' of '--page' is not a whole number.")
    try await usageError(
      ["matrix", "--page=0"], "The value '0' of '--page' must be between 1 and 21474836.")
    try await usageError(
      ["--json", "--ndjson", "matrix"], "Choose one of '--json' and '--ndjson'.")
    try await usageError(["  "], "The query is empty.")
    try await usageError(["--offline"], "No query given.")
    try await usageError(["--json=yes", "matrix"], "The flag '--json' does not take a value.")
    try await usageError(
      ["details", "abc"],
      "'abc' is not a film id (a positive whole number, perhaps after catalog: or tmdb:, a TMDb link, or IMDb's id or link: tt0080684).",
      usage: "movie-search details <id> [--json] [--region <code>]")
    try await usageError(
      ["details"], "No film id given.",
      usage: "movie-search details <id> [--json] [--region <code>]")
    try await usageError(
      ["matrix", "--all", "--limit", "5"],
      "'--all' lists every film, one line each: not with --page, --limit or --json (--ndjson is one JSON object a line)."
    )
    try await usageError(
      ["stream", "--debounce", "-5"], "The value '-5' of '--debounce' must be between 0 and 60000.",
      usage: "movie-search stream [--virtual-time] [--debounce <ms>]")
  }

  @Test func withoutATerminalThereIsNoInteractiveMode() async throws {
    for arguments in [[], ["interactive"]] {
      try await usageError(
        arguments,
        "Interactive search needs a terminal; give a query to search, e.g. 'movie-search the matrix'.",
        usage:
          "movie-search interactive [<text> ...] [--year <yyyy>] [--debounce <ms>] [--query <text>] [--print-id] [--multi] [--select-1] [--exit-0] [--print-query] [--expect <keys>] [--bind <key:action>] [--filter <query>] [--layout <layout>] [--reverse] [--prompt <text>] [--header <text>] [--pointer <text>] [--marker <text>] [--border] [--cycle] [--no-mouse] [--height <n[%]>] [--no-preview] [--preview <command>] [--preview-window <spec>] [--record <file>] [--genre <names>] [--all-genres] [--years <a..b>] [--min-rating <x>] [--min-votes <n>] [--runtime <a..b>] [--certification <code>] [--person <name>] [--sort <key>]"
      )
    }
  }

  @Test func versionAndHelpForEveryCommand() async throws {
    let version = try await CLI.run(["--version"])
    #expect(version.status == 0)
    #expect(version.stdout == "movie-search 0.1.0\n")
    for command in [[], ["details"], ["stream"], ["interactive"]] {
      let help = try await CLI.run(command + ["--help"])
      #expect(help.status == 0)
      #expect(help.stdout.hasPrefix("OVERVIEW: "))
      #expect(help.stdout.contains("USAGE: movie-search"))
      #expect(help.stdout.contains("--offline"))
      #expect(help.stderr == "")
    }
  }

  @Test func helpIsAWordAndListsEverySubcommand() async throws {
    let help = try await CLI.run(["help"])
    let flag = try await CLI.run(["--help"])
    #expect(help.status == 0)
    #expect(help.stdout == flag.stdout)
    for name in [
      "search (default)", "details", "stream", "interactive", "build-catalog", "catalog-info",
    ] {
      #expect(help.stdout.contains("\n  \(name) "), "\(name)")
    }
    let details = try await CLI.run(["help", "details"])
    #expect(details.stdout == (try await CLI.run(["details", "--help"])).stdout)
    let build = try await CLI.run(["build-catalog", "--help"])
    #expect(
      build.stdout.contains(
        "USAGE: movie-search build-catalog <source> <catalog.bin> [--include-adult]\n       [--types <types>] [--languages <codes>] [--titles <file>] [--force]\n"
      ))
    try await usageError(
      ["help", "nope"], "Unknown subcommand 'nope'.", usage: "movie-search help [<subcommand>]")
    // A search for a film called like the word: name the search.
    let named = try await CLI.run(["search", "help", "--limit", "1"])
    #expect(named.status == 0)
    #expect(named.stdout.contains("\tHelp!\t"))
  }

  @Test func aMistypedSubcommandStillSearchesAndGetsAHint() async throws {
    // Searched all the same (what matches "detials" or "603", best first), with the hint.
    let result = try await CLI.run(["detials", "603"])
    #expect(result.status == 0)
    #expect(result.stderr == "Did you mean 'movie-search details 603'?\n")
    let plain = try await CLI.run(["search", "detials", "603"])
    #expect(plain.stdout == result.stdout)
    #expect(plain.stderr == "")
  }

  @Test func completionScriptsCompleteSubcommandsAndOptionsInBash() async throws {
    let script = try await CLI.run(["--generate-completion-script", "bash"])
    #expect(script.status == 0)
    let cases = [
      "det": "details", "details --j": "--json", "st": "stream", "stream --deb": "--debounce",
      "--o": "--offline --online", "details --page": "", "help inter": "interactive",
      // Values: the catalog's and IMDb's genres (any case is taken; offered lower-cased),
      // the sort keys, the certifications.
      "discover --genre co": "comedy", "love --genre sci": "sci-fi",
      "discover --sort ye": "year year:asc year:desc",
      "discover --certification P": "PG PG-13", "love --certification N": "NC-17",
    ]
    // Each line: the words typed so far, then what completing the last one offers.
    let driver = cases.keys.sorted().map { typed in
      #"W=(movie-search \#(typed)); COMP_WORDS=("${W[@]}"); COMP_CWORD=$((${#W[@]}-1)); COMPREPLY=(); _movie_search; echo "\#(typed)=${COMPREPLY[*]}""#
    }.joined(separator: "\n")
    let result = try await CLI.run(
      executable: "/bin/bash", ["-c", script.stdout + "\n" + driver], stdin: Data(),
      environment: CLI.environment())
    #expect(result.stderr == "")
    // Typed, not inferred inside `#expect`: that took the type checker seconds.
    let lines: [String] = result.stdout.split(separator: "\n").map(String.init)
    let offered: [String] = cases.keys.sorted().map { "\($0)=\(cases[$0] ?? "?")" }
    #expect(lines == offered)
    for shell in ["zsh", "fish"] {
      let other = try await CLI.run(["--generate-completion-script", shell])
      #expect(other.status == 0)
      #expect(other.stdout.contains("build-catalog"))
      #expect(other.stdout.contains("debounce"))
      #expect(other.stdout.contains("film-noir") && other.stdout.contains("runtime:desc"))
      #expect(other.stdout.contains("PG-13") && other.stdout.contains("NC-17"))
    }
    try await usageError(
      ["--generate-completion-script", "ksh"], "Name a shell: bash, zsh or fish.",
      usage: "movie-search --generate-completion-script <bash|zsh|fish>")
  }

  @Test func pipedSearchPrintsTabSeparatedLinesWithTheMatrixFirst() async throws {
    let result = try await CLI.run(["the", "matrix", "--limit", "3"])
    #expect(result.status == 0)
    #expect(
      result.stdout == """
        1\tThe Matrix\t1999\t8.5\t143853\t32710
        2\tThe Matrix Reloaded\t2003\t7.1\t57225\t32708
        3\tThe Matrix Revolutions\t2003\t6.3\t40058\t32709

        """)
    #expect(result.stderr == "")
  }

  @Test func jsonIsOnePageAndNDJSONOneFilmPerLine() async throws {
    let json = try await CLI.run(["--json", "the", "matrix"])
    #expect(json.status == 0)
    let page = try JSONDecoder().decode(MoviePage.self, from: Data(json.stdout.utf8))
    #expect(page.results.first?.title == "The Matrix")
    #expect(page.results.first?.year == 1999)
    #expect(json.stdout.split(separator: "\n").count == 1)

    let ndjson = try await CLI.run(["--ndjson", "--page", "1", "the matrix"])
    let movies = try ndjson.stdout.split(separator: "\n").map {
      try JSONDecoder().decode(Movie.self, from: Data($0.utf8))
    }
    #expect(movies.map(\.id) == page.results.map(\.id))
  }

  @Test func pagesAndYears() async throws {
    // Pages of --limit films: the second page of one film is the second film.
    let second = try await CLI.run(["--page", "2", "--limit", "1", "love"])
    #expect(second.stdout.hasPrefix("2\t"))
    let year = try await CLI.run(["matrix", "--year", "2003", "--limit", "2"])
    #expect(year.stdout.split(separator: "\n").allSatisfy { $0.contains("\t2003\t") })
    let nothing = try await CLI.run(["zzzzqqq"])
    #expect(nothing.status == 0)
    #expect(nothing.stdout == "")
  }

  @Test func detailsByID() async throws {
    let text = try await CLI.run(["details", "32710"])
    #expect(text.status == 0)
    #expect(
      text.stdout == """
        The Matrix (1999)
        136 min · Action · R (US) · rated 8.5/10 by 143,853

        More like this:
        The Lord of the Rings: The Return of the King (2003) · id 30659
        The Lord of the Rings: The Fellowship of the Ring (2001) · id 30658
        The Lord of the Rings: The Two Towers (2002) · id 30660
        Taegukgi hwinalrimyeo (2004) · id 50523
        Oldboy (2003) · id 37625

        id 32710 · budget $63,000,000

        """)
    let json = try await CLI.run(["details", "32710", "--json"])
    let details = try JSONDecoder().decode(MovieDetails.self, from: Data(json.stdout.utf8))
    #expect(details.runtime == 136)
    let missing = try await CLI.run(["details", "999999"])
    #expect(missing.status == 1)
    #expect(
      missing.stderr == "Error: Not found: the catalog has no film with id 999999\n")
  }

  @Test func aRecordedSessionReplaysByteForByteOnVirtualTime() async throws {
    let session = try String(contentsOf: CLI.fixture("session.ndjson"), encoding: .utf8)
    let expected = try String(contentsOf: CLI.fixture("session.expected.ndjson"), encoding: .utf8)
    for _ in 0..<2 {
      let result = try await CLI.run(["stream", "--virtual-time"], stdin: session)
      #expect(result.status == 0)
      #expect(result.stderr == "")
      #expect(result.stdout == expected)
    }
  }

  @Test func aSessionReplaysOnVirtualTimeAgainstAServer() async throws {
    // The README's replay command with a TMDb key: timings from the virtual clock, content
    // from the server, the same bytes on every run.
    let server = try LoopbackServer { request in
      switch request.path {
      case "/3/movie/popular": .json(200, Fixtures.searchPage)
      case "/3/search/movie": .json(200, Fixtures.searchPage)
      case "/3/movie/603": .json(200, Fixtures.details)
      case "/3/configuration": .json(200, Fixtures.configuration)
      default: .json(404, Fixtures.tmdbError(34, "The resource you requested could not be found."))
      }
    }
    defer { server.stop() }
    let session = """
      {"appear":true,"at":0}
      {"search":"m","at":0}
      {"search":"matrix","at":120}
      {"select":603,"at":900}

      """
    var outputs: [String] = []
    for _ in 0..<2 {
      let result = try await CLI.run(
        [
          "stream", "--virtual-time", "--online", "--base-url", server.baseURL.absoluteString,
          "--token", "t",
        ],
        stdin: session)
      #expect(result.status == 0)
      #expect(result.stderr == "")
      outputs.append(result.stdout)
    }
    let matrix =
      #"{"genres":["Action","Science Fiction"],"id":603,"rating":8.2,"title":"The Matrix","year":1999}"#
    let reloaded = #"{"id":604,"rating":7,"title":"The Matrix Reloaded","year":2003}"#
    // Typed, not inferred inside `#expect`: that took the type checker seconds.
    let lines: [String] = outputs[0].split(separator: "\n").map(String.init)
    let expected: [String] = [
      #"{"at":0,"state":"idle"}"#,
      #"{"at":0,"popular":[\#(matrix),\#(reloaded)],"state":"idle"}"#,
      #"{"at":420,"query":"matrix","state":"loading"}"#,
      #"{"at":420,"query":"matrix","results":[\#(matrix),\#(reloaded)],"state":"success","total":2}"#,
      #"{"at":900,"details":"loading","id":603}"#,
      #"{"at":900,"details":"success","genres":["Action","Science Fiction"],"id":603,"rating":8.2,"runtime":136,"tagline":"Welcome to the Real World.","title":"The Matrix","votes":26000,"year":1999}"#,
    ]
    #expect(lines == expected)
    #expect(outputs[1] == outputs[0])
    let searched: [String?] = server.requests.filter { $0.path == "/3/search/movie" }
      .map { $0.query["query"] }
    #expect(searched == ["matrix", "matrix"])
    // The genre names, asked for once per process (two runs), beside the popular films.
    #expect(server.genreRequests.count == 2)
  }

  @Test func badLinesAreReportedWithTheirNumberAndTheStreamGoesOn() async throws {
    let input = """
      {"search":"mat","at":0}
      {"search":
      {"search":5}
      {"select":-1}
      {"appear":false}
      {"search":"a","select":1}
      {"sarch":"x"}
      [1,2]
      {"at":-3,"search":"x"}
      {"search":"matrix","at":1000}

      """
    let result = try await CLI.run(["stream", "--virtual-time"], stdin: input)
    #expect(result.status == 0)
    #expect(
      result.stderr == """
        Error: line 2: it starts with '{' but is not valid JSON; skipped.
        Error: line 3: "search" must be a string; skipped.
        Error: line 4: "select" must be a film id (a positive whole number); skipped.
        Error: line 5: "appear" must be true; skipped.
        Error: line 6: give one of "search", "select", "appear", "more", "retry" and "filter", not several; skipped.
        Error: line 7: unknown key "sarch"; skipped.
        Error: line 9: "at" must be a whole number of milliseconds, 0 or more; skipped.

        """)
    let states = result.stdout.split(separator: "\n").map(String.init)
    #expect(states.first == #"{"at":0,"state":"idle"}"#)
    // Line 8 is plain text: a search for "[1,2]" right after "mat", which it supersedes.
    #expect(states.dropFirst().first == #"{"at":300,"query":"[1,2]","state":"loading"}"#)
    #expect(!result.stdout.contains(#""query":"mat""#))
    // The input ends with "matrix": it is searched at once.
    #expect(states.contains(#"{"at":1000,"query":"matrix","state":"loading"}"#))
  }

  @Test func aClosedStdinEndsTheStreamAtOnce() async throws {
    let virtual = try await CLI.run(["stream", "--virtual-time"], stdin: "")
    #expect(virtual.status == 0)
    #expect(virtual.stdout == "{\"at\":0,\"state\":\"idle\"}\n")
    // In real time "at" is the real time elapsed: only the state is certain.
    let real = try await CLI.run(["stream"], stdin: "")
    #expect(real.status == 0)
    let lines = real.stdout.split(separator: "\n")
    #expect(lines.count == 1)
    #expect(lines.first?.hasSuffix(#","state":"idle"}"#) == true)
  }

  @Test func aClosedStdoutEndsQuietly() async throws {
    // Enough output to fill the pipe after `head` has gone.
    let session = (0..<400).map { #"{"search":"love \#($0 % 2)","at":\#($0 * 1000)}"# }.joined(
      separator: "\n")
    let result = try await CLI.run(
      executable: "/bin/bash",
      [
        "-c", "\"$0\" stream --virtual-time | head -1; echo \"status=${PIPESTATUS[0]}\"",
        CLI.binary,
      ],
      stdin: Data(session.utf8), environment: CLI.environment())
    #expect(result.stdout == "{\"at\":0,\"state\":\"idle\"}\nstatus=0\n")
    #expect(result.stderr == "")
  }
}
