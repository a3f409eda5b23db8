import Foundation
import MovieSearch
import Testing

@testable import MovieSearchCLI
@testable import TestSupport

#if canImport(Glibc)
  import Glibc
#endif

/// The pure pieces of the command-line tool, tested directly (the binary's behaviour is in
/// CLITests).
@Suite struct ParserTests {
  @Test func readsTypedValuesThroughKeyPaths() throws {
    let invocation = try Parser.parse(
      ["--page", "3", "the", "--limit=5", "--json", "matrix", "--offline", "--language", "de"],
      as: SearchCommand.self)
    #expect(invocation[\.listing.page] == 3)
    #expect(invocation[\.listing.limit] == 5)
    #expect(invocation[\.year] == nil)
    #expect(invocation[\.listing.json])
    #expect(!invocation[\.listing.ndjson])
    #expect(invocation[\.listing].firstRank == 11)
    #expect(invocation[\.backend.offline])
    #expect(invocation[\.backend.language] == "de")
    #expect(invocation.positionals == ["the", "matrix"])
  }

  @Test func reportsEachMistakeWithTheCommandsUsage() {
    func message(_ arguments: [String]) -> String? {
      do {
        _ = try Parser.parse(arguments, as: SearchCommand.self)
        return nil
      } catch {
        #expect(error.usage == Help.usage(of: SearchCommand.self))
        return error.message
      }
    }
    #expect(message(["--page", "two"]) == "The value 'two' of '--page' is not a whole number.")
    #expect(message(["--page=0"]) == "The value '0' of '--page' must be between 1 and 21474836.")
    #expect(message(["--page"]) == "Missing value for '--page <n>'.")
    #expect(message(["--page", "--json"]) == "Missing value for '--page <n>'.")
    #expect(message(["--colour"]) == "Unknown option '--colour'.")
    #expect(message(["-x"]) == "Unknown option '-x'.")
    #expect(message(["--json=yes"]) == "The flag '--json' does not take a value.")
    #expect(message(["--json", "--ndjson", "a"]) == "Choose one of '--json' and '--ndjson'.")
    // An option of another command is unknown here.
    #expect(message(["--virtual-time"]) == "Unknown option '--virtual-time'.")
    #expect(message(["--", "--json", "-x"]) == nil)  // after `--`, only words
  }

  @Test func aCommandWithoutArgumentsRefusesThem() {
    #expect(throws: UsageError.self) { try Parser.parse(["x"], as: StreamCommand.self) }
    let help = try? Parser.parse(["x", "--help"], as: StreamCommand.self)
    #expect(help?.wantsHelp == true)  // help is given even with a stray argument
  }

  @Test func findsTheSubcommandPastOptionsAndTheirValues() {
    func name(_ arguments: [String]) -> String {
      switch Parser.split(arguments).command {
      case .command(let command): command.name
      case .help(let topic): "help \(topic ?? "-")"
      }
    }
    #expect(name(["details", "5"]) == "details")
    #expect(name(["--offline", "--language", "details", "stream"]) == "stream")
    #expect(name(["--page=2", "details"]) == "details")
    #expect(name(["the", "details"]) == "search")  // a later word is a query word
    #expect(name([]) == "search")
    #expect(name(["help"]) == "help -")
    #expect(name(["help", "stream"]) == "help stream")
    #expect(Parser.split(["--offline", "details", "5"]).rest == ["--offline", "5"])
  }

  @Test func usageLinesAreGeneratedFromTheDeclarations() {
    #expect(
      Help.usage(of: SearchCommand.self)
        == "movie-search [search] <query> ... [--year <yyyy>] [--region <code>] [--include-adult] [--page <n>] [--limit <n>] [--all] [--json | --ndjson]"
    )
    #expect(
      Help.usage(of: DetailsCommand.self) == "movie-search details <id> [--json] [--region <code>]")
    #expect(
      Help.usage(of: StreamCommand.self)
        == "movie-search stream [--virtual-time] [--debounce <ms>]")
    #expect(
      Help.usage(of: InteractiveCommand.self)
        == "movie-search interactive [<text> ...] [--year <yyyy>] [--debounce <ms>] [--query <text>] [--print-id] [--multi] [--select-1] [--exit-0] [--print-query] [--expect <keys>] [--bind <key:action>] [--filter <query>] [--layout <layout>] [--reverse] [--prompt <text>] [--header <text>] [--pointer <text>] [--marker <text>] [--border] [--cycle] [--no-mouse] [--height <n[%]>] [--no-preview] [--preview <command>] [--preview-window <spec>] [--record <file>] [--genre <names>] [--all-genres] [--years <a..b>] [--min-rating <x>] [--min-votes <n>] [--runtime <a..b>] [--certification <code>] [--person <name>] [--sort <key>]"
    )
    #expect(
      Help.usage(of: BuildCatalogCommand.self)
        == "movie-search build-catalog <source> <catalog.bin> [--include-adult] [--types <types>] [--languages <codes>] [--titles <file>] [--force]"
    )
    #expect(
      Help.usage(of: CatalogInfoCommand.self)
        == "movie-search catalog-info [--catalog <file>] [--json]")
    let help = Help.text(for: SearchCommand.self)
    for command in Commands.all { #expect(help.contains("\n  \(command.name)")) }
  }

  @Test func aMistypedSubcommandGetsAHint() {
    #expect(
      Commands.suggestion(for: ["detials", "603"]) == "Did you mean 'movie-search details 603'?")
    #expect(Commands.suggestion(for: ["strem"]) == "Did you mean 'movie-search stream'?")
    #expect(Commands.suggestion(for: ["details"]) == nil)
    #expect(Commands.suggestion(for: ["jaws"]) == nil)
  }
}
