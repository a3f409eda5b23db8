/// Why a ``MovieService`` call failed. Each case describes itself in one line, without any
/// credential.
public enum MovieServiceError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The API key or token was refused (HTTP 401, TMDb code 7).
  case invalidCredentials(message: String)
  /// The film or the resource does not exist (HTTP 404, TMDb code 34; the message says
  /// which, and names the HTTP status when there was one).
  case notFound(message: String)
  /// Too many requests (HTTP 429, TMDb code 25), still so after the allowed retries.
  case rateLimited(message: String)
  /// The server failed (HTTP 5xx).
  case server(status: Int, message: String)
  /// Any other HTTP error status.
  case http(status: Int, message: String)
  /// The answer could not be understood; says which field.
  case badResponse(String)
  /// The server could not be reached or did not answer: a timeout, a refused connection.
  case transport(host: String, reason: String)
  /// The server began to answer, then stopped until the request timed out.
  case stalled(host: String)
  /// The server was reached (the connection was made) but did not begin to answer within
  /// the time limit, `seconds`.
  case noAnswer(host: String, seconds: Double)
  /// The server answered, but in a way that is not followed or read: a redirect to another
  /// scheme than http(s), a redirect loop, headers past the limit.
  case refused(host: String, reason: String)
  /// The request is not valid, e.g. a page out of range.
  case invalidRequest(String)
  /// The service cannot apply a filter or order it was given: what a program says in its own
  /// words (where else the films can be listed so).
  case filterRefused(FilterRefusal)
  /// The catalog built into the program is damaged: the program must be built or installed
  /// again.
  case damagedCatalog(String)
  /// The calling task was cancelled.
  case cancelled

  /// The message of a case that has one (a server's words).
  var message: String {
    switch self {
    case .invalidCredentials(let message), .notFound(let message), .rateLimited(let message),
      .server(_, let message), .http(_, let message):
      message
    case .badResponse(let detail), .invalidRequest(let detail), .damagedCatalog(let detail):
      detail
    case .filterRefused(let refusal): refusal.description
    case .transport(_, let reason), .refused(_, let reason): reason
    case .stalled, .noAnswer, .cancelled: description
    }
  }

  /// One line for a person.
  public var description: String {
    switch self {
    case .invalidCredentials(let message):
      "The API key or token was refused (HTTP 401): \(message)"
    case .notFound(let message):
      "Not found: \(message)"
    case .rateLimited(let message):
      "Too many requests (HTTP 429), still limited after retrying: \(message)"
    case .server(let status, let message):
      "The server failed (HTTP \(status)): \(message)"
    case .http(let status, let message):
      "The request failed (HTTP \(status)): \(message)"
    case .badResponse(let detail):
      "The server's answer could not be read: \(detail)"
    case .transport(let host, let reason):
      "Could not reach \(host): \(reason)"
    case .stalled(let host):
      "\(host) stopped answering: its answer began but did not finish before the time limit"
    case .noAnswer(let host, let seconds):
      "\(host) did not answer within \(seconds.rounded() == seconds && seconds < 1e6 ? String(Int(seconds)) : String(seconds)) s"
    case .refused(let host, let reason):
      "The answer of \(host) was refused: \(reason)"
    case .invalidRequest(let detail):
      "Invalid request: \(detail)"
    case .filterRefused(let refusal):
      "Invalid request: \(refusal)"
    case .damagedCatalog(let detail):
      "The built-in catalog is damaged (\(detail)): build or install the program again"
    case .cancelled:
      "Cancelled"
    }
  }
}

/// A filter or an order a service cannot apply (see ``MovieServiceError/filterRefused(_:)``).
public enum FilterRefusal: Sendable, Hashable, CustomStringConvertible {
  /// Its search cannot be filtered at all.
  case filteredSearch
  /// Its search cannot be filtered by these (names of ``MovieFilter``'s parts: `runtime`,
  /// `certification`, `person`).
  case searchFilters([String])
  /// Its search is ordered by the service itself.
  case searchOrder
  /// It cannot order films by this key.
  case sort(MovieFilter.Sort.Key)

  /// What cannot be done, in a library's words (a program adds where it can be done).
  public var description: String { description(naming: "this service") }

  /// What cannot be done, the service called `service`.
  public func description(naming service: String) -> String {
    switch self {
    case .filteredSearch:
      "\(service) cannot filter a search by genre, rating, votes, runtime, certification or person"
    case .searchFilters(let parts):
      "\(service)'s search cannot filter by \(parts.joined(separator: ", "))"
    case .searchOrder: "\(service) orders a title search by itself"
    case .sort(let key): "\(service) cannot sort films by \(key.rawValue)"
    }
  }
}

extension MovieServiceError {
  /// The line said when TMDb's films are missing beside a catalog's because TMDb failed so:
  /// what it cannot do in its own words, any other failure named as one.
  public var offlineCatalogNotice: String {
    let why =
      switch self {
      case .filterRefused(let refusal): refusal.description(naming: "TMDb")
      default: "TMDb failed (\(self))"
      }
    return "\(why); showing the offline catalog"
  }
}
