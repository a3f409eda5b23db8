import Foundation
import MovieSearch

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// `movie-search <query…>`: one search, as a table, TSV, JSON or NDJSON.
struct SearchCommand: Command {
  struct Options: BackendCommandOptions {
    let json = Flag("json", "Print the page of results as one JSON document.")
    let ndjson = Flag("ndjson", "Print one JSON object per film, one per line.")
    let page = Option.integer(
      "page", "n", in: 1...MoviePage.maxPage, "The page of results, 1-500 (20 films a page).")
    let limit = Option.integer(
      "limit", "n", in: 1...MoviePage.pageSize, "Print at most this many films, 1-20.")
    let year = Option.integer(
      "year", "yyyy", in: 1800...2200, "Only films first released that year.")
    let region = Option.region
    let includeAdult = Flag("include-adult", "Include adult titles (TMDb only).")
    let finder = FinderOptions()
    let backend = BackendOptions()
  }

  static let name = "search"
  static let abstract = "Search films by title: the built-in catalog, or TMDb with a key."
  static let summary = "Search films by title."
  static let arguments = Arguments.words(
    name: "<query>", help: "Words of the title; 'the matrix' finds \"Matrix, The\".")
  static var exclusive: [[KeyPath<Options, Flag>]] { [[\.json, \.ndjson]] }
  static let discussion: String? = """
    On a terminal the results are an aligned table; piped, they are tab-separated lines:
    rank, title, year, rating, votes, id. Finding nothing is an answer, not a failure: the
    exit status is 0 (a page past the last one says so on stderr); it is 1 when the server
    fails or none of a page's results can be read. With no arguments on a terminal, movie-search
    starts the interactive search (see 'movie-search interactive --help'). To search for a
    film titled like a subcommand, name the search: 'movie-search search help'.
    """

  static func run(_ invocation: Invocation<Self>) async throws -> Int32 {
    let arguments = invocation.positionals
    // No arguments at all, or options but no query on a terminal: search as you type.
    let nothingGiven =
      !invocation.named && arguments.isEmpty && invocation.flags.isEmpty
      && invocation.values.isEmpty
    let onTerminal = isatty(STDIN_FILENO) == 1 && isatty(STDOUT_FILENO) == 1
    let finder = invocation.finder
    // The finder's options belong to the interactive search: with them, no query means the
    // finder even when stdout is a pipe (it draws on /dev/tty).
    let forFinder = finder != Finder()
    if nothingGiven
      || (arguments.isEmpty && (onTerminal || forFinder) && !invocation[\.json]
        && !invocation[\.ndjson])
    {
      return try await InteractiveCommand.start(
        service: try Backend.service(for: invocation), language: invocation[\.backend.language],
        finder: finder)
    }
    if forFinder {
      throw invocation.usageError(
        "The finder's options (--query, --print-id, --multi, --height, …) are for the interactive search: give no query (--query starts it with one)."
      )
    }
    let text = arguments.joined(separator: " ").trimmingCharacters(in: .whitespacesAndNewlines)
    guard !text.isEmpty else {
      throw invocation.usageError(arguments.isEmpty ? "No query given." : "The query is empty.")
    }
    let page = invocation[\.page] ?? 1
    let limit = invocation[\.limit] ?? MoviePage.pageSize
    let service = try Backend.service(for: invocation)
    if service is OfflineCatalog {
      Backend.noteNoEffect(
        ["region": invocation[\.region] != nil, "include-adult": invocation[\.includeAdult]])
    }
    var results = try await service.searchMovies(
      MovieQuery(
        text, page: page, language: invocation[\.backend.language],
        includeAdult: invocation[\.includeAdult], year: invocation[\.year],
        region: invocation[\.region]))
    results.results = Array(results.results.prefix(limit))
    let pastTheLast =
      results.results.isEmpty && results.totalResults > 0 && page > results.totalPages
    if results.results.isEmpty, results.unreadableRows > 0, !pastTheLast {
      throw MovieServiceError.badResponse(
        results.unreadableRows == 1
          ? "the one result on page \(page) could not be read"
          : "none of the \(Format.count(results.unreadableRows, "result")) on page \(page) could be read"
      )
    }
    if pastTheLast {
      Output.error(
        "Page \(page) is past the last: '\(text)' has \(Format.count(results.totalPages, "page")) (\(Format.count(results.totalResults, "film")))."
      )
    } else if results.unreadableRows > 0 {
      Output.error(
        "Note: \(Format.count(results.unreadableRows, "result")) on this page could not be read and \(results.unreadableRows == 1 ? "is" : "are") left out."
      )
    }
    // The search never comes back empty-handed when some word matches, so the hint cannot
    // wait for an empty page: a first word a typo away from a subcommand always gets it,
    // unless the search was named.
    if !invocation.named, let hint = Commands.suggestion(for: arguments) { Output.error(hint) }

    if invocation[\.json] {
      Output.print(try JSON.line(results))
    } else if invocation[\.ndjson] {
      for movie in results.results { Output.print(try JSON.line(movie)) }
    } else if Output.isTerminal, !pastTheLast {
      printTable(
        results, query: text, year: invocation[\.year],
        firstRank: (page - 1) * MoviePage.pageSize + 1)
    } else {
      for (offset, movie) in results.results.enumerated() {
        let fields = [
          String((page - 1) * MoviePage.pageSize + offset + 1),
          movie.title.printable,
          // No votes: no rating either (a TMDb export's films), blank as in the table.
          movie.year.map(String.init) ?? "",
          movie.voteCount > 0 ? Format.rating(movie.voteAverage) : "",
          movie.voteCount > 0 ? String(movie.voteCount) : "",
          String(movie.id),
        ]
        Output.print(fields.joined(separator: "\t") + "\n")
      }
    }
    return 0
  }

  private static func printTable(_ page: MoviePage, query: String, year: Int?, firstRank: Int) {
    guard !page.results.isEmpty else {
      Output.print("No films\(year.map { " from \($0)" } ?? "") match '\(query)'.\n")
      return
    }
    let rows = page.results.enumerated().map { offset, movie in
      Row(
        rank: String(firstRank + offset), title: movie.title.printable,
        matches: movie.titleMatches, year: movie.year.map(String.init) ?? "",
        genres: movie.genreNames.joined(separator: ", ").printable,
        // Films nobody rated (a TMDb export's) show no rating rather than a 0.0.
        rating: movie.voteCount > 0 ? Format.rating(movie.voteAverage) : "",
        votes: movie.voteCount > 0 ? Format.count(movie.voteCount) : "",
        id: String(movie.id))
    }
    let layout = TableLayout(rows, width: Output.width)
    let header = Row(
      rank: "#", title: "Title", matches: [], year: "Year", genres: "Genres", rating: "Rating",
      votes: "Votes", id: "ID")
    Output.print(Output.style(layout.line(header), "1") + "\n")
    for row in rows { Output.print(layout.line(row) + "\n") }
    let pages = page.totalPages > 1 ? ", page \(page.page) of \(page.totalPages)" : ""
    let others =
      page.otherRows > 0
      ? " (\(Format.count(page.otherRows, "row")) that \(page.otherRows == 1 ? "is" : "are") not a film left out)"
      : ""
    Output.print(
      Output.style("\(Format.count(page.totalResults, "film"))\(pages)\(others)", "2") + "\n")
  }
}

/// One row of the results table, its texts ready to show.
private struct Row {
  var rank: String
  var title: String
  var matches: [Range<Int>]
  var year: String
  var genres: String
  var rating: String
  var votes: String
  var id: String
}

/// The column widths of the results table on a terminal `width` columns wide. The title
/// comes first: the genres column takes what a title of up to 30 columns leaves, and is left
/// out when less than 10 columns are left for it.
private struct TableLayout {
  let rank: Int
  let title: Int
  let genres: Int
  let votes: Int
  let id: Int

  init(_ rows: [Row], width: Int) {
    rank = max(1, rows.map(\.rank.count).max() ?? 1)
    votes = max(5, rows.map(\.votes.count).max() ?? 5)
    id = max(2, rows.map(\.id.count).max() ?? 2)
    let fixed = rank + 4 + 6 + votes + id + 5 * 2
    let titles = rows.map(\.title.columns).max() ?? 5
    let genresWanted = rows.map(\.genres.columns).max() ?? 0
    let genresRoom = width - fixed - min(titles, 30) - 2
    genres = genresWanted > 0 && genresRoom >= 10 ? min(max(6, genresWanted), genresRoom) : 0
    title = max(8, min(titles, width - fixed - (genres > 0 ? genres + 2 : 0)))
  }

  func line(_ row: Row) -> String {
    let shown = row.title.truncated(to: title)
    var cells = [
      String(repeating: " ", count: rank - row.rank.count) + row.rank,
      Output.highlight(shown, row.matches)
        + String(repeating: " ", count: max(0, title - shown.columns)),
      row.year.padded(to: 4),
    ]
    if genres > 0 { cells.append(row.genres.truncated(to: genres).padded(to: genres)) }
    cells += [
      String(repeating: " ", count: 6 - row.rating.count) + row.rating,
      String(repeating: " ", count: votes - row.votes.count) + row.votes,
      String(repeating: " ", count: id - row.id.count) + row.id,
    ]
    return cells.joined(separator: "  ")
  }
}
