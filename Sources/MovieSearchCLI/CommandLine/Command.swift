/// A subcommand of `movie-search`: what it is called, what its help says, what it accepts,
/// and what it does. Adding one is a type conforming to this and a line in
/// ``Commands/all``; its usage, help, completions and dispatch follow from the declaration.
protocol Command {
  /// Its options, declared once with their types and ranges.
  associatedtype Options: OptionGroup

  static var name: String { get }
  /// A sentence for the top of its help.
  static var abstract: String { get }
  /// A few words for the list of subcommands.
  static var summary: String { get }
  /// Its positional arguments, for the usage line and help.
  static var arguments: Arguments { get }
  /// Flags of which at most one may be given.
  static var exclusive: [[KeyPath<Options, Flag>]] { get }
  /// More help, after the options.
  static var discussion: String? { get }
  /// Whether its arguments are files (for shell completion).
  static var completesFiles: Bool { get }
  /// Groups of options its usage line lists beside its own (shared groups are left out).
  static var groupsInUsage: [PartialKeyPath<Options>] { get }
  /// Groups of options its help lists under a heading of their own, after the others:
  /// options it accepts only in one way of running (the finder's, without a query).
  static var sections: [(heading: String, group: PartialKeyPath<Options>)] { get }

  /// Runs the command; returns the exit status.
  static func run(_ invocation: Invocation<Self>) async throws -> Int32
}

extension Command {
  static var exclusive: [[KeyPath<Options, Flag>]] { [] }
  static var discussion: String? { nil }
  static var completesFiles: Bool { false }
  static var groupsInUsage: [PartialKeyPath<Options>] { [] }
  static var sections: [(heading: String, group: PartialKeyPath<Options>)] { [] }
}

/// A command's positional arguments.
enum Arguments {
  /// None: any argument is an error.
  case none
  /// Exactly these, in order.
  case fixed([(name: String, help: String)])
  /// Any number of words (at least one, checked by the command).
  case words(name: String, help: String)
  /// Any number of words, none included.
  case optionalWords(name: String, help: String)

  var entries: [(name: String, help: String)] {
    switch self {
    case .none: []
    case .fixed(let entries): entries
    case .words(let name, let help), .optionalWords(let name, let help): [(name, help)]
    }
  }
}

/// A command line read for command `C`: its flags and typed option values, read back through
/// key paths into `C.Options` — an option the command did not declare cannot be read.
struct Invocation<C: Command> {
  let options = C.Options()
  var flags: Set<String> = []
  var values: [String: any Sendable] = [:]
  var positionals: [String] = []
  var wantsHelp = false
  var wantsVersion = false
  /// Whether the command was named (`movie-search search …`), not the default.
  var named = true
  /// What the program can do beyond this library.
  var capabilities = Capabilities()

  /// Whether a flag was given.
  subscript(flag: KeyPath<C.Options, Flag>) -> Bool {
    flags.contains(options[keyPath: flag].name)
  }

  /// The value of an option, if it was given.
  subscript<Value>(option: KeyPath<C.Options, Option<Value>>) -> Value? {
    values[options[keyPath: option].name] as? Value
  }

  /// What was given of a group's options, read into the group's typed value.
  subscript<Group: ValueGroup>(group: KeyPath<C.Options, Group>) -> Group.Value {
    options[keyPath: group].value(GivenOptions(flags: flags, values: values))
  }

  /// A usage error of this command.
  func usageError(_ message: String) -> UsageError {
    UsageError(message: message, usage: Help.usage(of: C.self))
  }
}

/// A usage error: the message, and the usage line that goes with it (exit status 64).
struct UsageError: Error {
  let message: String
  let usage: String
}

/// A failure at run time that is not the service's: one line on stderr, exit status 1.
struct RuntimeError: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}
