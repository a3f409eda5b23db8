/// A search field's text read as fzf reads its own: filter tokens, and the title query that
/// is the rest of the text.
///
/// | token | filter |
/// |---|---|
/// | `genre:comedy`, `genre:comedy,drama`, `genre:comedy+drama` | that genre; any of them; all of them (several genre tokens: all) |
/// | `year:1994`, `year:1990..1999`, `year:2000..`, `year:>2000`, `year:90s` | the years |
/// | `rating:7.5`, `rating:>7.5` | rated at least 7.5; more than 7.5 |
/// | `votes:1000`, `votes:>10k` | at least 1,000 votes; more than 10,000 |
/// | `runtime:<100`, `runtime:>=90`, `runtime:90..120` | the length in minutes |
/// | `by:kubrick`, `by:"stanley kubrick"` | a director's or an actor's name |
/// | `cert:pg-13` | a certification |
/// | `sort:rating`, `sort:year:asc` | the order (as `--sort`) |
///
/// A word is a token only when its key is one of these (`mission:impossible` stays a title
/// word). A token whose value cannot be read is not applied and not searched either: its
/// ``Token/isProblem`` is set and its summary says what is wrong, so that a token half typed (`rating:>`) neither
/// filters nor becomes a word of the title. Each number is checked against the range of its
/// flag before it is used. A token replaces what the starting filter (the command's flags)
/// said of the same thing.
public struct FilteredText: Sendable, Hashable {
  /// The text without its tokens: what is searched as a title.
  public var title: String
  /// The starting filter with the tokens applied.
  public var filter: MovieFilter
  /// The tokens, in the order typed.
  public var tokens: [Token]

  /// A filter token of the text.
  public struct Token: Sendable, Hashable {
    /// Where it is in the text, in characters.
    public var range: Range<Int>
    /// What it filters, in a few words ("Comedy", "1990–1999", "rated ≥ 7.5"), or what is
    /// wrong with it.
    public var summary: String
    /// Whether it could not be read (``summary`` says why); such a token is not applied.
    public var isProblem: Bool
  }

  /// Reads `text` on top of `base`; `genres` are the genre names a token may name (a
  /// unique beginning is enough: `genre:sci`), or `nil` to take any name as typed;
  /// `knowsPeople` false makes a `by:` token a problem (the source has no people to filter).
  public init(
    _ text: String, base: MovieFilter = MovieFilter(), genres: [String]? = nil,
    knowsPeople: Bool = true
  ) {
    let characters = Array(text)
    var title: [Character] = []
    var reader = TokenReader(filter: base, genres: genres, knowsPeople: knowsPeople)
    var tokens: [Token] = []
    var index = 0
    while index < characters.count {
      guard !characters[index].isWhitespace else {
        title.append(characters[index])
        index += 1
        continue
      }
      let word = Self.word(in: characters, from: index)
      if let token = reader.read(String(characters[word]), at: word) {
        tokens.append(token)
      } else {
        title += characters[word]
      }
      index = word.upperBound
    }
    self.title = String(title).split(whereSeparator: \.isWhitespace).joined(separator: " ")
    self.filter = reader.filter
    self.tokens = tokens
  }

  /// The word starting at `start`: up to the next space, or, once a value opens with a
  /// quote (`by:"stanley kubrick"`), up to the closing quote (or the end, while it is typed).
  private static func word(in characters: [Character], from start: Int) -> Range<Int> {
    var end = start
    var quoted = false
    while end < characters.count, quoted || !characters[end].isWhitespace {
      if characters[end] == "\"", end > start, characters[end - 1] == ":" || quoted {
        quoted.toggle()
      }
      end += 1
    }
    return start..<end
  }
}

/// Reads tokens one at a time into a filter.
private struct TokenReader {
  var filter: MovieFilter
  let genres: [String]?
  let knowsPeople: Bool
  /// Genre tokens read so far (several: a film needs all of them).
  var genreTokens = 0

  /// A problem with a token, as its summary.
  struct Problem: Error {
    var text: String
    init(_ text: String) { self.text = text }
  }

  enum Key: String {
    case genre, year, rating, votes, runtime, by, cert, sort
  }

  static let aliases: [String: Key] = [
    "genre": .genre, "genres": .genre, "year": .year, "years": .year, "rating": .rating,
    "votes": .votes, "runtime": .runtime, "by": .by, "person": .by, "cert": .cert,
    "certification": .cert, "sort": .sort,
  ]

  /// The token `word` is, applied; `nil` when it is no token (a title word).
  mutating func read(_ word: String, at range: Range<Int>) -> FilteredText.Token? {
    guard let colon = word.firstIndex(of: ":"),
      let key = Self.aliases[word[..<colon].lowercased()]
    else { return nil }
    var value = String(word[word.index(after: colon)...])
    if value.hasPrefix("\"") {
      value = String(value.dropFirst().prefix { $0 != "\"" })
    }
    value = value.trimmingCharacters(in: .whitespaces)
    do throws(Problem) {
      guard !value.isEmpty else { throw Problem("\(key.rawValue): needs a value") }
      let summary = try apply(key, value)
      return FilteredText.Token(range: range, summary: summary, isProblem: false)
    } catch {
      return FilteredText.Token(range: range, summary: error.text, isProblem: true)
    }
  }

  private mutating func apply(_ key: Key, _ value: String) throws(Problem) -> String {
    switch key {
    case .genre:
      let all = value.contains("+")
      let names = try value.split(whereSeparator: { $0 == "," || $0 == "+" }).map {
        (name) throws(Problem) in try genre(String(name))
      }
      guard !names.isEmpty else { throw Problem("genre: needs a name") }
      if genreTokens > 0, !all, names.count > 1 {
        throw Problem("genre: several genre tokens need all of theirs: use '+', not ','")
      }
      filter.genres = genreTokens == 0 ? names : filter.genres + names
      filter.allGenres = all || genreTokens > 0
      genreTokens += 1
      return names.joined(separator: all ? " and " : " or ")
    case .year:
      let years = try Self.years(value)
      (filter.fromYear, filter.toYear) = (years.lower, years.upper)
      return filter.yearsDescription ?? value
    case .rating:
      let (comparison, number) = Self.comparison(value)
      guard comparison != "<", comparison != "<=",
        let rating = Double(number), rating.isFinite, MovieFilter.ratings.contains(rating)
      else { throw Problem("rating: needs a number from 0 to 10, such as >7.5") }
      filter.minRating = comparison == ">" ? rating.nextUp : rating
      return "rated \(comparison == ">" ? ">" : "≥") \(number)"
    case .votes:
      let (comparison, number) = Self.comparison(value)
      guard comparison != "<", comparison != "<=", let votes = Self.count(number) else {
        throw Problem("votes: needs a count, such as >1000 or 10k")
      }
      filter.minVotes = comparison == ">" ? votes + 1 : votes
      return "\(comparison == ">" ? ">" : "≥") \(number) votes"
    case .runtime:
      let bounds = try Self.runtime(value)
      (filter.minRuntime, filter.maxRuntime) = (bounds.lower, bounds.upper)
      switch (bounds.lower, bounds.upper) {
      case (let lower?, let upper?): return "\(lower)–\(upper) min"
      case (let lower?, nil): return "≥ \(lower) min"
      default: return "≤ \(bounds.upper ?? 0) min"
      }
    case .by:
      guard knowsPeople else {
        throw Problem("by: this catalog has no people (build one from IMDb's files to have them)")
      }
      let name = value.replacingOccurrences(of: "_", with: " ")
      filter.person = name
      return "with \(name)"
    case .cert:
      guard let certification = MovieFilter.certification(named: value) else {
        throw Problem("cert: one of \(MovieFilter.certifications.joined(separator: ", "))")
      }
      filter.certification = certification
      return certification
    case .sort:
      guard let sort = MovieFilter.Sort(parsing: value) else {
        let keys = MovieFilter.Sort.Key.allCases.map(\.rawValue).joined(separator: ", ")
        throw Problem("sort: one of \(keys), with :asc or :desc")
      }
      filter.sort = sort
      return
        "by \(sort.key.rawValue)\(sort.ascending == (sort.key == .title) ? "" : sort.ascending ? " ↑" : " ↓")"
    }
  }

  /// A genre name as the catalog spells it: the same name (any case, `sci-fi` for `Science
  /// Fiction`), else the only one it begins.
  private func genre(_ typed: String) throws(Problem) -> String {
    let typed = typed.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: "_", with: " ")
    guard let genres else { return typed }
    let key = MovieFilter.genreKey(typed)
    if let same = genres.first(where: { MovieFilter.genreKey($0) == key }) { return same }
    let begun = genres.filter { $0.lowercased().hasPrefix(typed.lowercased()) }
    if begun.count == 1 { return begun[0] }
    if begun.isEmpty { throw Problem("genre: no genre “\(typed.prefix(30))”") }
    throw Problem("genre: “\(typed)” could be \(begun.prefix(4).joined(separator: ", "))")
  }

  /// `<` `<=` `>` `>=` or nothing, and the rest (see ``RangeText/comparison(_:)``).
  private static func comparison(_ value: String) -> (String, String) {
    let (sign, rest) = RangeText.comparison(value)
    return (sign, String(rest))
  }

  /// A count: `1000`, `1,000`, `10k`, `1.5m`; at most `Int32.max`.
  private static func count(_ text: String) -> Int? {
    var text = text.lowercased().replacingOccurrences(of: ",", with: "")
    var scale = 1.0
    if text.hasSuffix("k") { (scale, text) = (1e3, String(text.dropLast())) }
    if text.hasSuffix("m") { (scale, text) = (1e6, String(text.dropLast())) }
    guard let number = Double(text) else { return nil }
    return Int(outside: number * scale, in: MovieFilter.voteCounts)
  }

  private static let yearRange = MovieFilter.years

  /// `1994`, `1990..1999`, `2000..`, `..1950`, `>2000`, `<=1950`, a decade (`1990s`, `90s`,
  /// `'90s`).
  private static func years(_ value: String) throws(Problem) -> (lower: Int?, upper: Int?) {
    let problem = Problem(
      "year: needs a year from \(yearRange.lowerBound) to \(yearRange.upperBound), a range 1990..1999, or 90s"
    )
    if let decade = MovieFilter.decade(value) { return (decade, decade + 9) }
    return try bounds(value, in: yearRange, bare: { ($0, $0) }, problem: problem)
  }

  private static func runtime(_ value: String) throws(Problem) -> (lower: Int?, upper: Int?) {
    let problem = Problem("runtime: minutes as <100, >90 or 90..120")
    return try bounds(value, in: MovieFilter.runtimes, bare: { _ in nil }, problem: problem)
  }

  /// A range (see ``RangeText``); `bare` says what one number means (`nil`: it is a
  /// problem).
  private static func bounds(
    _ value: String, in range: ClosedRange<Int>, bare: (Int) -> (Int?, Int?)?,
    problem: Problem
  ) throws(Problem) -> (lower: Int?, upper: Int?) {
    switch try? RangeText.read(value, in: range) {
    case .bounds(let lower, let upper): return (lower, upper)
    case .number(let number):
      guard let meaning = bare(number) else { throw problem }
      return meaning
    case nil: throw problem
    }
  }
}
