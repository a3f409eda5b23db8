import Foundation
import MovieSearch
import MovieSearchBuiltInCatalog

/// The million-film comparison. In `directory` (made if needed; nothing there is committed):
/// 1. `export.json` — a TMDb-style daily export of 1,000,000 films: the built-in catalog's
///    58,788 real titles (so the evaluation queries have their answers) and 941,212 titles
///    made of real title words (each word drawn from a random real title, so words are as
///    frequent as in real titles; one in eight changed into a new word, so the vocabulary is
///    as large as a real export's), popularity from a long-tailed distribution, 1 % adult;
///    deterministic;
/// 2. `million.bin` — its catalog, built in process as `movie-search build-catalog` does;
/// 3. `titles.txt` — the same titles, one per line, for fzf.
/// Then: p50/p99 of one search in process; as whole processes, the median time of
/// `movie-search --catalog million.bin QUERY` against `fzf --filter QUERY < titles.txt`;
/// and the peak memory of the movie-search processes.
func million(directory: String, binary: String, queries: [EvaluationQuery]) throws {
  try FileManager.default.createDirectory(
    atPath: directory, withIntermediateDirectories: true)
  let export = directory + "/export.json"
  let catalogPath = directory + "/million.bin"
  let titlesPath = directory + "/titles.txt"
  // Built once, and again when the catalog there is not one this build reads (none, or of
  // an older format's version).
  if (try? OfflineCatalog(contentsOf: catalogPath)) == nil {
    let start = ContinuousClock.now
    let (text, titles) = try generateExport(count: 1_000_000)
    try text.write(toFile: export, atomically: false, encoding: .utf8)
    try (titles.joined(separator: "\n") + "\n").write(
      toFile: titlesPath, atomically: false, encoding: .utf8)
    let generated = ContinuousClock.now
    let built = try OfflineCatalog.catalogFile(from: text)
    try Data(built.bytes).write(to: URL(fileURLWithPath: catalogPath))
    print(
      "generated \(export) in \(generated - start); built \(catalogPath): \(built.films) films, \(built.bytes.count / 1_000_000) MB, \(built.adultLeftOut) adult left out, in \(ContinuousClock.now - generated)"
    )
  }
  try speed(catalogPath: catalogPath, queries: queries)
  try compareProcesses(
    binary: binary, catalog: catalogPath, titles: titlesPath, queries: processQueries(queries))
}

/// Every 60th evaluation query: about thirty, from every category.
func processQueries(_ queries: [EvaluationQuery]) -> [String] {
  stride(from: 0, to: queries.count, by: 60).map { queries[$0].text }
}

/// The export's text (one JSON object per line) and its titles (non-adult, for fzf).
func generateExport(count: Int) throws -> (text: String, titles: [String]) {
  let real = try OfflineCatalog.builtIn().allMovies
  let words = real.map { $0.title.split(separator: " ").map(String.init) }
  var random = SeededRandom(seed: 1_000_000)
  var lines: [String] = []
  var titles: [String] = []
  lines.reserveCapacity(count)
  titles.reserveCapacity(count)
  let encoder = JSONEncoder()
  for index in 0..<count {
    let title: String
    let popularity: Double
    if index < real.count {
      title = real[index].title
      popularity = Double(real[index].voteCount) / 100
    } else {
      // As long as a random real title, each word from another random real title.
      let length = words.randomElement(using: &random)?.count ?? 2
      title = (0..<length).map { _ in
        let word = words.randomElement(using: &random)?.randomElement(using: &random) ?? "film"
        // One word in eight is new — a name, a word of another language — so that the
        // vocabulary grows as a real export's does (about 300,000 more words).
        return Int.random(in: 0..<8, using: &random) == 0 ? typo(word, &random) + "s" : word
      }.joined(separator: " ")
      // Most films are barely looked at; a few are very popular.
      popularity = 0.6 + 50 * pow(Double.random(in: 0..<1, using: &random), 12)
    }
    let adult = index >= real.count && Int.random(in: 0..<100, using: &random) == 0
    let quoted = String(decoding: try encoder.encode(title), as: UTF8.self)
    lines.append(
      #"{"adult":\#(adult),"id":\#(index + 1),"original_title":\#(quoted),"popularity":\#(String(format: "%.3f", popularity)),"video":false}"#
    )
    if !adult { titles.append(title) }
  }
  return (lines.joined(separator: "\n") + "\n", titles)
}

/// Median wall time of each tool as a whole process over `queries` (five rounds, the tools
/// alternating), their ratio, and movie-search's peak memory.
func compareProcesses(binary: String, catalog: String, titles: String, queries: [String]) throws {
  guard FileManager.default.isExecutableFile(atPath: binary) else {
    print("no \(binary): build it first (swift build -c release at the root)")
    return
  }
  guard
    let fzfPath = ["/usr/bin/fzf", "/usr/local/bin/fzf", "/opt/homebrew/bin/fzf"].first(where: {
      FileManager.default.isExecutableFile(atPath: $0)
    })
  else {
    print("no fzf: install it (apt-get install fzf) for the process comparison")
    return
  }
  var ours: [Double] = []
  var theirs: [Double] = []
  var peakKilobytes = 0
  for _ in 0..<5 {
    for query in queries {
      let (time, stderr) = try timed(
        binary, ["--catalog", catalog, query], input: nil,
        environment: ["MOVIE_SEARCH_REPORT_MEMORY": "1"])
      ours.append(time)
      if let line = stderr.split(separator: "\n").last(where: { $0.hasPrefix("peak memory:") }),
        let kilobytes = Int(line.split(separator: " ")[2])
      {
        peakKilobytes = max(peakKilobytes, kilobytes)
      }
      theirs.append(try timed(fzfPath, ["--filter", query], input: titles).time)
    }
  }
  let (mine, fzf) = (percentile(ours, 0.5), percentile(theirs, 0.5))
  print(
    String(
      format:
        "processes, %d queries × 5: movie-search --catalog median %.1f ms, fzf --filter median %.1f ms: %.3f× fzf; movie-search peak memory %d MB",
      queries.count, mine, fzf, mine / fzf, peakKilobytes / 1024))
}

/// Runs a process to its end, output discarded; its wall time in milliseconds and stderr.
/// posix_spawn directly: Foundation's `Process` adds tens of milliseconds per run on Linux,
/// which would drown the difference being measured.
func timed(
  _ path: String, _ arguments: [String], input: String?, environment: [String: String] = [:]
) throws -> (time: Double, stderr: String) {
  let errorsPath = NSTemporaryDirectory() + "search-eval-stderr-\(getpid())"
  var actions = posix_spawn_file_actions_t()
  posix_spawn_file_actions_init(&actions)
  defer { posix_spawn_file_actions_destroy(&actions) }
  posix_spawn_file_actions_addopen(&actions, 0, input ?? "/dev/null", O_RDONLY, 0)
  posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
  posix_spawn_file_actions_addopen(&actions, 2, errorsPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
  let variables = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    .map { "\($0.key)=\($0.value)" }
  func cStrings(_ strings: [String]) -> [UnsafeMutablePointer<CChar>?] {
    strings.map { strdup($0) } + [nil]
  }
  let argv = cStrings([path] + arguments)
  let envp = cStrings(variables)
  defer { for pointer in argv + envp { free(pointer) } }
  var pid: pid_t = 0
  let start = ContinuousClock.now
  let spawned = posix_spawn(&pid, path, &actions, nil, argv, envp)
  guard spawned == 0 else {
    throw NSError(
      domain: "spawn", code: Int(spawned),
      userInfo: [NSLocalizedDescriptionKey: "cannot run \(path)"])
  }
  var status: Int32 = 0
  while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
  let elapsed = ContinuousClock.now - start
  let milliseconds =
    Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
  let errors = (try? String(contentsOfFile: errorsPath, encoding: .utf8)) ?? ""
  return (milliseconds, errors)
}
