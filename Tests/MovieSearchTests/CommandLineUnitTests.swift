import Foundation
import MovieSearch
import Testing

@testable import MovieSearchCLI
@testable import TestSupport

#if canImport(Glibc)
  import Glibc
#endif

/// The pure pieces of the command-line tool, tested directly (the binary's behaviour is in
/// CLITests).
@Suite struct ParserTests {
  @Test func readsTypedValuesThroughKeyPaths() throws {
    let invocation = try Parser.parse(
      ["--page", "3", "the", "--limit=5", "--json", "matrix", "--offline", "--language", "de"],
      as: SearchCommand.self)
    #expect(invocation[\.page] == 3)
    #expect(invocation[\.limit] == 5)
    #expect(invocation[\.year] == nil)
    #expect(invocation[\.json])
    #expect(!invocation[\.ndjson])
    #expect(invocation[\.backend.offline])
    #expect(invocation[\.backend.language] == "de")
    #expect(invocation.positionals == ["the", "matrix"])
  }

  @Test func reportsEachMistakeWithTheCommandsUsage() {
    func message(_ arguments: [String]) -> String? {
      do {
        _ = try Parser.parse(arguments, as: SearchCommand.self)
        return nil
      } catch {
        #expect(error.usage == Help.usage(of: SearchCommand.self))
        return error.message
      }
    }
    #expect(message(["--page", "two"]) == "The value 'two' of '--page' is not a whole number.")
    #expect(message(["--page=0"]) == "The value '0' of '--page' must be between 1 and 500.")
    #expect(message(["--page"]) == "Missing value for '--page <n>'.")
    #expect(message(["--page", "--json"]) == "Missing value for '--page <n>'.")
    #expect(message(["--colour"]) == "Unknown option '--colour'.")
    #expect(message(["-x"]) == "Unknown option '-x'.")
    #expect(message(["--json=yes"]) == "The flag '--json' does not take a value.")
    #expect(message(["--json", "--ndjson", "a"]) == "Choose one of '--json' and '--ndjson'.")
    // An option of another command is unknown here.
    #expect(message(["--virtual-time"]) == "Unknown option '--virtual-time'.")
    #expect(message(["--", "--json", "-x"]) == nil)  // after `--`, only words
  }

  @Test func aCommandWithoutArgumentsRefusesThem() {
    #expect(throws: UsageError.self) { try Parser.parse(["x"], as: StreamCommand.self) }
    let help = try? Parser.parse(["x", "--help"], as: StreamCommand.self)
    #expect(help?.wantsHelp == true)  // help is given even with a stray argument
  }

  @Test func findsTheSubcommandPastOptionsAndTheirValues() {
    func name(_ arguments: [String]) -> String {
      switch Parser.split(arguments).command {
      case .command(let command): command.name
      case .help(let topic): "help \(topic ?? "-")"
      }
    }
    #expect(name(["details", "5"]) == "details")
    #expect(name(["--offline", "--language", "details", "stream"]) == "stream")
    #expect(name(["--page=2", "details"]) == "details")
    #expect(name(["the", "details"]) == "search")  // a later word is a query word
    #expect(name([]) == "search")
    #expect(name(["help"]) == "help -")
    #expect(name(["help", "stream"]) == "help stream")
    #expect(Parser.split(["--offline", "details", "5"]).rest == ["--offline", "5"])
  }

  @Test func usageLinesAreGeneratedFromTheDeclarations() {
    #expect(
      Help.usage(of: SearchCommand.self)
        == "movie-search [search] <query> ... [--json | --ndjson] [--page <n>] [--limit <n>] [--year <yyyy>] [--region <code>] [--include-adult]"
    )
    #expect(
      Help.usage(of: DetailsCommand.self) == "movie-search details <id> [--json] [--region <code>]")
    #expect(
      Help.usage(of: StreamCommand.self)
        == "movie-search stream [--virtual-time] [--debounce <ms>]")
    #expect(
      Help.usage(of: InteractiveCommand.self)
        == "movie-search interactive [--debounce <ms>] [--query <text>] [--print-id] [--multi] [--select-1] [--exit-0] [--height <n[%]>] [--no-preview] [--record <file>]"
    )
    #expect(
      Help.usage(of: BuildCatalogCommand.self)
        == "movie-search build-catalog <source> <catalog.bin> [--include-adult] [--force]")
    let help = Help.text(for: SearchCommand.self)
    for command in Commands.all { #expect(help.contains("\n  \(command.name)")) }
  }

  @Test func aMistypedSubcommandGetsAHint() {
    #expect(
      Commands.suggestion(for: ["detials", "603"]) == "Did you mean 'movie-search details 603'?")
    #expect(Commands.suggestion(for: ["strem"]) == "Did you mean 'movie-search stream'?")
    #expect(Commands.suggestion(for: ["details"]) == nil)
    #expect(Commands.suggestion(for: ["jaws"]) == nil)
  }
}

@Suite struct StreamInputTests {
  func parse(_ line: String) -> Result<StreamEvent, StreamInputError> {
    StreamEvent.parse(Array(line.utf8))
  }

  @Test func plainLinesAndJSONObjects() throws {
    #expect(try parse("the matrix").get() == StreamEvent(kind: .search("the matrix")))
    #expect(try parse("mat\r").get() == StreamEvent(kind: .search("mat")))
    #expect(
      try parse(#"{"search":"mat","at":120}"#).get() == StreamEvent(kind: .search("mat"), at: 120))
    #expect(try parse(#"{"select":603}"#).get() == StreamEvent(kind: .select(603)))
    #expect(try parse(#"{"appear":true,"at":0}"#).get() == StreamEvent(kind: .appear, at: 0))
    #expect(try parse(#"{"at":5,"more":true}"#).get() == StreamEvent(kind: .more, at: 5))
  }

  @Test func badLinesSayWhatIsWrong() {
    func reason(_ line: String) -> String? {
      if case .failure(let error) = parse(line) { return error.reason }
      return nil
    }
    #expect(reason(#"{"search":"#) == "it starts with '{' but is not valid JSON")
    #expect(reason(#"{"search":5}"#) == #""search" must be a string"#)
    #expect(reason(#"{"select":-1}"#) == #""select" must be a film id (a positive whole number)"#)
    #expect(reason(#"{"appear":false}"#) == #""appear" must be true"#)
    #expect(reason(#"{"more":1}"#) == #""more" must be true"#)
    #expect(reason(#"{"more":false}"#) == #""more" must be true"#)
    #expect(reason(#"{"sarch":"x"}"#) == #"unknown key "sarch""#)
    #expect(StreamEvent.parse([0xFF, 0xFE]) == .failure(StreamInputError("it is not valid UTF-8")))
  }

  @Test func theLineReaderSplitsLinesAndSkipsOverlongOnes() throws {
    var descriptors: [Int32] = [0, 0]
    #expect(pipe(&descriptors) == 0)
    let input = "one\n" + String(repeating: "x", count: 100) + "\nthree\r\nlast"
    _ = input.utf8CString.withUnsafeBufferPointer {
      write(descriptors[1], $0.baseAddress, input.utf8.count)
    }
    close(descriptors[1])
    var reader = LineReader(descriptor: descriptors[0], maxLength: 50)
    var lines: [String] = []
    while let line = reader.next() {
      switch line {
      case .text(let bytes): lines.append(String(decoding: bytes, as: UTF8.self))
      case .tooLong: lines.append("<too long>")
      }
    }
    close(descriptors[0])
    #expect(lines == ["one", "<too long>", "three\r", "last"])
  }
}

@Suite struct OutputTests {
  @Test func aLongWaitForARateLimitedRequestIsToldOnATerminal() {
    let capped = RetryWait(delay: .seconds(10), asked: .seconds(3600), retry: 1)
    #expect(
      Backend.retryNotice(capped, onTerminal: true)
        == "TMDb limits the requests: retrying in 10 s (it asked for 3600 s; waits are capped)…")
    #expect(
      Backend.retryNotice(RetryWait(delay: .seconds(4), asked: nil, retry: 3), onTerminal: true)
        == "TMDb limits the requests: retrying in 4 s…")
    #expect(Backend.retryNotice(capped, onTerminal: false) == nil)
    #expect(
      Backend.retryNotice(
        RetryWait(delay: .seconds(1), asked: .seconds(1), retry: 1), onTerminal: true)
        == nil)
  }

  @Test func textFromServersIsMadePrintable() {
    #expect("plain".printable == "plain")
    #expect("a\rb\nc\td".printable == "a b c d")
    #expect("x\u{1B}[31my\u{1B}[0m".printable == "xy")
    #expect("t\u{1B}]0;title\u{07}u".printable == "tu")
    #expect("t\u{1B}]0;title\u{1B}\\u".printable == "tu")
    #expect("n\u{0}u\u{7F}l\u{9B}2Jl".printable == "null")
    #expect("\u{202E}evil".printable == "evil")
    #expect("Amélie 千と千尋".printable == "Amélie 千と千尋")
    var screen = FinderState(size: (columns: 40, rows: 6))
    screen.handle([.character("a")])
    screen.show(
      .success(query: "a", movies: [Movie(id: 1, title: "A\rB\u{1B}[2J")], total: 1))
    #expect(screen.lines(colour: false)[2] == "> A B" + String(repeating: " ", count: 35))
    screen.show(.failure(query: "a", message: "bad\r\u{1B}[2Jnews"))
    #expect(screen.lines(colour: false)[1] == "bad news · Ctrl-R retries")
  }
}
