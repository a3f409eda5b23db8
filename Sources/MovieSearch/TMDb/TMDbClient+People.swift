extension TMDbClient {
  /// `GET /search/person`: the people TMDb finds for `name`, the most popular first.
  public func people(named name: String, language: String?) async throws(MovieServiceError)
    -> [CatalogPerson]
  {
    var parameters = [("query", name)]
    if let language { parameters.append(("language", language)) }
    let page: PeoplePage = try await get("search/person", parameters)
    return page.results.filter { $0.id > 0 }.map {
      CatalogPerson(id: $0.id, name: $0.name, knownFor: $0.knownForDepartment)
    }
  }

  /// `GET /person/{id}/movie_credits`: their films by year (unknown years last), each with
  /// their parts (director, writer, cast).
  public func films(of person: CatalogPerson, language: String?) async throws(MovieServiceError)
    -> [FilmCredit]
  {
    var parameters: [(String, String)] = []
    if let language { parameters.append(("language", language)) }
    let credits: Credits = try await get("person/\(person.id)/movie_credits", parameters)
    var order: [Int] = []
    var found: [Int: FilmCredit] = [:]
    func add(_ movie: Movie, _ role: CreditRole) {
      if found[movie.id] == nil {
        order.append(movie.id)
        found[movie.id] = FilmCredit(movie: movie, roles: [])
      }
      if found[movie.id]?.roles.contains(role) == false { found[movie.id]?.roles.append(role) }
    }
    for credit in credits.crew {
      if credit.job == "Director" { add(credit.movie, .director) }
      if credit.department == "Writing" { add(credit.movie, .writer) }
    }
    for credit in credits.cast { add(credit.movie, .cast) }
    return order.compactMap { found[$0] }.sorted {
      ($0.movie.year ?? Int.max, $0.movie.id) < ($1.movie.year ?? Int.max, $1.movie.id)
    }
  }

  /// `/search/person`'s page.
  struct PeoplePage: Decodable {
    struct Person: Decodable {
      var id: Int
      var name: String
      var knownForDepartment: String?

      enum CodingKeys: String, CodingKey {
        case id, name
        case knownForDepartment = "known_for_department"
      }
    }

    var results: [Person]

    init(from decoder: any Decoder) throws {
      results = try decoder.container(keyedBy: CodingKeys.self)
        .lenientList(.results, of: Person.self)
    }

    enum CodingKeys: String, CodingKey { case results }
  }

  /// `/person/{id}/movie_credits`: films as cast and as crew (each a film with a job).
  struct Credits: Decodable {
    struct Crew: Decodable {
      var movie: Movie
      var job: String?
      var department: String?

      init(from decoder: any Decoder) throws {
        movie = try Movie(from: decoder)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        job = try? container.decodeIfPresent(String.self, forKey: .job)
        department = try? container.decodeIfPresent(String.self, forKey: .department)
      }

      enum CodingKeys: String, CodingKey { case job, department }
    }

    struct Cast: Decodable {
      var movie: Movie
      init(from decoder: any Decoder) throws { movie = try Movie(from: decoder) }
    }

    var cast: [Cast]
    var crew: [Crew]

    init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      cast = container.lenientList(.cast, of: Cast.self)
      crew = container.lenientList(.crew, of: Crew.self)
    }

    enum CodingKeys: String, CodingKey { case cast, crew }
  }
}
