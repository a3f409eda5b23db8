import ExitGuard
import Foundation
import MovieSearch
import MovieSearchBuiltInCatalog

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Picks the movie service from the options and the environment. A catalog file
/// (`--catalog`, or `MOVIE_SEARCH_CATALOG` unless TMDb is asked for on the command line) is
/// searched offline; otherwise TMDb when a key or token (or a base URL) is given and
/// `--offline` is not — beside the built-in catalog for a search
/// (``sources(for:searchingBoth:)``); otherwise the built-in catalog.
enum Backend {
  /// Where a command's films come from: a catalog on this machine, or TMDb.
  enum Source {
    case catalog(OfflineCatalog)
    case tmdb(TMDbClient)

    var service: any MovieService {
      switch self {
      case .catalog(let catalog): catalog
      case .tmdb(let client): client
      }
    }
  }

  /// Where a search's films come from: the catalog or TMDb (`main`), and TMDb beside a
  /// catalog when the two are searched together.
  struct Sources {
    var main: Source
    var online: TMDbClient?
    /// The catalog was named so that the other commands read it, and `details` its ids:
    /// `--catalog`, or `MOVIE_SEARCH_CATALOG` when TMDb is not asked for on the command line.
    var catalogNamed = false
  }

  static func service<C: Command>(for invocation: Invocation<C>) throws -> any MovieService
  where C.Options: BackendCommandOptions {
    try source(for: invocation).service
  }

  /// The catalog or TMDb, as the command line and the environment say.
  static func source<C: Command>(for invocation: Invocation<C>) throws -> Source
  where C.Options: BackendCommandOptions {
    try sources(for: invocation, searchingBoth: false).main
  }

  /// The catalog or TMDb — and, when a TMDb key or token is given, TMDb beside the catalog
  /// (the one named, `--catalog` or `MOVIE_SEARCH_CATALOG`, else the built-in one) for the
  /// commands that search both together (`searchingBoth`: a search, the finder, `stream`).
  /// The others read a catalog named, else TMDb. `--offline` keeps the catalog alone,
  /// `--online` TMDb alone.
  static func sources<C: Command>(for invocation: Invocation<C>, searchingBoth: Bool = true)
    throws -> Sources
  where C.Options: BackendCommandOptions {
    let key = try secret(\.backend.apiKey, \.backend.apiKeyFile, "TMDB_API_KEY", invocation)
    let token = try secret(\.backend.token, \.backend.tokenFile, "TMDB_ACCESS_TOKEN", invocation)
    // A key in memory must not end up in a core file (nor be read through /proc or ptrace).
    if key != nil || token != nil { _ = ms_guard_no_core_dumps() }
    let base = invocation[\.backend.baseURL]
    let asksForTMDb =
      [
        \.backend.apiKey, \.backend.apiKeyFile, \.backend.token, \.backend.tokenFile,
        \.backend.baseURL,
      ]
      .contains { invocation[$0] != nil }
    let (offline, online) = (invocation[\.backend.offline], invocation[\.backend.online])
    if offline, online { throw invocation.usageError("Give '--offline' or '--online', not both.") }
    if online, key == nil, token == nil, base == nil {
      throw invocation.usageError(
        "'--online' needs a TMDb key or token (TMDB_API_KEY, --api-key-file, --token-file).")
    }
    let together = searchingBoth && !offline && !online && (key != nil || token != nil)
    // The environment's catalog gives way to TMDb asked for on the command line, except
    // beside it.
    if !online,
      let named = try namedCatalog(
        invocation[\.backend.catalog], environment: !asksForTMDb || together, invocation)
    {
      let beside = together ? try client(key: key, token: token, base: base, invocation) : nil
      if beside == nil { noteNoEffect(["language": invocation[\.backend.language] != nil]) }
      return Sources(
        main: .catalog(named.catalog), online: beside,
        catalogNamed: invocation[\.backend.catalog] != nil || !asksForTMDb)
    }
    if offline || (key == nil && token == nil && base == nil) {
      noteNoEffect(["language": invocation[\.backend.language] != nil])
      return Sources(main: .catalog(try OfflineCatalog.builtIn()))
    }
    let tmdb = try client(key: key, token: token, base: base, invocation)
    if together {
      // The built-in catalog answers at once while TMDb is asked.
      return Sources(main: .catalog(try OfflineCatalog.builtIn()), online: tmdb)
    }
    return Sources(main: .tmdb(tmdb))
  }

  /// The TMDb client of the key or token (or none, for a server that needs none) and base
  /// URL given.
  private static func client<C: Command>(
    key: String?, token: String?, base: String?, _ invocation: Invocation<C>
  ) throws -> TMDbClient where C.Options: BackendCommandOptions {
    var baseURL = TMDbClient.defaultBaseURL
    if let base {
      guard let url = URL(string: base), let scheme = url.scheme?.lowercased(),
        scheme == "http" || scheme == "https", url.host != nil
      else {
        // A password in it is not repeated.
        let shown = base.contains("@") ? "The value of '--base-url'" : "'\(base)'"
        throw invocation.usageError("\(shown) is not an http(s) URL.")
      }
      baseURL = url
    }
    let credentials: TMDbCredentials =
      if let token { .bearerToken(token) } else if let key { .apiKey(key) } else { .none }
    if credentials != .none, let host = baseURL.host, baseURL.scheme?.lowercased() == "http",
      !isLoopback(host)
    {
      Output.error(
        "Warning: the TMDb key or token travels unencrypted to \(host) (http://): use https.")
    }
    return TMDbClient(
      credentials: credentials, baseURL: baseURL,
      timeout: TimeInterval(invocation[\.backend.timeout] ?? 15),
      userAgent: "movie-search/\(Commands.version)",
      onWait: { wait in
        if let notice = retryNotice(wait) { Output.error(notice) }
      })
  }

  /// A key or token: from its option (an empty value is a usage error), from the file its
  /// file option names, or from the environment variable (empty there means none).
  private static func secret<C: Command>(
    _ option: KeyPath<C.Options, Option<String>>, _ fileOption: KeyPath<C.Options, Option<String>>,
    _ variable: String, _ invocation: Invocation<C>
  ) throws -> String? where C.Options: BackendCommandOptions {
    let name = invocation.options[keyPath: option].name
    let fileName = invocation.options[keyPath: fileOption].name
    switch (invocation[option], invocation[fileOption]) {
    case (.some, .some):
      throw invocation.usageError("Give '--\(name)' or '--\(fileName)', not both.")
    case (.some(let value), nil):
      guard !value.isEmpty else {
        throw invocation.usageError("The value of '--\(name)' is empty.")
      }
      guard KeyFile.isKey(value) else {
        throw invocation.usageError("The value of '--\(name)' is not a key: \(KeyFile.whatAKeyIs).")
      }
      return value
    case (nil, .some(let path)):
      return try KeyFile.read(path)
    case (nil, nil):
      guard let value = ProcessInfo.processInfo.environment[variable], !value.isEmpty else {
        return nil
      }
      guard KeyFile.isKey(value) else {
        throw KeyFile.Failure(description: "\(variable) does not hold a key: \(KeyFile.whatAKeyIs)")
      }
      return value
    }
  }

  /// What the command line did wrong, when `error` says so (a filter or an order the service
  /// cannot apply, a request it refuses), in this program's words — where the films can be
  /// listed instead; `nil` for any other failure.
  static func usageText(_ error: MovieServiceError, service: any MovieService) -> String? {
    let name = service.traits.answersInstantly ? "The catalog" : "TMDb"
    let text: String
    switch error {
    case .invalidRequest(let reason): text = reason
    case .filterRefused(.filteredSearch):
      text = "\(FilterRefusal.filteredSearch) (the offline catalog can: --offline)"
    case .filterRefused(.searchFilters(let parts)):
      let listed =
        parts.count > 1
        ? parts.dropLast().joined(separator: ", ") + " or " + parts.last! : parts.joined()
      text = "\(name)'s search cannot filter by \(listed): 'movie-search discover' can"
    case .filterRefused(.searchOrder):
      text =
        "\(name) orders a title search by itself: without a title, 'movie-search discover' sorts"
    case .filterRefused(.sort(let key)): text = "\(name) cannot sort films by \(key.rawValue)"
    default: return nil
    }
    return text.prefix(1).uppercased() + text.dropFirst() + "."
  }

  /// Whether `host` is this machine: a key sent to it over http does not cross a network.
  static func isLoopback(_ host: String) -> Bool {
    let host = host.lowercased().trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
    return host == "localhost" || host.hasSuffix(".localhost") || host == "::1"
      || host.hasPrefix("127.")
  }

  /// Says on stderr which of the options given (`true`) do nothing on an offline catalog,
  /// which has one language, no regions and no adult titles.
  static func noteNoEffect(_ options: KeyValuePairs<String, Bool>) {
    let given = options.filter(\.value).map { "--\($0.key)" }
    guard !given.isEmpty else { return }
    let them = given.count == 1 ? "has" : "have"
    Output.error(
      "Note: \(given.joined(separator: " and ")) \(them) no effect on the offline catalog (TMDb only)."
    )
  }

  /// What a person at a terminal is told while a rate-limited request waits more than a
  /// moment; `nil` for a short wait, or when stderr is not a terminal (scripts see only the
  /// outcome).
  static func retryNotice(_ wait: RetryWait, onTerminal: Bool = isatty(STDERR_FILENO) == 1)
    -> String?
  {
    guard onTerminal, wait.delay > .milliseconds(1500) else { return nil }
    let seconds = { (duration: Duration) in "\(duration.components.seconds) s" }
    var notice = "TMDb limits the requests: retrying in \(seconds(wait.delay))"
    if let asked = wait.asked, asked > wait.delay {
      notice += " (it asked for \(seconds(asked)); waits are capped)"
    }
    return notice + "…"
  }

  /// The catalog file `option` (a `--catalog`'s value) names, else — with `environment` —
  /// the one `MOVIE_SEARCH_CATALOG` names (empty there means none), opened; `nil` when
  /// neither names one.
  static func namedCatalog<C: Command>(
    _ option: String?, environment: Bool, _ invocation: Invocation<C>
  ) throws -> (catalog: OfflineCatalog, path: String)? {
    if let path = option {
      guard !path.isEmpty else { throw invocation.usageError("'--catalog' needs a file.") }
      return (try open(path, from: "'--catalog'"), path)
    }
    guard environment, let path = ProcessInfo.processInfo.environment["MOVIE_SEARCH_CATALOG"],
      !path.isEmpty
    else { return nil }
    return (try open(path, from: "MOVIE_SEARCH_CATALOG"), path)
  }

  /// ``open(_:)``, its failures saying where the path came from (`from`: the option or the
  /// variable), and for a folder — IMDb's files, most likely — how to make a catalog of it.
  static func open(_ path: String, from origin: String) throws -> OfflineCatalog {
    var isFolder: ObjCBool = false
    if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue {
      throw RuntimeError(
        "\(origin) names the folder '\(path.printable)', not a catalog file; to make one of IMDb's files in it: movie-search build-catalog '\(path.printable)' OUT"
      )
    }
    do {
      return try open(path)
    } catch let error as OfflineCatalog.FileError where error.kind == .unreadable {
      throw RuntimeError("\(origin): \(error.description)")
    }
  }

  /// The catalog at `path`; a file that is not one (or of another version) says how to
  /// make one.
  static func open(_ path: String) throws -> OfflineCatalog {
    do {
      return try OfflineCatalog(contentsOf: path)
    } catch {
      switch error.kind {
      case .notACatalog:
        throw RuntimeError("\(error.description) (make one with 'movie-search build-catalog')")
      case .otherVersion:
        throw RuntimeError("\(error.description); build it again with 'movie-search build-catalog'")
      case .unreadable, .damaged:
        throw error
      }
    }
  }
}
