import Streams

/// What a search screen's `selection` sends: the film picked.
///
/// A film's id alone names it in a list from one service. A list merged from a catalog and
/// TMDb can hold two films with one number (the catalog's 603 is not TMDb's 603), so a pick
/// from such a list says the row's ``MovieSource`` too: ``MoviePick``. `Int` is a pick of the
/// first row listed with that id.
public protocol MoviePicking: Sendable {
  /// The film picked, and where the row picked came from when the list says.
  var moviePick: MoviePick { get }
}

/// A film picked from a list: its id, and the source of its row in a merged list.
public struct MoviePick: MoviePicking, Hashable {
  /// The film's id, as its row has it.
  public var id: Int
  /// The row's source (``Movie/source``); `nil` picks the first row listed with `id`.
  public var source: MovieSource?

  /// A pick of the film `id` from the row of `source`.
  public init(id: Int, source: MovieSource? = nil) {
    self.id = id
    self.source = source
  }

  /// The pick of `movie`'s row.
  public init(_ movie: Movie) {
    self.init(id: movie.id, source: movie.source)
  }

  /// Itself.
  public var moviePick: MoviePick { self }
}

extension Int: MoviePicking {
  /// The first row listed with this id.
  public var moviePick: MoviePick { MoviePick(id: self) }
}

/// The films of the state shown last, for the routes: where a picked film came from.
final class ShownMovies: Sendable {
  private let movies = Lock<[MoviePick: Movie]>([:])

  func remember(_ state: MoviesSearchState) {
    var rows: [MoviePick: Movie] = [:]
    // The first row of an id decides a pick without a source (a catalog's id may be another
    // film's TMDb id). A film both have is TMDb's by its id and the catalog's by its twin's.
    for movie in state.movies.reversed() {
      rows[MoviePick(id: movie.id)] = movie
      rows[MoviePick(movie)] = movie
      if movie.source == .both {
        rows[MoviePick(id: movie.id, source: .tmdb)] = movie
        if let twin = movie.catalogTwin { rows[MoviePick(id: twin, source: .catalog)] = movie }
      }
    }
    movies.withLock { $0 = rows }
  }

  /// The row shown that `pick` names, if any.
  func film(_ pick: MoviePick) -> Movie? { movies.withLock { $0[pick] } }
}

extension MoviePick {
  /// Where the details of a film picked from a row no longer shown come from: the catalog
  /// when the pick says the row was the catalog's alone, TMDb otherwise.
  static func service(
    of source: MovieSource?, catalog: any MovieService, online: any MovieService
  ) -> any MovieService {
    source == .catalog ? catalog : online
  }
}
