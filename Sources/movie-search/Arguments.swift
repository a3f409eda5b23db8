/// An option of a command: a flag (`--json`) or an option with a value (`--page 2`).
struct OptionSpec {
  let name: String
  let valueName: String?
  let help: String

  static func flag(_ name: String, _ help: String) -> OptionSpec {
    OptionSpec(name: name, valueName: nil, help: help)
  }

  static func value(_ name: String, _ valueName: String, _ help: String) -> OptionSpec {
    OptionSpec(name: name, valueName: valueName, help: help)
  }
}

/// A command of the tool, with what `--help` says about it.
struct CommandSpec {
  let name: String
  let abstract: String
  let usage: String
  let arguments: [(String, String)]
  let options: [OptionSpec]
  let discussion: String?

  var help: String {
    var text = "OVERVIEW: \(abstract)\n\nUSAGE: \(usage)\n"
    if !arguments.isEmpty {
      text += "\nARGUMENTS:\n"
      for (name, help) in arguments { text += row(name, help) }
    }
    text += "\nOPTIONS:\n"
    for option in options + CommandSpec.common {
      let name = "--\(option.name)" + (option.valueName.map { " <\($0)>" } ?? "")
      text += row(name, option.help)
    }
    text += row("--version", "Show the version.")
    text += row("-h, --help", "Show help information.")
    if let discussion { text += "\n\(discussion)\n" }
    return text
  }

  private func row(_ name: String, _ help: String) -> String {
    let padded =
      name.count < 24
      ? name + String(repeating: " ", count: 24 - name.count)
      : name + "\n" + String(repeating: " ", count: 26)
    return "  \(padded)\(help)\n"
  }

  /// Options every command takes: which backend to use and how.
  static let common: [OptionSpec] = [
    .flag("offline", "Use the built-in catalog even when a TMDb key is set."),
    .value("api-key", "key", "A TMDb v3 API key (or set TMDB_API_KEY)."),
    .value("token", "token", "A TMDb v4 read-access token (or set TMDB_ACCESS_TOKEN)."),
    .value(
      "base-url", "url", "The root of a TMDb-shaped API (default: https://api.themoviedb.org/3)."),
    .value("language", "code", "The language of titles and overviews, e.g. de (TMDb only)."),
    .flag("include-adult", "Include adult titles in searches (TMDb only)."),
  ]
}

/// A usage error: the message, and the command whose usage line goes with it.
struct UsageError: Error {
  let message: String
  let command: CommandSpec
}

/// What the user asked for.
struct ParsedArguments {
  let command: CommandSpec
  var values: [String: String] = [:]
  var flags: Set<String> = []
  var positionals: [String] = []
  var wantsHelp = false
  var wantsVersion = false

  func value(_ name: String) -> String? { values[name] }
  func flag(_ name: String) -> Bool { flags.contains(name) }

  /// The value of an integer option, checked against `range`.
  func integer(_ name: String, in range: ClosedRange<Int>) throws(UsageError) -> Int? {
    guard let text = values[name] else { return nil }
    guard let value = Int(text) else {
      throw UsageError(
        message: "The value '\(text)' of '--\(name)' is not a whole number.", command: command)
    }
    guard range.contains(value) else {
      throw UsageError(
        message:
          "The value '\(text)' of '--\(name)' must be between \(range.lowerBound) and \(range.upperBound).",
        command: command)
    }
    return value
  }
}

enum ArgumentParser {
  /// Splits the arguments into a command, its options and its positional arguments.
  ///
  /// The command is the first argument that is not an option (or an option's value) when it
  /// names a command; otherwise every argument that is not an option is a query word.
  static func parse(_ arguments: [String], commands: [CommandSpec], default search: CommandSpec)
    throws(UsageError) -> ParsedArguments
  {
    let valueOptions = Set(
      (commands.flatMap(\.options) + CommandSpec.common).filter { $0.valueName != nil }.map(\.name))
    var rest = arguments
    var command = search
    var index = 0
    while index < rest.count {
      let argument = rest[index]
      if argument == "--" { break }
      if argument.hasPrefix("-"), argument.count > 1 {
        let name = String(argument.drop { $0 == "-" }.prefix { $0 != "=" })
        index += valueOptions.contains(name) && !argument.contains("=") ? 2 : 1
        continue
      }
      if let named = commands.first(where: { $0.name == argument }) {
        command = named
        rest.remove(at: index)
      }
      break
    }

    var parsed = ParsedArguments(command: command)
    let options = command.options + CommandSpec.common
    var iterator = rest.makeIterator()
    var onlyPositionals = false
    while let argument = iterator.next() {
      if onlyPositionals || !argument.hasPrefix("-") || argument == "-" {
        parsed.positionals.append(argument)
        continue
      }
      switch argument {
      case "--":
        onlyPositionals = true
        continue
      case "-h", "--help":
        parsed.wantsHelp = true
        continue
      case "--version":
        parsed.wantsVersion = true
        continue
      default:
        break
      }
      guard argument.hasPrefix("--") else {
        throw UsageError(message: "Unknown option '\(argument)'.", command: command)
      }
      let body = argument.dropFirst(2)
      let name = String(body.prefix { $0 != "=" })
      let inlineValue = body.contains("=") ? String(body.drop { $0 != "=" }.dropFirst()) : nil
      guard let option = options.first(where: { $0.name == name }) else {
        throw UsageError(message: "Unknown option '--\(name)'.", command: command)
      }
      if option.valueName == nil {
        guard inlineValue == nil else {
          throw UsageError(message: "The flag '--\(name)' does not take a value.", command: command)
        }
        parsed.flags.insert(name)
      } else {
        guard let value = inlineValue ?? iterator.next(),
          inlineValue != nil || !value.hasPrefix("--")
        else {
          throw UsageError(
            message: "Missing value for '--\(name) <\(option.valueName ?? "value")>'.",
            command: command)
        }
        parsed.values[name] = value
      }
    }
    return parsed
  }
}
