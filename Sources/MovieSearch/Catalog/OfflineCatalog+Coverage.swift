import Foundation

extension OfflineCatalog {
  /// What a catalog covers: where it was built from, when, how many films, which years. The
  /// built-in catalog ends in 2005, so a search for a newer film finds only look-alikes; a
  /// program says so when ``shortfall(_:best:)`` says the answer suggests it.
  public struct Coverage: Sendable, Equatable {
    /// What a catalog was built from.
    public enum Source: UInt8, Sendable, Equatable {
      /// Not said (a catalog built before catalogs said it).
      case unknown = 0
      /// A CSV of films (the built-in catalog: ggplot2movies' IMDb data).
      case csv = 1
      /// TMDb's daily export of movie ids.
      case tmdbExport = 2
      /// A folder of IMDb's dataset files.
      case imdbDatasets = 3
    }

    /// What it was built from.
    public var source: Source
    /// Whether it is the catalog built into the binary.
    public var isBuiltIn: Bool
    /// How many films it holds.
    public var films: Int
    /// The years of its films (those whose year is known); `nil` when none is.
    public var years: ClosedRange<Int>?
    /// The day it was built (midnight UTC); `nil` when it does not say.
    public var builtOn: Date?
  }

  /// The catalog's ``coverage``, as a service tells it.
  public var catalogCoverage: Coverage? { coverage }

  /// What this catalog covers (its years are read from every film once: a few milliseconds
  /// for a million).
  public var coverage: Coverage {
    let origin = store.origin
    return Coverage(
      source: origin.source, isBuiltIn: store.isEmbedded, films: store.filmCount, years: years,
      builtOn: origin.day.map { Date(timeIntervalSince1970: Double($0) * 86_400) })
  }

  /// Why an answer suggests the film asked for is not in the catalog.
  public enum Shortfall: Sendable, Equatable {
    /// The query names a year after the catalog's last.
    case yearAfterLast(Int)
    /// Nothing was found, or the best answer matches only some of the words, or matches a
    /// word only as a typo would (a short word, or one two edits away: "inception" finds
    /// "Deception") — while the query looks like a title (it has a word of three letters or
    /// more). One slip in a longer word ("godfathr") is the person's typo, not a gap.
    case noCloseMatch
  }

  /// Whether `best`, the first film of this catalog's answer to `query`, suggests that the
  /// film asked for is not in the catalog, and why; `nil` when the answer looks right, or
  /// the query names a year the catalog covers (or one before its first). A
  /// program tells the person where newer films are; the answer itself is not changed.
  public func shortfall(_ query: MovieQuery, best: Movie?) -> Shortfall? {
    guard let parsed = TitleQuery(query.text) else { return nil }
    // A year the catalog covers (or one before its first) explains an answer by itself.
    if let year = query.year ?? parsed.year?.first, let last = years?.upperBound {
      return year > last ? .yearAfterLast(last) : nil
    }
    guard parsed.words.contains(where: { $0.count >= 3 }) else { return nil }
    guard let best, !best.isPartialMatch else { return .noCloseMatch }
    // Each word typed is in the title that matched, or in a name of the film's people, or is
    // a number or another form of a word (which the ranking found the film by), or is one
    // slip away from a title word.
    let titleWords = TitleText.words(best.alsoKnownAs ?? best.title).map(\.text)
    let title = Array(titleWords.joined())
    var people: [UInt8] = []
    if let film = store.index(ofID: best.id) {
      let extras = store.extras(of: film)
      people = (extras.directors + extras.cast).flatMap { TitleText.words($0).flatMap(\.text) }
    }
    let matched = parsed.words.allSatisfy { word in
      word == parsed.yearWord || word.count < 3 || !WordForms.forms(of: word).isEmpty
        || title.contains(word) || people.contains(word)
        || (word.count >= 5 && titleWords.contains { Self.isOneSlip(word, $0) })
    }
    return matched ? nil : .noCloseMatch
  }

  /// Whether `a` becomes `b` by one edit: a letter added, dropped, changed, or two
  /// neighbours swapped.
  static func isOneSlip(_ a: [UInt8], _ b: [UInt8]) -> Bool {
    guard abs(a.count - b.count) <= 1, a != b else { return false }
    var start = 0
    while start < min(a.count, b.count), a[start] == b[start] { start += 1 }
    var (endA, endB) = (a.count, b.count)
    while endA > start, endB > start, a[endA - 1] == b[endB - 1] {
      (endA, endB) = (endA - 1, endB - 1)
    }
    let (restA, restB) = (endA - start, endB - start)
    if restA <= 1 && restB <= 1 { return true }
    return restA == 2 && restB == 2 && a[start] == b[start + 1] && a[start + 1] == b[start]
  }

  /// The years of the films, read once.
  private var years: ClosedRange<Int>? {
    searcher.years {
      var first = Int.max
      var last = Int.min
      for film in 0..<store.filmCount {
        let year = store.summary(film).year
        guard year > 0 else { continue }
        first = min(first, year)
        last = max(last, year)
      }
      return first <= last ? first...last : nil
    }
  }
}
