import MovieSearch

/// Something a command accepts on its command line: a flag (`--json`) or an option with a
/// value (`--page 2`). Commands declare them as properties of their `Options`.
protocol OptionDeclaration: Sendable {
  var name: String { get }
  /// The value's name in help (`<n>`); `nil` for a flag.
  var valueName: String? { get }
  /// Its one-letter form (`-q` for `--query`), as fzf's; `nil` when it has none.
  var shortName: Character? { get }
  var help: String { get }
  /// Checks a value given on the command line; the error is the message of a usage error.
  func parse(_ text: String) -> Result<any Sendable, UsageMessage>
}

/// The message of a usage error, without the `Error:` prefix.
struct UsageMessage: Error {
  let text: String
}

/// A flag such as `--json`.
struct Flag: OptionDeclaration {
  let name: String
  let help: String
  private(set) var shortName: Character? = nil

  init(_ name: String, _ help: String) {
    self.name = name
    self.help = help
  }

  var valueName: String? { nil }

  /// The flag with a one-letter form too (`-m`).
  func short(_ letter: Character) -> Flag {
    var flag = self
    flag.shortName = letter
    return flag
  }

  func parse(_ text: String) -> Result<any Sendable, UsageMessage> {
    .failure(UsageMessage(text: "The flag '--\(name)' does not take a value."))
  }
}

/// An option with a value of type `Value`, checked when the command line is read.
struct Option<Value: Sendable>: OptionDeclaration {
  let name: String
  let valueName: String?
  let help: String
  let convert: @Sendable (String) -> Result<Value, UsageMessage>
  private(set) var shortName: Character? = nil

  init(
    name: String, valueName: String?, help: String,
    convert: @escaping @Sendable (String) -> Result<Value, UsageMessage>
  ) {
    (self.name, self.valueName, self.help, self.convert) = (name, valueName, help, convert)
  }

  /// The option with a one-letter form too (`-q text`).
  func short(_ letter: Character) -> Option {
    var option = self
    option.shortName = letter
    return option
  }

  func parse(_ text: String) -> Result<any Sendable, UsageMessage> {
    convert(text).map { $0 }
  }
}

extension Option where Value == String {
  /// An option whose value is any text.
  static func text(_ name: String, _ valueName: String, _ help: String) -> Option {
    Option(name: name, valueName: valueName, help: help) { .success($0) }
  }
}

extension Option where Value == String {
  /// A country for TMDb: two letters, upper-cased.
  static let region = Option(
    name: "region", valueName: "code",
    help: "A country (ISO 3166-1, e.g. DE) whose release dates and titles to prefer (TMDb only)."
  ) { text in
    let code = text.uppercased()
    guard code.count == 2, code.allSatisfy({ $0.isASCII && $0.isLetter }) else {
      return .failure(
        UsageMessage(text: "The value '\(text)' of '--region' is not a two-letter country code."))
    }
    return .success(code)
  }
}

extension Option where Value == Int {
  /// An option whose value is a whole number within `range`.
  static func integer(
    _ name: String, _ valueName: String, in range: ClosedRange<Int>, _ help: String
  ) -> Option {
    Option(name: name, valueName: valueName, help: help) { text in
      guard let value = Int(text) else {
        let digits = text.drop { $0 == "-" || $0 == "+" }
        let tooLarge = !digits.isEmpty && digits.allSatisfy { $0.isASCII && $0.isNumber }
        return .failure(
          UsageMessage(
            text: tooLarge
              ? "The value of '--\(name)' is too large: it must be between \(range.lowerBound) and \(range.upperBound)."
              : "The value '\(text)' of '--\(name)' is not a whole number."))
      }
      guard range.contains(value) else {
        return .failure(
          UsageMessage(
            text:
              "The value '\(text)' of '--\(name)' must be between \(range.lowerBound) and \(range.upperBound)."
          ))
      }
      return .success(value)
    }
  }

  /// Only films first released in one year (`search`, `discover`, `interactive`).
  static let year = Option.integer(
    "year", "yyyy", in: MovieFilter.years, "Only films first released that year.")

  /// How long the search text must rest before it is searched (`stream`, `interactive`).
  static let debounce = Option.integer(
    "debounce", "ms", in: 0...60_000,
    "How long the text must rest before it is searched (default: a recording's, else 300).")
}

/// A set of declarations: a command's `Options`, or a group shared by several commands. Its
/// stored properties are the declarations (and nested groups), in the order help lists them.
protocol OptionGroup: Sendable {
  init()
}

extension OptionGroup {
  /// Every declaration of the group and of the groups it contains, in declaration order.
  var declarations: [any OptionDeclaration] {
    Mirror(reflecting: self).children.flatMap { child -> [any OptionDeclaration] in
      if let declaration = child.value as? any OptionDeclaration { return [declaration] }
      if let group = child.value as? any OptionGroup { return group.declarations }
      return []
    }
  }

  /// The declarations of the group itself, without those of nested groups.
  var ownDeclarations: [any OptionDeclaration] {
    Mirror(reflecting: self).children.compactMap { $0.value as? any OptionDeclaration }
  }
}

/// The options given on a command line, read by their declarations.
struct GivenOptions {
  var flags: Set<String>
  var values: [String: any Sendable]

  /// Whether a flag was given.
  subscript(flag: Flag) -> Bool { flags.contains(flag.name) }

  /// The value of an option, if it was given.
  subscript<Value>(option: Option<Value>) -> Value? { values[option.name] as? Value }
}

/// A group of options read into one typed value (``Invocation``'s `[group]` subscript): each
/// option is declared once, as a property, and read once, in ``value(_:)``.
protocol ValueGroup: OptionGroup {
  associatedtype Value: Sendable
  /// What the given options say.
  func value(_ given: GivenOptions) -> Value
}

/// Which service to use and how: every command that talks to one takes these.
struct BackendOptions: OptionGroup {
  let catalog = Option.text(
    "catalog", "file",
    "Search this catalog file (from build-catalog) instead of the built-in one (or set MOVIE_SEARCH_CATALOG)."
  )
  let offline = Flag("offline", "Use the catalog alone even when a TMDb key is set.")
  let online = Flag(
    "online",
    "Use TMDb alone (with a key, a search, the finder and 'stream' ask a catalog and TMDb together)."
  )
  let apiKey = Option.text(
    "api-key", "key",
    "A TMDb v3 API key. Other users can see it in 'ps': prefer TMDB_API_KEY or --api-key-file.")
  let apiKeyFile = Option.text(
    "api-key-file", "file", "Read the TMDb v3 API key from this file (readable by you alone).")
  let token = Option.text(
    "token", "token",
    "A TMDb v4 read-access token. Visible in 'ps': prefer TMDB_ACCESS_TOKEN or --token-file.")
  let tokenFile = Option.text(
    "token-file", "file", "Read the TMDb v4 token from this file (readable by you alone).")
  let baseURL = Option.text(
    "base-url", "url", "The root of a TMDb-shaped API (default: https://api.themoviedb.org/3).")
  let language = Option.text(
    "language", "code", "The language of titles and overviews, e.g. de (TMDb only).")
  let timeout = Option.integer(
    "timeout", "s", in: 1...600, "How long to wait for each answer from TMDb (default 15).")
}

/// The options of a command that talks to a movie service.
protocol BackendCommandOptions: OptionGroup {
  var backend: BackendOptions { get }
}
