import Foundation
import MovieSearch

/// A ``MovieFilter`` as `stream` reads and writes it, and as a recording keeps it:
/// `{"genres":["Comedy"],"years":[1990,1999],"minRating":7.5,"minVotes":1000,"sort":"rating"}`
/// — also `"allGenres":true`, `"runtime":[90,120]`, `"certification":"R"`, `"person":"kubrick"`;
/// either end of a range may be `null` (open). Every number is checked against the range of
/// its command-line flag; an unknown key is refused, not ignored (a misspelt filter would
/// otherwise filter nothing without a word).
struct FilterJSON: Codable, Equatable {
  var filter: MovieFilter

  init(_ filter: MovieFilter) {
    self.filter = filter
  }

  private enum Key: String, CodingKey, CaseIterable {
    case genres, allGenres, years, minRating, minVotes, runtime, certification, person, sort
  }

  /// A problem with a filter object, said as the reason a line is skipped.
  struct Problem: Error {
    var reason: String
  }

  static let mostGenres = MovieFilter.mostGenres
  static let yearRange = MovieFilter.years
  static let runtimeRange = MovieFilter.runtimes

  init(from decoder: any Decoder) throws {
    let object = try decoder.container(keyedBy: AnyKey.self)
    var filter = MovieFilter()
    for key in object.allKeys {
      guard let known = Key(rawValue: key.stringValue) else {
        let keys = Key.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
        throw Problem(
          reason: "the filter has no key \"\(key.stringValue.prefix(40))\" (its keys: \(keys))")
      }
      let problem = Problem(reason: Self.expected(known))
      do {
        switch known {
        case .genres:
          // Each name once; past ``mostGenres`` (more than any catalog has) the line is refused.
          var seen = Set<String>()
          filter.genres = try object.decode([String].self, forKey: key).filter {
            !$0.isEmpty && seen.insert(MovieFilter.genreKey($0)).inserted
          }
          guard filter.genres.count <= Self.mostGenres else { throw problem }
        case .allGenres: filter.allGenres = try object.decode(Bool.self, forKey: key)
        case .years:
          (filter.fromYear, filter.toYear) = try Self.range(object, key, in: Self.yearRange)
        case .minRating:
          let rating = try object.decode(Double.self, forKey: key)
          guard rating.isFinite, MovieFilter.ratings.contains(rating) else { throw problem }
          filter.minRating = rating
        case .minVotes:
          let votes = try object.decode(Double.self, forKey: key)
          guard let whole = Int(outside: votes, in: MovieFilter.voteCounts), Double(whole) == votes
          else { throw problem }
          filter.minVotes = whole
        case .runtime:
          (filter.minRuntime, filter.maxRuntime) = try Self.range(
            object, key, in: Self.runtimeRange)
        case .certification:
          let name = try object.decode(String.self, forKey: key)
          guard let certification = MovieFilter.certification(named: name) else { throw problem }
          filter.certification = certification
        case .person:
          let name = try object.decode(String.self, forKey: key)
          filter.person = name.isEmpty ? nil : name
        case .sort:
          guard let sort = MovieFilter.Sort(parsing: try object.decode(String.self, forKey: key))
          else { throw problem }
          filter.sort = sort
        }
      } catch is DecodingError {
        throw problem
      }
    }
    self.filter = filter
  }

  /// What a key's value must be.
  private static func expected(_ key: Key?) -> String {
    switch key {
    case .genres: "\"genres\" must be a list of at most \(mostGenres) genre names"
    case .allGenres: "\"allGenres\" must be true or false"
    case .years:
      "\"years\" must be [first, last], years from \(yearRange.lowerBound) to \(yearRange.upperBound) (null: open)"
    case .minRating: "\"minRating\" must be a number from 0 to 10"
    case .minVotes: "\"minVotes\" must be a whole number from 0 to 2147483647"
    case .runtime:
      "\"runtime\" must be [shortest, longest], minutes from \(runtimeRange.lowerBound) to \(runtimeRange.upperBound) (null: open)"
    case .certification:
      "\"certification\" must be one of \(MovieFilter.certifications.joined(separator: ", "))"
    case .person: "\"person\" must be a string"
    case .sort:
      "\"sort\" must be one of \(MovieFilter.Sort.Key.allCases.map(\.rawValue).joined(separator: ", ")), with :asc or :desc"
    case nil: "the filter has the wrong shape"
    }
  }

  /// `[a, b]` with either end `null`; both ends within `range`, in order.
  private static func range(
    _ object: KeyedDecodingContainer<AnyKey>, _ key: AnyKey, in range: ClosedRange<Int>
  ) throws -> (Int?, Int?) {
    let ends = try object.decode([Double?].self, forKey: key)
    let problem = Problem(reason: expected(Key(rawValue: key.stringValue)))
    guard ends.count == 2 else { throw problem }
    let whole = try ends.map { end -> Int? in
      guard let end else { return nil }
      guard let value = Int(outside: end, in: range), Double(value) == end else { throw problem }
      return value
    }
    if let lower = whole[0], let upper = whole[1], lower > upper { throw problem }
    return (whole[0], whole[1])
  }

  func encode(to encoder: any Encoder) throws {
    var object = encoder.container(keyedBy: Key.self)
    if !filter.genres.isEmpty { try object.encode(filter.genres, forKey: .genres) }
    if filter.allGenres { try object.encode(true, forKey: .allGenres) }
    if filter.fromYear != nil || filter.toYear != nil {
      try object.encode([filter.fromYear, filter.toYear], forKey: .years)
    }
    try object.encodeIfPresent(filter.minRating, forKey: .minRating)
    try object.encodeIfPresent(filter.minVotes, forKey: .minVotes)
    if filter.minRuntime != nil || filter.maxRuntime != nil {
      try object.encode([filter.minRuntime, filter.maxRuntime], forKey: .runtime)
    }
    try object.encodeIfPresent(filter.certification, forKey: .certification)
    try object.encodeIfPresent(filter.person, forKey: .person)
    if filter.sort != MovieFilter.Sort() {
      let direction = filter.sort.ascending == MovieFilter.Sort(filter.sort.key).ascending
      let suffix = direction ? "" : filter.sort.ascending ? ":asc" : ":desc"
      try object.encode(filter.sort.key.rawValue + suffix, forKey: .sort)
    }
  }
}

/// Any key of a JSON object.
struct AnyKey: CodingKey {
  var stringValue: String
  var intValue: Int? { nil }
  init(stringValue: String) { self.stringValue = stringValue }
  init?(intValue: Int) { nil }
}
