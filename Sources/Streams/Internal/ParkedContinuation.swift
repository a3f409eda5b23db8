import Synchronization

/// A continuation that can be resumed exactly once, even before it is parked.
package final class ParkedContinuation: Sendable {
  package init() {}
  private enum State {
    case empty
    case parked(UnsafeContinuation<Void, Never>)
    case resumed
  }
  private let state = Lock(State.empty)

  package func park(_ continuation: UnsafeContinuation<Void, Never>) {
    let resumeNow = state.withLock { state -> Bool in
      guard case .empty = state else { return true }
      state = .parked(continuation)
      return false
    }
    if resumeNow { continuation.resume() }
  }

  /// Suspends the calling task until it is cancelled (a sequence that never ends on its own).
  package static func waitUntilCancelled() async {
    let parked = ParkedContinuation()
    await withTaskCancellationHandler {
      await withUnsafeContinuation { parked.park($0) }
    } onCancel: {
      parked.resume()
    }
  }

  package func resume() {
    let continuation = state.withLock { state -> UnsafeContinuation<Void, Never>? in
      defer { state = .resumed }
      guard case .parked(let continuation) = state else { return nil }
      return continuation
    }
    continuation?.resume()
  }
}
