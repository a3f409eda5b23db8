import Foundation
import Testing

@testable import MovieSearch
@testable import TestSupport

/// A build never trusts a source it has not read whole: IMDb's files cut short (as an
/// interrupted download leaves them) or saved under another file's name, a CSV whose quote
/// never closes, a TMDb export cut in a line — each is one line and status 1, nothing written
/// and the old catalog untouched. Rows that cannot be kept (a title too long, a line too long,
/// millions of bad lines) are reported in bounded memory; the output is never a source.
@Suite(.timeLimit(.minutes(3))) struct DamagedSourcesTests {
  static let fixture = IMDbCatalogTests.fixture

  /// A copy of the fixture's folder; `change` may rewrite its files.
  func dataset() throws -> URL {
    let directory = try temporaryDirectory()
    for file in try FileManager.default.contentsOfDirectory(atPath: Self.fixture.path) {
      try FileManager.default.copyItem(
        at: Self.fixture.appendingPathComponent(file), to: directory.appendingPathComponent(file))
    }
    return directory
  }

  /// Writes `text` gzipped (by `gzip`) to `path`, or the output of a shell command `producing`
  /// it when given.
  func gzip(_ text: String = "", producing command: String? = nil, to path: URL) async throws {
    let made = try await CLI.run(
      executable: "/bin/sh",
      ["-c", "{ \(command ?? "cat"); } | gzip -c > \"$1\"", "sh", path.path],
      stdin: Data(text.utf8), environment: ProcessInfo.processInfo.environment)
    #expect(made.status == 0, "\(made.stderr)")
  }

  /// The unzipped text of one of the fixture's files.
  func text(of file: String) async throws -> String {
    try await CLI.run(
      executable: "/bin/sh", ["-c", "gzip -dc \"$1\"", "sh", Self.fixture.path + "/" + file],
      stdin: Data(), environment: ProcessInfo.processInfo.environment
    ).stdout
  }

  /// An existing catalog at `out` (the built-in one's bytes), to see it left untouched.
  func oldCatalog(in directory: URL) throws -> (path: String, bytes: Data) {
    let out = directory.appendingPathComponent("old.bin")
    try FileManager.default.copyItem(at: URL(fileURLWithPath: CLI.builtInCatalog), to: out)
    return (out.path, try Data(contentsOf: out))
  }

  @Test(arguments: ["title.basics", "title.ratings", "title.akas", "name.basics"])
  func aFileCutShortIsAnErrorAndNothingIsWritten(_ file: String) async throws {
    let source = try dataset()
    defer { try? FileManager.default.removeItem(at: source) }
    let path = source.appendingPathComponent(file + ".tsv.gz")
    let whole = try Data(contentsOf: path)
    // Cut in the middle of the compressed data, and just before the trailer's length.
    for size in [whole.count / 2, whole.count - 4] {
      try whole.prefix(size).write(to: path)
      let (out, before) = try oldCatalog(in: source)
      let built = try await CLI.run(["build-catalog", "--force", source.path, out])
      #expect(built.status == 1)
      #expect(built.stdout == "")
      #expect(
        built.stderr
          == "Error: cannot build a catalog from '\(source.path)': \(file).tsv.gz ends early (an incomplete download?).\n"
      )
      #expect(try Data(contentsOf: URL(fileURLWithPath: out)) == before)
      try FileManager.default.removeItem(atPath: out)
    }
  }

  /// A copy of the fixture's folder whose `title.basics` has 250,000 rows (read in steps of
  /// 100,000; gzipped when `gzipped`), and whose file `cut` (gzipped), if any, is cut in half.
  func longBasics(gzipped: Bool = false, cut: String?) async throws -> URL {
    let source = try dataset()
    try FileManager.default.removeItem(at: source.appendingPathComponent("title.basics.tsv.gz"))
    let header = IMDbSource.headers.first { $0.key == "title.basics" }!.value
    let rows = (1...250_000).map {
      "tt\($0)\tmovie\tFilm \($0)\tFilm \($0)\t0\t2000\t\\N\t90\tDrama"
    }
    let text = ([header.joined(separator: "\t")] + rows + [""]).joined(separator: "\n")
    if gzipped {
      try await gzip(text, to: source.appendingPathComponent("title.basics.tsv.gz"))
    } else {
      try text.write(
        to: source.appendingPathComponent("title.basics.tsv"), atomically: false, encoding: .utf8)
    }
    guard let cut else { return source }
    let damaged = source.appendingPathComponent(cut + ".tsv.gz")
    let whole = try Data(contentsOf: damaged)
    try whole.prefix(whole.count / 2).write(to: damaged)
    return source
  }

  /// An unzipped file has no trailer: one that ends inside a line of too few fields is found
  /// from its last bytes before any file is read — one whose last line lacks only its line
  /// end is whole.
  @Test(arguments: [true, false])
  func anUnzippedFileCutInALineIsFoundBeforeAnyIsRead(cutInALine: Bool) async throws {
    let source = try await longBasics(cut: nil)
    defer { try? FileManager.default.removeItem(at: source) }
    let lines = try await text(of: "title.ratings.tsv.gz").split(separator: "\n")
    let last = cutInALine ? lines[3].prefix { $0 != "\t" } + "\t" : lines[3]
    try FileManager.default.removeItem(at: source.appendingPathComponent("title.ratings.tsv.gz"))
    try (lines.prefix(3).joined(separator: "\n") + "\n" + last).write(
      to: source.appendingPathComponent("title.ratings.tsv"), atomically: false, encoding: .utf8)
    var steps: [String] = []
    let read = {
      try IMDbSource.read(
        source.path, progress: { steps.append("\($0) \($1)") },
        checkAhead: { _ in IntegrityCheck.start(paths: []) })
    }
    if cutInALine {
      let failure = #expect(throws: CatalogFile.FormatError.self) { try read() }
      #expect(failure?.description == "title.ratings.tsv ends early (an incomplete download?)")
      #expect(steps == [])
    } else {
      #expect(try read().entries.count == 250_000)
    }
  }

  /// Every file is read for its checks while `title.basics` is read, `title.basics` last: one
  /// cut short fails the build before `title.basics` is read (here, the check ended first),
  /// not when the build reaches it (or, for `title.basics`, reaches the cut).
  @Test(.onOwnThreads, arguments: ["title.ratings", "title.basics"])
  func aFileCutShortIsFoundBeforeTheFirstIsRead(_ file: String) async throws {
    let source = try await longBasics(gzipped: file == "title.basics", cut: file)
    defer { try? FileManager.default.removeItem(at: source) }
    var steps: [String] = []
    let failure = #expect(throws: TSVReader.Failure.self) {
      try IMDbSource.read(
        source.path, progress: { steps.append("\($0) \($1)") },
        checkAhead: { paths in
          #expect(paths.first == source.path + "/title.ratings.tsv.gz")
          #expect(paths.last?.hasPrefix(source.path + "/title.basics.tsv") == true)
          let check = IntegrityCheck.start(paths: paths)
          #expect(check.waitUntilEnded(limit: .seconds(60)))
          return check
        })
    }
    #expect(failure?.description == "\(file).tsv.gz ends early (an incomplete download?)")
    #expect(steps == [])
  }

  /// What the check finds while `title.basics` is read stops the build at its next step.
  @Test(.onOwnThreads) func aFailureFoundAheadStopsTheBuildAtItsNextStep() async throws {
    let source = try await longBasics(cut: "title.ratings")
    defer { try? FileManager.default.removeItem(at: source) }
    let check = IntegrityCheck.start(paths: [])
    var steps: [String] = []
    let failure = #expect(throws: TSVReader.Failure.self) {
      try IMDbSource.read(
        source.path,
        progress: { file, line in
          steps.append("\(file) \(line)")
          check.record(TSVReader.Failure(description: "found ahead"))
        }, checkAhead: { _ in check })
    }
    #expect(failure?.description == "found ahead")
    #expect(steps == ["title.basics 100000"])
  }

  @Test func aGzippedFileWhoseDataDoesNotMatchItsChecksumIsDamaged() async throws {
    let source = try dataset()
    defer { try? FileManager.default.removeItem(at: source) }
    let path = source.appendingPathComponent("title.ratings.tsv.gz")
    var bytes = [UInt8](try Data(contentsOf: path))
    bytes[bytes.count - 6] ^= 0x01  // a bit of the CRC-32
    try Data(bytes).write(to: path)
    let out = source.appendingPathComponent("x.bin").path
    let built = try await CLI.run(["build-catalog", source.path, out])
    #expect(built.status == 1)
    #expect(built.stderr.contains("title.ratings.tsv.gz is damaged (zlib: "), "\(built.stderr)")
    #expect(!FileManager.default.fileExists(atPath: out))
  }

  @Test func anUnzippedFileCutInALineEndsEarly() async throws {
    let source = try dataset()
    defer { try? FileManager.default.removeItem(at: source) }
    let basics = try await text(of: "title.basics.tsv.gz")
    try FileManager.default.removeItem(at: source.appendingPathComponent("title.basics.tsv.gz"))
    let lines = basics.split(separator: "\n")
    let cut = lines.prefix(10).joined(separator: "\n") + "\n" + lines[10].prefix(20)
    try cut.write(
      to: source.appendingPathComponent("title.basics.tsv"), atomically: false, encoding: .utf8)
    let built = try await CLI.run(["build-catalog", source.path, source.path + "/x.bin"])
    #expect(built.status == 1)
    #expect(built.stderr.hasSuffix("title.basics.tsv ends early (an incomplete download?).\n"))
  }

  @Test func aFileUnderAnotherFilesNameIsNamedByItsHeader() async throws {
    let source = try dataset()
    defer { try? FileManager.default.removeItem(at: source) }
    let basics = source.appendingPathComponent("title.basics.tsv.gz")
    try FileManager.default.removeItem(at: basics)
    try FileManager.default.copyItem(
      at: source.appendingPathComponent("title.ratings.tsv.gz"), to: basics)
    let built = try await CLI.run(["build-catalog", source.path, source.path + "/x.bin"])
    #expect(built.status == 1)
    #expect(
      built.stderr
        == "Error: cannot build a catalog from '\(source.path)': title.basics.tsv.gz is not IMDb's title.basics (its header is IMDb's title.ratings).\n"
    )
    // A CSV where a file of IMDb's is expected: one line, not a line per row.
    try FileManager.default.removeItem(at: basics)
    try await gzip("title,year\nAlien,1979\nHeat,1995\n", to: basics)
    let csv = try await CLI.run(["build-catalog", source.path, source.path + "/x.bin"])
    #expect(
      csv.stderr
        == "Error: cannot build a catalog from '\(source.path)': title.basics.tsv.gz is not IMDb's title.basics (its first line is not the header tconst titleType primaryTitle…).\n"
    )
    try await gzip("", to: source.appendingPathComponent("title.ratings.tsv.gz"))
    try FileManager.default.copyItem(
      at: Self.fixture.appendingPathComponent("title.basics.tsv.gz"),
      to: source.appendingPathComponent("b.tsv.gz"))
    try FileManager.default.removeItem(at: basics)
    try FileManager.default.moveItem(at: source.appendingPathComponent("b.tsv.gz"), to: basics)
    let empty = try await CLI.run(["build-catalog", source.path, source.path + "/x.bin"])
    #expect(empty.stderr.hasSuffix(": title.ratings.tsv.gz is empty.\n"), "\(empty.stderr)")
  }

  @Test func oneOfIMDbsFilesGivenAloneAsksForItsFolder() async throws {
    let source = try dataset()
    defer { try? FileManager.default.removeItem(at: source) }
    let file = source.appendingPathComponent("title.basics.tsv.gz").path
    let named = try await CLI.run(["build-catalog", file, source.path + "/x.bin"])
    #expect(named.status == 1)
    #expect(
      named.stderr
        == "Error: '\(file)' is one of IMDb's dataset files: give its folder ('\(source.path)').\n")
    // Unzipped and renamed, it is known by its header.
    let renamed = source.appendingPathComponent("films.csv")
    try await text(of: "title.basics.tsv.gz").write(to: renamed, atomically: false, encoding: .utf8)
    let csv = try await CLI.run(["build-catalog", renamed.path, source.path + "/x.bin"])
    #expect(csv.stderr.hasPrefix("Error: '\(renamed.path)' is one of IMDb's dataset files"))
  }

  @Test func theOutputIsNeverOneOfTheFilesTheBuildReads() async throws {
    let source = try dataset()
    defer { try? FileManager.default.removeItem(at: source) }
    for file in ["title.basics.tsv.gz", "name.basics.tsv.gz"] {
      let path = source.appendingPathComponent(file)
      let before = try Data(contentsOf: path)
      let built = try await CLI.run(["build-catalog", "--force", source.path, path.path])
      #expect(built.status == 64)
      #expect(built.stderr.hasPrefix("Error: The output is the source '\(path.path)'"))
      #expect(try Data(contentsOf: path) == before)
    }
  }

  @Test func aTitleTooLongIsARowSkippedNotTheBuild() async throws {
    let source = try dataset()
    defer { try? FileManager.default.removeItem(at: source) }
    let long = String(repeating: "Long ", count: 14_000)
    let basics =
      try await text(of: "title.basics.tsv.gz")
      + "tt9999990\tmovie\t\(long)\t\(long)\t0\t2001\t\\N\t90\tDrama\n"
    let path = source.appendingPathComponent("title.basics.tsv.gz")
    try await gzip(basics, to: path)
    let out = source.appendingPathComponent("x.bin").path
    let built = try await CLI.run(["build-catalog", source.path, out])
    #expect(built.status == 0, "\(built.stderr)")
    #expect(built.stdout.hasPrefix("wrote 12 films"))
    #expect(
      built.stderr.contains("\(path.path):19: the title is longer than 65535 bytes; skipped."))
  }

  @Test func aLineTooLongIsSaidToBeSo() async throws {
    let source = try dataset()
    defer { try? FileManager.default.removeItem(at: source) }
    let path = source.appendingPathComponent("title.ratings.tsv.gz")
    let ratings = try await text(of: "title.ratings.tsv.gz")
    try await gzip(
      ratings,
      producing: "cat; printf 'tt0000001\\t'; head -c 3000000 /dev/zero | tr '\\\\0' x; echo",
      to: path)
    let built = try await CLI.run(["build-catalog", source.path, source.path + "/x.bin"])
    #expect(built.status == 0, "\(built.stderr)")
    let line = ratings.split(separator: "\n").count + 1
    #expect(
      built.stderr.contains("\(path.path):\(line): the line is longer than 1 MiB; skipped."))
  }

  @Test(
    .disabled(if: underAddressSanitizer, "a sanitizer needs more address space than the limit"),
    .disabled(if: underThreadSanitizer, "a sanitizer needs more address space than the limit"))
  func millionsOfBadLinesAreCountedInBoundedMemory() async throws {
    let source = try dataset()
    defer { try? FileManager.default.removeItem(at: source) }
    let path = source.appendingPathComponent("title.basics.tsv.gz")
    try await gzip(
      try await text(of: "title.basics.tsv.gz"), producing: "cat; yes bad | head -n 4000000",
      to: path)
    // 450 MB of address space: what 4 million kept reasons took more than.
    let built = try await CLI.run(
      executable: "/bin/sh",
      [
        "-c", "ulimit -v 450000; exec \"$@\"", "sh", CLI.binary, "build-catalog", source.path,
        source.path + "/x.bin",
      ],
      stdin: Data(), environment: CLI.environment())
    #expect(built.status == 0, "\(built.stderr.suffix(300))")
    #expect(
      built.stderr.contains("… and 3,999,982 more lines skipped."), "\(built.stderr.suffix(300))")
    #expect(built.stdout.contains("; 4,000,002 bad lines skipped"))
  }

  @Test func aFilmWithAQuarterOfAMillionDirectorRowsIsReadInLinearTime() async throws {
    let source = try dataset()
    defer { try? FileManager.default.removeItem(at: source) }
    let path = source.appendingPathComponent("title.principals.tsv.gz")
    // Every row a director of The Matrix; a quadratic look-up takes minutes over these
    // (16 s for 250,000 in a release build, ten times that in a debug one), the linear one
    // seconds — the limit leaves room for a machine busy with other builds.
    try await gzip(
      try await text(of: "title.principals.tsv.gz"),
      producing:
        "cat; seq 600000 | awk '{ printf \"tt0133093\\t%d\\tnm%07d\\tdirector\\t\\\\N\\t\\\\N\\n\", $1 + 100, $1 }'",
      to: path)
    let built = try await CLI.run(
      ["build-catalog", source.path, source.path + "/x.bin"], limit: .seconds(150))
    #expect(built.status == 0, "\(built.stderr)")
  }

  @Test func aCSVWhoseQuoteNeverClosesIsDamaged() async throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let csv = directory.appendingPathComponent("films.csv")
    try "title,year\nAlien,1979\n\"Heat,1995\nBrazil,1985\nFargo,1996\n".write(
      to: csv, atomically: false, encoding: .utf8)
    let (out, before) = try oldCatalog(in: directory)
    let built = try await CLI.run(["build-catalog", "--force", csv.path, out])
    #expect(built.status == 1)
    #expect(
      built.stderr
        == "Error: cannot build a catalog from '\(csv.path)': the quote opened on line 3 is never closed: the rest of the file would be one field (a damaged or cut file?).\n"
    )
    #expect(try Data(contentsOf: URL(fileURLWithPath: out)) == before)
  }

  @Test func aTMDbExportCutInALineEndsEarly() async throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let export = directory.appendingPathComponent("movie_ids.json")
    let lines = [
      #"{"adult":false,"id":603,"original_title":"The Matrix","popularity":43.1,"video":false}"#,
      #"{"adult":false,"id":604,"original_title":"The Matrix Reloaded","popularity":20.5,"vid"#,
    ]
    try lines.joined(separator: "\n").write(to: export, atomically: false, encoding: .utf8)
    let out = directory.appendingPathComponent("x.bin").path
    let built = try await CLI.run(["build-catalog", export.path, out])
    #expect(built.status == 1)
    #expect(built.stderr.hasSuffix(": the export ends early (an incomplete download?).\n"))
    #expect(!FileManager.default.fileExists(atPath: out))
    // Whole, the same lines but the last are a catalog.
    try (lines[0] + "\n").write(to: export, atomically: false, encoding: .utf8)
    #expect(try await CLI.run(["build-catalog", export.path, out]).status == 0)
  }

  @Test func theOutputsPathIsPrintedClean() async throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let out = directory.appendingPathComponent("a\u{1B}]0;owned\u{07}b.bin").path
    let built = try await CLI.run(["build-catalog", Self.fixture.path, out])
    #expect(built.status == 0, "\(built.stderr)")
    #expect(!built.stdout.contains("\u{1B}") && !built.stdout.contains("\u{07}"))
    #expect(built.stdout.contains("to \(directory.path)/ab.bin"))
  }
}
