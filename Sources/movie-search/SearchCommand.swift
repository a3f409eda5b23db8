import Foundation
import MovieSearch

/// `movie-search <query…>`: one search, as a table, TSV, JSON or NDJSON.
enum SearchCommand {
  static func run(_ arguments: ParsedArguments) async throws -> Int32 {
    let text = arguments.positionals.joined(separator: " ")
      .trimmingCharacters(in: .whitespacesAndNewlines)
    guard !text.isEmpty else {
      throw UsageError(
        message: arguments.positionals.isEmpty ? "No query given." : "The query is empty.",
        command: arguments.command)
    }
    let page = try arguments.integer("page", in: 1...MoviePage.maxPage) ?? 1
    let limit = try arguments.integer("limit", in: 1...MoviePage.pageSize) ?? MoviePage.pageSize
    let year = try arguments.integer("year", in: 1800...2200)
    if arguments.flag("json"), arguments.flag("ndjson") {
      throw UsageError(
        message: "Choose one of '--json' and '--ndjson'.", command: arguments.command)
    }
    let service = try Backend.service(for: arguments)
    var results = try await service.searchMovies(
      MovieQuery(
        text, page: page, language: arguments.value("language"),
        includeAdult: arguments.flag("include-adult"), year: year))
    results.results = Array(results.results.prefix(limit))

    if arguments.flag("json") {
      Output.print(try JSON.line(results))
    } else if arguments.flag("ndjson") {
      for movie in results.results { Output.print(try JSON.line(movie)) }
    } else if Output.isTerminal {
      printTable(results, query: text, firstRank: (page - 1) * MoviePage.pageSize + 1)
    } else {
      for (offset, movie) in results.results.enumerated() {
        let fields = [
          String((page - 1) * MoviePage.pageSize + offset + 1),
          movie.title.replacingOccurrences(of: "\t", with: " "),
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
        rank: String(firstRank + offset), title: movie.title,
        year: movie.year.map(String.init) ?? "",
        rating: Format.rating(movie.voteAverage), votes: Format.count(movie.voteCount),
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
      _ id: String
    )
      -> String
    {
      [
        String(repeating: " ", count: rankWidth - rank.count) + rank,
        title.truncated(to: titleWidth).padded(to: titleWidth),
        year.padded(to: 4), String(repeating: " ", count: 6 - rating.count) + rating,
        String(repeating: " ", count: votesWidth - votes.count) + votes,
        String(repeating: " ", count: idWidth - id.count) + id,
      ].joined(separator: "  ")
    }
    Output.print(Output.style(line("#", "Title", "Year", "Rating", "Votes", "ID"), "1") + "\n")
    for row in rows {
      Output.print(line(row.rank, row.title, row.year, row.rating, row.votes, row.id) + "\n")
    }
    let pages = page.totalPages > 1 ? ", page \(page.page) of \(page.totalPages)" : ""
    Output.print(Output.style("\(Format.count(page.totalResults)) films\(pages)", "2") + "\n")
  }
}

enum Format {
  /// A rating with one decimal, e.g. "8.5".
  static func rating(_ value: Double) -> String {
    String(format: "%.1f", value)
  }

  /// A count with thousands separators, e.g. "143,853".
  static func count(_ value: Int) -> String {
    let digits = String(value)
    var result = ""
    for (index, digit) in digits.enumerated() {
      if index > 0, (digits.count - index) % 3 == 0 { result += "," }
      result.append(digit)
    }
    return result
  }
}

enum JSON {
  /// One line of JSON with sorted keys, ending in a newline.
  static func line(_ value: some Encodable) throws -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return String(decoding: try encoder.encode(value), as: UTF8.self) + "\n"
  }
}
