import MovieSearch

/// The finder's view: a frame is a pure function of the state, the viewport and the style —
/// it reads no global. Lines are at most the viewport's width; styles are applied after the
/// text is cut, so that escape codes never count as width.
extension FinderState {
  /// What a frame draws: the bytes to write, and the lines they leave on the screen (the
  /// next frame writes only the lines that differ).
  struct Frame: Equatable {
    var text: String
    var lines: [String]
  }

  /// A line before styling: its text, its style (SGR codes), and the parts to mark (matched
  /// characters of a title, as offsets in the text).
  private typealias Line = (text: String, style: String?, marks: [Range<Int>])

  private static let spinnerFrames = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]
  private var spinner: String { Self.spinnerFrames[frame % Self.spinnerFrames.count] }

  /// The screen's lines, each at most `size.columns` wide; styled when `colour`.
  func lines(colour: Bool) -> [String] {
    let width = max(1, size.columns)
    if let details {
      let all = detailsLines(details.state, of: details.pick, width: width)
      var lines: [Line] = all.dropFirst(detailsScroll).prefix(detailsRows).map { ($0.0, $0.1, []) }
      lines += Array(repeating: ("", nil, []), count: max(0, detailsRows - lines.count))
      lines.append(("", nil, []))
      let scrolls = all.count > detailsRows ? "↑/↓ PgUp/PgDn scroll · " : ""
      lines.append(("\(scrolls)Esc or q back · Ctrl-C quit", "2", []))
      return lines.prefix(max(1, size.rows)).map { styled($0, width: width, colour: colour) }
    }
    let listWidth = listWidth
    let rows = listRows
    // Whether the list answers the field reads its tokens: once a frame, not once a row.
    let dim = !isCurrent
    var list = listed.indices.dropFirst(firstShown).prefix(rows).map {
      row(at: $0, width: listWidth, dim: dim, colour: colour)
    }
    // The rows in screen order: with the prompt at the bottom the list fills its area (fzf's
    // default runs it upwards from the prompt), so that the prompt stays on the last row.
    let padding = Array(repeating: "", count: max(0, rows - list.count))
    switch look.layout {
    case .reverse: break
    case .default: list = padding + list.reversed()
    case .reverseList: list += padding
    }
    if isPreviewShown {
      list = area(
        list: list, pane: previewLines(width: paneSize.columns, colour: colour), colour: colour)
    }
    let lines = arranged(
      prompt: promptLine(look.prompt, width: width, colour: colour),
      status: styled(status(), width: width, colour: colour),
      header: look.header.map { styled(($0, "1;34", []), width: width, colour: colour) },
      list: list, help: styled((helpLine, "2", []), width: width, colour: colour))
    return Array(lines.prefix(max(1, size.rows)))
  }

  /// The column of the cursor in the search field, from 0.
  var cursorColumn: Int {
    var scroll = scroll
    return promptWidth
      + editor.window(width: max(1, size.columns) - promptWidth, scroll: &scroll).cursorColumn
  }

  private var helpLine: String {
    let enter = printsID ? (multi ? "prints the ids" : "prints the id") : "details"
    return "↑/↓ choose · \(multi ? "Tab mark · " : "")Enter \(enter) · Esc quit"
  }

  /// How many lines the details shown have (for scrolling them).
  var detailsLineCount: Int {
    details.map { detailsLines($0.state, of: $0.pick, width: max(1, size.columns)).count } ?? 0
  }

  /// One row of the list: the title cut in the middle to fit, its year and rating always
  /// shown; `dim` while it is not the answer for the field.
  private func row(at index: Int, width: Int, dim: Bool, colour: Bool) -> String {
    let movie = listed[index]
    let year = movie.year.map { " (\($0))" } ?? ""
    let rating = movie.voteCount > 0 ? "  \(Format.rating(movie.voteAverage))" : ""
    // A film only TMDb knows, beside the catalog's (newer than it, say) — not among the
    // popular films, which are all of one source.
    let idle = if case .idle = state { true } else { false }
    let source = movie.source == .tmdb && !idle ? "  TMDb" : ""
    let suffix = year + rating + source
    let (title, listedMatches) = movie.listedTitle
    // The highlight's pointer, then (with --multi) a marker for a film marked with Tab, then
    // a space: blanks as wide where there is none.
    let pointer = index == selected ? look.pointer : blank(look.pointer)
    let mark =
      multi ? (marked.contains(ids.text(movie)) ? look.marker : blank(look.marker)) : ""
    let room = max(1, width - pointer.columns - mark.columns - 1 - suffix.columns)
    // Cut in the middle, as the tables cut: the ends tell films of one series apart.
    let (shown, matches) = title.cutInTheMiddle(to: room, matches: listedMatches)
    let text = "\(pointer)\(mark) \(shown)\(suffix)"
    let before = pointer.count + mark.count + 1
    let marks = matches.map { $0.lowerBound + before..<$0.upperBound + before }
    let style: String? =
      index == selected ? (dim ? "2;7" : "7") : (dim ? "2" : nil)
    let padded = index == selected ? text.truncated(to: width).padded(to: width) : text
    return styled((padded, style, marks), width: width, colour: colour)
  }

  /// Spaces as wide as `glyph`.
  private func blank(_ glyph: String) -> String {
    String(repeating: " ", count: glyph.columns)
  }

  private func status() -> Line {
    var line = searchStatus()
    let filters = filterNote
    if !filters.text.isEmpty {
      // What is wrong with a token comes before the count, where it is seen.
      line =
        filters.problem
        ? (String(filters.text.dropFirst(3)) + " · " + line.0, line.1 ?? Self.problemStyle, [])
        : (line.0 + filters.text, line.1, [])
    }
    guard editor.wasCut else { return line }
    // First, so that a long status (the query quoted) cannot push it off the line.
    let note =
      "The field holds \(Format.count(LineEditor.capacity)) characters; the rest was dropped."
    return (note + " · " + line.0, line.1 ?? "33", [])
  }

  private func searchStatus() -> Line {
    if !isCurrent {
      let waiting = query.isEmpty ? spinner : "\(spinner) Searching “\(query)”…"
      return (waiting + (enterPending ? " Enter opens the first result." : ""), nil, [])
    }
    switch state {
    case .idle(let popular):
      return (
        popular.isEmpty ? "Type a title." : "Popular films · \(Format.count(popular.count))", nil,
        []
      )
    case .loading(let query, _) where query.isEmpty: return ("\(spinner) Listing…", nil, [])
    case .loading(let query, _): return ("\(spinner) Searching “\(query)”…", nil, [])
    // As fzf counts: the films listed out of those that match.
    case .success(let query, let movies, let total, _, let complete, let notice):
      // With TMDb beside the catalog: whether its films are still awaited, or why they are
      // missing.
      let online = complete ? notice.map { " · \($0)" } ?? "" : " · \(spinner) asking TMDb…"
      let counted = "\(count(movies.count, of: total))\(markedCount)\(online)"
      return (counted + coverage(query, movies.first, after: counted), nil, [])
    case .loadingMore(_, let movies, let total, _):
      return ("\(spinner) \(count(movies.count, of: total)), loading more…", nil, [])
    case .moreFailed(_, _, _, let message, _): return (message, "31", [])
    case .noResults(let query, _) where query.isEmpty:
      return ("No films match these filters.", nil, [])
    case .noResults(let query, let filter):
      let text =
        "No films match “\(query)”\(filter == MovieFilter() ? "" : " with these filters")."
      return (text + coverage(query, nil, after: text), nil, [])
    case .failure(_, let message, _): return (message + " · Ctrl-R retries", "31", [])
    }
  }

  /// " · The built-in catalog covers films to 2005; …" when the answer suggests the film
  /// asked for is not in it (see ``CoverageNote``), else nothing; its short form when the
  /// whole would not fit beside `text`.
  private func coverage(_ query: String, _ best: Movie?, after text: String) -> String {
    guard let coverageNote, let note = coverageNote.note(for: MovieQuery(query), best: best)
    else { return "" }
    let fits = text.count + 3 + note.count <= size.columns
    return " · " + (fits ? note : coverageNote.shortText)
  }

  /// "20/51 films", or "51 films" when all are listed.
  private func count(_ listed: Int, of total: Int) -> String {
    total > listed
      ? "\(Format.count(listed))/\(Format.count(total, "film"))" : Format.count(total, "film")
  }

  private var markedCount: String {
    multi && !marked.isEmpty ? " · \(Format.count(marked.count)) marked" : ""
  }

  private func previewLines(width: Int, colour: Bool) -> [String] {
    let lines = paneText(width: width)
    return lines.dropFirst(min(previewScroll, max(0, lines.count - 1))).map {
      styled(($0.0, $0.1, []), width: width, colour: colour)
    }
  }

  /// The preview pane's lines before styling: the command's output, or the details.
  private func paneText(width: Int) -> [(String, String?)] {
    guard width > 0 else { return [] }
    if let command = paneLines(width: width) { return command }
    if let preview { return detailsLines(preview.state, of: preview.pick, width: width) }
    return []
  }

  /// How far the preview pane scrolls: to its last line at the top, as fzf's.
  var mostPreviewScroll: Int {
    max(0, paneText(width: paneSize.columns).count - 1)
  }

  /// The lines of the details of the row `pick`, their ids printed as ``ids`` says for where
  /// they came from (the catalog's for a film only it has, or when TMDb could not give those
  /// of a film both have).
  private func detailsLines(_ state: MovieDetailsState, of pick: MoviePick, width: Int)
    -> [(String, String?)]
  {
    switch state {
    case .loading: [("\(spinner) Loading details…", nil)]
    case .failure(let message): [(message, "31")]
    case .success(let film, let poster):
      DetailsText.lines(
        film, poster: poster, width: width,
        idPrefix: pick.source.map { source in
          ids.prefix(for: source == .catalog || film.movie.id != pick.id ? .catalog : .tmdb)
        } ?? "")
    }
  }

  private func styled(_ line: Line, width: Int, colour: Bool) -> String {
    let text = Output.highlight(
      line.text.printable.truncated(to: width), line.marks, colour: colour)
    guard colour, let style = line.style else { return text }
    return "\u{1B}[\(style)m\(text)\u{1B}[0m"
  }

  /// The bytes that turn the screen of `previous` lines into this one, in `viewport`: only
  /// the lines that changed are written (typing changes the prompt and the status, rarely
  /// the whole list — fewer bytes, a faster screen). With no previous lines, the whole
  /// screen: home, each line cleared to its end, the rest cleared; then the cursor in the
  /// search field (hidden over the details).
  func frame(after previous: [String]?, in viewport: Viewport, colour: Bool) -> Frame {
    let inside = lines(colour: colour)
    let lines = look.border ? bordered(inside, colour: colour) : inside
    let (row, column) = look.border ? (promptRow + 1, cursorColumn + 2) : (promptRow, cursorColumn)
    var output: String
    if let previous {
      output = ""
      for (row, line) in lines.enumerated() where row >= previous.count || previous[row] != line {
        output += viewport.move(to: row) + line + "\u{1B}[K"
      }
      if previous.count > lines.count { output += viewport.move(to: lines.count) + "\u{1B}[J" }
    } else {
      // No line break after the last line: on the bottom row it would scroll the screen.
      output = viewport.origin + lines.map { $0 + "\u{1B}[K" }.joined(separator: "\r\n")
      output += "\u{1B}[J"
    }
    if details == nil {
      output +=
        viewport.move(to: row) + "\u{1B}[\(min(viewport.columns, column + 1))G\u{1B}[?25h"
    } else {
      output += "\u{1B}[?25l"
    }
    return Frame(text: output, lines: lines)
  }
}
