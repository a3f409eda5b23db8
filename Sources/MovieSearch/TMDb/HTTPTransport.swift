import Foundation

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

/// The real transport: `URLSession` (from FoundationNetworking on Linux).
public struct URLSessionTransport: HTTPTransport {
  private let session: URLSession

  /// Uses `session`; by default an ephemeral session that caches nothing.
  public init(session: URLSession? = nil) {
    self.session = session ?? URLSession(configuration: .ephemeral)
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
      group.addTask {
        let (data, response) = try await session.data(for: request)
        guard let http = response as? HTTPURLResponse else { throw URLError(.badServerResponse) }
        return (data, http)
      }
      group.addTask {
        try await ContinuousClock().sleep(for: timeout)
        return nil
      }
      defer { group.cancelAll() }
      guard let answer = try await group.next(), let answer else { throw URLError(.timedOut) }
      return answer
    }
  }
}
