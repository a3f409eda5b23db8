import Foundation
import MovieSearch
import Streams

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writes an interactive session's events to a file in `movie-search stream`'s input format,
/// each with its time in milliseconds since the start: `stream --virtual-time` replays it
/// (with the debounce the first line records, unless `--debounce` says another) and shows,
/// state by state, what the user saw.
///
/// Each line is written when its event happens, so a session ended by Ctrl-C or a signal is
/// recorded up to its end.
final class SessionRecorder: Sendable {
  private let descriptor: Int32
  private let path: String
  /// The start of the session: when the screen appeared.
  private let start = Lock(ContinuousClock.now)
  private let failed = Lock<String?>(nil)

  /// Why the recording stopped (a line could not be written), if it did: the session must
  /// end, as a recording with a hole would replay something else.
  var failure: String? { failed.withLock { $0 } }

  /// Opens (creates or empties) the file; a file that cannot be written is a runtime error.
  init(path: String) throws {
    self.path = path
    descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else {
      throw RuntimeError(
        "cannot write the recording '\(path)': \(String(cString: strerror(errno))).")
    }
  }

  deinit { close(descriptor) }

  /// The screen appeared: the session starts, at 0. The debounce the finder ran with is
  /// written beside it, so that a replay without `--debounce` uses the same.
  func appear(debounce: Duration) {
    start.withLock { $0 = .now }
    record(Event(appear: true, at: 0, debounce: Int(debounce / .milliseconds(1))))
  }

  func more() { record(Event(at: now, more: true)) }
  func retry() { record(Event(at: now, retry: true)) }
  func select(_ pick: MoviePick) {
    record(Event(at: now, select: pick.id, source: pick.source?.rawValue))
  }
  func search(_ text: String) { record(Event(at: now, search: text)) }
  func filter(_ filter: MovieFilter) { record(Event(at: now, filter: FilterJSON(filter))) }

  /// One line of `stream` input; absent fields are left out, keys sorted (`JSON.line`).
  private struct Event: Encodable {
    var appear: Bool?
    var at: Int
    var debounce: Int?
    var filter: FilterJSON?
    var more: Bool?
    var retry: Bool?
    var search: String?
    var select: Int?
    /// The source of the row selected, in a merged list.
    var source: String?
  }

  private var now: Int { Int((ContinuousClock.now - start.withLock { $0 }) / .milliseconds(1)) }

  /// A line that cannot be written (a full disk) is the ``failure``; nothing more is written.
  private func record(_ event: Event) {
    guard failure == nil, let line = try? JSON.line(event) else { return }
    guard let error = Output.writeAll(line, to: descriptor) else { return }
    failed.withLock {
      $0 = "Error: cannot write the recording '\(path)': \(String(cString: strerror(error)))."
    }
  }
}
