import Foundation
import MovieSearch

/// The note that an offline catalog may not have the film asked for: the built-in catalog
/// ends in 2005, so "inception" finds only look-alikes there, and a person should be told
/// where newer films are — once, on stderr when it is a terminal, and in the finder's status
/// line; never in what a pipe reads.
///
/// It is said when the query names a year after the catalog's last, or when the best answer
/// is only a partial or typo match for something that looks like a title and the catalog
/// ends more than a year ago (a current catalog that finds only a typo match is not out of
/// date: the film may simply not exist).
struct CoverageNote: Sendable {
  let service: any MovieService
  let lastYear: Int
  let isBuiltIn: Bool

  /// The note for `service`; `nil` when it is not a fixed collection of films (a catalog),
  /// or its films' years are not known.
  init?(_ service: any MovieService) {
    guard let coverage = service.catalogCoverage, let years = coverage.years else { return nil }
    self.service = service
    lastYear = years.upperBound
    isBuiltIn = coverage.isBuiltIn
  }

  /// The note's text.
  var text: String {
    let which = isBuiltIn ? "The built-in catalog" : "This catalog"
    return
      "\(which) covers films to \(lastYear); for newer films set TMDB_API_KEY or build a catalog from IMDb's datasets (see README)."
  }

  /// What the built-in catalog lacks, both of it: when no film matches closely, the year is
  /// not the only reason — its source (ggplot2movies) left out every title with an accented
  /// letter ("amelie", "leon the professional" find nothing of theirs), whatever its year.
  var builtInGaps: String {
    "The built-in catalog covers films to \(lastYear), and its source left out titles with accented letters (Amélie, Léon); for those set TMDB_API_KEY or build a catalog from IMDb's datasets (see README)."
  }

  /// The note in a few words, for a narrow status line.
  var shortText: String {
    "Catalog ends in \(lastYear)."
  }

  /// The note when `best` (the first film found for `query`) suggests the catalog lacks the
  /// film asked for; `nil` otherwise. `currentYear` is this year.
  func note(for query: MovieQuery, best: Movie?, currentYear: Int = CoverageNote.currentYear)
    -> String?
  {
    switch service.shortfall(query, best: best) {
    case .yearAfterLast: text
    case .noCloseMatch where lastYear < currentYear - 1: isBuiltIn ? builtInGaps : text
    case .noCloseMatch, nil: nil
    }
  }

  /// This year, by the calendar (UTC).
  static var currentYear: Int {
    Int(Format.day(Date()).prefix(4)) ?? 2026
  }
}
