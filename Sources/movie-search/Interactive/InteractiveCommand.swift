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
    let debounce = FinderOptions.debounceOption
    let query = FinderOptions.queryOption
    let printID = FinderOptions.printIDFlag
    let multi = FinderOptions.multiFlag
    let selectOne = FinderOptions.selectOneFlag
    let exitZero = FinderOptions.exitZeroFlag
    let height = FinderOptions.heightOption
    let noPreview = FinderOptions.noPreviewFlag
    let record = FinderOptions.recordOption
    let backend = BackendOptions()
  }

  static let name = "interactive"
  static let abstract = "Search as you type: results update under the prompt; Enter shows details."
  static let summary = "Search as you type, in the terminal."
  static let arguments = Arguments.none
  static let discussion: String? = """
    KEYS: type to search; Up/Down (Ctrl-P/Ctrl-N), PgUp/PgDn, the mouse wheel choose a film
    (a click highlights one, a double click opens it), and the list loads more as it is
    scrolled; Enter shows its details (with --print-id: prints its id and leaves); Tab and
    Shift-Tab mark films (--multi); Ctrl-R searches again; Esc goes back, and leaves from the
    list; Ctrl-C leaves at once. Editing: Left/Right (Ctrl-B/Ctrl-F), Home/End
    (Ctrl-A/Ctrl-E), Alt-B/Alt-F by word, Backspace, Delete, Ctrl-D (on an empty line: leave),
    Ctrl-U, Ctrl-K, Ctrl-W, Alt-Backspace; Ctrl-L redraws, Ctrl-Z suspends. In the details:
    Up/Down, PgUp/PgDn, Home/End and the wheel scroll; Esc, Backspace or q go back. On
    terminals 140 columns wide or more the highlighted film's details show beside the list
    (--no-preview: not), scrolled with Shift-Up/Down or the wheel.

    EXIT STATUS, as fzf: 0 a film was chosen (or the finder was left without --print-id), 1
    no match (--exit-0, or Enter on an empty list with --print-id), 130 aborted (Esc or
    Ctrl-C with --print-id; Ctrl-C always). Needs a terminal on stdin or stdout; when the
    other is a pipe, the screen is drawn on /dev/tty.
    """

  static func run(_ invocation: Invocation<Self>) async throws -> Int32 {
    try await start(
      service: try Backend.service(for: invocation), language: invocation[\.backend.language],
      finder: invocation.finder)
  }

  enum Event: Sendable {
    case keys([Key])
    case state(MoviesSearchState)
    case openDetails(MovieDetailsViewModel)
    case details(id: Int, MovieDetailsState)
    case tick
  }

  /// How long typing must rest before it is searched: a catalog on this machine answers in
  /// a fraction of a millisecond, so none; a server keeps 300 ms (its rate limit);
  /// `--debounce` decides for both.
  static func debounce(_ finder: Finder, _ service: any MovieService) -> Duration {
    .milliseconds(finder.debounce ?? (service is OfflineCatalog ? 0 : 300))
  }

  /// Runs the interactive search (also what `movie-search` alone does on a terminal).
  static func start(service: any MovieService, language: String?, finder: Finder) async throws
    -> Int32
  {
    guard Terminal.attach() else {
      throw UsageError(
        message:
          "Interactive search needs a terminal; give a query to search, e.g. 'movie-search the matrix'.",
        usage: Help.usage(of: InteractiveCommand.self))
    }
    let recorder = try finder.record.map(SessionRecorder.init(path:))
    let debounce = debounce(finder, service)
    if let height = finder.height { Terminal.useInline(rows: height.rows(of: Terminal.size.rows)) }
    guard Terminal.enterRawMode() else {
      throw UsageError(
        message: "The terminal cannot be switched to raw mode.",
        usage: Help.usage(of: InteractiveCommand.self))
    }

    let events = EventQueue()
    let post = events
    let (search, typed) = AsyncStream.makeStream(of: String.self)
    let (selection, selected) = AsyncStream.makeStream(of: Int.self)
    let (appear, appeared) = AsyncStream.makeStream(of: Void.self)
    let (more, wantsMore) = AsyncStream.makeStream(of: Void.self)
    let (retry, retried) = AsyncStream.makeStream(of: Void.self)
    let viewModel = MoviesSearchViewModel(service: service, debounce: debounce, language: language)
    let output = viewModel.transform(
      input: MoviesSearchInput(
        appear: appear, search: search, selection: selection, more: more, retry: retry))
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

    var screen = InteractiveScreen(size: Terminal.screenSize)
    screen.colour = Terminal.allowsColour
    screen.printsID = finder.printID
    screen.previewAllowed = finder.preview
    screen.multi = finder.multi
    screen.chooseOnlyMatch = finder.selectOne
    screen.leaveOnNoMatch = finder.exitZero
    if let query = finder.query, !query.isEmpty {
      screen.start(with: query)
      typed.yield(query)
      recorder?.search(query)
    }
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
        case .choose(let ids):
          for id in ids { recorder?.select(id) }
          Terminal.restore()
          Output.print(ids.map { "\($0)\n" }.joined())
          exit(0)
        case .retry:
          retried.yield()
          recorder?.retry()
        case .closeDetails: detailsTask?.cancel()
        case .more:
          wantsMore.yield()
          recorder?.more()
        case .preview(let id):
          previewTask?.cancel()
          previewTask = show(
            MovieDetailsViewModel(movieID: id, service: service, language: language),
            after: previewRest)
        case .redraw: if Terminal.inlineRows == nil { Terminal.send("\u{1B}[2J") }
        case .suspend:
          Terminal.suspend()
          screen.size = Terminal.screenSize
          if Terminal.inlineRows == nil { Terminal.send("\u{1B}[2J") }
        case .quit(let status):
          stateTask.cancel()
          tickTask.cancel()
          Terminal.exitRestoring(status)
        }
      }
    }
    // The lines on the terminal, to write only those that change; nil: draw it all.
    var shown: [String]? = nil
    func draw() {
      let frame = screen.frame(after: shown)
      Terminal.send(frame.text)
      shown = frame.lines
    }
    draw()
    // Whatever arrived together is applied at once and drawn once: a key and the answer
    // right behind it (a local catalog answers at once) are one frame, not three.
    while true {
      var redraw = false
      for event in await events.next() {
        switch event {
        case .keys(let keys):
          if keys.contains(where: { $0 == .redraw || $0 == .suspend }) { shown = nil }
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
          let before = screen.size
          let (changed, actions) = screen.tick(size: Terminal.screenSize)
          if screen.size != before { shown = nil }
          perform(actions)
          guard changed else { continue }
        }
        redraw = true
      }
      if redraw { draw() }
    }
  }
}

/// The screen loop's events, taken in batches: all that arrived since the last look.
final class EventQueue: Sendable {
  private let state = Lock<
    (events: [InteractiveCommand.Event], waiter: CheckedContinuation<Void, Never>?)
  >(([], nil))

  /// Adds an event (from any thread).
  func yield(_ event: InteractiveCommand.Event) {
    let waiter = state.withLock { state in
      state.events.append(event)
      defer { state.waiter = nil }
      return state.waiter
    }
    waiter?.resume()
  }

  /// The events that arrived since the last call, waiting for one if none has.
  func next() async -> [InteractiveCommand.Event] {
    while true {
      let batch = state.withLock { state in
        defer { state.events = [] }
        return state.events
      }
      if !batch.isEmpty { return batch }
      await withCheckedContinuation { continuation in
        let ready = state.withLock { state in
          if !state.events.isEmpty { return true }
          state.waiter = continuation
          return false
        }
        if ready { continuation.resume() }
      }
    }
  }
}

/// Options of the interactive search, also taken by `movie-search` without a query (as a
/// group there, which its usage line leaves out: they are not for a query).
struct FinderOptions: OptionGroup {
  static let debounceOption = Option.integer(
    "debounce", "ms", in: 0...60_000,
    "How long the text must rest before it is searched (default: 0 offline, 300 with TMDb).")
  static let queryOption = Option.text("query", "text", "Start with this text in the search field.")
  static let printIDFlag = Flag(
    "print-id", "Enter on a film prints its id on stdout and leaves (as fzf prints a choice).")
  static let multiFlag = Flag(
    "multi", "Tab marks films (Shift-Tab too, upwards); with --print-id Enter prints them all.")
  static let selectOneFlag = Flag(
    "select-1", "When the first search finds one film, choose it without a key.")
  static let exitZeroFlag = Flag(
    "exit-0", "When the first search finds nothing, leave at once (status 1).")
  static let heightOption = Option<Height>(
    name: "height", valueName: "n[%]",
    help: "Draw in n rows (or n % of the terminal) below the cursor, not the whole screen."
  ) { text in
    Height(text).map { .success($0) }
      ?? .failure(
        UsageMessage(text: "The value '\(text)' of '--height' is not a row count or a percentage."))
  }
  static let noPreviewFlag = Flag("no-preview", "No details beside the list on wide terminals.")
  static let recordOption = Option.text(
    "record", "file", "Write the session's events to a file, in the 'stream' input format.")

  let debounce = debounceOption
  let query = queryOption
  let printID = printIDFlag
  let multi = multiFlag
  let selectOne = selectOneFlag
  let exitZero = exitZeroFlag
  let height = heightOption
  let noPreview = noPreviewFlag
  let record = recordOption
}

/// `--height`: rows, or a percentage of the terminal's.
struct Height: Sendable, Equatable {
  var value: Int
  var percent: Bool

  /// `12` or `40%`; nil for anything else (0, over 100 %, not a number).
  init?(_ text: String) {
    let percent = text.hasSuffix("%")
    guard let value = Int(percent ? text.dropLast() : text[...]), value > 0,
      !percent || value <= 100
    else { return nil }
    (self.value, self.percent) = (value, percent)
  }

  /// The rows on a terminal of `rows` rows: at least 3 (the prompt, a film, the status).
  func rows(of rows: Int) -> Int {
    max(3, min(rows, percent ? rows * value / 100 : value))
  }
}

/// What the finder options asked for.
struct Finder: Sendable, Equatable {
  var debounce: Int?
  var query: String?
  var printID = false
  var multi = false
  var selectOne = false
  var exitZero = false
  var height: Height?
  var preview = true
  var record: String?
}

extension Invocation where C.Options: FinderCommandOptions {
  /// The finder options given.
  var finder: Finder {
    Finder(
      debounce: self[\.debounce], query: self[\.query], printID: self[\.printID],
      multi: self[\.multi], selectOne: self[\.selectOne], exitZero: self[\.exitZero],
      height: self[\.height], preview: !self[\.noPreview], record: self[\.record])
  }
}

/// The options of a command that can start the interactive search.
protocol FinderCommandOptions: OptionGroup {
  var debounce: Option<Int> { get }
  var query: Option<String> { get }
  var printID: Flag { get }
  var multi: Flag { get }
  var selectOne: Flag { get }
  var exitZero: Flag { get }
  var height: Option<Height> { get }
  var noPreview: Flag { get }
  var record: Option<String> { get }
}

extension SearchCommand.Options: FinderCommandOptions {
  var debounce: Option<Int> { finder.debounce }
  var query: Option<String> { finder.query }
  var printID: Flag { finder.printID }
  var multi: Flag { finder.multi }
  var selectOne: Flag { finder.selectOne }
  var exitZero: Flag { finder.exitZero }
  var height: Option<Height> { finder.height }
  var noPreview: Flag { finder.noPreview }
  var record: Option<String> { finder.record }
}

/// Reads keys from the terminal in raw mode, on its own thread: whatever arrived together is
/// parsed and handed over as one burst, so a paste or fast typing is one redraw.
enum KeyReader {
  static func run(_ handle: ([Key]) -> Void) {
    var parser = KeyParser()
    var buffer = [UInt8](repeating: 0, count: 65_536)
    var lastClick: (at: ContinuousClock.Instant, column: Int, row: Int)?
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
      // A second click on the same cell within 400 ms is a double click.
      let now = ContinuousClock.now
      let clicked = keys.map { key -> Key in
        guard case .mouse(var mouse) = key, mouse.action == .click else { return key }
        if let last = lastClick, now - last.at < .milliseconds(400), last.column == mouse.column,
          last.row == mouse.row
        {
          mouse.action = .doubleClick
          lastClick = nil
        } else {
          lastClick = (now, mouse.column, mouse.row)
        }
        return .mouse(mouse)
      }
      if !clicked.isEmpty { handle(clicked) }
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
