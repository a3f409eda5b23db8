import Foundation
import Streams
import Synchronization

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

#if canImport(Glibc)
  import Glibc
#endif

/// A small HTTP/1.1 server on 127.0.0.1 for tests, on POSIX sockets: it serves canned
/// TMDb-shaped answers and faults, records every request, and reports when a client closes a
/// connection it was holding open. One request per connection (`Connection: close`).
///
/// TMDb's genre list (`/3/genre/movie/list`), which the client asks for beside its first
/// search, is answered from `genreList` outside the handler and recorded apart
/// (``genreRequests``), so that a test's handler, requests and events are about the calls it
/// makes; pass `genreList: nil` to hand those requests to the handler too.
final class LoopbackServer: Sendable {
  struct Request: Sendable {
    var method: String
    /// The request target exactly as sent, e.g. `/3/search/movie?query=a%26b`.
    var target: String
    var headers: [String: String]

    var path: String { String(target.prefix { $0 != "?" }) }

    /// The query parameters, percent-decoded.
    var query: [String: String] {
      guard let start = target.firstIndex(of: "?") else { return [:] }
      var result: [String: String] = [:]
      for pair in target[target.index(after: start)...].split(separator: "&") {
        let parts = pair.split(separator: "=", maxSplits: 1).map(String.init)
        let value = parts.count > 1 ? parts[1] : ""
        result[parts[0].removingPercentEncoding ?? parts[0]] =
          value.removingPercentEncoding ?? value
      }
      return result
    }

    func header(_ name: String) -> String? { headers[name.lowercased()] }
  }

  enum Reply: Sendable {
    /// A complete answer.
    case respond(status: Int, headers: [String: String] = [:], body: Data)
    /// Headers promising `declaredLength` bytes, part of the body, then the connection closes.
    case closeMidBody(status: Int, declaredLength: Int, body: Data)
    /// Headers promising `declaredLength` bytes, part of the body, then nothing until the
    /// client closes the connection.
    case stallMidBody(status: Int, declaredLength: Int, body: Data)
    /// The connection is reset (TCP RST) without an answer.
    case reset
    /// No answer: the connection stays open until the client closes it.
    case hang
    /// The answer after `seconds` — unless the client closes the connection first.
    case slow(seconds: Int, then: Data)

    static func json(_ status: Int, _ text: String, headers: [String: String] = [:]) -> Reply {
      .respond(status: status, headers: headers, body: Data(text.utf8))
    }
  }

  /// What happened on the server, in order.
  enum Event: Sendable, Equatable {
    case received(path: String)
    case clientClosed(path: String)
  }

  let port: UInt16
  private let listener: Int32
  private let handler: @Sendable (Request) -> Reply
  private let genreList: String?
  private let state = Lock<(requests: [Request], events: [Event], waiters: [Waiter], next: Int)>(
    ([], [], [], 0))
  private let genreLog = Lock<[Request]>([])

  private struct Waiter {
    let id: Int
    let matches: @Sendable (Event) -> Bool
    /// Resumes the wait: true when the event happened, false when the limit passed.
    let resume: @Sendable (Bool) -> Void
  }

  /// An event that did not happen within the wait's limit.
  struct TimedOut: Error, CustomStringConvertible {
    let events: [Event]
    var description: String { "the awaited event did not happen; events so far: \(events)" }
  }

  var baseURL: URL { URL(string: "http://127.0.0.1:\(port)/3")! }
  var requests: [Request] { state.withLock { $0.requests } }
  /// The requests for the genre list answered from `genreList`.
  var genreRequests: [Request] { genreLog.withLock { $0 } }

  init(
    genreList: String? = Fixtures.genreList, _ handler: @escaping @Sendable (Request) -> Reply
  ) throws {
    self.handler = handler
    self.genreList = genreList
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard fd >= 0 else { throw POSIXError(.EIO) }
    var yes: Int32 = 1
    setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    address.sin_port = 0
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) { pointer in
      pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { socketAddress in
        bind(fd, socketAddress, length) == 0 && listen(fd, 64) == 0
          && getsockname(fd, socketAddress, &length) == 0
      }
    }
    guard bound else {
      close(fd)
      throw POSIXError(.EADDRINUSE)
    }
    listener = fd
    port = UInt16(bigEndian: address.sin_port)
    Thread.detachNewThread { [self] in acceptLoop() }
  }

  /// Stops accepting connections. The accept loop closes the socket itself: closing it here
  /// could let a new socket reuse its number while the loop is about to call `accept`.
  func stop() {
    shutdown(listener, Int32(SHUT_RDWR))
  }

  /// Waits until an event matching `matches` has happened (or has already happened); throws
  /// ``TimedOut`` when it has not within `limit`. The limit guards against a hang, it measures
  /// nothing: it is wide, because the event may wait on a task that has no thread — when
  /// synchronous tests hold both threads of a two-processor machine's pool, every task
  /// waits (stalls of 11–47 s seen in a whole run, and with a 30 s limit a client's request
  /// reached its server after the limit).
  func wait(
    within limit: Duration = .seconds(120), for matches: @escaping @Sendable (Event) -> Bool
  ) async throws {
    let happened = await withCheckedContinuation {
      (continuation: CheckedContinuation<Bool, Never>) in
      guard let id = waiting(for: matches, { continuation.resume(returning: $0) }) else {
        return continuation.resume(returning: true)
      }
      DispatchQueue.global().asyncAfter(
        deadline: .now() + .nanoseconds(Int(limit / .nanoseconds(1)))
      ) {
        let waiter = self.state.withLock { state -> Waiter? in
          guard let index = state.waiters.firstIndex(where: { $0.id == id }) else { return nil }
          return state.waiters.remove(at: index)
        }
        waiter?.resume(false)
      }
    }
    if !happened { throw TimedOut(events: events) }
  }

  /// ``wait(within:for:)``, blocking the calling thread — one of its own, for a test's
  /// program runner: no task of the concurrency pool is needed to resume it, whose threads
  /// the synchronous tests of a whole run may all hold.
  func waitBlocking(
    within limit: Duration = .seconds(120), for matches: @escaping @Sendable (Event) -> Bool
  ) throws {
    let happened = DispatchSemaphore(value: 0)
    guard let id = waiting(for: matches, { _ in happened.signal() }) else { return }
    if happened.wait(timeout: .now() + .nanoseconds(Int(limit / .nanoseconds(1)))) == .timedOut {
      state.withLock { $0.waiters.removeAll { $0.id == id } }
      throw TimedOut(events: events)
    }
  }

  /// Adds a waiter for an event matching `matches`, which `resume` resumes, and returns its
  /// number; `nil`, and none added, when such an event has happened already.
  private func waiting(
    for matches: @escaping @Sendable (Event) -> Bool,
    _ resume: @escaping @Sendable (Bool) -> Void
  ) -> Int? {
    state.withLock { state -> Int? in
      if state.events.contains(where: matches) { return nil }
      state.next += 1
      state.waiters.append(Waiter(id: state.next, matches: matches, resume: resume))
      return state.next
    }
  }

  var events: [Event] { state.withLock { $0.events } }

  private func record(_ event: Event) {
    let ready = state.withLock { state -> [@Sendable (Bool) -> Void] in
      state.events.append(event)
      let ready = state.waiters.filter { $0.matches(event) }.map(\.resume)
      state.waiters.removeAll { $0.matches(event) }
      return ready
    }
    for resume in ready { resume(true) }
  }

  private func acceptLoop() {
    while true {
      let connection = accept(listener, nil, nil)
      guard connection >= 0 else {
        if errno == EINTR || errno == ECONNABORTED { continue }
        close(listener)
        return
      }
      Thread.detachNewThread { [self] in serve(connection) }
    }
  }

  private func serve(_ connection: Int32) {
    defer { close(connection) }
    guard let request = readRequest(connection) else { return }
    if let genreList, request.path.hasSuffix("/genre/movie/list") {
      genreLog.withLock { $0.append(request) }
      write(connection, head(200, [:], length: genreList.utf8.count) + Data(genreList.utf8))
      return
    }
    state.withLock { $0.requests.append(request) }
    record(.received(path: request.path))
    switch handler(request) {
    case .respond(let status, let headers, let body):
      write(connection, head(status, headers, length: body.count) + body)
    case .closeMidBody(let status, let declaredLength, let body):
      write(connection, head(status, [:], length: declaredLength) + body)
    case .stallMidBody(let status, let declaredLength, let body):
      write(connection, head(status, [:], length: declaredLength) + body)
      var byte: UInt8 = 0
      while recv(connection, &byte, 1, 0) > 0 {}
      record(.clientClosed(path: request.path))
    case .reset:
      var linger = Glibc.linger(l_onoff: 1, l_linger: 0)
      setsockopt(
        connection, SOL_SOCKET, SO_LINGER, &linger, socklen_t(MemoryLayout<Glibc.linger>.size))
    case .hang:
      var byte: UInt8 = 0
      while recv(connection, &byte, 1, 0) > 0 {}
      record(.clientClosed(path: request.path))
    case .slow(let seconds, let body):
      // Wait for the client to go away, at most `seconds`; answer if it is still there.
      var descriptor = pollfd(fd: connection, events: Int16(POLLIN), revents: 0)
      if poll(&descriptor, 1, Int32(seconds * 1000)) > 0 {
        var byte: UInt8 = 0
        if recv(connection, &byte, 1, 0) <= 0 {
          record(.clientClosed(path: request.path))
          return
        }
      }
      write(connection, head(200, [:], length: body.count) + body)
    }
  }

  private func head(_ status: Int, _ headers: [String: String], length: Int) -> Data {
    var text = "HTTP/1.1 \(status) \(HTTPURLResponse.localizedString(forStatusCode: status))\r\n"
    var all = ["Content-Type": "application/json; charset=utf-8", "Connection": "close"]
    all.merge(headers) { $1 }
    all["Content-Length"] = String(length)
    for (name, value) in all.sorted(by: { $0.key < $1.key }) { text += "\(name): \(value)\r\n" }
    return Data((text + "\r\n").utf8)
  }

  private func readRequest(_ connection: Int32) -> Request? {
    var buffer = [UInt8]()
    var chunk = [UInt8](repeating: 0, count: 4096)
    let end = Array("\r\n\r\n".utf8)
    while buffer.count < 1 << 20 {
      let count = recv(connection, &chunk, chunk.count, 0)
      guard count > 0 else { return nil }
      buffer += chunk[0..<count]
      if let range = buffer.firstRange(of: end) {
        let lines = String(decoding: buffer[..<range.lowerBound], as: UTF8.self)
          .components(separatedBy: "\r\n")
        let parts = lines[0].split(separator: " ")
        guard parts.count >= 2 else { return nil }
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
          guard let colon = line.firstIndex(of: ":") else { continue }
          headers[line[..<colon].lowercased()] =
            line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        return Request(method: String(parts[0]), target: String(parts[1]), headers: headers)
      }
    }
    return nil
  }

  private func write(_ connection: Int32, _ data: Data) {
    data.withUnsafeBytes { bytes in
      var sent = 0
      while sent < bytes.count {
        let count = send(
          connection, bytes.baseAddress! + sent, bytes.count - sent, Int32(MSG_NOSIGNAL))
        guard count > 0 else { return }
        sent += count
      }
    }
  }
}
