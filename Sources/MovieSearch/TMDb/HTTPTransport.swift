import Foundation
import Streams

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Sends one HTTP request and returns the response's body and head.
///
/// ``TMDbClient`` talks HTTP only through this, so tests can put a fake in its place.
/// Cancelling the calling task must cancel the request.
public protocol HTTPTransport: Sendable {
  /// Sends `request`; throws `URLError` (or `CancellationError`) when no response came.
  func send(_ request: URLRequest) async throws -> (Data, HTTPURLResponse)
}

/// The transports this library has.
public enum HTTPTransports {
  /// What clients use unless told otherwise: ``CurlTransport`` where libcurl can be loaded
  /// (Linux, where URLSession spins a core while it waits), ``URLSessionTransport`` elsewhere.
  public static var standard: any HTTPTransport { CurlTransport() ?? URLSessionTransport() }
}

/// A transport through `URLSession` (from FoundationNetworking on Linux).
public struct URLSessionTransport: HTTPTransport {
  private let session: URLSession

  /// Uses `session`; by default an ephemeral session without any cache.
  public init(session: URLSession? = nil) {
    self.session = session ?? URLSession(configuration: Self.configuration)
  }

  /// No `URLCache`: on Linux, cancelling a task of a session with a cache can make
  /// FoundationNetworking report the task's end twice and trap ("Trying to access a behaviour
  /// for a task that in not in the registry"), because the cache lookup runs on a queue of its
  /// own. Answers are cached where it matters, above this layer.
  static var configuration: URLSessionConfiguration {
    let configuration = URLSessionConfiguration.ephemeral
    configuration.urlCache = nil
    configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
    return configuration
  }

  /// Sends `request` through the session; cancelling the task cancels the request.
  ///
  /// The request's `timeoutInterval` is enforced here too, by cancelling the request when it
  /// passes: on Linux, URLSession reports a timeout but keeps the connection open for a
  /// minute, while a cancelled request closes it at once.
  public func send(_ request: URLRequest) async throws -> (Data, HTTPURLResponse) {
    let session = self.session
    let timeout = Duration.milliseconds(Int64(request.timeoutInterval * 1000))
    return try await withThrowingTaskGroup(of: (Data, HTTPURLResponse)?.self) { group in
      group.addTask { try await Self.fetch(request, with: session) }
      group.addTask {
        try await ContinuousClock().sleep(for: timeout)
        return nil
      }
      defer { group.cancelAll() }
      guard let answer = try await group.next(), let answer else { throw URLError(.timedOut) }
      return answer
    }
  }

  /// One request through a data task, cancelled when the calling task is.
  ///
  /// Not `URLSession.data(for:)`: on Linux it can deadlock when the task is cancelled while
  /// the answer is being handled (swift-corelibs-foundation issue 5412 — its cancellation
  /// handler waits for the session's queue while holding the task's lock, and the session's
  /// queue waits for that lock to resume the task). Here the cancellation handler only
  /// schedules the cancel, on another queue, and returns.
  static func fetch(_ request: URLRequest, with session: URLSession) async throws -> (
    Data, HTTPURLResponse
  ) {
    let pending = PendingTask()
    return try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        let task = session.dataTask(with: request) { data, response, error in
          if let error {
            continuation.resume(throwing: error)
          } else if let response = response as? HTTPURLResponse {
            continuation.resume(returning: (data ?? Data(), response))
          } else {
            continuation.resume(throwing: URLError(.badServerResponse))
          }
        }
        pending.start(task)
      }
    } onCancel: {
      pending.cancel()
    }
  }
}

/// A data task and whether its caller was cancelled, whichever comes first.
final class PendingTask: Sendable {
  private let state = Lock<(task: URLSessionDataTask?, cancelled: Bool)>((nil, false))

  /// Starts `task`, or cancels it at once if the caller was cancelled already.
  func start(_ task: URLSessionDataTask) {
    let cancelled = state.withLock { state in
      state.task = task
      return state.cancelled
    }
    task.resume()
    if cancelled { Self.cancelLater(task) }
  }

  func cancel() {
    let task = state.withLock { state in
      state.cancelled = true
      return state.task
    }
    if let task { Self.cancelLater(task) }
  }

  /// `URLSessionTask.cancel()` waits for the session's queue: never from a cancellation
  /// handler, which holds the task's lock.
  private static func cancelLater(_ task: URLSessionDataTask) {
    DispatchQueue.global().async { task.cancel() }
  }
}
