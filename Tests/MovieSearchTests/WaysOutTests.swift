import Foundation
import Testing

@testable import TestSupport

#if canImport(Glibc)
  import Glibc
#endif

/// Every way out of the process, through the binary: a fatal signal in the finder restores
/// the terminal and then takes its default action at once; a catalog file cut short under
/// its mapping ends the finder or a stream with one line and status 1; build-catalog's
/// temporary file is removed by SIGTERM, SIGHUP and SIGINT and the target is untouched; a
/// FIFO named as a catalog is refused without waiting.
@Suite(.timeLimit(.minutes(5))) struct WaysOutTests {
  /// What leaves the finder's full-screen mode: mouse reports, bracketed paste, the hidden
  /// cursor and the alternate screen, all undone.
  static let leaveScreen = "\u{1B}[?1000l\u{1B}[?1006l\u{1B}[?2004l\u{1B}[?25h\u{1B}[?1049l"

  @Test(arguments: [SIGUSR1, SIGSEGV, SIGILL, SIGABRT, SIGBUS, SIGTERM, SIGHUP, SIGALRM])
  func aFatalSignalInTheFinderRestoresTheTerminalThenTakesItsDefaultAction(number: Int32)
    async throws
  {
    // A key in the environment turns core dumps off: the crash signals leave no core file.
    let terminal = try PseudoTerminal.movieSearch(
      ["interactive", "--offline"], environment: ["TMDB_API_KEY": "k"])
    await terminal.waitFor("Type a title.")
    kill(terminal.pid, number)
    // Within 20 s: the runtime's crash handler would wait 30 s for a key on a terminal.
    #expect(await terminal.waitForExit(limit: .seconds(20)) == 128 + number)
    #expect(terminal.isRestored)
    #expect(terminal.output.hasSuffix(Self.leaveScreen))
  }

  @Test func aCatalogCutShortUnderTheFinderEndsItWithOneLine() async throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let catalog = directory.appendingPathComponent("films.bin").path
    try FileManager.default.copyItem(atPath: CLI.builtInCatalog, toPath: catalog)
    let terminal = try PseudoTerminal.movieSearch(["interactive", "--catalog", catalog])
    await terminal.waitFor("Type a title.")
    terminal.type("matrix")
    await terminal.waitFor("The Matrix Reloaded")
    #expect(truncate(catalog, 4096) == 0)
    terminal.type(" kubrick alien")
    #expect(await terminal.waitForExit(limit: .seconds(20)) == 1)
    #expect(terminal.isRestored)
    #expect(
      terminal.output.hasSuffix(
        Self.leaveScreen + "Error: the catalog '\(catalog)' changed while it was read.\r\n"))
  }

  @Test func aCatalogCutShortUnderAStreamEndsItWithOneLine() async throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let catalog = directory.appendingPathComponent("films.bin").path
    try FileManager.default.copyItem(atPath: CLI.builtInCatalog, toPath: catalog)
    // The stream reads its lines from the terminal as they are typed.
    let terminal = try PseudoTerminal.movieSearch([
      "stream", "--catalog", catalog, "--debounce", "0",
    ])
    terminal.type("matrix\n")
    await terminal.waitFor(#""state":"success""#)
    #expect(truncate(catalog, 4096) == 0)
    terminal.type("kubrick alien star wars\n")
    #expect(await terminal.waitForExit(limit: .seconds(20)) == 1)
    #expect(terminal.output.contains("Error: the catalog '\(catalog)' changed while it was read."))
  }

  @Test(arguments: [SIGTERM, SIGHUP, SIGINT])
  func aSignalDuringBuildCatalogRemovesItsTemporaryFile(number: Int32) async throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    // A source that takes a while to read, and a catalog already at the target.
    let source = directory.appendingPathComponent("films.csv").path
    var csv = "title,year,votes\n"
    for index in 0..<200_000 { csv += "Film number \(index),\(1900 + index % 120),\(index)\n" }
    try csv.write(toFile: source, atomically: true, encoding: .utf8)
    let target = directory.appendingPathComponent("films.bin").path
    let small = directory.appendingPathComponent("small.csv").path
    try "title\nAlien\n".write(toFile: small, atomically: true, encoding: .utf8)
    #expect(try await CLI.run(["build-catalog", small, target]).status == 0)
    let before = try Data(contentsOf: URL(fileURLWithPath: target))

    let watch = try FolderWatch(directory.path)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: CLI.binary)
    process.arguments = ["build-catalog", source, target]
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    // The temporary file is made before the source is read: wait for it (a minute at most).
    let name = try #require(
      try await onOwnThread { watch.waitForFile(prefix: ".films.bin.", limit: .seconds(60)) })
    // An unpredictable name (not the process id), readable only by its owner, not a link.
    #expect(name.count == ".films.bin.".count + 6)
    #expect(!name.contains("\(process.processIdentifier)"))
    let attributes = try FileManager.default.attributesOfItem(
      atPath: directory.appendingPathComponent(name).path)
    #expect(attributes[.posixPermissions] as? Int == 0o600)
    #expect(attributes[.type] as? FileAttributeType == .typeRegular)
    kill(process.processIdentifier, number)
    try await onOwnThread { process.waitUntilExit() }
    #expect(process.terminationReason == .uncaughtSignal)
    #expect(process.terminationStatus == number)
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
        == ["films.bin", "films.csv", "small.csv"])
    #expect(try Data(contentsOf: URL(fileURLWithPath: target)) == before)
  }

  @Test func aCatalogIsWrittenWithTheUsualPermissionsAndIntoAnExistingFolderOnly() async throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let small = directory.appendingPathComponent("small.csv").path
    try "title\nAlien\n".write(toFile: small, atomically: true, encoding: .utf8)
    let target = directory.appendingPathComponent("films.bin").path
    #expect(try await CLI.run(["build-catalog", small, target]).status == 0)
    let mask = umask(0)
    umask(mask)
    let mode = try FileManager.default.attributesOfItem(atPath: target)[.posixPermissions] as? Int
    #expect(mode == 0o666 & ~Int(mask))
    let missing = directory.appendingPathComponent("no/such/films.bin").path
    let result = try await CLI.run(["build-catalog", small, missing])
    #expect(result.status == 1)
    #expect(
      result.stderr
        == "Error: cannot write '\(missing)': the folder \(directory.path)/no/such does not exist.\n"
    )
  }

  @Test func aFIFONamedAsACatalogIsRefusedAtOnce() async throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let fifo = directory.appendingPathComponent("catalog").path
    #expect(mkfifo(fifo, 0o600) == 0)
    for environment in [[:], ["MOVIE_SEARCH_CATALOG": fifo]] {
      let arguments = environment.isEmpty ? ["--catalog", fifo, "matrix"] : ["matrix"]
      let result = try await CLI.run(arguments, environment: environment, limit: .seconds(60))
      #expect(result.status == 1)
      // Said with where the path came from.
      let origin = environment.isEmpty ? "'--catalog'" : "MOVIE_SEARCH_CATALOG"
      #expect(result.stderr == "Error: \(origin): the catalog '\(fifo)' is not a regular file\n")
    }
  }
}
