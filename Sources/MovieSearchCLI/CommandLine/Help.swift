/// Usage lines and help texts, generated from the commands' declarations.
enum Help {
  /// `movie-search details <id> [--json]`: the command, its arguments, its own options and
  /// those of the groups it names (not those of other shared groups), exclusive flags as
  /// `[--a | --b]`.
  static func usage<C: Command>(of command: C.Type) -> String {
    let options = C.Options()
    var parts = ["movie-search", C.self == Commands.defaultCommand ? "[\(C.name)]" : C.name]
    switch C.arguments {
    case .none: break
    case .fixed(let entries): parts += entries.map(\.name)
    case .words(let name, _): parts += [name, "..."]
    case .optionalWords(let name, _): parts += ["[\(name) ...]"]
    }
    let exclusive = C.exclusive.map { group in group.map { options[keyPath: $0].name } }
    var done: Set<String> = []
    let groups = C.groupsInUsage.compactMap { options[keyPath: $0] as? any OptionGroup }
    let listed = options.ownDeclarations + groups.flatMap(\.declarations)
    for declaration in listed where !done.contains(declaration.name) {
      if let group = exclusive.first(where: { $0.contains(declaration.name) }) {
        parts.append("[" + group.map { "--\($0)" }.joined(separator: " | ") + "]")
        done.formUnion(group)
      } else {
        parts.append("[\(spelling(declaration))]")
      }
    }
    return parts.joined(separator: " ")
  }

  /// The command's `--help`.
  static func text<C: Command>(for command: C.Type) -> String {
    let overview = "OVERVIEW: \(C.abstract)".wrapped(to: width).joined(separator: "\n  ")
    var text = "\(overview)\n\nUSAGE: \(wrappedUsage(usage(of: C.self)))\n"
    let arguments = C.arguments.entries
    if !arguments.isEmpty {
      text += "\nARGUMENTS:\n"
      for (name, help) in arguments { text += row(name, help) }
    }
    let options = C.Options()
    let sections = C.sections.compactMap { section in
      (options[keyPath: section.group] as? any OptionGroup).map { (section.heading, $0) }
    }
    let sectioned = Set(sections.flatMap { $0.1.declarations.map(\.name) })
    text += "\nOPTIONS:\n"
    for declaration in C.declarations where !sectioned.contains(declaration.name) {
      text += row(listing(declaration), declaration.help)
    }
    text += row("--version", "Show the version.")
    text += row("-h, --help", "Show help information.")
    if C.self == Commands.defaultCommand {
      text += row(
        "--generate-completion-script <shell>",
        "Print a completion script for bash, zsh or fish, and leave.")
    }
    for (heading, group) in sections {
      text += "\n" + heading.wrapped(to: width).joined(separator: "\n") + "\n"
      for declaration in group.declarations {
        text += row(listing(declaration), declaration.help)
      }
    }
    if let discussion = C.discussion { text += "\n" + reflowed(discussion) }
    if C.self == Commands.defaultCommand {
      text += "\nSUBCOMMANDS:\n"
      for command in Commands.all {
        let name = command.name + (command == Commands.defaultCommand ? " (default)" : "")
        text += row(name, command.summary)
      }
      text += "\n  See 'movie-search help <subcommand>' for the options of each.\n"
    }
    return text
  }

  /// `--page <n>`, or `--json`.
  static func spelling(_ declaration: any OptionDeclaration) -> String {
    "--\(declaration.name)" + (declaration.valueName.map { " <\($0)>" } ?? "")
  }

  /// `-q, --query <text>` in the options' list: with its short form when it has one.
  static func listing(_ declaration: any OptionDeclaration) -> String {
    (declaration.shortName.map { "-\($0), " } ?? "") + spelling(declaration)
  }

  /// Help texts fit 80 columns.
  static let width = 80

  /// A name and its help, the help wrapped in a column from column 27.
  private static func row(_ name: String, _ help: String) -> String {
    let indent = String(repeating: " ", count: 26)
    let lines = help.wrapped(to: width - indent.count)
    let first =
      name.count < 24
      ? "  " + name + String(repeating: " ", count: 24 - name.count)
      : "  " + name + "\n" + indent
    return first + lines.joined(separator: "\n" + indent) + "\n"
  }

  /// A usage line wrapped to the width between its words, never inside a bracket, the
  /// lines after the first under its first word.
  private static func wrappedUsage(_ usage: String) -> String {
    var words: [String] = []
    var depth = 0
    for character in usage {
      if character == " ", depth == 0 {
        words.append("")
        continue
      }
      if character == "[" { depth += 1 }
      if character == "]" { depth -= 1 }
      if words.isEmpty { words.append("") }
      words[words.count - 1].append(character)
    }
    let indent = String(repeating: " ", count: "USAGE: ".count)
    var lines = [""]
    for word in words where !word.isEmpty {
      let current = lines[lines.count - 1]
      let prefix = lines.count == 1 ? "USAGE: ".count : indent.count
      if !current.isEmpty, prefix + current.count + 1 + word.count > width {
        lines.append(word)
      } else {
        lines[lines.count - 1] += current.isEmpty ? word : " " + word
      }
    }
    return lines.joined(separator: "\n" + indent)
  }

  /// The paragraphs of a discussion (separated by blank lines), each filled to the width.
  private static func reflowed(_ discussion: String) -> String {
    discussion.components(separatedBy: "\n\n").map { paragraph in
      paragraph.split(separator: "\n").joined(separator: " ").wrapped(to: width)
        .joined(separator: "\n") + "\n"
    }.joined(separator: "\n")
  }
}
