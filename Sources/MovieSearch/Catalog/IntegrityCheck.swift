import Foundation
import Synchronization

/// Reads gzipped files whole on a thread of its own — each one's data against its trailer's
/// CRC-32 and length, its stream against ending early — while a build reads them: a file cut
/// short by an interrupted download is then reported within seconds of the start, not when
/// the build reaches it minutes later (IMDb's `title.basics`, read first, takes most of a
/// build; inflating it alone takes a tenth of that). The build still checks every file as it
/// reads it; this only says it sooner. On a machine of one processor there is no thread, and
/// no check ahead.
final class IntegrityCheck: Sendable {
  private struct State {
    var failure: TSVReader.Failure?
    var stopping = false
  }
  private let state = Mutex(State())
  /// Signalled once, when the thread has ended (at once when there is none).
  private let ended = DispatchSemaphore(value: 0)

  private init() {}

  /// Starts checking the gzipped ones of `paths`, in order (the others are left to the build:
  /// an unzipped file's end is its last line, which the build checks).
  static func start(paths: [String]) -> IntegrityCheck {
    let check = IntegrityCheck()
    let gzipped = paths.filter { $0.hasSuffix(".gz") }
    guard !gzipped.isEmpty, ProcessInfo.processInfo.activeProcessorCount > 1 else {
      check.ended.signal()
      return check
    }
    Thread.detachNewThread {
      check.run(gzipped)
      check.ended.signal()
    }
    return check
  }

  private func run(_ paths: [String]) {
    let goOn = { !self.state.withLock { $0.stopping } }
    for path in paths where goOn() {
      do {
        try TSVReader(path: path).readToEnd(while: goOn)
      } catch {
        record(error)
        return
      }
    }
  }

  /// Keeps `failure`, unless one was found before.
  func record(_ failure: TSVReader.Failure) {
    state.withLock { $0.failure = $0.failure ?? failure }
  }

  /// Throws what the check has found wrong so far, if anything.
  func check() throws(TSVReader.Failure) {
    if let failure = state.withLock({ $0.failure }) { throw failure }
  }

  /// Waits until every file has been read or one found wrong, for at most `limit`; whether it
  /// ended.
  func waitUntilEnded(limit: DispatchTimeInterval) -> Bool {
    guard ended.wait(timeout: .now() + limit) == .success else { return false }
    ended.signal()  // for `stop()`
    return true
  }

  /// Stops the check (at the next chunk read) and waits for its thread to end.
  func stop() {
    state.withLock { $0.stopping = true }
    ended.wait()
    ended.signal()
  }
}
