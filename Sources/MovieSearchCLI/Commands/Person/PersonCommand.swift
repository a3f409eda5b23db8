import Foundation
import MovieSearch

/// `movie-search person NAME`: the people a catalog with people names so, the best known
/// first; with one chosen, their films by year and their part in each.
struct PersonCommand: Command {
  struct Options: BackendCommandOptions {
    // Any place is taken: one past the list is said against the list, not a fixed bound.
    let pick = Option.integer(
      "pick", "n", in: 1...10_000,
      "The person to show the films of, by their place in the list.")
    let json = Flag(
      "json", "Print the people, or the person and their films, as one JSON document.")
    let backend = BackendOptions()
  }

  static let name = "person"
  static let abstract =
    "Find people by name in a catalog that has them, and list one's films by year with their part in each."
  static let summary = "A person's films, by year."
  static let arguments = Arguments.words(
    name: "<name>", help: "Words of the person's name: 'kubrick' finds Stanley Kubrick.")
  static let discussion: String? = """
    When one person has every word of the name, their films are listed; when several have,
    they are listed, the best known first (by their films' votes), and --pick N shows the
    films of the Nth. The people are the directors and first-billed cast of a catalog built
    from IMDb's files (see 'movie-search build-catalog --help'), or TMDb's with a key (their
    films as director, writer and cast); the built-in catalog has none.
    """

  /// What --json prints.
  struct Report: Encodable {
    var people: [CatalogPerson]?
    var person: CatalogPerson?
    var films: [Credit]?

    struct Credit: Encodable {
      var movie: Movie
      var roles: [CreditRole]

      func encode(to encoder: any Encoder) throws {
        try movie.encode(to: encoder)
        var container = encoder.container(keyedBy: Key.self)
        try container.encode(roles, forKey: .roles)
      }

      enum Key: String, CodingKey { case roles }
    }
  }

  static func run(_ invocation: Invocation<Self>) async throws -> Int32 {
    let name = invocation.positionals.joined(separator: " ")
      .trimmingCharacters(in: .whitespacesAndNewlines)
    guard !name.isEmpty else { throw invocation.usageError("No name given.") }
    let service: any MovieService
    switch try Backend.source(for: invocation) {
    case .catalog(let catalog):
      guard catalog.hasPeople else {
        Output.error(
          "Error: \(catalog.coverage.isBuiltIn ? "The built-in catalog" : "This catalog") has no people: build one from IMDb's dataset files with 'movie-search build-catalog DIR OUT' (see README), or set TMDB_API_KEY."
        )
        return 1
      }
      service = catalog
    case .tmdb(let client):
      service = client
    }
    let language = invocation[\.backend.language]
    let people = try await service.people(named: name, language: language)
    let chosen: CatalogPerson?
    if let pick = invocation[\.pick], !people.isEmpty {
      guard pick <= people.count else {
        throw invocation.usageError(
          "\(Format.count(people.count, "person", "people")) called '\(name.printable)' \(people.count == 1 ? "is" : "are") listed: --pick \(pick) is past them (give 1 to \(people.count))."
        )
      }
      chosen = people[pick - 1]
    } else {
      chosen = people.count == 1 ? people[0] : nil
    }
    guard let chosen else {
      if invocation[\.json] {
        Output.print(try JSON.line(Report(people: people)))
      } else if people.isEmpty {
        if Output.isTerminal {
          Output.print("No one in the catalog is called '\(name.printable)'.\n")
        }
      } else {
        printPeople(people)
        if Output.isTerminal {
          Output.print(Output.style("Pick one with --pick N.", "2") + "\n")
        }
      }
      return 0
    }
    let credits = try await service.films(of: chosen, language: language)
    if invocation[\.json] {
      Output.print(
        try JSON.line(
          Report(person: chosen, films: credits.map { .init(movie: $0.movie, roles: $0.roles) })))
      return 0
    }
    printFilms(of: chosen, credits)
    return 0
  }

  /// `rank, name, films, directed` lines (aligned on a terminal).
  static func printPeople(_ people: [CatalogPerson]) {
    let width = people.map(\.name.printable.columns).max() ?? 0
    for (offset, person) in people.enumerated() {
      let films =
        person.knownFor.map { "known for \($0)" } ?? Format.count(person.films, "film")
      let directed = person.directed > 0 ? ", directed \(person.directed)" : ""
      if Output.isTerminal {
        Output.print(
          "\(String(offset + 1).padded(to: 2))  \(person.name.printable.padded(to: width))  \(films)\(directed)\n"
        )
      } else {
        Output.print(
          "\(offset + 1)\t\(person.name.printable)\t\(person.films)\t\(person.directed)\t\((person.knownFor ?? "").printable)\n"
        )
      }
    }
  }

  /// The films: year, title, part, rating, votes, id.
  static func printFilms(of person: CatalogPerson, _ credits: [FilmCredit]) {
    if Output.isTerminal {
      Output.print(
        Output.style("\(person.name.printable): \(Format.count(credits.count, "film"))", "1") + "\n"
      )
    }
    func roles(_ credit: FilmCredit) -> String {
      credit.roles.map(\.rawValue).joined(separator: ", ")
    }
    // The title takes what the year, parts, rating, votes and id leave of the terminal's
    // width; a header names the columns, as a search's table does.
    let rolesWidth = max(4, credits.map { roles($0).count }.max() ?? 0)
    let votes = credits.map { $0.movie.voteCount > 0 ? Format.count($0.movie.voteCount) : "" }
    let votesWidth = max(5, votes.map(\.count).max() ?? 0)
    let idWidth = max(2, credits.map { String($0.movie.id).count }.max() ?? 0)
    let room = Output.width - (4 + 2 + 2 + rolesWidth + 2 + 6 + 2 + votesWidth + 2 + idWidth)
    let width = max(8, min(60, room, credits.map(\.movie.title.printable.columns).max() ?? 0))
    func right(_ text: String, _ width: Int) -> String {
      String(repeating: " ", count: max(0, width - text.count)) + text
    }
    if Output.isTerminal, !credits.isEmpty {
      let header =
        "Year  \("Title".padded(to: width))  \("Part".padded(to: rolesWidth))  Rating  \(right("Votes", votesWidth))  \(right("ID", idWidth))"
      Output.print(Output.style(header, "1") + "\n")
    }
    for (credit, shownVotes) in zip(credits, votes) {
      let movie = credit.movie
      let year = movie.year.map(String.init) ?? ""
      let rating = movie.voteCount > 0 ? Format.rating(movie.voteAverage) : ""
      if Output.isTerminal {
        Output.print(
          "\(year.padded(to: 4))  \(movie.title.printable.truncated(to: width).padded(to: width))  \(roles(credit).padded(to: rolesWidth))  \(right(rating, 6))  \(right(shownVotes, votesWidth))  \(right(String(movie.id), idWidth))\n"
        )
      } else {
        Output.print(
          [
            year, movie.title.printable, roles(credit), rating,
            movie.voteCount > 0 ? String(movie.voteCount) : "", String(movie.id),
          ]
          .joined(separator: "\t") + "\n")
      }
    }
  }
}
