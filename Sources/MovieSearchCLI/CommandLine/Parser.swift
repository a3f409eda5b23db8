/// Reads a command line into an ``Invocation``.
enum Parser {
  /// The subcommand named by the first argument that is not an option (or an option's
  /// value), and the arguments without it; the default command when none is named. `help`
  /// is a word of its own: `movie-search help [subcommand]`.
  static func split(_ arguments: [String]) -> (command: Selection, rest: [String]) {
    let withValues = Commands.all.flatMap { $0.declarations }.filter { $0.valueName != nil }
    let valueOptions = Set(
      withValues.map(\.name) + withValues.compactMap(\.shortName).map(String.init))
    var index = 0
    while index < arguments.count {
      let argument = arguments[index]
      if argument == "--" { break }
      if argument.hasPrefix("-"), argument.count > 1 {
        let name = String(argument.drop { $0 == "-" }.prefix { $0 != "=" })
        index += valueOptions.contains(name) && !argument.contains("=") ? 2 : 1
        continue
      }
      var rest = arguments
      rest.remove(at: index)
      if argument == "help" {
        return (.help(topic: index < rest.count ? rest[index] : nil), rest)
      }
      if let command = Commands.all.first(where: { $0.name == argument }) {
        return (.command(command), rest)
      }
      break
    }
    return (.command(Commands.defaultCommand), arguments)
  }

  /// What the first word asked for.
  enum Selection {
    case command(any Command.Type)
    case help(topic: String?)
  }

  /// Reads `arguments` (the subcommand's name removed) as options and positionals of `C`.
  static func parse<C: Command>(_ arguments: [String], as command: C.Type) throws(UsageError)
    -> Invocation<C>
  {
    var invocation = Invocation<C>()
    let declarations = invocation.options.declarations
    func error(_ message: String) -> UsageError { invocation.usageError(message) }
    var iterator = arguments.makeIterator()
    var onlyPositionals = false
    while let argument = iterator.next() {
      if onlyPositionals || !argument.hasPrefix("-") || argument == "-" {
        invocation.positionals.append(argument)
        continue
      }
      switch argument {
      case "--":
        onlyPositionals = true
        continue
      case "-h", "--help":
        invocation.wantsHelp = true
        continue
      case "--version":
        invocation.wantsVersion = true
        continue
      default:
        break
      }
      var argument = argument
      if !argument.hasPrefix("--"), argument.count == 2, let letter = argument.last,
        let declaration = declarations.first(where: { $0.shortName == letter })
      {
        // fzf's short forms: -q text, -1, -0, -m, -f text.
        argument = "--" + declaration.name
      }
      guard argument.hasPrefix("--") else {
        if let reason = withoutMeaning(argument, declarations) { throw error(reason) }
        throw error("Unknown option '\(argument)'." + hint(argument, declarations))
      }
      let body = argument.dropFirst(2)
      let name = String(body.prefix { $0 != "=" })
      let inlineValue = body.contains("=") ? String(body.drop { $0 != "=" }.dropFirst()) : nil
      guard let declaration = declarations.first(where: { $0.name == name }) else {
        if let reason = withoutMeaning("--" + name, declarations) { throw error(reason) }
        throw error("Unknown option '--\(name)'." + hint("--" + name, declarations))
      }
      guard let valueName = declaration.valueName else {
        if let inlineValue, case .failure(let message) = declaration.parse(inlineValue) {
          throw error(message.text)
        }
        invocation.flags.insert(name)
        continue
      }
      guard let text = inlineValue ?? iterator.next(), inlineValue != nil || !text.hasPrefix("--")
      else { throw error("Missing value for '--\(name) <\(valueName)>'.") }
      switch declaration.parse(text) {
      case .success(let value): invocation.values[name] = value
      case .failure(let message): throw error(message.text)
      }
    }
    if invocation.wantsHelp || invocation.wantsVersion { return invocation }
    if case .none = C.arguments, let first = invocation.positionals.first {
      throw error("Unexpected argument '\(first)'.")
    }
    for group in C.exclusive {
      let names = group.map { invocation.options[keyPath: $0].name }
      guard names.filter(invocation.flags.contains).count > 1 else { continue }
      let quoted = names.map { "'--\($0)'" }
      throw error(
        "Choose one of \(quoted.dropLast().joined(separator: ", ")) and \(quoted.last ?? "").")
    }
    return invocation
  }
}

extension Parser {
  /// Why one of fzf's flags means nothing to a finder command (one that takes `--layout`),
  /// or `nil`.
  static func withoutMeaning(_ typed: String, _ declarations: [any OptionDeclaration])
    -> String?
  {
    guard declarations.contains(where: { $0.name == "layout" }) else { return nil }
    let name = String(typed.drop { $0 == "-" })
    return FinderOptions.fzfFlagsWithoutMeaning[name].map {
      "'\(typed)' is fzf's, not the finder's: \($0)."
    }
  }

  /// " Did you mean '--json'?" for an option one edit away from one the command accepts (two
  /// for names of six letters or more), as a mistyped subcommand is answered; else "".
  static func hint(_ typed: String, _ declarations: [any OptionDeclaration]) -> String {
    let name = String(typed.drop { $0 == "-" })
    let names = declarations.map(\.name) + ["help", "version"]
    let limit = name.count >= 6 ? 2 : 1
    guard !name.isEmpty,
      let nearest = names.map({ (name: $0, distance: Commands.editDistance($0, name)) })
        .filter({ $0.distance <= limit }).min(by: { $0.distance < $1.distance })
    else { return "" }
    return " Did you mean '--\(nearest.name)'?"
  }
}

extension Command {
  /// Every option the command accepts.
  static var declarations: [any OptionDeclaration] { Options().declarations }
}
