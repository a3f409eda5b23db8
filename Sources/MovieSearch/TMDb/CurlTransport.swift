import CurlShim
import Foundation
import Streams
import Synchronization

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The transport on Linux: libcurl's multi interface — the libcurl FoundationNetworking
/// itself uses — driven by one thread that waits in `poll` while nothing happens.
///
/// Why not `URLSession` there: FoundationNetworking keeps the write-readiness source it
/// made for a connection being opened after libcurl asks for read readiness only, so while
/// a server thinks (or stalls) the always-writable socket wakes it continuously — a whole
/// core for the length of the wait (measured: 3.2 s of CPU for a 4 s wait, over 12,000
/// `poll`s; swift-corelibs-foundation's `_SocketSources.createSources` only ever adds
/// sources). Here a wait costs nothing: `curl_multi_poll` blocks until a socket is ready, a
/// transfer is added or cancelled, or a second passes.
///
/// Connections are kept and reused between requests, as URLSession's are, and are never
/// inherited by a program this process starts (their sockets are close-on-exec from their
/// creation). Cancelling the calling task removes the transfer at once, which closes its
/// connection. Answers over
/// 64 MB are refused (``HTTPTransportError/tooLarge``); the request's `timeoutInterval` is
/// enforced here, and a server that stops in the middle of its answer is told apart
/// (``HTTPTransportError/stalled``) from one that never answers (`URLError.timedOut`).
public struct CurlTransport: HTTPTransport {
  private let engine: CurlEngine

  /// The transport, or `nil` when libcurl cannot be loaded (then use
  /// ``URLSessionTransport``).
  public init?() {
    guard let engine = CurlEngine.shared else { return nil }
    self.engine = engine
  }

  /// Sends `request` (a GET with its headers); cancelling the task cancels the transfer.
  public func send(_ request: URLRequest) async throws -> (Data, HTTPURLResponse) {
    guard let url = request.url else { throw URLError(.badURL) }
    let transfer = CurlTransfer(url: url, headers: request.allHTTPHeaderFields ?? [:])
    let timeout = Duration.milliseconds(Int64(request.timeoutInterval * 1000))
    return try await withThrowingTaskGroup(of: (Data, HTTPURLResponse)?.self) { group in
      group.addTask { [engine] in try await engine.run(transfer) }
      group.addTask {
        try await ContinuousClock().sleep(for: timeout)
        return nil
      }
      defer { group.cancelAll() }
      guard let answer = try await group.next(), let answer else {
        if transfer.answered { throw HTTPTransportError.stalled }
        if transfer.connected {
          throw HTTPTransportError.noAnswer(seconds: request.timeoutInterval)
        }
        throw URLError(.timedOut)
      }
      return answer
    }
  }
}

/// Failures of a transport that `URLError` has no code for.
public enum HTTPTransportError: Error, Sendable, Equatable {
  /// The server began its answer, then stopped sending it until the request timed out.
  case stalled
  /// The connection was made, but no answer began within the time limit (`seconds`).
  case noAnswer(seconds: Double)
  /// The answer was longer than any this client reads.
  case tooLarge
  /// The answer's headers were longer than any this client reads (256 KB).
  case headersTooLarge
  /// The server redirected to an address that is not http or https (`file://`, `ftp://`…),
  /// which is not followed.
  case unsupportedRedirect
  /// The server redirected more times than are followed (``CurlTransfer/mostRedirects``): a
  /// loop, most likely.
  case tooManyRedirects
}

/// One request on its way: what the engine's thread fills in, and how its caller is told.
// @unchecked: the engine's thread alone writes the response; `outcome`'s lock hands it over.
final class CurlTransfer: @unchecked Sendable {
  let url: URL
  let headerLines: [String]
  fileprivate var body = Data()
  fileprivate var headers: [String: String] = [:]
  fileprivate var easy: UnsafeMutableRawPointer?
  fileprivate var headerList: UnsafeMutableRawPointer?
  private let started = Atomic<Bool>(false)
  private let connectionMade = Atomic<Bool>(false)
  private typealias Continuation = CheckedContinuation<(Data, HTTPURLResponse), any Error>
  private let outcome = Lock<
    (continuation: Continuation?, result: Result<(Data, HTTPURLResponse), any Error>?)
  >((nil, nil))

  static let largest = 64 << 20
  /// The most redirects followed for one request: a proxy or a moved address takes one or
  /// two; more is a loop.
  static let mostRedirects = 5
  /// The most bytes of headers read, over all the answers of one request (redirects too):
  /// TMDb sends about one kilobyte.
  static let largestHeaders = 256 << 10

  init(url: URL, headers: [String: String]) {
    self.url = url
    headerLines = headers.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }
  }

  /// Whether the server has begun to answer (a status line came).
  var answered: Bool { started.load(ordering: .relaxed) }

  /// Whether the connection to the server was made (it was reached, whether or not it
  /// answers).
  var connected: Bool { connectionMade.load(ordering: .relaxed) }

  /// Notes that the connection is made, when curl says so (the engine's thread).
  fileprivate func checkConnected() {
    guard !connected, let easy, ms_curl_connected(easy) == 1 else { return }
    connectionMade.store(true, ordering: .relaxed)
  }

  /// Waits for the outcome (given already, or by `finish`).
  func wait() async throws -> (Data, HTTPURLResponse) {
    try await withCheckedThrowingContinuation { continuation in
      let ready = outcome.withLock { outcome in
        if let result = outcome.result { return Optional(result) }
        outcome.continuation = continuation
        return nil
      }
      if let ready { continuation.resume(with: ready) }
    }
  }

  /// Gives the outcome, once; later calls do nothing.
  func finish(_ result: Result<(Data, HTTPURLResponse), any Error>) {
    let waiting = outcome.withLock { outcome in
      guard outcome.result == nil else { return Optional<Continuation>.none }
      outcome.result = result
      defer { outcome.continuation = nil }
      return outcome.continuation
    }
    waiting?.resume(with: result)
  }

  /// The answer as `HTTPURLResponse` with the status curl reports.
  fileprivate func response(status: Int) -> HTTPURLResponse? {
    HTTPURLResponse(url: url, statusCode: status, httpVersion: "HTTP/1.1", headerFields: headers)
  }

  /// Whether the body was cut for being too large.
  fileprivate var overflowed = false
  /// The bytes of headers received so far, and whether they went past the limit.
  private var headerBytes = 0
  fileprivate var headersOverflowed = false

  /// Whether the outcome was given (a transfer cancelled before it started is not started).
  var isFinished: Bool { outcome.withLock { $0.result != nil } }

  fileprivate func receiveBody(_ bytes: UnsafeRawBufferPointer) -> Bool {
    guard body.count + bytes.count <= Self.largest else {
      overflowed = true
      return false
    }
    body.append(contentsOf: bytes)
    return true
  }

  /// One header line; a status line starts a new answer (after a redirect). `false` stops
  /// the transfer: the headers are too large.
  fileprivate func receiveHeader(_ bytes: UnsafeRawBufferPointer) -> Bool {
    headerBytes += bytes.count
    guard headerBytes <= Self.largestHeaders else {
      headersOverflowed = true
      return false
    }
    let line = String(decoding: bytes, as: UTF8.self)
    if line.hasPrefix("HTTP/") {
      headers = [:]
      started.store(true, ordering: .relaxed)
      return true
    }
    guard let colon = line.firstIndex(of: ":") else { return true }
    let name = line[..<colon].trimmingCharacters(in: .whitespaces)
    let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespacesAndNewlines)
    if !name.isEmpty { headers[name] = value }
    return true
  }
}

/// The thread that drives libcurl's multi handle, shared by every ``CurlTransport``.
// @unchecked: `multi`, `active` are the engine thread's; other threads go through `inbox`'s lock.
final class CurlEngine: @unchecked Sendable {
  static let shared: CurlEngine? = {
    guard ms_curl_load() == 1, let multi = ms_curl_multi() else { return nil }
    return CurlEngine(multi: multi)
  }()

  private let multi: UnsafeMutableRawPointer
  private let inbox = Lock<(added: [CurlTransfer], cancelled: [CurlTransfer])>(([], []))
  private var active: [UnsafeMutableRawPointer: CurlTransfer] = [:]

  private init(multi: UnsafeMutableRawPointer) {
    self.multi = multi
    let thread = Thread { [self] in self.loop() }
    thread.name = "movie-search HTTP"
    thread.start()
  }

  /// Sends `transfer` and waits for its answer; cancelling the task cancels the transfer.
  func run(_ transfer: CurlTransfer) async throws -> (Data, HTTPURLResponse) {
    try await withTaskCancellationHandler {
      inbox.withLock { $0.added.append(transfer) }
      ms_curl_wake(multi)
      return try await transfer.wait()
    } onCancel: {
      inbox.withLock { $0.cancelled.append(transfer) }
      ms_curl_wake(multi)
    }
  }

  private func loop() {
    while true {
      let (added, cancelled) = inbox.withLock { inbox in
        defer { inbox = ([], []) }
        return inbox
      }
      for transfer in added { start(transfer) }
      for transfer in cancelled { end(transfer, .failure(CancellationError())) }
      var running: Int32 = 0
      ms_curl_perform(multi, &running)
      var easy: UnsafeMutableRawPointer?
      var code: Int32 = 0
      while ms_curl_next_done(multi, &easy, &code) == 1 {
        guard let easy, let transfer = active[easy] else { continue }
        end(transfer, result(of: transfer, easy: easy, code: code))
      }
      for transfer in active.values { transfer.checkConnected() }
      // Nothing to do: sleep until a socket, a new transfer or a cancellation wakes us.
      ms_curl_wait(multi, active.isEmpty ? 60_000 : 1_000)
    }
  }

  private func start(_ transfer: CurlTransfer) {
    guard !transfer.isFinished else { return }
    for line in transfer.headerLines {
      transfer.headerList = ms_curl_headers(transfer.headerList, line)
    }
    let context = Unmanaged.passUnretained(transfer).toOpaque()
    guard
      let easy = ms_curl_easy(
        transfer.url.absoluteString, transfer.headerList, CurlTransfer.mostRedirects, receiveBody,
        receiveHeader, context)
    else {
      return release(transfer, .failure(URLError(.unknown)))
    }
    transfer.easy = easy
    active[easy] = transfer
    if ms_curl_add(multi, easy) != 0 { end(transfer, .failure(URLError(.unknown))) }
  }

  /// Takes the transfer out of libcurl (closing its connection if it was under way) and
  /// gives its outcome.
  private func end(_ transfer: CurlTransfer, _ result: Result<(Data, HTTPURLResponse), any Error>) {
    if let easy = transfer.easy {
      ms_curl_remove(multi, easy)
      ms_curl_easy_free(easy)
      active[easy] = nil
      transfer.easy = nil
    }
    release(transfer, result)
  }

  private func release(
    _ transfer: CurlTransfer, _ result: Result<(Data, HTTPURLResponse), any Error>
  ) {
    if let list = transfer.headerList { ms_curl_headers_free(list) }
    transfer.headerList = nil
    transfer.finish(result)
  }

  private func result(of transfer: CurlTransfer, easy: UnsafeMutableRawPointer, code: Int32)
    -> Result<(Data, HTTPURLResponse), any Error>
  {
    if code == 0 {
      guard let response = transfer.response(status: ms_curl_status(easy)) else {
        return .failure(URLError(.badServerResponse))
      }
      return .success((transfer.body, response))
    }
    if transfer.overflowed {
      return .failure(HTTPTransportError.tooLarge)
    }
    if transfer.headersOverflowed {
      return .failure(HTTPTransportError.headersTooLarge)
    }
    // CURLE_UNSUPPORTED_PROTOCOL: the base URL is checked to be http(s), so only a redirect
    // can lead elsewhere.
    if code == 1 {
      return .failure(HTTPTransportError.unsupportedRedirect)
    }
    // CURLE_TOO_MANY_REDIRECTS: not a malformed answer, and said as what it is.
    if code == 47 {
      return .failure(HTTPTransportError.tooManyRedirects)
    }
    return .failure(Self.urlError(code))
  }

  /// libcurl's result codes as URLSession reports them.
  static func urlError(_ code: Int32) -> URLError {
    let text = ms_curl_describe(code).map { String(cString: $0) } ?? "error \(code)"
    let info = [NSLocalizedDescriptionKey: text]
    return switch code {
    case 1: URLError(.unsupportedURL, userInfo: info)
    case 3: URLError(.badURL, userInfo: info)
    case 5, 6: URLError(.cannotFindHost, userInfo: info)
    case 7: URLError(.cannotConnectToHost, userInfo: info)
    case 28: URLError(.timedOut, userInfo: info)
    case 35, 51, 53, 54, 58, 59, 60, 64, 66, 77, 80, 83, 90, 91:
      URLError(.secureConnectionFailed, userInfo: info)
    case 8, 52, 61, 100: URLError(.badServerResponse, userInfo: info)
    case 18, 55, 56: URLError(.networkConnectionLost, userInfo: info)
    default: URLError(.unknown, userInfo: info)
    }
  }
}

private func transfer(_ context: UnsafeMutableRawPointer?) -> CurlTransfer? {
  context.map { Unmanaged<CurlTransfer>.fromOpaque($0).takeUnretainedValue() }
}

private let receiveBody: ms_curl_receive = { data, size, count, context in
  guard let transfer = transfer(context) else { return 0 }
  let bytes = UnsafeRawBufferPointer(start: data, count: size * count)
  return transfer.receiveBody(bytes) ? size * count : 0
}

private let receiveHeader: ms_curl_receive = { data, size, count, context in
  guard let transfer = transfer(context) else { return 0 }
  let bytes = UnsafeRawBufferPointer(start: data, count: size * count)
  return transfer.receiveHeader(bytes) ? size * count : 0
}
