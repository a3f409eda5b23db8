import ExitGuard
import Foundation
import MovieSearch

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

// A closed pipe must be an error code from write(), not a signal that kills the process.
signal(SIGPIPE, SIG_IGN)
// Every signal that ends the process first restores the terminal and removes temporary
// files; a catalog file cut short under its mapping ends it with one line (ExitGuard.h).
ms_guard_install()

// The arguments are copied first; then a key or token given as an option is overwritten in
// the process's own argument memory, which is what `ps` shows (see KeyFile.swift).
let arguments = Array(CommandLine.arguments.dropFirst())
KeyFile.hideFromProcessList(options: ["--api-key", "--token"])

/// Runs the command line and returns the exit status: 0 success, 1 runtime failure,
/// 64 usage error.
func main() async -> Int32 {
  do {
    return try await Commands.run(arguments)
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

let status = await main()
// A diagnostic for tests of memory use: MOVIE_SEARCH_REPORT_MEMORY=1 prints the peak
// resident memory of this process on stderr at exit.
if ProcessInfo.processInfo.environment["MOVIE_SEARCH_REPORT_MEMORY"] == "1" {
  let report = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
  let peak = report.split(separator: "\n").first { $0.hasPrefix("VmHWM:") } ?? "VmHWM: unknown"
  Output.error(
    "peak memory: " + peak.dropFirst("VmHWM:".count).trimmingCharacters(in: .whitespaces))
}
// Likewise MOVIE_SEARCH_REPORT_CPU=1: the processor time of all its threads (a wait for a
// slow server must not spin).
if ProcessInfo.processInfo.environment["MOVIE_SEARCH_REPORT_CPU"] == "1" {
  var usage = rusage()
  getrusage(RUSAGE_SELF.rawValue, &usage)
  let milliseconds = { (time: timeval) in Int(time.tv_sec) * 1000 + Int(time.tv_usec) / 1000 }
  Output.error("cpu time: \(milliseconds(usage.ru_utime) + milliseconds(usage.ru_stime)) ms")
}
Terminal.exitRestoring(status)
