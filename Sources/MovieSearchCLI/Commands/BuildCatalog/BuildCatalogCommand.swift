import Foundation
import MovieSearch

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// `movie-search build-catalog <source> <out>`: makes a catalog file from ggplot2movies' CSV
/// (as the built-in one is made) or from TMDb's daily export of movie ids.
struct BuildCatalogCommand: Command {
  struct Options: OptionGroup {
    let includeAdult = Flag("include-adult", "Keep the titles an export or IMDb marks adult.")
    let types = Option(
      name: "types", valueName: "types",
      help: "With IMDb's files: the title types kept, e.g. movie,tvMovie (default: movie)."
    ) { text -> Result<Set<String>, UsageMessage> in
      let types = Set(text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) })
      guard !types.isEmpty, !types.contains("") else {
        return .failure(
          UsageMessage(text: "The value '\(text)' of '--types' is not a list of types."))
      }
      // IMDb's spelling is exact: an unknown type would keep nothing, silently.
      for type in types.sorted() where !Self.imdbTitleTypes.contains(type) {
        let spelled = Self.imdbTitleTypes.first { $0.lowercased() == type.lowercased() }
        return .failure(
          UsageMessage(
            text: spelled.map {
              "'\(type.printable)' in '--types' is spelt '\($0)' in IMDb's files."
            }
              ?? "'\(type.printable)' in '--types' is not one of IMDb's title types: \(Self.imdbTitleTypes.joined(separator: ", "))."
          ))
      }
      return .success(types)
    }

    /// IMDb's `titleType` values (title.basics.tsv.gz, as IMDb's dataset reference lists them).
    static let imdbTitleTypes = [
      "movie", "short", "tvEpisode", "tvMiniSeries", "tvMovie", "tvPilot", "tvSeries", "tvShort",
      "tvSpecial", "video", "videoGame",
    ]
    let languages = Option<TitleLanguages>(
      name: "languages", valueName: "codes",
      help:
        "With IMDb's files: the languages whose titles are kept beside the original, e.g. en,es (default: English and your locale's)."
    ) { text in
      TitleLanguages(text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) })
        .map { .success($0) }
        ?? .failure(
          UsageMessage(
            text:
              "The value '\(text.printable)' of '--languages' is not a list of language codes (en,es,de)."
          ))
    }
    let titles = Option.text(
      "titles", "file",
      "Other titles to search, by film: a tab-separated list with id, year and title columns (see data/english-titles.tsv)."
    )
    let force = Flag("force", "Replace <catalog.bin> even when it is not a catalog.")
  }

  static let name = "build-catalog"
  static let abstract =
    "Make a catalog file to search offline from IMDb's dataset files, a CSV of films or TMDb's daily export of movie ids."
  static let summary = "Build a catalog file from IMDb's files, a CSV or a TMDb export."
  static let arguments = Arguments.fixed([
    (
      "<source>",
      "A CSV of films with a 'title' column, TMDb's export (one JSON object per line), or a folder of IMDb's dataset files."
    ),
    ("<catalog.bin>", "The catalog file to write; search it with --catalog."),
  ])
  static let completesFiles = true
  static let discussion: String? = """
    IMDb publishes its dataset files at https://datasets.imdbws.com (for personal and
    non-commercial use): download them into a folder and name the folder. title.basics.tsv.gz
    is needed; title.ratings, title.akas, title.crew, title.principals and name.basics add
    ratings, other titles (the original, and those in English and the locale's language, or
    in the languages --languages names: en,es), directors and cast. Films are
    the 'movie' rows unless --types says others (e.g. movie,tvMovie); adult titles are left
    out unless --include-adult. A row that cannot be read is reported with its file and line.

    TMDb publishes its export daily at http://files.tmdb.org/p/exports/
    (movie_ids_MM_DD_YYYY.json.gz, about a million films; unzip it first). A catalog built from
    it has TMDb's ids, so 'details' with a TMDb key works for its results, and ranks by TMDb's
    popularity; adult titles are left out unless --include-adult. A CSV needs a header line
    with a 'title' column; id, year (or release_date), rating (or vote_average), votes (or
    vote_count), length (or runtime), budget, mpaa, popularity and genres are read when present,
    in any case and order (without an id column, a film's id is its row number). A line that
    cannot be read is reported with its number and skipped. The source is never written over,
    nor a file that is not a catalog unless --force; the catalog is written whole or not at
    all. The built-in catalog is made from data/imdb-movies.csv.gz by scripts/build-catalog.sh,
    with the English titles of data/english-titles.tsv (--titles): a row of such a list names
    its film by id and year, and one whose film is not in the catalog, or is from another year,
    is reported and not added. A catalog says what it was built from, and the day (that of
    SOURCE_DATE_EPOCH when it is set): 'movie-search catalog-info --catalog FILE'.
    """

  /// English and the language of the locale (`LC_ALL`, `LC_MESSAGES`, `LANG`, the first
  /// set): the other titles an IMDb build keeps unless `--languages` says.
  static var localeLanguages: TitleLanguages {
    let environment = ProcessInfo.processInfo.environment
    let locale = ["LC_ALL", "LC_MESSAGES", "LANG"].lazy.compactMap { environment[$0] }
      .first { !$0.isEmpty }
    return .english(andLocale: locale)
  }

  /// How many skipped lines are listed one by one before the rest are only counted.
  static let listedSkips = 20

  static func run(_ invocation: Invocation<Self>) async throws -> Int32 {
    let arguments = invocation.positionals
    guard arguments.count == 2 else {
      throw invocation.usageError("Give the source file and the output file.")
    }
    let (source, out) = (arguments[0], arguments[1])
    let date = try buildDate(invocation)
    // Never over a file the build reads, --force or not.
    let read =
      [source] + OfflineCatalog.imdbDatasetFiles(in: source)
      + [invocation[\.titles]].compactMap { $0 }
    if let same = read.first(where: { CatalogOutput.isSameFile($0, out) }) {
      throw invocation.usageError("The output is the source '\(same)': name another file.")
    }
    if !invocation[\.force], let what = CatalogOutput.whatIsThere(out) {
      Output.error("Error: '\(out)' exists and is \(what): give --force to replace it.")
      return 1
    }
    // Made first: a folder that does not exist or cannot be written is said at once, and
    // the file is removed on every way out, a signal included.
    let temporary: TemporaryFile
    do {
      temporary = try TemporaryFile(beside: out)
    } catch {
      Output.error("Error: cannot write '\(out)': \(error).")
      return 1
    }
    var titles: OfflineCatalog.TitleList?
    if let path = invocation[\.titles] {
      guard let list = readTitles(path) else { return 1 }
      titles = list
    }
    let progress = Progress(enabled: isatty(STDERR_FILENO) == 1)
    var built: OfflineCatalog.BuiltFile
    if OfflineCatalog.isIMDbDataset(source) {
      do {
        built = try OfflineCatalog.catalogFile(
          fromIMDb: source, types: invocation[\.types] ?? ["movie"],
          includeAdult: invocation[\.includeAdult],
          languages: invocation[\.languages] ?? Self.localeLanguages, titles: titles,
          builtAt: date,
          progress: progress.read)
      } catch {
        progress.clear()
        Output.error("Error: cannot build a catalog from '\(source)': \(error).")
        return 1
      }
      progress.clear()
      for (file, purpose) in built.missing {
        Output.error("Note: \(file).tsv.gz is not in '\(source)': \(purpose).")
      }
    } else {
      let imdbOnly = [
        ("--types", invocation[\.types] != nil), ("--languages", invocation[\.languages] != nil),
      ]
      .filter(\.1).map(\.0)
      if !imdbOnly.isEmpty {
        Output.error(
          "Note: \(imdbOnly.joined(separator: " and ")) \(imdbOnly.count == 1 ? "has" : "have") no effect on a CSV or a TMDb export (IMDb's files only)."
        )
      }
      guard let made = buildFromFile(source, invocation, titles, date, progress) else {
        return 1
      }
      built = made
    }
    if let path = invocation[\.titles] {
      for (line, reason) in built.titlesRefused.prefix(listedSkips) {
        Output.error("\(path):\(line): \(reason); not added.")
      }
      if built.titlesRefused.count > listedSkips {
        Output.error(
          "… and \(Format.count(built.titlesRefused.count - listedSkips, "more title")) not added.")
      }
    }
    return finish(built, source: source, out: out, temporary: temporary)
  }

  /// When the catalog says it was built: now, or `SOURCE_DATE_EPOCH` (seconds since 1970)
  /// when set, as reproducible builds set it.
  private static func buildDate(_ invocation: Invocation<Self>) throws -> Date {
    guard let text = ProcessInfo.processInfo.environment["SOURCE_DATE_EPOCH"], !text.isEmpty
    else { return Date() }
    guard let seconds = Int(text), (0...5_662_310_400).contains(seconds) else {
      throw invocation.usageError(
        "SOURCE_DATE_EPOCH '\(text.prefix(40))' is not a number of seconds since 1970.")
    }
    return Date(timeIntervalSince1970: Double(seconds))
  }

  /// The list of `--titles`; `nil` after saying why it cannot be read.
  private static func readTitles(_ path: String) -> OfflineCatalog.TitleList? {
    guard let data = FileManager.default.contents(atPath: path) else {
      let reason =
        access(path, R_OK) == 0 ? "not a readable file" : String(cString: strerror(errno))
      Output.error("Error: cannot read '\(path)': \(reason).")
      return nil
    }
    do {
      guard let text = String(data: data, encoding: .utf8) else {
        throw CatalogTextError(description: "it is not UTF-8 text")
      }
      return try OfflineCatalog.TitleList(text)
    } catch {
      Output.error("Error: cannot read the titles of '\(path)': \(error).")
      return nil
    }
  }

  private struct CatalogTextError: Error, CustomStringConvertible {
    let description: String
  }

  /// A catalog from a CSV or a TMDb export; `nil` after saying why not.
  private static func buildFromFile(
    _ source: String, _ invocation: Invocation<Self>, _ titles: OfflineCatalog.TitleList?,
    _ date: Date, _ progress: Progress
  ) -> OfflineCatalog.BuiltFile? {
    var isFolder: ObjCBool = false
    if FileManager.default.fileExists(atPath: source, isDirectory: &isFolder), isFolder.boolValue {
      Output.error(
        "Error: '\(source)' is a folder without IMDb's title.basics.tsv.gz (nor title.basics.tsv).")
      return nil
    }
    if OfflineCatalog.isIMDbDatasetFile(source) {
      let folder = (source as NSString).deletingLastPathComponent
      Output.error(
        "Error: '\(source)' is one of IMDb's dataset files: give its folder ('\(folder.isEmpty ? "." : folder)')."
      )
      return nil
    }
    guard let data = FileManager.default.contents(atPath: source) else {
      let reason =
        access(source, R_OK) == 0 ? "not a readable file" : String(cString: strerror(errno))
      Output.error("Error: cannot read '\(source)': \(reason).")
      return nil
    }
    if data.starts(with: [0x1F, 0x8B]) {
      Output.error(
        "Error: '\(source)' is compressed with gzip: unzip it first (gunzip -k '\(source)').")
      return nil
    }
    guard let text = String(data: data, encoding: .utf8) else {
      Output.error("Error: cannot read '\(source)' as UTF-8 text.")
      return nil
    }
    do {
      let built = try OfflineCatalog.catalogFile(
        from: text, includeAdult: invocation[\.includeAdult], titles: titles, builtAt: date,
        progress: { progress.read($0) })
      progress.clear()
      return built
    } catch {
      progress.clear()
      Output.error("Error: cannot build a catalog from '\(source)': \(error).")
      return nil
    }
  }

  /// Reports the lines skipped and writes the catalog; the exit status.
  private static func finish(
    _ built: OfflineCatalog.BuiltFile, source: String, out: String, temporary: TemporaryFile
  ) -> Int32 {
    for (number, (line, reason)) in built.skipped.prefix(listedSkips).enumerated() {
      let file = built.skippedFiles.indices.contains(number) ? built.skippedFiles[number] : source
      Output.error("\(file):\(line): \(reason); skipped.")
    }
    if built.skippedCount > listedSkips {
      Output.error("… and \(Format.count(built.skippedCount - listedSkips, "more line")) skipped.")
    }
    guard built.films > 0 else {
      Output.error("Error: '\(source)' holds no films; nothing written.")
      return 1
    }
    do {
      try temporary.write(built.bytes)
      try temporary.commit()
    } catch {
      Output.error("Error: cannot write '\(out)': \(error).")
      return 1
    }
    var report =
      "wrote \(Format.count(built.films, "film")) (\(Format.count(built.bytes.count, "byte"))) to \(out.printable)"
    if built.adultLeftOut > 0 {
      report += "; \(Format.count(built.adultLeftOut, "adult title")) left out"
    }
    if built.skippedCount > 0 {
      report += "; \(Format.count(built.skippedCount, "bad line")) skipped"
    }
    if built.titlesAdded > 0 || !built.titlesRefused.isEmpty {
      report += "; \(Format.count(built.titlesAdded, "other title")) added"
    }
    Output.print(report + "\n")
    return 0
  }

  /// Lines read so far, on a terminal: a build from a million lines takes a while.
  struct Progress {
    let enabled: Bool

    func read(_ lines: Int) {
      guard enabled else { return }
      Output.send("\rreading: \(Format.count(lines)) lines…", to: STDERR_FILENO)
    }

    func read(_ file: String, _ lines: Int) {
      guard enabled else { return }
      Output.send("\rreading \(file): \(Format.count(lines)) lines…\u{1B}[K", to: STDERR_FILENO)
    }

    func clear() {
      if enabled { Output.send("\r\u{1B}[K", to: STDERR_FILENO) }
    }
  }
}

/// Where a catalog is written: never over its source, nor over a file that is not a
/// catalog, and whole or not at all.
enum CatalogOutput {
  /// Whether the two paths name the same existing file.
  static func isSameFile(_ a: String, _ b: String) -> Bool {
    var first = stat()
    var second = stat()
    guard stat(a, &first) == 0, stat(b, &second) == 0 else { return false }
    return first.st_dev == second.st_dev && first.st_ino == second.st_ino
  }

  /// What is at `path` if it must not be replaced without --force (something that is not a
  /// catalog); `nil` when nothing is there, or a catalog.
  static func whatIsThere(_ path: String) -> String? {
    var status = stat()
    guard stat(path, &status) == 0 else { return nil }
    guard (status.st_mode & S_IFMT) == S_IFREG else { return "not a file" }
    guard let handle = FileHandle(forReadingAtPath: path) else { return "not readable" }
    defer { try? handle.close() }
    let head = (try? handle.read(upToCount: 7)) ?? Data()
    return head == Data("MSCATLG".utf8) ? nil : "not a movie-search catalog"
  }
}
