import Foundation
import MovieSearch

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// What a one-shot search asks for, checked: the query's text, the page and how many of
/// its films to show.
struct SearchRequest {
  let query: MovieQuery
  let limit: Int
  /// The films to keep (genres, years, rating…), beside the query's year.
  let filter: MovieFilter

  var text: String { query.text }
  var page: Int { query.page }

  init(query: MovieQuery, limit: Int, filter: MovieFilter) {
    (self.query, self.limit, self.filter) = (query, limit, filter)
  }

  init(_ invocation: Invocation<SearchCommand>) throws {
    let arguments = invocation.positionals
    let text = arguments.joined(separator: " ").trimmingCharacters(in: .whitespacesAndNewlines)
    guard !text.isEmpty else {
      throw invocation.usageError(arguments.isEmpty ? "No query given." : "The query is empty.")
    }
    query = MovieQuery(
      text, page: invocation[\.listing].number, language: invocation[\.backend.language],
      includeAdult: invocation[\.includeAdult], year: invocation[\.year],
      region: invocation[\.region])
    limit = invocation[\.listing].size
    filter = try Self.filter(invocation)
  }

  /// The filters beside the title, checked; `--year` is the query's own (TMDb takes it), so
  /// it is not among them. `--sort` orders the films that match every word (offline).
  static func filter(_ invocation: Invocation<SearchCommand>) throws -> MovieFilter {
    if invocation[\.year] != nil, invocation[\.filters.years] != nil {
      throw invocation.usageError("Give '--year' or '--years', not both.")
    }
    return invocation[\.filters]
  }

  /// One page of the service's search (of 20 films).
  func servicePage(_ number: Int, from service: any MovieService) async throws -> MoviePage {
    var query = query
    query.page = number
    return filter == MovieFilter()
      ? try await service.searchMovies(query)
      : try await service.searchMovies(query, filter: filter)
  }

  /// The page of `limit` films, from as many of the service's pages as it spans, and what
  /// to say about it: a page past the last, rows that could not be read. A page none of
  /// whose rows could be read is an error, not "no films".
  func answer(from service: any MovieService) async throws -> SearchAnswer {
    let results = try await ListingPages.window(
      number: page, offset: (page - 1) * limit, count: limit
    ) { number in try await servicePage(number, from: service) }
    let pastTheLast =
      results.results.isEmpty && results.totalResults > 0 && page > results.totalPages
    if results.results.isEmpty, results.unreadableRows > 0, !pastTheLast {
      throw MovieServiceError.badResponse(
        results.unreadableRows == 1
          ? "the one result on page \(page) could not be read"
          : "none of the \(Format.count(results.unreadableRows, "result")) on page \(page) could be read"
      )
    }
    var notes: [String] = []
    if pastTheLast {
      notes.append(
        "Page \(page) is past the last: '\(text)' has \(Format.count(results.totalPages, "page")) (\(Format.count(results.totalResults, "film")))."
      )
    } else if results.unreadableRows > 0 {
      notes.append(
        "Note: \(Format.count(results.unreadableRows, "result")) on this page could not be read and \(results.unreadableRows == 1 ? "is" : "are") left out."
      )
    }
    return SearchAnswer(page: results, pastTheLast: pastTheLast, notes: notes)
  }
}

extension SearchRequest {
  /// Every film found, one TSV (or NDJSON) line each, as the service's pages come; a closed
  /// pipe ends it quietly (as every output does).
  /// A catalog finds them all in one search; TMDb serves them page after page.
  func printEvery(from sources: Backend.Sources, ndjson: Bool) async throws {
    try await printEvery(
      from: sources.main.service, online: sources.online, ids: FilmIDs(sources), ndjson: ndjson)
  }

  /// ``printEvery(from:ndjson:)`` from a service — and with TMDb beside it (`online`), both
  /// lists whole, merged (``MoviePage/merged(catalog:online:)``) and printed once TMDb's
  /// last page came, ids as ``FilmIDs`` says (TMDb failing leaves the catalog's, with a
  /// note); returns how many lines were printed.
  @discardableResult
  func printEvery(
    from service: any MovieService, online: (any MovieService)? = nil, ids: FilmIDs = .plain,
    ndjson: Bool
  ) async throws -> Int {
    var rank = 0
    func line(_ movie: Movie) throws {
      rank += 1
      try SearchOutput.line(movie, rank: rank, ndjson: ndjson, ids: ids)
    }
    guard let online else {
      try await every(from: service, line)
      return rank
    }
    var local: [Movie] = []
    try await every(from: service) { local.append($0) }
    var remote: [Movie] = []
    do {
      try await every(from: online) { remote.append($0) }
    } catch {
      Output.error(SearchAnswer.offlineNote(error))
      remote = []
    }
    let merged = MoviePage.merged(
      catalog: MoviePage(page: 1, results: local, totalPages: 1, totalResults: local.count),
      online: MoviePage(page: 1, results: remote, totalPages: 1, totalResults: remote.count))
    for movie in merged.results { try line(movie) }
    return rank
  }

  /// Every film `service` finds, handed to `each` as they come.
  private func every(from service: any MovieService, _ each: (Movie) throws -> Void)
    async throws
  {
    if let every = try await service.searchEveryMovie(query, filter: filter) {
      for movie in every { try each(movie) }
      return
    }
    try await ListingPages.every(
      fetch: { number in try await servicePage(number, from: service) }, each)
  }
}

/// A search's page, and what is said about it on stderr.
struct SearchAnswer {
  var page: MoviePage
  /// The page asked for is past the last one (the page is empty).
  var pastTheLast: Bool
  var notes: [String]

  /// This answer (the catalog's) with TMDb's page of the same request merged in
  /// (``MoviePage/merged(catalog:online:)``): each film once, saying its source. TMDb failing
  /// leaves the catalog's answer, with a note saying so.
  func merged(with request: SearchRequest, from online: any MovieService) async -> SearchAnswer {
    do {
      let other = try await request.answer(from: online)
      // A page past the last of one list only is no page past the last.
      let both = pastTheLast && other.pastTheLast
      return SearchAnswer(
        page: .merged(catalog: page, online: other.page), pastTheLast: both,
        notes: both ? notes : (pastTheLast ? [] : notes) + (other.pastTheLast ? [] : other.notes))
    } catch {
      return SearchAnswer(
        page: page, pastTheLast: pastTheLast,
        notes: notes + [Self.offlineNote(error)])
    }
  }

  /// The note said when TMDb's films are missing beside the catalog's because of `error`.
  static func offlineNote(_ error: any Error) -> String {
    "Note: "
      + ((error as? MovieServiceError)?.offlineCatalogNotice
        ?? "TMDb failed (\(error)); showing the offline catalog") + "."
  }
}
