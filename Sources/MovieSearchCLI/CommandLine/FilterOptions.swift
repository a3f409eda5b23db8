import Foundation
import MovieSearch

/// The filters of a listing (`discover`) and of a search, declared once and read into one
/// ``MovieFilter``: genres, years, rating, votes, runtime, certification, a person, the
/// order. `--year` is each command's own (a search's is the query's, which TMDb takes).
struct FilterOptions: ValueGroup {
  let genre = Option.text(
    "genre", "names", "Only films of one of these genres (comma-separated; see --all-genres).")
  let allGenres = Flag("all-genres", "Only films of every genre given with --genre.")
  let years = Option.bounds(
    "years", "a..b", in: MovieFilter.years,
    "Only films released in these years ('1990..1999', '2000..', '..1950', '>2000').")
  let minRating = Option.decimal(
    "min-rating", "x", in: MovieFilter.ratings, "Only films rated at least this (0-10).")
  let minVotes = Option.integer(
    "min-votes", "n", in: MovieFilter.voteCounts, "Only films with at least this many votes.")
  let runtime = Option.bounds(
    "runtime", "a..b", in: MovieFilter.runtimes,
    "Only films this long, in minutes ('90..120', '..100', '<100').")
  let certification = Option.certification
  let person = Option.text(
    "person", "name", "Only films one of whose directors or cast has this name.")
  let sort = Option.sort

  func value(_ given: GivenOptions) -> MovieFilter {
    var filter = MovieFilter()
    filter.genres =
      given[genre]?.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
      .filter { !$0.isEmpty } ?? []
    filter.allGenres = given[allGenres]
    if let years = given[years] { (filter.fromYear, filter.toYear) = (years.lower, years.upper) }
    filter.minRating = given[minRating]
    filter.minVotes = given[minVotes]
    if let runtime = given[runtime] {
      (filter.minRuntime, filter.maxRuntime) = (runtime.lower, runtime.upper)
    }
    filter.certification = given[certification]
    filter.person = given[person].flatMap { $0.isEmpty ? nil : $0 }
    if let sort = given[sort] { filter.sort = sort }
    return filter
  }
}

extension FilterOptions {
  /// The filter with its genres spelt as the catalog spells them; refuses, as a usage
  /// error, what the catalog cannot filter by: a genre it does not have (its genres
  /// listed), a person where it has no people. TMDb checks its own.
  static func checked<C: Command>(
    _ filter: MovieFilter, in source: Backend.Source, _ invocation: Invocation<C>
  ) throws -> MovieFilter {
    guard case .catalog(let catalog) = source else { return filter }
    var filter = filter
    filter.genres = filter.genres.map { genre in
      catalog.genreNames.first { MovieFilter.genreKey($0) == MovieFilter.genreKey(genre) }
        ?? genre
    }
    for genre in filter.genres where !catalog.hasGenre(genre) {
      throw invocation.usageError(
        "The catalog has no genre '\(genre.printable)'. Its genres: \(catalog.genreNames.sorted(by: TitleOrder.areInOrder).joined(separator: ", "))."
      )
    }
    if filter.certification != nil, !catalog.hasCertifications {
      throw invocation.usageError(
        "This catalog has no certifications (IMDb's files and TMDb's export carry none): the built-in catalog and TMDb have them."
      )
    }
    if filter.person != nil, !catalog.hasPeople {
      throw invocation.usageError(
        "This catalog has no people: build one from IMDb's files to filter by person (see 'movie-search build-catalog --help')."
      )
    }
    return filter
  }
}

/// Two ends of a range, either left open.
struct Bounds: Sendable, Equatable {
  var lower: Int?
  var upper: Int?
}

extension Option where Value == Bounds {
  /// A range as ``RangeText`` reads it (`a..b`, `a..`, `..b`, `>a`, `<=b`, or `a` alone),
  /// each end within `range`.
  static func bounds(
    _ name: String, _ valueName: String, in range: ClosedRange<Int>, _ help: String
  ) -> Option {
    Option(name: name, valueName: valueName, help: help) { text in
      do throws(RangeText.Problem) {
        switch try RangeText.read(text, in: range) {
        case .bounds(let lower, let upper): return .success(Bounds(lower: lower, upper: upper))
        case .number(let value): return .success(Bounds(lower: value, upper: value))
        }
      } catch .notANumber {
        return .failure(
          UsageMessage(
            text:
              "The value '\(text)' of '--\(name)' is not a range of whole numbers between \(range.lowerBound) and \(range.upperBound), such as '\(range.lowerBound)..\(range.upperBound)'."
          ))
      } catch .noEnd {
        return .failure(
          UsageMessage(
            text: text.contains("..")
              ? "'--\(name)' needs at least one end: 'a..', '..b'."
              : "'--\(name)' needs a range, such as 'a..b'."))
      } catch {
        return .failure(
          UsageMessage(text: "The range '\(text)' of '--\(name)' ends before it starts."))
      }
    }
  }
}

extension Option where Value == Double {
  /// A number within `range` (`7.5`).
  static func decimal(
    _ name: String, _ valueName: String, in range: ClosedRange<Double>, _ help: String
  ) -> Option {
    Option(name: name, valueName: valueName, help: help) { text in
      guard let value = Double(text), value.isFinite, range.contains(value) else {
        return .failure(
          UsageMessage(
            text:
              "The value '\(text)' of '--\(name)' must be a number between \(Format.rating(range.lowerBound)) and \(Format.rating(range.upperBound))."
          ))
      }
      return .success(value)
    }
  }
}

extension Option where Value == String {
  /// One of ``MovieFilter/certifications``, however cased or joined ("pg13" is PG-13).
  static let certification = Option(
    name: "certification", valueName: "code",
    help:
      "Only films certified so (\(MovieFilter.certifications.joined(separator: ", ")); 'pg13' is PG-13)."
  ) { text in
    if let certification = MovieFilter.certification(named: text) { return .success(certification) }
    return .failure(
      UsageMessage(
        text:
          "The value '\(text)' of '--certification' is not one of: \(MovieFilter.certifications.joined(separator: ", "))."
      ))
  }
}

extension Option where Value == MovieFilter.Sort {
  /// `--sort key[:asc|:desc]`.
  static let sort = Option(
    name: "sort", valueName: "key",
    help:
      "The order: popularity (the default), rating, votes, year, title or runtime; ':asc' or ':desc' after it to choose the direction."
  ) { text in
    if let sort = MovieFilter.Sort(parsing: text) { return .success(sort) }
    let parts = text.lowercased().split(separator: ":", omittingEmptySubsequences: false)
    let keys = MovieFilter.Sort.Key.allCases.map(\.rawValue).joined(separator: ", ")
    guard (1...2).contains(parts.count), MovieFilter.Sort.Key(rawValue: String(parts[0])) != nil
    else {
      return .failure(
        UsageMessage(
          text: "The value '\(text)' of '--sort' is not one of: \(keys) (with ':asc' or ':desc').")
      )
    }
    return .failure(
      UsageMessage(text: "The direction '\(parts[1])' of '--sort' is neither 'asc' nor 'desc'."))
  }
}
