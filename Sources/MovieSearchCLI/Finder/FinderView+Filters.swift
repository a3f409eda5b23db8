import MovieSearch

/// How the finder shows filters: the tokens of the field in colour, and the filter in
/// effect in the status line.
extension FinderState {
  /// The style of a filter token in the field: cyan when applied, yellow when it cannot be
  /// read.
  static let tokenStyle = "36"
  static let problemStyle = "33"

  /// The prompt line: `prompt` and the visible part of the field, its tokens in colour.
  func promptLine(_ prompt: String, width: Int, colour: Bool) -> String {
    var scroll = scroll
    let field = editor.window(width: width - promptWidth, scroll: &scroll)
    let text = (prompt + field.text).printable.truncated(to: width)
    guard colour else { return text }
    // A token's characters, as offsets in the line: the window starts at `scroll` (after
    // a "…" when scrolled).
    let shift = prompt.count - scroll + (scroll > 0 ? 1 : 0)
    let limit = text.count - (text.hasSuffix("…") ? 1 : 0)
    let painted = request.tokens.compactMap { token -> (Range<Int>, String)? in
      let lower = max(token.range.lowerBound + shift, prompt.count + (scroll > 0 ? 1 : 0))
      let upper = min(token.range.upperBound + shift, limit)
      guard lower < upper else { return nil }
      return (lower..<upper, token.isProblem ? Self.problemStyle : Self.tokenStyle)
    }
    return Self.paint(text, painted)
  }

  /// `text` with each range in its style.
  static func paint(_ text: String, _ ranges: [(Range<Int>, String)]) -> String {
    guard !ranges.isEmpty else { return text }
    var result = ""
    var current: String?
    for (offset, character) in text.enumerated() {
      let style = ranges.first { $0.0.contains(offset) }?.1
      if style != current {
        result += style.map { "\u{1B}[\($0)m" } ?? "\u{1B}[39m"
        current = style
      }
      result.append(character)
    }
    return current == nil ? result : result + "\u{1B}[39m"
  }

  /// What the filter in effect is, for the status line: " · Comedy · 1990–1999 · by
  /// rating"; what is wrong with a token first, when one cannot be read.
  var filterNote: (text: String, problem: Bool) {
    let request = request
    let problems = request.tokens.filter(\.isProblem).map(\.summary)
    let parts = request.filter.summaryParts
    return (((problems + parts).map { " · " + $0 }).joined(), !problems.isEmpty)
  }
}

extension MovieFilter {
  /// The filter in a few words a part: "Comedy or Drama", "1990–1999", "rated ≥ 7.5",
  /// "≥ 1,000 votes", "90–120 min", "PG-13", "with kubrick", "by rating".
  var summaryParts: [String] {
    var parts: [String] = []
    if !genres.isEmpty { parts.append(genres.joined(separator: allGenres ? " and " : " or ")) }
    if let years = yearsDescription { parts.append(years) }
    if let minRating {
      // `rating:>8.4` is kept as the number just above 8.4: said as it was typed.
      let below = minRating.nextDown
      let strict =
        (below * 10).rounded() == below * 10 && (minRating * 10).rounded() != minRating * 10
      parts.append("rated \(strict ? ">" : "≥") \(Format.rating(strict ? below : minRating))")
    }
    if let minVotes { parts.append("≥ \(Format.count(minVotes, "vote"))") }
    switch (minRuntime, maxRuntime) {
    case (let lower?, let upper?): parts.append("\(lower)–\(upper) min")
    case (let lower?, nil): parts.append("≥ \(lower) min")
    case (nil, let upper?): parts.append("≤ \(upper) min")
    case (nil, nil): break
    }
    if let certification { parts.append(certification) }
    if let person { parts.append("with \(person)") }
    if sort != Sort() {
      let natural = sort.ascending == Sort(sort.key).ascending
      parts.append("by \(sort.key.rawValue)\(natural ? "" : sort.ascending ? " ↑" : " ↓")")
    }
    return parts
  }
}
