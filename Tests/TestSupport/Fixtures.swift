import Foundation
import MovieSearch
import Streams
import Synchronization

enum Fixtures {
  static let searchPage = """
    {"page":1,"total_pages":1,"total_results":2,"results":[
      {"id":603,"title":"The Matrix","original_title":"The Matrix","release_date":"1999-03-31",
       "poster_path":"/matrix.jpg","vote_average":8.2,"vote_count":26000,"genre_ids":[28,878],
       "overview":"Neo learns the truth.","popularity":80.5,"adult":false,"video":false},
      {"id":604,"title":"The Matrix Reloaded","release_date":"2003-05-15","poster_path":null,
       "vote_average":7,"vote_count":11000}]}
    """

  static let details = """
    {"id":603,"title":"The Matrix","release_date":"1999-03-31","runtime":136,
     "genres":[{"id":28,"name":"Action"},{"id":878,"name":"Science Fiction"}],
     "tagline":"Welcome to the Real World.","status":"Released","vote_average":8.2,
     "vote_count":26000,"budget":63000000,"revenue":463517383,"imdb_id":"tt0133093"}
    """

  static let configuration = """
    {"images":{"base_url":"http://image.tmdb.org/t/p/","secure_base_url":"https://image.tmdb.org/t/p/",
     "poster_sizes":["w92","w154","w185","w342","w500","w780","original"]},"change_keys":[]}
    """

  /// `/genre/movie/list` (an excerpt of TMDb's English answer).
  static let genreList = """
    {"genres":[{"id":28,"name":"Action"},{"id":12,"name":"Adventure"},\
    {"id":878,"name":"Science Fiction"},{"id":53,"name":"Thriller"}]}
    """

  static func tmdbError(_ code: Int, _ message: String) -> String {
    #"{"success":false,"status_code":\#(code),"status_message":"\#(message)"}"#
  }
}

/// A clock whose sleeps return at once, recording how long they were asked to last.
final class RecordingClock: Clock, Sendable {
  struct Instant: InstantProtocol {
    var offset: Duration
    func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
    func duration(to other: Instant) -> Duration { other.offset - offset }
    static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
  }

  private let state = Lock<(now: Duration, sleeps: [Duration])>((.zero, []))
  var now: Instant { Instant(offset: state.withLock { $0.now }) }
  var minimumResolution: Duration { .nanoseconds(1) }
  var sleeps: [Duration] { state.withLock { $0.sleeps } }

  func sleep(until deadline: Instant, tolerance: Duration?) async throws {
    try Task.checkCancellation()
    state.withLock { state in
      state.sleeps.append(deadline.offset - state.now)
      state.now = max(state.now, deadline.offset)
    }
  }
}
