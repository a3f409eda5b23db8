import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

extension MovieServiceError {
  /// The error for an HTTP error status, from TMDb's error body where there is one.
  init(status: Int, body: Data, redact: (String) -> String = { $0 }) {
    let tmdb = try? JSONDecoder().decode(TMDbErrorBody.self, from: body)
    let text = Self.excerpt(tmdb?.message ?? Self.reasonPhrase(status))
    var notes = tmdb?.statusCode.map { ["code \($0)"] } ?? []
    // "Not found" alone does not say the server said it (the offline catalog says it too).
    if status == 404 || tmdb?.statusCode == 34 { notes.insert("HTTP \(status)", at: 0) }
    let message = redact(notes.isEmpty ? text : "\(text) (\(notes.joined(separator: ", ")))")
    switch (status, tmdb?.statusCode) {
    case (401, _), (_, 7): self = .invalidCredentials(message: message)
    case (404, _), (_, 34): self = .notFound(message: message)
    case (429, _), (_, 25): self = .rateLimited(message: message)
    case (500..<600, _): self = .server(status: status, message: message)
    default: self = .http(status: status, message: message)
    }
  }

  /// The error for a request that got no response from `host`.
  init(transport error: any Error, host: String, redact: (String) -> String = { $0 }) {
    switch error as? HTTPTransportError {
    case .stalled:
      self = .stalled(host: host)
      return
    case .noAnswer(let seconds):
      self = .noAnswer(host: host, seconds: seconds)
      return
    case .tooLarge:
      self = .badResponse("the answer is larger than \(CurlTransfer.largest >> 20) MB")
      return
    case .headersTooLarge:
      self = .refused(
        host: host,
        reason: "its headers are too large (over \(CurlTransfer.largestHeaders >> 10) KB)")
      return
    case .unsupportedRedirect:
      self = .refused(host: host, reason: Self.unsupportedRedirect)
      return
    case .tooManyRedirects:
      self = .refused(
        host: host, reason: "it redirected more than \(CurlTransfer.mostRedirects) times")
      return
    case nil: break
    }
    guard let error = error as? URLError else {
      self = .transport(host: host, reason: redact(String(describing: error)))
      return
    }
    if error.code == .cancelled {
      self = .cancelled
      return
    }
    // The base URL is checked to be http(s): only a redirect leads to another scheme.
    if error.code == .unsupportedURL {
      self = .refused(host: host, reason: Self.unsupportedRedirect)
      return
    }
    let reason: String =
      switch error.code {
      case .timedOut: "the request timed out"
      case .cannotConnectToHost: "the connection was refused"
      case .cannotFindHost, .dnsLookupFailed: "the host name could not be resolved"
      case .networkConnectionLost: "the connection was lost before the answer was complete"
      case .notConnectedToInternet: "there is no network connection"
      case .secureConnectionFailed, .serverCertificateUntrusted, .serverCertificateHasBadDate:
        "the secure connection failed"
      case .badServerResponse, .cannotParseResponse: "the server's answer was not valid HTTP"
      default: "network error \(error.code.rawValue)"
      }
    self = .transport(host: host, reason: reason)
  }

  /// The most characters of a server's own words that a message repeats.
  static let serverTextLimit = 300

  /// `text` cut to ``serverTextLimit`` characters, with "…" when it was longer: a server
  /// cannot fill a terminal (or a log) with one message.
  static func excerpt(_ text: String) -> String {
    text.count > serverTextLimit ? text.prefix(serverTextLimit) + "…" : text
  }

  static let unsupportedRedirect =
    "it redirected to an unsupported address (only http and https are followed)"

  /// The standard reason phrase of an HTTP status, the same on every platform.
  static func reasonPhrase(_ status: Int) -> String {
    switch status {
    case 400: "Bad Request"
    case 401: "Unauthorized"
    case 403: "Forbidden"
    case 404: "Not Found"
    case 408: "Request Timeout"
    case 429: "Too Many Requests"
    case 500: "Internal Server Error"
    case 502: "Bad Gateway"
    case 503: "Service Unavailable"
    case 504: "Gateway Timeout"
    case 500..<600: "Server Error"
    default: "Client Error"
    }
  }

}

/// TMDb's error documents: `{"success":false,"status_code":7,"status_message":"…"}`, and
/// the other one some endpoints send (HTTP 422 and others): `{"errors":["…", …]}`.
struct TMDbErrorBody: Decodable {
  var statusCode: Int?
  var message: String

  enum CodingKeys: String, CodingKey {
    case statusCode = "status_code"
    case message = "status_message"
    case errors
  }

  init(from decoder: any Decoder) throws {
    let body = try decoder.container(keyedBy: CodingKeys.self)
    statusCode = try? body.decodeIfPresent(Int.self, forKey: .statusCode)
    if let message = try? body.decode(String.self, forKey: .message), !message.isEmpty {
      self.message = message
    } else if let errors = try? body.decode([String].self, forKey: .errors), !errors.isEmpty {
      message = errors.joined(separator: "; ")
    } else {
      throw DecodingError.keyNotFound(
        CodingKeys.message, .init(codingPath: [], debugDescription: "no message"))
    }
  }
}
