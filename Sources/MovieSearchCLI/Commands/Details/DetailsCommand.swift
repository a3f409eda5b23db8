import Foundation
import MovieSearch

/// `movie-search details <id>`: everything about one film.
struct DetailsCommand: Command {
  struct Options: BackendCommandOptions {
    let json = Flag("json", "Print the details as one JSON document.")
    let region = Option.region
    let backend = BackendOptions()
  }

  static let name = "details"
  static let abstract =
    "Show everything about one film: title, year, runtime, genres, certification, rating, director, cast, overview."
  static let summary = "Show everything about one film."
  static let arguments = Arguments.fixed([
    (
      "<id>",
      "The film's id, as search results list it (catalog:ID and tmdb:ID name the source), or its TMDb link, or its IMDb id (tt0080684) or link."
    )
  ])

  /// The film id of a TMDb link (`https://www.themoviedb.org/movie/603-the-matrix`,
  /// `themoviedb.org/movie/603?language=de`), or `nil`.
  static func tmdbID(inLink text: String) -> Int? {
    guard let movie = text.range(of: "themoviedb.org/movie/", options: .caseInsensitive) else {
      return nil
    }
    let digits = text[movie.upperBound...].prefix { $0.isASCII && $0.isNumber }
    guard (1...10).contains(digits.count) else { return nil }
    return Int(digits)
  }

  /// The service an id printed with a prefix (``FilmIDs``) names: the catalog a search
  /// would read beside TMDb (`catalog:`), or TMDb (`tmdb:`); and the prefix its ids take.
  static func service(of source: MovieSource, _ invocation: Invocation<Self>) throws
    -> (service: any MovieService, idPrefix: String)
  {
    let sources = try Backend.sources(for: invocation)
    let prefix = FilmIDs(sources).prefix(for: source)
    return (try service(of: source, in: sources, invocation), prefix)
  }

  private static func service(
    of source: MovieSource, in sources: Backend.Sources, _ invocation: Invocation<Self>
  ) throws -> any MovieService {
    switch (source, sources.main) {
    case (.catalog, .catalog(let catalog)): return catalog
    case (.catalog, .tmdb):
      throw invocation.usageError(
        "'catalog:' names a film of the offline catalog, which '--online' leaves out.")
    case (_, .tmdb(let client)): return client
    case (_, .catalog):
      guard let online = sources.online else {
        throw invocation.usageError(
          "'tmdb:' names a film of TMDb's: set TMDB_API_KEY (or --api-key-file, --token-file), without '--offline'."
        )
      }
      return online
    }
  }

  static func run(_ invocation: Invocation<Self>) async throws -> Int32 {
    let arguments = invocation.positionals
    guard let text = arguments.first else { throw invocation.usageError("No film id given.") }
    guard arguments.count == 1 else {
      throw invocation.usageError("Give one film id, not \(arguments.count).")
    }
    let qualified = FilmIDs.qualified(text)
    let number = qualified?.id ?? text
    let given = (Int(number) ?? (qualified == nil ? Self.tmdbID(inLink: text) : nil)).flatMap {
      (1...Int(UInt32.max)).contains($0) ? $0 : nil
    }
    let imdbID = given == nil && qualified == nil ? IMDbID(text) : nil
    guard given != nil || imdbID != nil else {
      let digits =
        !number.isEmpty && number.allSatisfy(\.isASCII) && number.allSatisfy(\.isNumber)
      let shown = "'\(text.prefix(40))\(text.count > 40 ? "…" : "")'"
      throw invocation.usageError(
        digits && number.contains(where: { $0 != "0" })
          ? "\(shown) is too large to be a film id."
          : "\(shown) is not a film id (a positive whole number, perhaps after catalog: or tmdb:, a TMDb link, or IMDb's id or link: tt0080684)."
      )
    }
    let named = try qualified.map { try Self.service(of: $0.source, invocation) }
    let service = try named?.service ?? Backend.service(for: invocation)
    // A TMDb link names TMDb's id: only TMDb, and a catalog of its export, number films so.
    if qualified == nil, Int(text) == nil, given != nil, let coverage = service.catalogCoverage,
      coverage.source != .tmdbExport
    {
      throw invocation.usageError(
        "A TMDb link names TMDb's id \(given ?? 0); this catalog numbers its films its own way: search for the title, or set TMDB_API_KEY."
      )
    }
    var id = given ?? 0
    if let imdbID {
      do {
        id = try await service.movieID(imdbID: imdbID)
      } catch {
        Output.error("Error: \(error.description)")
        return 1
      }
    }
    if !service.traits.honoursLanguageAndRegion {
      Backend.noteNoEffect(["region": invocation[\.region] != nil])
    }
    let state = await MovieDetailsViewModel(
      movieID: id, service: service, language: invocation[\.backend.language]
    ).load()
    switch state {
    case .success(var details, let poster):
      // More like this: TMDb sends it with the details; the catalog works it out on demand
      // (a pass over every film: not for the finder's previews).
      if details.recommendations.isEmpty {
        details.recommendations =
          (try? await service.moreLikeThis(id: id, language: invocation[\.backend.language])) ?? []
      }
      if invocation[\.json] {
        Output.print(try JSON.line(details))
      } else {
        let country = DetailsText.country(
          region: invocation[\.region], language: invocation[\.backend.language])
        Output.print(
          DetailsText.block(
            details, poster: poster, width: Output.isTerminal ? Output.width : 80,
            country: country, idPrefix: named?.idPrefix ?? ""
          ).joined(separator: "\n") + "\n")
      }
      return 0
    case .failure(let message):
      Output.error("Error: \(message)")
      return 1
    case .loading:
      return 1
    }
  }
}
