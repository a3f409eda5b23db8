import MovieSearch

/// What the interactive screen shows, and how keys change it. Drawing is a pure function of
/// this state and the terminal size.
struct InteractiveScreen {
  enum Action: Equatable {
    case none
    case search(String)
    case select(Int)
    case closeDetails
    case quit(Int32)
  }

  var size: (columns: Int, rows: Int)
  var text = ""
  var state = MoviesSearchState.initial
  var selected = 0
  var details: (id: Int, state: MovieDetailsState)?
  var frame = 0
  /// Whether matched parts of titles are marked (bold, underlined): when colour is allowed.
  var colour = Output.useColour

  private static let spinner = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]

  /// The films listed now: search results, or popular films while idle.
  var movies: [Movie] {
    switch state {
    case .success(_, let movies, _): movies
    case .idle(let popular): popular
    default: []
    }
  }

  mutating func handle(_ key: Key) -> Action {
    if key == .interrupt { return .quit(130) }
    if key == .endOfInput { return .quit(0) }
    if details != nil {
      guard key == .escape || key == .backspace else { return .none }
      details = nil
      return .closeDetails
    }
    switch key {
    case .character(let character):
      text.append(character)
      return .search(text)
    case .backspace:
      guard !text.isEmpty else { return .none }
      text.removeLast()
      return .search(text)
    case .clearLine:
      text = ""
      return .search(text)
    case .up:
      selected = max(0, selected - 1)
    case .down:
      selected = min(max(0, movies.count - 1), selected + 1)
    case .enter:
      guard movies.indices.contains(selected) else { return .none }
      return .select(movies[selected].id)
    case .escape:
      return .quit(0)
    case .interrupt:
      return .quit(130)
    case .endOfInput:
      return .quit(0)
    }
    return .none
  }

  mutating func show(_ state: MoviesSearchState) {
    self.state = state
    selected = min(selected, max(0, movies.count - 1))
  }

  mutating func openDetails(_ id: Int) {
    details = (id, .loading)
  }

  mutating func show(_ state: MovieDetailsState, id: Int) {
    guard details?.id == id else { return }
    details = (id, state)
  }

  /// Advances the spinner and notes a new terminal size; `true` when a redraw is needed.
  mutating func tick(size: (columns: Int, rows: Int)) -> Bool {
    let resized = size != self.size
    self.size = size
    if isLoading { frame += 1 }
    return resized || isLoading
  }

  /// Whether a spinner shows: a search or the details are loading.
  var isLoading: Bool {
    if let details { return details.state == .loading }
    if case .loading = state { return true }
    return false
  }

  /// The screen's lines, each at most `size.columns` wide (styles are applied after the
  /// text is cut, so that escape codes never count as width).
  func lines() -> [String] {
    let width = max(1, size.columns)
    // `marks`: the matched parts of a film's title, as offsets in the line.
    var lines: [(text: String, style: String?, marks: [Range<Int>])] = []
    if let details {
      lines += detailsLines(details.state, width: width).map { ($0.0, $0.1, []) }
      lines.append(("", nil, []))
      lines.append(("Esc back · Ctrl-C quit", "2", []))
    } else {
      lines.append(("Search: " + text, nil, []))
      let status = status()
      lines.append((status.0, status.1, []))
      let room = max(0, size.rows - lines.count - 1)
      let first = max(0, min(selected - room + 1, movies.count - room))
      for (index, movie) in movies.enumerated().dropFirst(first).prefix(room) {
        let year = movie.year.map { " (\($0))" } ?? ""
        let rating = movie.voteCount > 0 ? "  \(Format.rating(movie.voteAverage))" : ""
        let row = "\(index == selected ? ">" : " ") \(movie.title.printable)\(year)\(rating)"
        let marks = movie.titleMatches.map { $0.lowerBound + 2..<$0.upperBound + 2 }
        lines.append(
          index == selected
            ? (row.truncated(to: width).padded(to: width), "7", marks) : (row, nil, marks))
      }
      lines.append(("↑/↓ choose · Enter details · Esc quit", "2", []))
    }
    return lines.prefix(max(1, size.rows)).map { line in
      let text = Output.highlight(
        line.text.printable.truncated(to: width), line.marks, colour: colour)
      return line.style.map { Output.style(text, $0) } ?? text
    }
  }

  private func status() -> (String, String?) {
    switch state {
    case .idle(let popular): (popular.isEmpty ? "Type a title." : "Popular films", nil)
    case .loading(let query):
      ("\(Self.spinner[frame % Self.spinner.count]) Searching “\(query)”…", nil)
    case .success(_, let movies, let total):
      (
        "\(Format.count(total, "film"))\(total > movies.count ? ", first \(movies.count) shown" : "")",
        nil
      )
    case .noResults(let query): ("No films match “\(query)”.", nil)
    case .failure(_, let message): (message, "31")
    }
  }

  private func detailsLines(_ state: MovieDetailsState, width: Int) -> [(String, String?)] {
    switch state {
    case .loading: [("\(Self.spinner[frame % Self.spinner.count]) Loading details…", nil)]
    case .failure(let message): [(message, "31")]
    case .success(let film, let poster):
      DetailsCommand.lines(film, poster: poster, width: width)
    }
  }

  /// Draws the whole screen: home, each line cleared to its end, the rest cleared, and the
  /// cursor after the search text.
  func draw() {
    // No line break after the last line: on the bottom row it would scroll the screen.
    var output = "\u{1B}[H" + lines().map { $0 + "\u{1B}[K" }.joined(separator: "\r\n")
    output += "\u{1B}[J"
    if details == nil {
      output += "\u{1B}[1;\(min(size.columns, 9 + text.columns))H\u{1B}[?25h"
    } else {
      output += "\u{1B}[?25l"
    }
    Output.print(output)
  }
}
