import Foundation
import Testing

@testable import TestSupport

/// `movie-search discover`: every filter alone and combined, through the binary, against
/// answers computed here from the built-in catalog's source (`data/imdb-movies.csv.gz`, read
/// by this file's own CSV reading, not the package's).
@Suite(.timeLimit(.minutes(3)), .onOwnThreads) struct DiscoverTests {
  /// One film of the source: its id is its row.
  struct Film {
    var id: Int
    var year: Int
    var minutes: Int
    var rating: Double
    var votes: Int
    var mpaa: String
    var genres: Set<String>
  }

  static let genreColumns = [
    "Action", "Animation", "Comedy", "Drama", "Documentary", "Romance", "Short",
  ]

  /// The source's films, read once, without holding a thread of the test pool: `gzip` is
  /// waited for on a thread of its own (a blocking wait here, with every test that needs
  /// the films waiting on it, starved the in-process finder tests).
  static let loading = Task { () throws -> [Film] in
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
    let text = try await CLI.run(
      executable: "/bin/gzip",
      ["-dc", root.appendingPathComponent("data/imdb-movies.csv.gz").path], stdin: Data(),
      environment: ProcessInfo.processInfo.environment)
    return text.stdout.split(separator: "\n").dropFirst().compactMap {
      let fields = fieldsOf(String($0))
      guard fields.count == 25, let id = Int(fields[0]) else { return nil }
      return Film(
        id: id, year: Int(fields[2]) ?? 0, minutes: Int(fields[3]) ?? 0,
        rating: Double(fields[5]) ?? 0, votes: Int(fields[6]) ?? 0, mpaa: fields[17],
        genres: Set(genreColumns.indices.filter { fields[18 + $0] == "1" }.map { genreColumns[$0] })
      )
    }
  }

  static func films() async throws -> [Film] { try await loading.value }

  /// The fields of one CSV line: quoted or not, `""` inside quotes a quote.
  static func fieldsOf(_ line: String) -> [String] {
    var fields: [String] = []
    var field = ""
    var quoted = false
    var characters = Array(line)[...]
    while let character = characters.popFirst() {
      if quoted {
        if character == "\"" {
          if characters.first == "\"" {
            field.append("\"")
            characters.removeFirst()
          } else {
            quoted = false
          }
        } else {
          field.append(character)
        }
      } else if character == "\"" {
        quoted = true
      } else if character == "," {
        fields.append(field)
        field = ""
      } else {
        field.append(character)
      }
    }
    fields.append(field)
    return fields
  }

  /// The ids and total `discover` prints with `arguments`, as JSON.
  func discover(_ arguments: [String]) async throws -> (ids: [Int], total: Int) {
    let result = try await CLI.run(["discover", "--json"] + arguments)
    #expect(result.status == 0, "\(arguments): \(result.stderr)")
    let page = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
    let results = page?["results"] as? [[String: Any]] ?? []
    return (results.compactMap { $0["id"] as? Int }, page?["total_results"] as? Int ?? -1)
  }

  /// What the catalog should answer: the films that pass, ordered by `key` (larger first
  /// unless `ascending`), then the most voted, then by id; the first `limit`.
  func expected(
    _ passes: (Film) -> Bool, by key: (Film) -> Double? = { Double($0.votes) },
    ascending: Bool = false, limit: Int = 100
  ) async throws -> (ids: [Int], total: Int) {
    let chosen = try await Self.films().filter(passes)
    let sorted = chosen.sorted { a, b in
      switch (key(a), key(b)) {
      case (let x?, let y?) where x != y: return ascending ? x < y : x > y
      case (_?, nil): return true
      case (nil, _?): return false
      default: return a.votes != b.votes ? a.votes > b.votes : a.id < b.id
      }
    }
    return (sorted.prefix(limit).map(\.id), chosen.count)
  }

  @Test func theComediesOfThe1990sByRatingAreExactlyTheCatalogs() async throws {
    #expect(try await Self.films().count == 58_788)
    let answer = try await discover(
      "--genre comedy --years 1990..1999 --min-votes 1000 --sort rating --limit 100".split(
        separator: " "
      ).map(String.init))
    let wanted = try await expected(
      { $0.genres.contains("Comedy") && (1990...1999).contains($0.year) && $0.votes >= 1000 },
      by: { $0.rating })
    #expect(answer.total == wanted.total)
    #expect(answer.total > 100)
    #expect(answer.ids == wanted.ids)
  }

  @Test(arguments: [
    "--genre drama", "--genre Comedy,Romance", "--genre comedy,romance --all-genres",
    "--year 1994", "--years 2000..", "--years ..1920", "--min-rating 8.5", "--min-votes 50000",
    "--runtime 200..", "--runtime ..5 --genre animation", "--certification R --years 2004..",
    "--sort votes:asc --min-votes 20000", "--sort year --genre documentary",
    "--sort year:asc", "--sort runtime --min-votes 1000", "--sort rating:asc --min-votes 5000",
    "--genre action --min-rating 7 --min-votes 10000 --runtime 90..120 --sort year",
  ])
  func eachFilterAloneAndCombined(_ line: String) async throws {
    let arguments = line.split(separator: " ").map(String.init)
    func value(_ name: String) -> String? {
      arguments.firstIndex(of: name).map { arguments[$0 + 1] }
    }
    func bounds(_ name: String) -> (Int?, Int?)? {
      value(name).map { text in
        let parts = text.components(separatedBy: "..")
        return (Int(parts[0]), parts.count > 1 ? Int(parts[1]) : Int(parts[0]))
      }
    }
    let genres = (value("--genre") ?? "").split(separator: ",").map { $0.capitalized }
    let allGenres = arguments.contains("--all-genres")
    let passes = { (film: Film) -> Bool in
      if !genres.isEmpty {
        let has = { (genre: String) in film.genres.contains(genre) }
        guard allGenres ? genres.allSatisfy(has) : genres.contains(where: has) else {
          return false
        }
      }
      if let year = value("--year").flatMap(Int.init), film.year != year { return false }
      if let (from, to) = bounds("--years") {
        if let from, film.year < from { return false }
        if let to, film.year > to { return false }
      }
      if let minimum = value("--min-rating").flatMap(Double.init),
        film.votes == 0 || film.rating < minimum
      {
        return false
      }
      if let minimum = value("--min-votes").flatMap(Int.init), film.votes < minimum {
        return false
      }
      if let (from, to) = bounds("--runtime") {
        if let from, film.minutes < from { return false }
        if let to, film.minutes > to || film.minutes == 0 { return false }
      }
      if let mpaa = value("--certification"), film.mpaa != mpaa { return false }
      return true
    }
    let sort = (value("--sort") ?? "popularity").split(separator: ":").map(String.init)
    let ascending = sort.count > 1 ? sort[1] == "asc" : false
    let key: (Film) -> Double? =
      switch sort[0] {
      case "rating": { $0.votes > 0 ? $0.rating : nil }
      case "year": { $0.year > 0 ? Double($0.year) : nil }
      case "runtime": { $0.minutes > 0 ? Double($0.minutes) : nil }
      default: { Double($0.votes) }
      }
    let wanted = try await expected(passes, by: key, ascending: ascending)
    let answer = try await discover(arguments + ["--limit", "100"])
    #expect(answer.total == wanted.total, "\(line)")
    #expect(answer.ids == wanted.ids, "\(line)")
  }

  @Test func allListsEveryFilmOneLineEachAndAClosedPipeEndsIt() async throws {
    let result = try await CLI.run([
      "discover", "--all", "--genre", "animation", "--years", "..1935",
    ])
    #expect(result.status == 0)
    let ids = result.stdout.split(separator: "\n").compactMap {
      Int($0.split(separator: "\t").last ?? "")
    }
    let wanted = try await expected(
      { $0.genres.contains("Animation") && $0.year <= 1935 }, limit: .max)
    #expect(ids.count == wanted.total && ids.count > 100)
    #expect(ids == wanted.ids)
    // Every film of the catalog, read by `head` up to its first line.
    let piped = try await CLI.run(
      executable: "/bin/bash",
      ["-c", "\"$0\" discover --all | head -1; echo \"status ${PIPESTATUS[0]}\"", CLI.binary],
      stdin: Data(), environment: CLI.environment())
    #expect(piped.stdout.hasSuffix("\nstatus 0\n"))
    #expect(piped.stdout.split(separator: "\n").count == 2)
    #expect(piped.stderr == "")
  }

  /// More like this, offline: the same director's films first (the built-in catalog has no
  /// people), then those sharing the most genres within five years, best rated first, of
  /// those with 1,000 votes or more.
  @Test(arguments: [32710, 18642, 56000]) func moreLikeThisFromTheCatalog(_ id: Int) async throws {
    let films = try await Self.films()
    let film = try #require(films.first { $0.id == id })
    let wanted = films.filter {
      $0.id != id && $0.votes >= 1000 && abs($0.year - film.year) <= 5
        && !$0.genres.isDisjoint(with: film.genres)
    }.sorted { a, b in
      let (x, y) = (
        a.genres.intersection(film.genres).count, b.genres.intersection(film.genres).count
      )
      if x != y { return x > y }
      if a.rating != b.rating { return a.rating > b.rating }
      return a.votes != b.votes ? a.votes > b.votes : a.id < b.id
    }.prefix(5).map(\.id)
    let result = try await CLI.run(["details", String(id), "--json"])
    let details = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
    let similar = (details?["recommendations"] as? [String: Any])?["results"] as? [[String: Any]]
    #expect(similar?.compactMap { $0["id"] as? Int } == Array(wanted))
    #expect(wanted.count == 5)
  }

  @Test func pagesFollowOneAnother() async throws {
    let first = try await discover(["--genre", "animation", "--limit", "7"])
    let second = try await discover(["--genre", "animation", "--limit", "7", "--page", "2"])
    let both = try await discover(["--genre", "animation", "--limit", "14"])
    #expect(first.ids + second.ids == both.ids)
    #expect(first.total == both.total)
  }

  @Test func aCatalogsListingHasEveryPageItsFilmsFill() async throws {
    // 58,788 films at 5 a page: 11,758 pages, not TMDb's 500.
    let table = try PseudoTerminal.movieSearch(["discover", "--limit", "5"], columns: 100)
    #expect(await table.waitForExit() == 0)
    #expect(table.visible.contains("58,788 films, page 1 of 11,758"))
    let far = try await CLI.run(["discover", "--limit", "5", "--page", "11758", "--sort", "title"])
    #expect(far.status == 0 && far.stdout.split(separator: "\n").count == 3)
    #expect(far.stdout.hasPrefix("58786\t"))
    let past = try await CLI.run(["discover", "--limit", "5", "--page", "11759"])
    #expect(past.status == 0 && past.stdout == "")
    #expect(past.stderr == "Page 11759 is past the last page (11758) of 58,788 films.\n")
    // A search (served in pages of 20, as TMDb's) says where its films end.
    let search = try await CLI.run(["the", "--limit", "100", "--page", "101"])
    #expect(search.status == 64)
    #expect(
      search.stderr.hasPrefix(
        "Error: Searches and TMDb list 10,000 films at most: page 101 at 100 a page would begin at film 10,001.\n"
      ))
  }

  @Test func aListingByRuntimeShowsTheRuntimes() async throws {
    let arguments = ["discover", "--sort", "runtime", "--limit", "2"]
    let wide = try PseudoTerminal.movieSearch(arguments, columns: 100)
    #expect(await wide.waitForExit() == 0)
    #expect(
      wide.lines.prefix(3) == [
        "#  Title                                            Year   Runtime  Rating  Votes     ID",
        "1  The Cure for Insomnia                            1987  5220 min     3.8     59  11937",
        "2  The Longest Most Meaningless Movie in the World  1970  2880 min     6.4     15  30574",
      ])
    // At 40 columns the runtime stays, with the ID; the rating and the year give way.
    let narrow = try PseudoTerminal.movieSearch(arguments, columns: 40)
    #expect(await narrow.waitForExit() == 0)
    #expect(narrow.lines[1] == "1  The Cure f…Insomnia   5220 min  11937")
    // Piped, the columns stay as scripts know them; JSON says each film's runtime.
    let tsv = try await CLI.run(arguments)
    #expect(tsv.stdout.hasPrefix("1\tThe Cure for Insomnia\t1987\t3.8\t59\t11937\n"))
    let json = try await CLI.run(arguments + ["--ndjson"])
    #expect(json.stdout.hasPrefix("{") && json.stdout.contains(#""runtime":5220"#))
    // Without a runtime asked about, no column.
    let plain = try PseudoTerminal.movieSearch(["discover", "--limit", "2"], columns: 100)
    #expect(await plain.waitForExit() == 0)
    #expect(!plain.visible.contains("Runtime"))
  }

  @Test(arguments: [true, false]) func titlesInOrderAcrossPages(_ ascending: Bool) async throws {
    var titles: [String] = []
    for page in 1...3 {
      let result = try await CLI.run([
        "discover", "--sort", ascending ? "title" : "title:desc", "--years", "1960..1961",
        "--limit", "100", "--page", String(page),
      ])
      #expect(result.status == 0)
      titles += result.stdout.split(separator: "\n").map {
        String($0.split(separator: "\t", omittingEmptySubsequences: false)[1]).lowercased()
      }
    }
    #expect(titles.count == 300)
    let pairs = zip(titles, titles.dropFirst())
    #expect(pairs.allSatisfy { ascending ? $0 <= $1 : $0 >= $1 })
  }

  @Test func anImpossibleFilterSaysSo() async throws {
    let result = try await CLI.run(["discover", "--years", "1990..1991", "--min-rating", "10"])
    #expect(result.status == 0)
    #expect(result.stdout == "")
    let table = try PseudoTerminal.movieSearch(["discover", "--min-votes", "999999999"])
    #expect(await table.waitForExit() == 0)
    #expect(table.visible.contains("No films match these filters."))
  }

  @Test func aPersonsFilmsFromACatalogWithPeople() async throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let catalog = directory.appendingPathComponent("imdb.bin").path
    let built = try await CLI.run(["build-catalog", CLI.fixture("imdb").path, catalog])
    #expect(built.status == 0, "\(built.stderr)")
    // A director, a name's one word, an actor, with other filters, in any case.
    for (arguments, titles) in [
      (["--person", "Kubrick"], ["The Shining"]),
      (["--person", "wachowski", "--sort", "year"], ["The Matrix"]),
      (["--person", "akira kurosawa"], ["Shichinin no samurai"]),
      (["--person", "toshirô mifune", "--years", "..1960"], ["Shichinin no samurai"]),
      (["--person", "jack nicholson", "--years", "1990.."], []),
      (["--person", "nobody at all"], []),
    ] {
      let result = try await CLI.run(["discover", "--catalog", catalog] + arguments)
      #expect(result.status == 0, "\(arguments): \(result.stderr)")
      let listed = result.stdout.split(separator: "\n").map {
        String($0.split(separator: "\t")[1])
      }
      #expect(listed == titles, "\(arguments)")
    }
    // IMDb's genres by name, any case; its "Sci-Fi" is TMDb's "Science Fiction".
    let genres = try await CLI.run(["discover", "--catalog", catalog, "--genre", "science fiction"])
    #expect(genres.stdout.contains("\tThe Matrix\t") && genres.stdout.contains("\tAlien\t"))
  }

  @Test(arguments: [
    // Hostile numbers: each a clear usage error, never a crash.
    (
      ["--min-rating", "1e300"],
      "The value '1e300' of '--min-rating' must be a number between 0.0 and 10.0."
    ),
    (
      ["--min-rating", "nan"],
      "The value 'nan' of '--min-rating' must be a number between 0.0 and 10.0."
    ),
    (
      ["--min-votes", "9223372036854775807"],
      "The value '9223372036854775807' of '--min-votes' must be between 0 and 2147483647."
    ),
    (
      ["--years", "-1e300.."],
      "The value '-1e300..' of '--years' is not a range of whole numbers between 1800 and 2200, such as '1800..2200'."
    ),
    (
      ["--genre", "western"],
      "The catalog has no genre 'western'. Its genres: Action, Animation, Comedy, Documentary, Drama, Romance, Short."
    ),
    (["--years", "1999..1990"], "The range '1999..1990' of '--years' ends before it starts."),
    (["--years", ".."], "'--years' needs at least one end: 'a..', '..b'."),
    (["--runtime", " "], "'--runtime' needs a range, such as 'a..b'."),
    (
      ["--years", "1990..abc"],
      "The value '1990..abc' of '--years' is not a range of whole numbers between 1800 and 2200, such as '1800..2200'."
    ),
    (
      ["--min-rating", "11"],
      "The value '11' of '--min-rating' must be a number between 0.0 and 10.0."
    ),
    (
      ["--sort", "length"],
      "The value 'length' of '--sort' is not one of: popularity, rating, votes, year, title, runtime (with ':asc' or ':desc')."
    ),
    (["--sort", "year:up"], "The direction 'up' of '--sort' is neither 'asc' nor 'desc'."),
    (
      ["--certification", "PG-14"],
      "The value 'PG-14' of '--certification' is not one of: G, PG, PG-13, R, NC-17."
    ),
    (["--year", "1990", "--years", "1990..1991"], "Give '--year' or '--years', not both."),
    (
      ["--person", "kubrick"],
      "This catalog has no people: build one from IMDb's files to filter by person (see 'movie-search build-catalog --help')."
    ),
    (["--limit", "101"], "The value '101' of '--limit' must be between 1 and 100."),
    (["--all", "--page", "2"], allIsAListing),
    // Said before TMDb is asked (no request is made; the port is closed).
    (["--all", "--json", "--api-key", "k", "--base-url", "http://127.0.0.1:9"], allIsAListing),
  ])
  func badFiltersAreUsageErrors(_ arguments: [String], _ message: String) async throws {
    let result = try await CLI.run(["discover"] + arguments)
    #expect(result.status == 64)
    #expect(result.stdout == "")
    #expect(result.stderr.hasPrefix("Error: \(message)\n"), "\(result.stderr)")
  }
}

/// What `--all` with a page option says.
private let allIsAListing =
  "'--all' lists every film, one line each: not with --page, --limit or --json (--ndjson is one JSON object a line)."
