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
    let nothingGiven = arguments.isEmpty && invocation.flags.isEmpty && invocation.values.isEmpty
    let onTerminal = isatty(STDIN_FILENO) == 1 && isatty(STDOUT_FILENO) == 1
    if nothingGiven
      || (arguments.isEmpty && onTerminal && !invocation[\.json] && !invocation[\.ndjson])
    {
      return try await InteractiveCommand.start(
        service: try Backend.service(for: invocation), debounce: .milliseconds(300),
        language: invocation[\.backend.language])
    }
    let text = arguments.joined(separator: " ").trimmingCharacters(in: .whitespacesAndNewlines)
    guard !text.isEmpty else {
      throw invocation.usageError(arguments.isEmpty ? "No query given." : "The query is empty.")
    }
    let page = invocation[\.page] ?? 1
    let limit = invocation[\.limit] ?? MoviePage.pageSize
    let service = try Backend.service(for: invocation)
    var results = try await service.searchMovies(
      MovieQuery(
        text, page: page, language: invocation[\.backend.language],
        includeAdult: invocation[\.backend.includeAdult], year: invocation[\.year],
        region: invocation[\.region]))
    results.results = Array(results.results.prefix(limit))
    let pastTheLast =
      results.results.isEmpty && results.totalResults > 0 && page > results.totalPages
    if results.results.isEmpty, results.unreadableRows > 0, !pastTheLast {
      throw MovieServiceError.badResponse(
        "none of the \(Format.count(results.unreadableRows, "result")) on page \(page) could be read"
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
    } else if results.results.isEmpty, let hint = Commands.suggestion(for: arguments) {
      Output.error(hint)
    }

    if invocation[\.json] {
      Output.print(try JSON.line(results))
    } else if invocation[\.ndjson] {
      for movie in results.results { Output.print(try JSON.line(movie)) }
    } else if Output.isTerminal, !pastTheLast {
      printTable(results, query: text, firstRank: (page - 1) * MoviePage.pageSize + 1)
    } else {
      for (offset, movie) in results.results.enumerated() {
        let fields = [
          String((page - 1) * MoviePage.pageSize + offset + 1),
          movie.title.printable,
          movie.year.map(String.init) ?? "", Format.rating(movie.voteAverage),
          String(movie.voteCount),
          String(movie.id),
        ]
        Output.print(fields.joined(separator: "\t") + "\n")
      }
    }
    return 0
  }

  private static func printTable(_ page: MoviePage, query: String, firstRank: Int) {
    guard !page.results.isEmpty else {
      Output.print("No films match '\(query)'.\n")
      return
    }
    let rows = page.results.enumerated().map { offset, movie in
      (
        rank: String(firstRank + offset), title: movie.title.printable, matches: movie.titleMatches,
        year: movie.year.map(String.init) ?? "",
        // Films nobody rated (a TMDb export's) show no rating rather than a 0.0.
        rating: movie.voteCount > 0 ? Format.rating(movie.voteAverage) : "",
        votes: movie.voteCount > 0 ? Format.count(movie.voteCount) : "",
        id: String(movie.id)
      )
    }
    let rankWidth = max(1, rows.map(\.rank.count).max() ?? 1)
    let votesWidth = max(5, rows.map(\.votes.count).max() ?? 5)
    let idWidth = max(2, rows.map(\.id.count).max() ?? 2)
    let fixed = rankWidth + 4 + 6 + votesWidth + idWidth + 5 * 2
    let titleWidth = max(8, min(rows.map(\.title.columns).max() ?? 5, Output.width - fixed))
    func line(
      _ rank: String, _ title: String, _ year: String, _ rating: String, _ votes: String,
      _ id: String, matches: [Range<Int>] = []
    )
      -> String
    {
      let shown = title.truncated(to: titleWidth)
      return [
        String(repeating: " ", count: rankWidth - rank.count) + rank,
        Output.highlight(shown, matches)
          + String(repeating: " ", count: max(0, titleWidth - shown.columns)),
        year.padded(to: 4), String(repeating: " ", count: 6 - rating.count) + rating,
        String(repeating: " ", count: votesWidth - votes.count) + votes,
        String(repeating: " ", count: idWidth - id.count) + id,
      ].joined(separator: "  ")
    }
    Output.print(Output.style(line("#", "Title", "Year", "Rating", "Votes", "ID"), "1") + "\n")
    for row in rows {
      Output.print(
        line(row.rank, row.title, row.year, row.rating, row.votes, row.id, matches: row.matches)
          + "\n")
    }
    let pages = page.totalPages > 1 ? ", page \(page.page) of \(page.totalPages)" : ""
    Output.print(Output.style("\(Format.count(page.totalResults, "film"))\(pages)", "2") + "\n")
  }
}
