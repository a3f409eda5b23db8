/// The pages of a list loaded so far: their films, in order and each once, the last page's
/// number, and the totals — with the rules that end a list a server would otherwise make
/// endless or repeat (another page than the one asked for, an empty page, pages that bring
/// nothing new). The view models' lists and the command line's `--all` follow
/// them alike.
public struct MoviePages: Sendable {
  /// The films listed, in order, each once.
  public private(set) var movies: [Movie] = []
  var listed: Set<Int> = []
  /// The number of the last page added.
  public private(set) var page = 0
  /// How many films the list has, as the server said (or, once it ended, as listed).
  public private(set) var total = 0
  /// How many pages the list has (at most ``MoviePage/maxPage``).
  public private(set) var totalPages = 0
  /// Pages in a row that moved on but brought no new film.
  var fruitless = 0

  /// How many pages in a row may bring nothing new before the list is taken as complete.
  public static let fruitlessLimit = 3

  /// An empty list: no page added yet.
  public init() {}

  /// Whether no page follows the last one added.
  public var isComplete: Bool { page >= totalPages }

  /// Appends a page's films not listed yet (a list that changed between two requests may
  /// repeat a row). When the page ends the list before its totals said — the server sent
  /// another page than `asked`, or pages that bring nothing new — the list is complete as
  /// it is, and the reason is returned.
  @discardableResult public mutating func add(_ loaded: MoviePage, asked: Int? = nil) -> String? {
    if let asked, loaded.page != asked {
      // The server did not move on: asking again would bring the same page for ever.
      end()
      return "No more pages: asked for page \(asked), the server sent page \(loaded.page)."
    }
    page = loaded.page
    total = loaded.totalResults
    // An empty page past the first ends the list, whatever the totals said; a page of rows
    // that are not films does not.
    let empty = loaded.results.isEmpty && loaded.skippedRows == 0
    totalPages = empty ? page : min(loaded.totalPages, MoviePage.maxPage)
    let before = movies.count
    for movie in loaded.results where listed.insert(movie.id).inserted {
      movies.append(movie)
    }
    fruitless = movies.count > before || empty ? 0 : fruitless + 1
    if fruitless >= Self.fruitlessLimit, page < totalPages {
      end()
      return "No more pages: \(Self.fruitlessLimit) pages in a row brought no new film."
    }
    if page >= totalPages { total = min(total, movies.count) }
    return nil
  }

  /// Takes the list as complete: no page is asked for any more, and the total is what is
  /// listed.
  public mutating func end() {
    totalPages = page
    total = movies.count
  }
}
