import Foundation

/// Someone a catalog built from IMDb's files names as a director or a member of a film's
/// first cast, with how much of the catalog they are in.
public struct CatalogPerson: Sendable, Hashable, Codable {
  /// The person's place in the catalog's names (stable for one catalog file).
  public var id: Int
  /// The name as the catalog has it.
  public var name: String
  /// The films they directed or are in.
  public var films: Int
  /// Of those, the films they directed.
  public var directed: Int
  /// The votes of all their films: how well known they are.
  public var votes: Int
  /// What they are known for (TMDb's `known_for_department`: Directing, Acting…).
  public var knownFor: String?

  /// Creates a person.
  public init(
    id: Int, name: String, films: Int = 0, directed: Int = 0, votes: Int = 0,
    knownFor: String? = nil
  ) {
    self.id = id
    self.name = name
    self.films = films
    self.directed = directed
    self.votes = votes
    self.knownFor = knownFor
  }
}

/// A person's part in a film.
public enum CreditRole: String, Sendable, Hashable, Codable {
  /// One of its directors.
  case director
  /// One of its first-billed cast.
  case cast
  /// One of its writers (TMDb).
  case writer
}

/// One film of a filmography, and the person's parts in it.
public struct FilmCredit: Sendable, Hashable {
  /// The film.
  public var movie: Movie
  /// Director, cast, or both.
  public var roles: [CreditRole]
}

extension OfflineCatalog {
  /// The people whose names have every word of `name` (any case, accents aside), the best
  /// known first (their films' votes, then the number of films); empty on a catalog without
  /// people (see ``hasPeople``).
  public func people(named name: String, limit: Int = 20) -> [CatalogPerson] {
    let matching = store.peopleMatcher(named: name)
    guard !matching.names.isEmpty else { return [] }
    var found: [Int: CatalogPerson] = [:]
    let records = store.recordReader
    for film in 0..<store.filmCount {
      let votes = records[film, .votes]
      store.forEachPerson(of: film, among: matching) { person, isDirector in
        var entry =
          found[person]
          ?? CatalogPerson(
            id: person, name: store.name(person) ?? "", films: 0, directed: 0, votes: 0)
        entry.films += 1
        if isDirector { entry.directed += 1 }
        entry.votes += votes
        found[person] = entry
      }
    }
    return found.values.sorted {
      ($0.votes, $0.films, $1.name) > ($1.votes, $1.films, $0.name)
    }.prefix(limit).map { $0 }
  }

  /// The people called `name` (see ``people(named:limit:)``); a catalog without people says
  /// so.
  public func people(named name: String, language: String?) throws(MovieServiceError)
    -> [CatalogPerson]
  {
    guard hasPeople else { throw .invalidRequest("the catalog has no people") }
    return people(named: name)
  }

  /// The films of `person` (see ``films(of:)``).
  public func films(of person: CatalogPerson, language: String?) -> [FilmCredit] {
    films(of: person)
  }

  /// The films of `person`, by year (films of no known year last), each with their parts.
  public func films(of person: CatalogPerson) -> [FilmCredit] {
    var credits: [(year: Int, film: Int, roles: [CreditRole])] = []
    let matcher = PeopleMatcher([person.id], in: store)
    for film in 0..<store.filmCount {
      var roles: [CreditRole] = []
      store.forEachPerson(of: film, among: matcher) { _, isDirector in
        let role: CreditRole = isDirector ? .director : .cast
        if !roles.contains(role) { roles.append(role) }
      }
      if !roles.isEmpty {
        let year = store.recordReader[film, .year]
        credits.append((year == 0 ? Int.max : year, film, roles))
      }
    }
    return credits.sorted { ($0.year, $0.film) < ($1.year, $1.film) }.map {
      FilmCredit(movie: movie($0.film), roles: $0.roles)
    }
  }
}

extension CatalogStore {
  /// The people whose names have every word of `name`, as a matcher: every name is read, in
  /// place, most rejected by their bytes (an ASCII name without a word's letters); each
  /// one's words read in the same pass (its name and the one before it are at hand), not
  /// from its block again.
  func peopleMatcher(named name: String) -> PeopleMatcher {
    let words = TitleText.words(name).map(\.text)
    guard !words.isEmpty else { return PeopleMatcher([], in: self) }
    var found: [(index: Int, words: [Int32]?)] = []
    var previous: [UInt8] = []
    forEachName { index, bytes in
      defer {
        previous.removeAll(keepingCapacity: true)
        previous.append(contentsOf: bytes)
      }
      let mayHave = !bytes.allSatisfy { $0 < 0x80 } || words.allSatisfy { Self.holds(bytes, $0) }
      guard mayHave else { return }
      let nameWords = TitleText.words(String(decoding: bytes, as: UTF8.self)).map(\.text)
      guard words.allSatisfy(nameWords.contains) else { return }
      let key = CatalogFile.nameKey(words: nameWords)
      let before = index == 0 ? nil : previous.withUnsafeBytes { CatalogFile.nameKey(bytes: $0) }
      found.append((index, wordsFinding(key: key, before: before)))
    }
    return PeopleMatcher(found, in: self)
  }

  /// Whether `bytes`, lower-cased, hold `word`.
  private static func holds(_ bytes: UnsafeRawBufferPointer, _ word: [UInt8]) -> Bool {
    guard bytes.count >= word.count else { return false }
    func lower(_ byte: UInt8) -> UInt8 {
      (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte + 32 : byte
    }
    outer: for start in 0...(bytes.count - word.count) {
      for offset in word.indices where lower(bytes[start + offset]) != word[offset] {
        continue outer
      }
      return true
    }
    return false
  }
}
