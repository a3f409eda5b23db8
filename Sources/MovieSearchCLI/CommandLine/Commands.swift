import Foundation
import MovieSearch

/// Every command of `movie-search`, and dispatch to them.
enum Commands {
  static let version = "0.1.0"

  /// The commands, in the order help lists them. A new command is added here once.
  static var all: [any Command.Type] {
    [
      SearchCommand.self, DiscoverCommand.self, PersonCommand.self, DetailsCommand.self,
      StreamCommand.self, InteractiveCommand.self, BuildCatalogCommand.self,
      CatalogInfoCommand.self,
    ]
  }

  /// What runs when no command is named.
  static var defaultCommand: any Command.Type { SearchCommand.self }

  /// Runs the command line (without the program's name); returns the exit status.
  static func run(_ arguments: [String], capabilities: Capabilities = Capabilities()) async throws
    -> Int32
  {
    if arguments.first == "--generate-completion-script" {
      return try printCompletionScript(arguments.dropFirst().first)
    }
    let (selection, rest) = Parser.split(arguments)
    switch selection {
    case .command(let command):
      return try await run(
        command, rest, named: rest.count < arguments.count, capabilities: capabilities)
    case .help(let topic):
      guard let topic else { return printHelp(defaultCommand) }
      if topic == "help" {
        let names = all.map { $0.name }.joined(separator: ", ")
        Output.print(
          """
          OVERVIEW: Show the help of movie-search or of one subcommand.

          USAGE: movie-search help [<subcommand>]

          ARGUMENTS:
            <subcommand>            \(names) or help.

          'movie-search help details' is 'movie-search details --help'.

          """)
        return 0
      }
      guard let command = all.first(where: { $0.name == topic }) else {
        throw UsageError(
          message: "Unknown subcommand '\(topic)'.", usage: "movie-search help [<subcommand>]")
      }
      return printHelp(command)
    }
  }

  private static func run<C: Command>(
    _ command: C.Type, _ arguments: [String], named: Bool, capabilities: Capabilities
  ) async throws -> Int32 {
    var invocation = try Parser.parse(arguments, as: C.self)
    invocation.named = named
    invocation.capabilities = capabilities
    if invocation.wantsVersion {
      Output.print("movie-search \(version)\n")
      return 0
    }
    if invocation.wantsHelp { return printHelp(C.self) }
    return try await C.run(invocation)
  }

  private static func printHelp<C: Command>(_ command: C.Type) -> Int32 {
    Output.print(Help.text(for: C.self))
    return 0
  }

  private static func printCompletionScript(_ shell: String?) throws -> Int32 {
    guard let shell, let script = Completions.script(for: shell) else {
      throw UsageError(
        message: "Name a shell: bash, zsh or fish.",
        usage: "movie-search --generate-completion-script <bash|zsh|fish>")
    }
    Output.print(script)
    return 0
  }

  /// A hint for a search whose first word is a typo or two away from a subcommand
  /// (`movie-search detials 603`): the search still runs, as the user may have meant a film.
  static func suggestion(for words: [String]) -> String? {
    guard let first = words.first?.lowercased(), first.count >= 4 else { return nil }
    guard
      let command = all.first(where: { $0.name != first && editDistance($0.name, first) <= 2 })
    else { return nil }
    let rest = words.dropFirst().joined(separator: " ")
    return "Did you mean 'movie-search \(command.name)\(rest.isEmpty ? "" : " " + rest)'?"
  }

  /// The edits between two names (see ``EditDistance``).
  static func editDistance(_ a: String, _ b: String) -> Int {
    EditDistance.between(Array(a), Array(b))
  }
}
