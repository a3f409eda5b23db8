import Foundation
import MovieSearch

/// How a search's page is printed: one JSON document, one JSON object per film, an aligned
/// table on a terminal, or tab-separated lines when piped (rank, title, year, rating,
/// votes, id — unchanged, for scripts).
enum SearchOutput {
  case json, ndjson, table, tsv

  init(_ invocation: Invocation<SearchCommand>) {
    self = invocation[\.listing].output
  }

  /// JSON when asked for; else a table on a terminal, TSV when piped.
  init(json: Bool, ndjson: Bool) {
    self =
      if json { .json } else if ndjson {
        .ndjson
      } else if Output.isTerminal { .table } else { .tsv }
  }

  func print(_ answer: SearchAnswer, for request: SearchRequest, ids: FilmIDs = .plain) throws {
    // Past the last page, stderr has said so: the table says nothing more.
    if self == .table, answer.pastTheLast { return }
    let year = request.query.year
    try print(
      answer.page, firstRank: (request.page - 1) * request.limit + 1,
      nothing: "No films\(year.map { " from \($0)" } ?? "") match '\(request.text.printable)'.",
      ids: ids, runtimes: Self.showsRuntimes(request.filter))
  }

  /// Whether a table of films listed with `filter` has a runtime column: when they are
  /// sorted or filtered by it.
  static func showsRuntimes(_ filter: MovieFilter) -> Bool {
    filter.sort.key == .runtime || filter.minRuntime != nil || filter.maxRuntime != nil
  }

  /// Prints one film of a listing streamed as it comes (`--all`): an NDJSON or TSV line.
  static func line(_ movie: Movie, rank: Int, ndjson: Bool, ids: FilmIDs = .plain) throws {
    if ndjson {
      Output.print(try JSON.line(movie))
    } else {
      try tsv.print(
        MoviePage(page: 1, results: [movie], totalPages: 1, totalResults: 1), firstRank: rank,
        nothing: "", ids: ids)
    }
  }

  /// Prints `page`, its first film ranked `firstRank`, its ids as `ids` says, the table with
  /// a runtime column when `runtimes` (TSV's columns stay as they are, for scripts);
  /// `nothing` is the table's line when the page is empty.
  func print(
    _ page: MoviePage, firstRank: Int, nothing: String, ids: FilmIDs = .plain,
    runtimes: Bool = false
  ) throws {
    switch self {
    case .json:
      Output.print(try JSON.line(page))
    case .ndjson:
      for movie in page.results { Output.print(try JSON.line(movie)) }
    case .table:
      Self.printTable(
        page, firstRank: firstRank, nothing: nothing, ids: ids, runtimes: runtimes)
    case .tsv:
      for (offset, movie) in page.results.enumerated() {
        let fields = [
          String(firstRank + offset),
          movie.title.printable,
          // No votes: no rating either (a TMDb export's films), blank as in the table.
          movie.year.map(String.init) ?? "",
          movie.voteCount > 0 ? Format.rating(movie.voteAverage) : "",
          movie.voteCount > 0 ? String(movie.voteCount) : "",
          ids.text(movie),
        ]
        Output.print(fields.joined(separator: "\t") + "\n")
      }
    }
  }

  private static func printTable(
    _ page: MoviePage, firstRank: Int, nothing: String, ids: FilmIDs, runtimes: Bool
  ) {
    guard !page.results.isEmpty else {
      // Rows that are not films (a TV show TMDb sent) are said here too, as under a table.
      let others =
        page.otherRows > 0
        ? " (\(Format.count(page.otherRows, "row")) that \(page.otherRows == 1 ? "is" : "are") not a film left out)"
        : ""
      Output.print(nothing.dropLast(nothing.hasSuffix(".") ? 1 : 0) + others + ".\n")
      return
    }
    let rows = page.results.enumerated().map { offset, movie in
      Row(
        rank: String(firstRank + offset), title: movie.listedTitle.text,
        matches: movie.listedTitle.matches, year: movie.year.map(String.init) ?? "",
        genres: movie.genreNames.joined(separator: ", ").printable,
        // Films nobody rated (a TMDb export's) show no rating rather than a 0.0.
        rating: movie.voteCount > 0 ? Format.rating(movie.voteAverage) : "",
        votes: movie.voteCount > 0 ? Format.count(movie.voteCount) : "",
        runtime: movie.runtime.map { "\($0) min" } ?? "", id: ids.text(movie))
    }
    let layout = TableLayout(rows, width: Output.width, runtimes: runtimes)
    let header = Row(
      rank: "#", title: "Title", matches: [], year: "Year", genres: "Genres", rating: "Rating",
      votes: "Votes", runtime: "Runtime", id: "ID")
    Output.print(Output.style(layout.line(header), "1") + "\n")
    for row in rows { Output.print(layout.line(row) + "\n") }
    let pages =
      page.totalPages > 1
      ? ", page \(Format.count(page.page)) of \(Format.count(page.totalPages))" : ""
    let others =
      page.otherRows > 0
      ? " (\(Format.count(page.otherRows, "row")) that \(page.otherRows == 1 ? "is" : "are") not a film left out)"
      : ""
    // The summary, shortened to fit: the count is what matters.
    let count = Format.count(page.totalResults, "film")
    let summary = [count + pages + others, count + pages, count].first {
      $0.columns <= Output.width
    }
    Output.print(Output.style(summary ?? count, "2") + "\n")
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
  var runtime: String
  var id: String
}

/// The column widths of the results table on a terminal `width` columns wide; no line is
/// wider. The title comes first: while a title of up to ``titleWanted`` columns would not
/// fit, columns are left out — the votes, then the rating, the year and the runtime (shown
/// only when asked for), in that order; never the ID, which `details` needs. The genres column takes what a title of up to 30 columns
/// leaves, and is left out first, when less than 10 columns are left for it. A title too
/// long is cut in the middle, its end kept ("The Lord of the … the King").
private struct TableLayout {
  enum Column: CaseIterable {
    case year, runtime, rating, votes, id
  }

  /// Below this many columns a title is cut only when nothing else can be left out.
  static let titleWanted = 20
  /// The runtime column: "Runtime" and "9999 min" fit.
  static let runtimeWidth = 8

  let rank: Int
  let title: Int
  let genres: Int
  let votes: Int
  let id: Int
  let shown: Set<Column>

  init(_ rows: [Row], width: Int, runtimes: Bool) {
    rank = max(1, rows.map(\.rank.count).max() ?? 1)
    votes = max(5, rows.map(\.votes.count).max() ?? 5)
    id = max(2, rows.map(\.id.count).max() ?? 2)
    let titles = max(5, rows.map(\.title.columns).max() ?? 5)
    let widths: [Column: Int] = [
      .year: 4, .runtime: Self.runtimeWidth, .rating: 6, .votes: votes, .id: id,
    ]
    // The rank, its gap, and each shown column with its gap: all but the title and genres.
    let rankWidth = rank
    var shown = Set(Column.allCases)
    // Asked for, and known (TMDb's rows do not say it).
    if !runtimes || rows.allSatisfy(\.runtime.isEmpty) { shown.remove(.runtime) }
    func fixed() -> Int { rankWidth + shown.reduce(0) { $0 + widths[$1]! + 2 } + 2 }
    for column in [Column.votes, .rating, .year, .runtime]
    where fixed() + min(titles, Self.titleWanted) > width {
      shown.remove(column)
    }
    let genresWanted = rows.map(\.genres.columns).max() ?? 0
    let genresRoom = width - fixed() - min(titles, 30) - 2
    let genres = genresWanted > 0 && genresRoom >= 10 ? min(max(6, genresWanted), genresRoom) : 0
    title = max(1, min(titles, width - fixed() - (genres > 0 ? genres + 2 : 0)))
    self.genres = genres
    self.shown = shown
  }

  func line(_ row: Row) -> String {
    let (shownTitle, matches) = row.title.cutInTheMiddle(to: title, matches: row.matches)
    var cells = [
      String(repeating: " ", count: rank - row.rank.count) + row.rank,
      Output.highlight(shownTitle, matches)
        + String(repeating: " ", count: max(0, title - shownTitle.columns)),
    ]
    if shown.contains(.year) { cells.append(row.year.padded(to: 4)) }
    if shown.contains(.runtime) {
      cells.append(
        String(repeating: " ", count: max(0, Self.runtimeWidth - row.runtime.count))
          + row.runtime)
    }
    if genres > 0 { cells.append(row.genres.truncated(to: genres).padded(to: genres)) }
    if shown.contains(.rating) {
      cells.append(String(repeating: " ", count: 6 - row.rating.count) + row.rating)
    }
    if shown.contains(.votes) {
      cells.append(String(repeating: " ", count: votes - row.votes.count) + row.votes)
    }
    if shown.contains(.id) {
      cells.append(String(repeating: " ", count: id - row.id.count) + row.id)
    }
    // A title last (every other column left out) is not padded to the edge.
    var line = cells.joined(separator: "  ")
    while line.last == " " { line.removeLast() }
    return line
  }
}

extension String {
  /// The text in at most `width` columns, cut in the middle with "…" (the beginning gets
  /// the larger half: a title is known by its start, told apart by its end), and the
  /// `matches` (character offsets) moved to where their characters are now.
  func cutInTheMiddle(to width: Int, matches: [Range<Int>]) -> (String, [Range<Int>]) {
    guard columns > width else { return (self, matches) }
    guard width > 4 else { return (truncated(to: width), matches) }
    let characters = Array(self)
    let headRoom = (width - 1 + 1) / 2
    var head = 0
    var used = 0
    while head < characters.count, used + String(characters[head]).columns <= headRoom {
      used += String(characters[head]).columns
      head += 1
    }
    var tail = characters.count
    while tail > head, used + 1 + String(characters[tail - 1]).columns <= width {
      used += String(characters[tail - 1]).columns
      tail -= 1
    }
    var shownHead = String(characters[..<head])
    while shownHead.last == " " { shownHead.removeLast() }
    var shownTail = String(characters[tail...])
    while shownTail.first == " " {
      shownTail.removeFirst()
      tail += 1
    }
    let cut = shownHead.count
    let moved = matches.flatMap { range -> [Range<Int>] in
      var parts: [Range<Int>] = []
      let before = range.clamped(to: 0..<cut)
      if !before.isEmpty { parts.append(before) }
      let after = range.clamped(to: tail..<characters.count)
      if !after.isEmpty {
        parts.append((after.lowerBound - tail + cut + 1)..<(after.upperBound - tail + cut + 1))
      }
      return parts
    }
    return (shownHead + "…" + shownTail, moved)
  }
}
