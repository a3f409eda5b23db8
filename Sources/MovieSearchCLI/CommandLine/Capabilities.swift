import Foundation
import MovieSearch

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// What the program running the command line can do beyond this library: `movie-search`
/// has nothing more; `movie-search-replay` plays `stream` sessions on virtual time, with the
/// test machinery (StreamsTesting) that `movie-search` does not link.
package struct Capabilities: Sendable {
  /// Who plays `stream --virtual-time`; `nil`: hand over to `movie-search-replay`.
  package var virtualTime: (any VirtualTimeStreamPlayer)?

  /// The capabilities of a program.
  package init(virtualTime: (any VirtualTimeStreamPlayer)? = nil) {
    self.virtualTime = virtualTime
  }
}

/// Plays the session on stdin on virtual time, writing its states as `stream` does.
package protocol VirtualTimeStreamPlayer: Sendable {
  /// Plays stdin's events with `service`'s answers (and `online`'s beside them, when given),
  /// the search debounced by `debounce` milliseconds (`nil`: the session's own, else 300; see
  /// ``EventReader/debounce(given:)``).
  func play(
    service: any MovieService, online: (any MovieService)?, debounce: Int?, language: String?)
    async throws
}

/// `movie-search-replay`, the program that plays `stream --virtual-time`, found beside this
/// one.
enum ReplayTool {
  static let name = "movie-search-replay"

  /// Runs `movie-search-replay` in this process's place, with the same arguments (an exec:
  /// the process, its descriptors and its status are the replay's); when it is not beside
  /// this program, says so and returns 1.
  static func handOver() -> Int32 {
    let own =
      (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
      ?? CommandLine.arguments[0]
    let path = (own as NSString).deletingLastPathComponent + "/" + name
    guard access(path, X_OK) == 0 else {
      Output.error(
        "Error: 'stream --virtual-time' is played by \(name), which is not beside this program: build it with 'swift build --product \(name)'."
      )
      return 1
    }
    let arguments = [path] + CommandLine.arguments.dropFirst()
    let pointers: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
    execv(path, pointers)
    Output.error("Error: cannot run \(path): \(String(cString: strerror(errno))).")
    return 1
  }
}
