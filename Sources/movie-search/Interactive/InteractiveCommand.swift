import Foundation
import MovieSearch
import Streams

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// `movie-search interactive` (and no arguments on a terminal): search as you type.
///
/// One loop owns the screen. Keys (from a reader thread, in bursts), the view model's
/// states, the details and preview states and a 100 ms tick (spinner, resize) arrive as
/// events; after each one the screen is drawn again from ``InteractiveScreen``.
struct InteractiveCommand: Command {
  struct Options: BackendCommandOptions, FinderCommandOptions {
    let debounce = Option.debounce
    let printID = FinderOptions.printIDFlag
    let noPreview = FinderOptions.noPreviewFlag
    let record = FinderOptions.recordOption
    let backend = BackendOptions()
  }

  static let name = "interactive"
  static let abstract = "Search as you type: results update under the prompt; Enter shows details."
  static let summary = "Search as you type, in the terminal."
  static let arguments = Arguments.none
  static let discussion: String? = """
    KEYS: type to search; Up/Down (Ctrl-P/Ctrl-N), PgUp/PgDn choose a film, and scrolling
    past the last row loads more; Enter shows its details (with --print-id: prints its id and
    leaves); Esc goes back, and leaves from the list; Ctrl-C leaves at once. Editing:
    Left/Right (Ctrl-B/Ctrl-F), Home/End (Ctrl-A/Ctrl-E), Alt-B/Alt-F by word, Backspace,
    Delete, Ctrl-D (on an empty line: leave), Ctrl-U, Ctrl-K, Ctrl-W, Alt-Backspace; Ctrl-L
    redraws, Ctrl-Z suspends. On terminals 140 columns wide or more the highlighted film's
    details show beside the list (--no-preview: not). Needs a terminal on stdin or stdout;
    when the other is a pipe, the screen is drawn on /dev/tty.
    """

  static func run(_ invocation: Invocation<Self>) async throws -> Int32 {
    try await start(
      service: try Backend.service(for: invocation),
      debounce: .milliseconds(invocation[\.debounce] ?? 300),
      language: invocation[\.backend.language], finder: invocation.finder)
  }

  enum Event: Sendable {
    case keys([Key])
    case state(MoviesSearchState)
    case openDetails(MovieDetailsViewModel)
    case details(id: Int, MovieDetailsState)
    case tick
  }

  /// Runs the interactive search (also what `movie-search` alone does on a terminal).
  static func start(
    service: any MovieService, debounce: Duration, language: String?, finder: Finder
  ) async throws -> Int32 {
    guard Terminal.attach() else {
      throw UsageError(
        message:
          "Interactive search needs a terminal; give a query to search, e.g. 'movie-search the matrix'.",
        usage: Help.usage(of: InteractiveCommand.self))
    }
    let recorder = try finder.record.map(SessionRecorder.init(path:))
    guard Terminal.enterRawMode() else {
      throw UsageError(
        message: "The terminal cannot be switched to raw mode.",
        usage: Help.usage(of: InteractiveCommand.self))
    }

    let (events, post) = AsyncStream.makeStream(of: Event.self, bufferingPolicy: .unbounded)
    let (search, typed) = AsyncStream.makeStream(of: String.self)
    let (selection, selected) = AsyncStream.makeStream(of: Int.self)
    let (appear, appeared) = AsyncStream.makeStream(of: Void.self)
    let (more, wantsMore) = AsyncStream.makeStream(of: Void.self)
    let viewModel = MoviesSearchViewModel(service: service, debounce: debounce, language: language)
    let output = viewModel.transform(
      input: MoviesSearchInput(appear: appear, search: search, selection: selection, more: more))
    // The view model's two outputs, states and routes, feed the screen loop.
    let stateTask = Task {
      await withTaskGroup(of: Void.self) { group in
        group.addTask { for await state in output.states { post.yield(.state(state)) } }
        group.addTask {
          for await case .details(let details) in output.routes {
            post.yield(.openDetails(details))
          }
        }
      }
    }
    let tickTask = Task {
      while !Task.isCancelled {
        try? await Task.sleep(for: .milliseconds(100))
        post.yield(.tick)
      }
    }
    Thread.detachNewThread { KeyReader.run { post.yield(.keys($0)) } }
    appeared.yield()
    recorder?.appear()

    var screen = InteractiveScreen(size: Terminal.size)
    screen.colour = Terminal.allowsColour
    screen.printsID = finder.printID
    screen.previewAllowed = finder.preview
    var detailsTask: Task<Void, Never>?
    var previewTask: Task<Void, Never>?
    // A highlight swept down a list asks a server for each film it passes: the preview of a
    // film is asked for only once the highlight has rested on it a moment (the built-in
    // catalog answers at once and needs no such care).
    let previewRest: Duration = service is OfflineCatalog ? .zero : .milliseconds(120)
    /// Runs a details view model, after `rest`, its states going to the screen loop.
    func show(_ details: MovieDetailsViewModel, after rest: Duration = .zero) -> Task<Void, Never> {
      Task {
        if rest > .zero {
          try? await Task.sleep(for: rest)
          if Task.isCancelled { return }
        }
        for await state in details.transform(input: MovieDetailsInput(appear: [()].async)) {
          post.yield(.details(id: details.movieID, state))
        }
      }
    }
    func perform(_ actions: [InteractiveScreen.Action]) {
      for action in actions {
        switch action {
        case .search(let text):
          typed.yield(text)
          recorder?.search(text)
        case .select(let id):
          if finder.printID {
            recorder?.select(id)
            Terminal.restore()
            Output.print("\(id)\n")
            exit(0)
          }
          selected.yield(id)
          recorder?.select(id)
        case .closeDetails: detailsTask?.cancel()
        case .more:
          wantsMore.yield()
          recorder?.more()
        case .preview(let id):
          previewTask?.cancel()
          previewTask = show(
            MovieDetailsViewModel(movieID: id, service: service, language: language),
            after: previewRest)
        case .redraw: Terminal.send("\u{1B}[2J")
        case .suspend:
          Terminal.suspend()
          screen.size = Terminal.size
          Terminal.send("\u{1B}[2J")
        case .quit(let status):
          stateTask.cancel()
          tickTask.cancel()
          Terminal.exitRestoring(status)
        }
      }
    }
    Terminal.send(screen.frameText())
    for await event in events {
      switch event {
      case .keys(let keys):
        perform(screen.handle(keys))
      case .state(let state):
        perform(screen.show(state))
      case .openDetails(let details):
        detailsTask?.cancel()
        screen.openDetails(details.movieID)
        detailsTask = show(details)
      case .details(let id, let state):
        screen.show(state, id: id)
      case .tick:
        let (redraw, actions) = screen.tick(size: Terminal.size)
        perform(actions)
        guard redraw else { continue }
      }
      Terminal.send(screen.frameText())
    }
    return 0
  }
}

/// Options of the interactive search, also taken by `movie-search` without a query (as a
/// group there, which its usage line leaves out: they are not for a query).
struct FinderOptions: OptionGroup {
  static let printIDFlag = Flag(
    "print-id", "Enter on a film prints its id on stdout and leaves (as fzf prints a choice).")
  static let noPreviewFlag = Flag("no-preview", "No details beside the list on wide terminals.")
  static let recordOption = Option.text(
    "record", "file", "Write the session's events to a file, in the 'stream' input format.")

  let printID = printIDFlag
  let noPreview = noPreviewFlag
  let record = recordOption
}

/// What the finder options asked for.
struct Finder: Sendable {
  var printID = false
  var preview = true
  var record: String?
}

extension Invocation where C.Options: FinderCommandOptions {
  /// The finder options given.
  var finder: Finder {
    Finder(
      printID: self[\.printID], preview: !self[\.noPreview], record: self[\.record])
  }
}

/// The options of a command that can start the interactive search.
protocol FinderCommandOptions: OptionGroup {
  var printID: Flag { get }
  var noPreview: Flag { get }
  var record: Option<String> { get }
}

extension SearchCommand.Options: FinderCommandOptions {
  var printID: Flag { finder.printID }
  var noPreview: Flag { finder.noPreview }
  var record: Option<String> { finder.record }
}

/// Reads keys from the terminal in raw mode, on its own thread: whatever arrived together is
/// parsed and handed over as one burst, so a paste or fast typing is one redraw.
enum KeyReader {
  static func run(_ handle: ([Key]) -> Void) {
    var parser = KeyParser()
    var buffer = [UInt8](repeating: 0, count: 65_536)
    while true {
      // A lone Esc is known by a short silence after it; a paste that stops for half a
      // second without its end marker is over.
      let timeout: Int32 = parser.isPasting ? 500 : parser.isWaiting ? 30 : -1
      let count = readChunk(into: &buffer, timeout: timeout)
      let keys: [Key]
      if count > 0 {
        keys = parser.feed(buffer[0..<count])
      } else if count == 0 {
        keys = parser.flush()
      } else {
        break
      }
      if !keys.isEmpty { handle(keys) }
    }
    // The terminal went away: leave quietly.
    handle([.endOfInput])
  }

  /// Reads what is there: the byte count, 0 after `timeout` ms without input (never, when
  /// negative), -1 at the end of input.
  private static func readChunk(into buffer: inout [UInt8], timeout: Int32) -> Int {
    var descriptor = pollfd(fd: Terminal.input, events: Int16(POLLIN), revents: 0)
    while true {
      let ready = poll(&descriptor, 1, timeout)
      if ready < 0, errno == EINTR { continue }
      if ready == 0 { return 0 }
      guard ready > 0 else { return -1 }
      let count = buffer.withUnsafeMutableBytes { bytes in
        read(Terminal.input, bytes.baseAddress, bytes.count)
      }
      if count < 0, errno == EINTR || errno == EAGAIN { continue }
      return count > 0 ? count : -1
    }
  }
}
