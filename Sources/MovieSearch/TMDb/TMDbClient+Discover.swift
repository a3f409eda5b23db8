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
    case .runtime: throw .invalidRequest("TMDb cannot sort films by runtime")
    }
    var parameters = [("page", String(page)), ("include_adult", "false")]
    parameters.append(("sort_by", "\(field).\(filter.sort.ascending ? "asc" : "desc")"))
    if !filter.genres.isEmpty {
      let known = try await movieGenres(language: nil)
      var ids: [String] = []
      for name in filter.genres {
        let wanted = name.lowercased() == "sci-fi" ? "science fiction" : name.lowercased()
        guard let genre = known.first(where: { $0.name.lowercased() == wanted }) else {
          throw .invalidRequest("TMDb has no genre '\(name)'")
        }
        ids.append(String(genre.id))
      }
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
      parameters += [("certification", certification), ("certification_country", "US")]
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
