import Streams

/// The details screen's events.
public struct MovieDetailsInput<Appear: AsyncSequence<Void, Never> & Sendable>: Sendable {
  /// The screen appeared (again): (re)load the details.
  public var appear: Appear

  /// Creates the input.
  public init(appear: Appear) {
    self.appear = appear
  }
}

/// The details screen's logic: each `appear` leads to `loading`, then `success` or
/// `failure` with a message to show. A newer `appear` cancels a load in flight.
public struct MovieDetailsViewModel: Sendable {
  /// The film shown.
  public let movieID: Int
  /// The source of the row it was opened from, in a list merged from a catalog and TMDb
  /// (where one number can be two films); `nil` otherwise.
  public let source: MovieSource?
  private let service: any MovieService
  private let language: String?

  /// Creates the view model of film `movieID` (of the row of `source`, in a merged list).
  public init(
    movieID: Int, service: any MovieService, language: String? = nil, source: MovieSource? = nil
  ) {
    self.movieID = movieID
    self.service = service
    self.language = language
    self.source = source
  }

  /// Turns the screen's events into its states: each appearance leads to `loading`, then
  /// the result of ``load()``, in the task of `flatMapLatest` — a newer appearance cancels
  /// the call itself.
  public func transform<Appear>(
    input: MovieDetailsInput<Appear>
  ) -> some AsyncSequence<MovieDetailsState, Never> & Sendable {
    input.appear.flatMapLatest { [self] in Deferred { await load() }.prepend(.loading) }
      .removeDuplicates()
  }

  /// Loads the details once, with the poster's URL when the service serves images.
  public func load() async -> MovieDetailsState {
    do throws(MovieServiceError) {
      let details = try await service.movieDetails(id: movieID, language: language)
      let images = try? await service.imageConfiguration()
      let poster = details.movie.posterPath.flatMap { images?.posterURL(path: $0) }
      return .success(details, posterURL: poster?.absoluteString)
    } catch {
      return .failure(message: error.description)
    }
  }
}
