import Dispatch
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

// What runs as a child process: this program's own memory case, the tool timed.

/// The peak memory of this process so far, in KiB: `VmHWM` of /proc/self/status (not
/// `ru_maxrss`, which a spawned child inherits from its parent across exec).
func peakMemory() -> Int {
  let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
  let line = status.split(separator: "\n").first { $0.hasPrefix("VmHWM:") } ?? ""
  return Int(line.split(separator: " ").dropFirst().first ?? "") ?? -1
}

/// Runs this program as a child with `arguments` and returns its stdout — or `nil` when it did
/// not end within `limit` (it is then killed: a peer's hang is a finding, reported as such).
/// The child dies with this process (PR_SET_PDEATHSIG, set by `--die-with-parent` in it).
func runChild(_ arguments: [String], limit: Duration) throws -> String? {
  let process = Process()
  process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
  process.arguments = ["--die-with-parent"] + arguments
  let pipe = Pipe()
  process.standardOutput = pipe
  let ended = DispatchSemaphore(value: 0)
  process.terminationHandler = { _ in ended.signal() }
  try process.run()
  let seconds = Double(limit.components.seconds)
  guard ended.wait(timeout: .now() + seconds) == .success else {
    kill(process.processIdentifier, SIGKILL)
    process.waitUntilExit()
    return nil
  }
  return String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
}

/// A child that did not end within its limit.
struct ChildHung: Error, CustomStringConvertible {
  let command: String
  var description: String { "movie-search \(command) did not end within 60 s (killed)" }
}

/// The median wall time of 20 runs of `binary` with `arguments` (after one to warm up), in
/// milliseconds.
func medianRunTime(of binary: String, _ arguments: [String]) throws -> Double {
  let clock = ContinuousClock()
  var times: [Double] = []
  for _ in 0..<21 {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: binary)
    process.arguments = arguments
    process.standardOutput = FileHandle.nullDevice
    let ended = DispatchSemaphore(value: 0)
    process.terminationHandler = { _ in ended.signal() }
    let start = clock.now
    try process.run()
    // Every child has a limit: a hang is killed and reported, not waited for.
    if ended.wait(timeout: .now() + 60) == .timedOut {
      kill(process.processIdentifier, SIGKILL)
      process.waitUntilExit()
      throw ChildHung(command: arguments.joined(separator: " "))
    }
    times.append(nanoseconds(clock.now - start) / 1e6)
  }
  return median(Array(times.dropFirst()))
}
