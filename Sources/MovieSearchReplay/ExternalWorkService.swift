import MovieSearch
import Streams
import StreamsTesting

/// A movie service whose every call is external work for virtual time
/// (`awaitExternalWork(named:_:)`): a session replayed with `stream --virtual-time` can talk
/// to TMDb — the timings come from the virtual clock, the content from the server, and the
/// clock stands still while a request is on the wire.
struct ExternalWorkService: MovieService {
  let base: any MovieService

  var traits: MovieServiceTraits { base.traits }

  func searchMovies(_ query: MovieQuery) async throws(MovieServiceError) -> MoviePage {
    try await awaitExternalWork(named: "search '\(query.text)'") {
      [base] () async throws(MovieServiceError) -> MoviePage in
      try await base.searchMovies(query)
    }
  }

  func searchMovies(
    _ query: MovieQuery, filter: MovieFilter
  ) async throws(MovieServiceError) -> MoviePage {
    try await awaitExternalWork(named: "search '\(query.text)'") {
      [base] () async throws(MovieServiceError) -> MoviePage in
      try await base.searchMovies(query, filter: filter)
    }
  }

  func discoverMovies(
    _ filter: MovieFilter, page: Int, language: String?
  ) async throws(MovieServiceError) -> MoviePage {
    try await awaitExternalWork(named: "discover") {
      [base] () async throws(MovieServiceError) -> MoviePage in
      try await base.discoverMovies(filter, page: page, language: language)
    }
  }

  func people(named name: String, language: String?) async throws(MovieServiceError)
    -> [CatalogPerson]
  {
    try await awaitExternalWork(named: "people '\(name)'") {
      [base] () async throws(MovieServiceError) -> [CatalogPerson] in
      try await base.people(named: name, language: language)
    }
  }

  func films(of person: CatalogPerson, language: String?) async throws(MovieServiceError)
    -> [FilmCredit]
  {
    try await awaitExternalWork(named: "films of \(person.id)") {
      [base] () async throws(MovieServiceError) -> [FilmCredit] in
      try await base.films(of: person, language: language)
    }
  }

  func moreLikeThis(id: Int, language: String?) async throws(MovieServiceError) -> [Movie] {
    try await awaitExternalWork(named: "more like \(id)") {
      [base] () async throws(MovieServiceError) -> [Movie] in
      try await base.moreLikeThis(id: id, language: language)
    }
  }

  func movieDetails(id: Int, language: String?) async throws(MovieServiceError) -> MovieDetails {
    try await awaitExternalWork(named: "details \(id)") {
      [base] () async throws(MovieServiceError) -> MovieDetails in
      try await base.movieDetails(id: id, language: language)
    }
  }

  func popularMovies(page: Int, language: String?) async throws(MovieServiceError) -> MoviePage {
    try await awaitExternalWork(named: "popular films") {
      [base] () async throws(MovieServiceError) -> MoviePage in
      try await base.popularMovies(page: page, language: language)
    }
  }

  func imageConfiguration() async throws(MovieServiceError) -> ImageConfiguration? {
    try await awaitExternalWork(named: "image configuration") {
      [base] () async throws(MovieServiceError) -> ImageConfiguration? in
      try await base.imageConfiguration()
    }
  }

  func knownGenres() async throws(MovieServiceError) -> [String] {
    try await awaitExternalWork(named: "genres") {
      [base] () async throws(MovieServiceError) -> [String] in
      try await base.knownGenres()
    }
  }
}
