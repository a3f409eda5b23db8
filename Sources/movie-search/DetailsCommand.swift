import Foundation
import MovieSearch

/// `movie-search details <id>`: everything about one film.
enum DetailsCommand {
  static func run(_ arguments: ParsedArguments) async throws -> Int32 {
    guard let text = arguments.positionals.first else {
      throw UsageError(message: "No film id given.", command: arguments.command)
    }
    guard arguments.positionals.count == 1 else {
      throw UsageError(
        message: "Give one film id, not \(arguments.positionals.count).", command: arguments.command
      )
    }
    guard let id = Int(text), id > 0 else {
      throw UsageError(
        message: "'\(text)' is not a film id (a positive whole number).", command: arguments.command
      )
    }
    let service = try Backend.service(for: arguments)
    let state = await MovieDetailsViewModel(
      movieID: id, service: service, language: arguments.value("language")
    ).load()
    switch state {
    case .success(let details, let poster):
      if arguments.flag("json") {
        Output.print(try JSON.line(details))
      } else {
        Output.print(
          block(details, poster: poster, width: Output.isTerminal ? Output.width : 80).joined(
            separator: "\n") + "\n")
      }
      return 0
    case .failure(let message):
      Output.error("Error: \(message)")
      return 1
    case .loading:
      return 1
    }
  }

  /// The details as lines of at most `width` columns, styled.
  static func block(_ details: MovieDetails, poster: String?, width: Int) -> [String] {
    lines(details, poster: poster, width: width).map { text, style in
      style.map { Output.style(text, $0) } ?? text
    }
  }

  /// The details as lines of at most `width` columns, each with its style.
  static func lines(_ details: MovieDetails, poster: String?, width: Int) -> [(String, String?)] {
    let movie = details.movie
    var lines: [(String, String?)] = [(movie.title + (movie.year.map { " (\($0))" } ?? ""), "1")]
    var facts: [String] = []
    if let runtime = details.runtime { facts.append("\(runtime) min") }
    if !details.genres.isEmpty { facts.append(details.genres.map(\.name).joined(separator: ", ")) }
    if movie.voteCount > 0 {
      facts.append(
        "rated \(Format.rating(movie.voteAverage))/10 by \(Format.count(movie.voteCount))")
    }
    if !facts.isEmpty {
      lines += facts.joined(separator: " · ").wrapped(to: width).map { ($0, nil) }
    }
    if let tagline = details.tagline {
      lines += "“\(tagline)”".wrapped(to: width).map { ($0, nil) }
    }
    if let overview = movie.overview {
      lines.append(("", nil))
      lines += overview.wrapped(to: width).map { ($0, nil) }
    }
    var references = ["id \(movie.id)"]
    if let imdb = details.imdbID { references.append("IMDb \(imdb)") }
    if let budget = details.budget { references.append("budget $\(Format.count(budget))") }
    lines.append(("", nil))
    lines.append((references.joined(separator: " · "), "2"))
    if let poster { lines.append(("Poster: \(poster)", nil)) }
    return lines
  }
}

/// `movie-search build-catalog <csv> <out>`: the converter behind scripts/build-catalog.sh.
enum BuildCatalogCommand {
  static func run(_ arguments: ParsedArguments) throws -> Int32 {
    guard arguments.positionals.count == 2 else {
      throw UsageError(
        message: "Give the CSV file and the output file.", command: arguments.command)
    }
    let csv = try String(contentsOfFile: arguments.positionals[0], encoding: .utf8)
    let bytes = try OfflineCatalog.catalogFile(fromCSV: csv)
    try Data(bytes).write(to: URL(fileURLWithPath: arguments.positionals[1]))
    Output.print("wrote \(bytes.count) bytes to \(arguments.positionals[1])\n")
    return 0
  }
}
