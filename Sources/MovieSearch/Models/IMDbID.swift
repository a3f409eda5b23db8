import Foundation

/// An IMDb title id — `tt` and its number, as in `https://www.imdb.com/title/tt0080684/` —
/// read from what a user pastes: the id itself, in either case, or a link to the title.
public struct IMDbID: Equatable, Sendable, CustomStringConvertible {
  /// The number after `tt` (1 to 2³² − 1: IMDb's are seven or eight digits).
  public let number: Int

  /// The id in `text`, or `nil` when it holds none: `tt0080684`, `TT80684`, or an IMDb link
  /// (`https://www.imdb.com/title/tt0080684/`, `m.imdb.com/title/tt0080684/?ref_=…`,
  /// `https://www.imdb.com/de/title/tt0080684/`).
  public init?(_ text: some StringProtocol) {
    var rest = Substring(text.trimmingCharacters(in: .whitespaces))
    // Any of IMDb's hosts (www., m.) and a language before the path (imdb.com/de/title/…).
    if let site = rest.range(of: "imdb.com/", options: .caseInsensitive),
      let title = rest[site.upperBound...].range(of: "title/", options: .caseInsensitive)
    {
      rest = rest[title.upperBound...].prefix { $0 != "/" && $0 != "?" && $0 != "#" }
    }
    guard rest.count > 2, rest.prefix(2).lowercased() == "tt" else { return nil }
    let digits = rest.dropFirst(2)
    // Ten digits at most: a longer number is no IMDb id (and would not fit).
    guard digits.count <= 10, digits.allSatisfy({ $0.isASCII && $0.isNumber }),
      let number = Int(digits), Plausible.id.contains(number)
    else { return nil }
    self.number = number
  }

  /// The id of number `number`.
  public init?(number: Int) {
    guard Plausible.id.contains(number) else { return nil }
    self.number = number
  }

  /// `tt` and the number, at least seven digits, as IMDb writes it.
  public var description: String {
    let digits = String(number)
    return "tt" + String(repeating: "0", count: max(0, 7 - digits.count)) + digits
  }
}
