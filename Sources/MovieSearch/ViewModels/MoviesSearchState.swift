/// What the movie search screen shows.
public enum MoviesSearchState: Sendable, Hashable {
  /// Nothing is searched. `popular` lists popular films once `appear` has loaded them
  /// (empty before that, or when they could not be loaded).
  case idle(popular: [Movie])
  /// A search for `query` is under way (with an empty `query`, a listing of the films that
  /// pass `filter`).
  case loading(query: String, filter: MovieFilter = MovieFilter())
  /// `movies` are the results for `query` loaded so far (the first page, and the pages
  /// `more` added); `total` counts all pages. With a catalog and TMDb together, `complete`
  /// is `false` while TMDb's answer is awaited (the catalog's films are shown), and `notice`
  /// says in one line why TMDb's films are not among them (it failed, or did not answer in
  /// time).
  case success(
    query: String, movies: [Movie], total: Int, filter: MovieFilter = MovieFilter(),
    complete: Bool = true, notice: String? = nil)
  /// The next page of the results for `query` is being loaded; `movies` are those so far.
  case loadingMore(
    query: String, movies: [Movie], total: Int, filter: MovieFilter = MovieFilter())
  /// The next page could not be loaded (`message` says why); `movies` are those so far, and
  /// another `more` tries again — unless `movies.count == total`: the list ended early (the
  /// server did not move on to the page asked for), and there are no more pages.
  case moreFailed(
    query: String, movies: [Movie], total: Int, message: String,
    filter: MovieFilter = MovieFilter())
  /// The search for `query` found nothing (that passes `filter`).
  case noResults(query: String, filter: MovieFilter = MovieFilter())
  /// The search for `query` failed; `message` says why, in one line. With an empty `query`
  /// and no filter, nothing was typed: the popular films could not be loaded.
  case failure(query: String, message: String, filter: MovieFilter = MovieFilter())

  /// The idle state before anything was loaded.
  public static let initial = MoviesSearchState.idle(popular: [])

  /// The query this state is about; `nil` when idle.
  public var query: String? {
    switch self {
    case .idle: nil
    case .loading(let query, _), .success(let query, _, _, _, _, _),
      .loadingMore(let query, _, _, _),
      .moreFailed(let query, _, _, _, _), .noResults(let query, _), .failure(let query, _, _):
      query
    }
  }

  /// The filter the films listed pass; `nil` when idle.
  public var filter: MovieFilter? {
    switch self {
    case .idle: nil
    case .loading(_, let filter), .success(_, _, _, let filter, _, _),
      .loadingMore(_, _, _, let filter),
      .moreFailed(_, _, _, _, let filter), .noResults(_, let filter), .failure(_, _, let filter):
      filter
    }
  }

  /// The films listed: the results so far, or the popular films while idle.
  public var movies: [Movie] {
    switch self {
    case .idle(let movies), .success(_, let movies, _, _, _, _), .loadingMore(_, let movies, _, _),
      .moreFailed(_, let movies, _, _, _):
      movies
    case .loading, .noResults, .failure: []
    }
  }
}

/// What the movie details screen shows.
public enum MovieDetailsState: Sendable, Hashable {
  /// The details are being fetched.
  case loading
  /// The details, with the poster's URL when the service serves images.
  case success(MovieDetails, posterURL: String?)
  /// The details could not be fetched; `message` says why, in one line.
  case failure(message: String)
}
