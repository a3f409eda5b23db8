/// What a filter may ask for, one home for every reader of filters: the command line's flags,
/// the tokens of a search field (``FilteredText``), `stream`'s JSON. A value outside these is
/// refused where it is read, with the range in the message.
extension MovieFilter {
  /// The years a filter may name.
  public static let years = 1800...2200
  /// The running times a filter may name, in minutes.
  public static let runtimes = 1...10_000
  /// The ratings a filter may name.
  public static let ratings = 0.0...10.0
  /// The vote counts a filter may name (a catalog counts them in 32 bits).
  public static let voteCounts = 0...Int(Int32.max)
  /// The most genres a filter may name: more than IMDb's and TMDb's together.
  public static let mostGenres = 100

  /// The first year of a decade written as people write one — `1990s`, `90s`, `'90s`,
  /// `’90s` — or `nil`. Two digits are the 1930s to the 1990s and the 2000s to the 2020s;
  /// four must be a year of ``years``.
  public static func decade(_ text: some StringProtocol) -> Int? {
    var digits = Substring(text).lowercased()[...]
    guard digits.hasSuffix("s") else { return nil }
    digits.removeLast()
    if digits.hasPrefix("'") || digits.hasPrefix("’") { digits.removeFirst() }
    guard digits.allSatisfy({ $0.isASCII && $0.isNumber }), let number = Int(digits),
      number % 10 == 0
    else { return nil }
    switch digits.count {
    case 2: return number <= 20 ? 2000 + number : 1900 + number
    case 4 where years.contains(number): return number
    default: return nil
    }
  }
}
