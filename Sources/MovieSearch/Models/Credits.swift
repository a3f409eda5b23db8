/// Who made a film and who is in it: TMDb's `credits` (asked with
/// `append_to_response=credits`).
public struct Credits: Codable, Sendable, Hashable {
  /// The cast, in billing order.
  public var cast: [CastMember]
  /// The crew: director, writers, …
  public var crew: [CrewMember]

  /// Creates credits.
  public init(cast: [CastMember] = [], crew: [CrewMember] = []) {
    self.cast = cast
    self.crew = crew
  }

  /// Decodes tolerantly: a member that cannot be read is left out, not fatal.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    cast = container.lenientList(.cast, of: CastMember.self).sorted { $0.order < $1.order }
    crew = container.lenientList(.crew, of: CrewMember.self)
  }

  /// The names of the directors, in TMDb's order, each once.
  public var directors: [String] {
    var seen = Set<String>()
    return crew.filter { $0.job == "Director" }.map(\.name).filter { seen.insert($0).inserted }
  }
}

/// An actor and the part they play.
public struct CastMember: Codable, Sendable, Hashable {
  /// The person's name.
  public var name: String
  /// The part, e.g. "Neo"; `nil` when unknown.
  public var character: String?
  /// The billing position, from 0; `Int.max` when the server gave none that is plausible
  /// (listed last, and left out of the JSON this encodes to).
  public var order: Int

  /// Creates a cast member.
  public init(name: String, character: String? = nil, order: Int = 0) {
    self.name = name
    self.character = character
    self.order = order
  }

  enum CodingKeys: String, CodingKey { case name, character, order }

  /// Decodes tolerantly: an empty character is `nil`; a missing or implausible order sorts
  /// last.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    guard let name = container.text(.name) else {
      throw DecodingError.keyNotFound(
        CodingKeys.name, .init(codingPath: container.codingPath, debugDescription: "no name"))
    }
    self.name = name
    character = container.text(.character)
    order = ((try? container.whole(.order, in: Plausible.billing)) ?? nil) ?? Int.max
  }

  /// Encodes the cast member, without an `order` when it is unknown (a number no server
  /// sent).
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(name, forKey: .name)
    try container.encodeIfPresent(character, forKey: .character)
    if order != Int.max { try container.encode(order, forKey: .order) }
  }
}

/// A member of the crew and their job.
public struct CrewMember: Codable, Sendable, Hashable {
  /// The person's name.
  public var name: String
  /// The job, e.g. "Director".
  public var job: String

  /// Creates a crew member.
  public init(name: String, job: String) {
    self.name = name
    self.job = job
  }
}

/// A film's releases in one country, as TMDb's `release_dates` lists them (asked with
/// `append_to_response=release_dates`).
public struct CountryReleases: Codable, Sendable, Hashable {
  /// The country, ISO 3166-1 (`US`, `DE`).
  public var country: String
  /// Its releases, each with the certification it got there (`R`, `16`), maybe empty.
  public var releases: [Release]

  /// One release in a country.
  public struct Release: Codable, Sendable, Hashable {
    /// The age rating; empty when none was given.
    public var certification: String
    /// TMDb's release type: 1 premiere, 2 limited, 3 theatrical, 4 digital, 5 physical, 6 TV.
    public var type: Int?

    /// Creates a release.
    public init(certification: String, type: Int? = nil) {
      self.certification = certification
      self.type = type
    }
  }

  /// Creates a country's releases.
  public init(country: String, releases: [Release]) {
    self.country = country
    self.releases = releases
  }

  enum CodingKeys: String, CodingKey {
    case country = "iso_3166_1"
    case releases = "release_dates"
  }
}

/// The collection a film belongs to ("The Matrix Collection").
public struct CollectionReference: Codable, Sendable, Hashable {
  /// TMDb's collection id.
  public var id: Int
  /// Its name.
  public var name: String

  /// Creates a reference.
  public init(id: Int, name: String) {
    self.id = id
    self.name = name
  }
}

extension [CountryReleases] {
  /// The certification a film got in `country`: its theatrical release's when there is one,
  /// else the first given; `nil` when none.
  public func certification(in country: String) -> String? {
    guard let releases = first(where: { $0.country == country })?.releases else { return nil }
    let rated = releases.filter { !$0.certification.isEmpty }
    return (rated.first { $0.type == 3 } ?? rated.first)?.certification
  }
}

extension KeyedDecodingContainer {
  /// The elements of a list that can be decoded; missing, null or not a list is empty.
  func lenientList<T: Decodable>(_ key: Key, of type: T.Type) -> [T] {
    guard var list = try? nestedUnkeyedContainer(forKey: key) else { return [] }
    var values: [T] = []
    while !list.isAtEnd {
      if let value = try? list.decode(T.self) {
        values.append(value)
      } else if (try? list.decode(LenientSkip.self)) == nil {
        break
      }
    }
    return values
  }
}

/// Any JSON value, decoded only to move past it.
private struct LenientSkip: Decodable {
  init(from decoder: any Decoder) throws {}
}
