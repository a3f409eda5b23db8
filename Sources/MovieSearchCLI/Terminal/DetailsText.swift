import Foundation
import MovieSearch

/// A film's details as the terminal shows them — `details`, and the finder's details and
/// preview: lines of a width, each with its style.
enum DetailsText {
  /// The country whose certification to show: the region asked for, else the country of
  /// the language (`pt-BR` → BR, `de` → DE, `en` → US), else the United States.
  static func country(region: String?, language: String?) -> String {
    if let region { return region }
    guard let language else { return "US" }
    let parts = language.split(whereSeparator: { $0 == "-" || $0 == "_" })
    if parts.count > 1, parts[1].count == 2 { return parts[1].uppercased() }
    let countries = [
      "en": "US", "ja": "JP", "ko": "KR", "zh": "CN", "sv": "SE", "da": "DK", "cs": "CZ",
      "el": "GR", "he": "IL", "hi": "IN", "uk": "UA", "nb": "NO", "fa": "IR", "vi": "VN",
    ]
    let code = parts.first.map { String($0).lowercased() } ?? "en"
    return countries[code] ?? code.uppercased()
  }

  /// The details as lines of at most `width` columns, styled; its ids (the film's, those of
  /// more like it) with `idPrefix` before them (``FilmIDs/prefix(for:)``).
  static func block(
    _ details: MovieDetails, poster: String?, width: Int, country: String = "US",
    idPrefix: String = ""
  ) -> [String] {
    lines(details, poster: poster, width: width, country: country, idPrefix: idPrefix).map {
      text, style in
      style.map { Output.style(text, $0) } ?? text
    }
  }

  /// The details as lines of at most `width` columns, each with its style.
  static func lines(
    _ details: MovieDetails, poster: String?, width: Int, country: String = "US",
    idPrefix: String = ""
  ) -> [(String, String?)] {
    linesOfText(details, poster: poster, width: width, country: country, idPrefix: idPrefix).map {
      ($0.0.printable, $0.1)
    }
  }

  private static func linesOfText(
    _ details: MovieDetails, poster: String?, width: Int, country: String, idPrefix: String
  ) -> [(String, String?)] {
    let movie = details.movie
    var lines: [(String, String?)] = [(movie.title + (movie.year.map { " (\($0))" } ?? ""), "1")]
    func paragraph(_ text: String, _ style: String? = nil) {
      lines += text.printable.wrapped(to: width).map { ($0, style) }
    }
    if let original = movie.originalTitle, original != movie.title {
      paragraph("Original title: \(original)")
    }
    let others = details.alternativeTitles.filter { $0 != movie.originalTitle }
    if !others.isEmpty { paragraph("Also known as: \(others.joined(separator: "; "))") }
    var facts: [String] = []
    if let runtime = details.runtime { facts.append("\(runtime) min") }
    if !details.genres.isEmpty { facts.append(details.genres.map(\.name).joined(separator: ", ")) }
    if let certification = details.releaseDates.certification(in: country) {
      facts.append("\(certification) (\(country))")
    }
    if movie.voteCount > 0 {
      facts.append(
        "rated \(Format.rating(movie.voteAverage))/10 by \(Format.count(movie.voteCount))")
    }
    if !facts.isEmpty { paragraph(facts.joined(separator: " · ")) }
    if let directors = details.credits?.directors, !directors.isEmpty {
      paragraph("Directed by \(directors.joined(separator: ", "))")
    }
    let cast = details.cast()
    if !cast.isEmpty {
      let more = (details.credits?.cast.count ?? 0) > cast.count ? ", …" : ""
      paragraph("With \(cast.map(\.name).joined(separator: ", "))\(more)")
    }
    if let collection = details.collection { paragraph("Part of \(collection.name)") }
    if let tagline = details.tagline {
      lines += "“\(tagline.printable)”".wrapped(to: width).map { ($0, nil) }
    }
    if let overview = movie.overview {
      lines.append(("", nil))
      lines += overview.printable.wrapped(to: width).map { ($0, nil) }
    }
    if !details.watchProviders.isEmpty || details.trailer != nil { lines.append(("", nil)) }
    if !details.watchProviders.isEmpty {
      // TMDb's terms ask that JustWatch be credited for this data.
      let here = details.watchProviders[country].flatMap { $0.isEmpty ? nil : $0.summary }
      paragraph("Where to watch in \(country): \(here ?? "not listed") (data from JustWatch)")
    }
    if let trailer = details.trailer { paragraph("Trailer: \(trailer)") }
    if !details.recommendations.isEmpty {
      lines.append(("", nil))
      lines.append(("More like this:", nil))
      for film in details.recommendations {
        let year = film.year.map { " (\($0))" } ?? ""
        lines += "\(film.title.printable)\(year) · id \(idPrefix)\(film.id)".wrapped(to: width).map
        {
          ($0, nil)
        }
      }
    }
    var references = ["id \(idPrefix)\(movie.id)"]
    if let imdb = details.imdbID { references.append("IMDb \(imdb)") }
    if let budget = details.budget { references.append("budget $\(Format.count(budget))") }
    lines.append(("", nil))
    lines.append((references.joined(separator: " · "), "2"))
    if let imdb = details.imdbID, imdb.hasPrefix("tt"), imdb.dropFirst(2).allSatisfy(\.isNumber) {
      lines.append(("https://www.imdb.com/title/\(imdb)/", "2"))
    }
    if let poster { lines.append(("Poster: \(poster)", nil)) }
    return lines
  }
}
