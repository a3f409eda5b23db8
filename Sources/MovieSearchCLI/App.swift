import ExitGuard
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The `movie-search` program, as a library: the binary's `main` is
/// `MovieSearchApp.exit(await MovieSearchApp.run(CommandLine.arguments))`.
public enum MovieSearchApp {
  /// Prepares the process and runs its command line (the program's name first); returns
  /// the exit status: 0 success, 1 a runtime failure, 64 a usage error, 130 an abort.
  ///
  /// Preparing: descriptors 0–2 that were closed are opened on `/dev/null` (output to a
  /// closed stdout is discarded, as to a closed pipe); a closed pipe becomes an error from `write`, not a signal that kills; every
  /// signal that ends the process first restores the terminal and removes temporary files
  /// (ExitGuard); a key given as an option is overwritten in the process's own argument
  /// memory, which `ps` shows, once the arguments are copied.
  public static func run(_ commandLine: [String]) async -> Int32 {
    await run(commandLine, capabilities: Capabilities())
  }

  /// ``run(_:)`` in a program that can do more (`movie-search-replay`).
  package static func run(_ commandLine: [String], capabilities: Capabilities) async -> Int32 {
    ms_guard_open_standard_descriptors()
    signal(SIGPIPE, SIG_IGN)
    ms_guard_install()
    let arguments = Array(commandLine.dropFirst())
    KeyFile.hideFromProcessList(options: ["--api-key", "--token"])
    let status = await run(arguments: arguments, capabilities: capabilities)
    reportDiagnostics()
    return status
  }

  /// Runs `arguments` (without the program's name); returns the exit status.
  static func run(arguments: [String], capabilities: Capabilities = Capabilities()) async -> Int32 {
    do {
      return try await Commands.run(arguments, capabilities: capabilities)
    } catch let error as UsageError {
      Output.error("Error: \(error.message)")
      Output.error("Usage: \(error.usage)")
      Output.error("See 'movie-search --help'.")
      return 64
    } catch {
      Output.error("Error: \(error)")
      return 1
    }
  }

  /// Ends the process with `status`, the terminal given back first if it was taken.
  public static func exit(_ status: Int32) -> Never {
    _ = ms_guard_restore_terminal()
    Foundation.exit(status)
  }

  /// Diagnostics for tests, on stderr at the end: `MOVIE_SEARCH_REPORT_MEMORY=1` prints the
  /// peak resident memory; `MOVIE_SEARCH_REPORT_CPU=1` the processor time of all threads (a
  /// wait for a slow server must not spin).
  private static func reportDiagnostics() {
    let environment = ProcessInfo.processInfo.environment
    if environment["MOVIE_SEARCH_REPORT_MEMORY"] == "1" {
      let report = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
      let peak = report.split(separator: "\n").first { $0.hasPrefix("VmHWM:") } ?? "VmHWM: unknown"
      Output.error(
        "peak memory: " + peak.dropFirst("VmHWM:".count).trimmingCharacters(in: .whitespaces))
    }
    if environment["MOVIE_SEARCH_REPORT_CPU"] == "1" {
      var usage = rusage()
      getrusage(RUSAGE_SELF.rawValue, &usage)
      let milliseconds = { (time: timeval) in Int(time.tv_sec) * 1000 + Int(time.tv_usec) / 1000 }
      Output.error("cpu time: \(milliseconds(usage.ru_utime) + milliseconds(usage.ru_stime)) ms")
    }
  }
}
