import Foundation
import MovieSearch

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// A closed pipe must be an error code from write(), not a signal that kills the process.
signal(SIGPIPE, SIG_IGN)

/// Runs the command line and returns the exit status: 0 success, 1 runtime failure,
/// 64 usage error.
func main() async -> Int32 {
  do {
    let arguments = try ArgumentParser.parse(
      Array(CommandLine.arguments.dropFirst()), commands: Commands.subcommands,
      default: Commands.search)
    if arguments.wantsVersion {
      Output.print("movie-search \(Commands.version)\n")
      return 0
    }
    if arguments.wantsHelp {
      Output.print(arguments.command.help)
      return 0
    }
    switch arguments.command.name {
    case Commands.details.name: return try await DetailsCommand.run(arguments)
    case Commands.stream.name: return try await StreamCommand.run(arguments)
    case Commands.interactive.name: return try await InteractiveCommand.run(arguments)
    case Commands.buildCatalog.name: return try BuildCatalogCommand.run(arguments)
    default:
      // No arguments, or options but no query on a terminal: search as you type (off a
      // terminal, that says so).
      let onTerminal = isatty(STDIN_FILENO) == 1 && isatty(STDOUT_FILENO) == 1
      if CommandLine.arguments.count == 1
        || (arguments.positionals.isEmpty && onTerminal
          && arguments.flags.isDisjoint(with: ["json", "ndjson"]))
      {
        return try await InteractiveCommand.run(arguments)
      }
      return try await SearchCommand.run(arguments)
    }
  } catch let error as UsageError {
    Output.error("Error: \(error.message)")
    Output.error("Usage: \(error.command.usage)")
    Output.error("See 'movie-search --help'.")
    return 64
  } catch {
    Output.error("Error: \(error)")
    return 1
  }
}

let status = await main()
// A diagnostic for tests of memory use: MOVIE_SEARCH_REPORT_MEMORY=1 prints the peak
// resident memory of this process on stderr at exit.
if ProcessInfo.processInfo.environment["MOVIE_SEARCH_REPORT_MEMORY"] == "1" {
  let report = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
  let peak = report.split(separator: "\n").first { $0.hasPrefix("VmHWM:") } ?? "VmHWM: unknown"
  Output.error(
    "peak memory: " + peak.dropFirst("VmHWM:".count).trimmingCharacters(in: .whitespaces))
}
Terminal.exitRestoring(status)
