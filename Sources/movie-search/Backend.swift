import Foundation
import MovieSearch

/// Picks the movie service from the options and the environment: TMDb when a key or token
/// (or a base URL) is given and `--offline` is not, the built-in catalog otherwise.
enum Backend {
  static func service(for arguments: ParsedArguments) throws -> any MovieService {
    let environment = ProcessInfo.processInfo.environment
    func setting(_ option: String, _ variable: String) -> String? {
      let value = arguments.value(option) ?? environment[variable]
      return value?.isEmpty == false ? value : nil
    }
    let key = setting("api-key", "TMDB_API_KEY")
    let token = setting("token", "TMDB_ACCESS_TOKEN")
    let base = arguments.value("base-url")
    if arguments.flag("offline") || (key == nil && token == nil && base == nil) {
      return try OfflineCatalog.builtIn()
    }
    var baseURL = TMDbClient.defaultBaseURL
    if let base {
      guard let url = URL(string: base), let scheme = url.scheme?.lowercased(),
        scheme == "http" || scheme == "https", url.host != nil
      else {
        throw UsageError(message: "'\(base)' is not an http(s) URL.", command: arguments.command)
      }
      baseURL = url
    }
    let credentials: TMDbCredentials =
      if let token { .bearerToken(token) } else if let key { .apiKey(key) } else { .none }
    return TMDbClient(credentials: credentials, baseURL: baseURL)
  }
}
