extension TMDbClient {
  /// `GET /discover/movie`: films by `filter`. Genre names become TMDb's ids through
  /// `/genre/movie/list` (in English; `sci-fi` is Science Fiction); a person becomes the
  /// first (most popular) of `/search/person`'s answers; years become release dates; the
  /// certification is American. TMDb cannot sort by runtime: that is refused in words.
  public func discoverMovies(
    _ filter: MovieFilter, page: Int, language: String?
  ) async throws(MovieServiceError) -> MoviePage {
    guard (1...MoviePage.maxPage).contains(page) else {
      throw .invalidRequest("page must be between 1 and \(MoviePage.maxPage), not \(page)")
    }
    let field: String
    switch filter.sort.key {
    case .popularity: field = "popularity"
    case .rating: field = "vote_average"
    case .votes: field = "vote_count"
    case .year: field = "primary_release_date"
    case .title: field = "title"
    case .runtime: throw .filterRefused(.sort(.runtime))
    }
    var parameters = [("page", String(page)), ("include_adult", "false")]
    parameters.append(("sort_by", "\(field).\(filter.sort.ascending ? "asc" : "desc")"))
    if !filter.genres.isEmpty {
      let ids = try await genreIDs(filter.genres).map(String.init)
      // TMDb reads a comma as "and", a bar as "or".
      parameters.append(("with_genres", ids.joined(separator: filter.allGenres ? "," : "|")))
    }
    if let from = filter.fromYear {
      parameters.append(("primary_release_date.gte", "\(from)-01-01"))
    }
    if let to = filter.toYear { parameters.append(("primary_release_date.lte", "\(to)-12-31")) }
    if let rating = filter.minRating { parameters.append(("vote_average.gte", String(rating))) }
    if let votes = filter.minVotes { parameters.append(("vote_count.gte", String(votes))) }
    if let minimum = filter.minRuntime { parameters.append(("with_runtime.gte", String(minimum))) }
    if let maximum = filter.maxRuntime { parameters.append(("with_runtime.lte", String(maximum))) }
    if let certification = filter.certification {
      // Spelt as TMDb spells it ("pg13" is PG-13); a code it may know that we do not, as typed.
      parameters += [
        ("certification", MovieFilter.certification(named: certification) ?? certification),
        ("certification_country", "US"),
      ]
    }
    if let person = filter.person {
      let people: PersonPage = try await get("search/person", [("query", person)])
      guard let first = people.results.first(where: { $0.id > 0 }) else { return .empty }
      parameters.append(("with_people", String(first.id)))
    }
    if let language { parameters.append(("language", language)) }
    return try await namingGenres(language: language) { () async throws(MovieServiceError) in
      try await get("discover/movie", parameters)
    }
  }

  /// `/search/person`'s answer: the people, the most popular first.
  struct PersonPage: Decodable {
    struct Person: Decodable {
      var id: Int
    }

    var results: [Person]

    init(from decoder: any Decoder) throws {
      results = try decoder.container(keyedBy: CodingKeys.self)
        .lenientList(.results, of: Person.self)
    }

    enum CodingKeys: String, CodingKey { case results }
  }
}

extension TMDbClient {
  /// `GET /search/movie`, keeping the films of the page that pass `filter`'s genres, years,
  /// rating and votes (what a search answer says of a film; its order aside). Runtime,
  /// certification and people are not in a search answer: such a filter is refused in words
  /// (`discover` takes them). A filtered page can hold fewer than 20 films; its total is the
  /// server's unless the page is the only one.
  public func searchMovies(
    _ query: MovieQuery, filter: MovieFilter
  ) async throws(MovieServiceError) -> MoviePage {
    guard filter.minRuntime == nil, filter.maxRuntime == nil, filter.certification == nil,
      filter.person == nil
    else { throw .filterRefused(.searchFilters(["runtime", "certification", "person"])) }
    guard filter.sort == MovieFilter.Sort() else { throw .filterRefused(.searchOrder) }
    let genreIDs = filter.genres.isEmpty ? [] : try await genreIDs(filter.genres)
    var page = try await searchMovies(query)
    page.results = page.results.filter { movie in
      if !genreIDs.isEmpty {
        let has = { movie.genreIDs.contains($0) }
        guard filter.allGenres ? genreIDs.allSatisfy(has) : genreIDs.contains(where: has) else {
          return false
        }
      }
      if let from = filter.fromYear, (movie.year ?? Int.min) < from { return false }
      if let to = filter.toYear, (movie.year ?? Int.max) > to { return false }
      if let rating = filter.minRating, movie.voteCount == 0 || movie.voteAverage < rating {
        return false
      }
      if let votes = filter.minVotes, movie.voteCount < votes { return false }
      return true
    }
    if page.totalPages <= 1 { page.totalResults = page.results.count }
    return page
  }
}

extension TMDbClient {
  /// TMDb's ids of genre names, through its genre list in English (`sci-fi` is Science
  /// Fiction, any case); an unknown name is refused in words.
  func genreIDs(_ names: [String]) async throws(MovieServiceError) -> [Int] {
    let known = try await movieGenres(language: nil)
    var ids: [Int] = []
    for name in names {
      let wanted = MovieFilter.genreKey(name)
      guard let genre = known.first(where: { MovieFilter.genreKey($0.name) == wanted }) else {
        // Said with TMDb's genres, as a catalog says its own.
        let names = known.map(\.name).sorted(by: TitleOrder.areInOrder).joined(separator: ", ")
        throw .invalidRequest("TMDb has no genre '\(name)'. Its genres: \(names)")
      }
      ids.append(genre.id)
    }
    return ids
  }
}
