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
/// One loop owns the screen. Keys (from a reader thread), the view model's states, the
/// details screen's states and a 100 ms tick (spinner, resize) arrive as events; after each
/// one the screen is drawn again from ``InteractiveScreen``.
struct InteractiveCommand: Command {
  struct Options: BackendCommandOptions {
    let debounce = Option.debounce
    let backend = BackendOptions()
  }

  static let name = "interactive"
  static let abstract = "Search as you type: results update under the prompt; Enter shows details."
  static let summary = "Search as you type, in the terminal."
  static let arguments = Arguments.none
  static let discussion: String? = """
    KEYS: type to search; Up/Down choose a film; Enter shows its details; Esc goes back,
    and leaves from the list; Ctrl-C leaves at once. Needs a terminal.
    """

  enum Event: Sendable {
    case key(Key)
    case state(MoviesSearchState)
    case openDetails(MovieDetailsViewModel)
    case details(id: Int, MovieDetailsState)
    case tick
  }

  static func run(_ invocation: Invocation<Self>) async throws -> Int32 {
    try await start(
      service: try Backend.service(for: invocation),
      debounce: .milliseconds(invocation[\.debounce] ?? 300),
      language: invocation[\.backend.language])
  }

  /// Runs the interactive search (also what `movie-search` alone does on a terminal).
  static func start(service: any MovieService, debounce: Duration, language: String?)
    async throws -> Int32
  {
    guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 else {
      throw UsageError(
        message:
          "Interactive search needs a terminal; give a query to search, e.g. 'movie-search the matrix'.",
        usage: Help.usage(of: InteractiveCommand.self))
    }
    guard Terminal.enterRawMode() else {
      throw UsageError(
        message: "The terminal cannot be switched to raw mode.",
        usage: Help.usage(of: InteractiveCommand.self))
    }

    let (events, post) = AsyncStream.makeStream(of: Event.self, bufferingPolicy: .unbounded)
    let (search, typed) = AsyncStream.makeStream(of: String.self)
    let (selection, selected) = AsyncStream.makeStream(of: Int.self)
    let (appear, appeared) = AsyncStream.makeStream(of: Void.self)
    let viewModel = MoviesSearchViewModel(service: service, debounce: debounce, language: language)
    let output = viewModel.transform(
      input: MoviesSearchInput(appear: appear, search: search, selection: selection))
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
    Thread.detachNewThread { KeyReader.run { post.yield(.key($0)) } }
    appeared.yield()

    var screen = InteractiveScreen(size: Terminal.size)
    var detailsTask: Task<Void, Never>?
    screen.draw()
    for await event in events {
      switch event {
      case .key(let key):
        switch screen.handle(key) {
        case .none: break
        case .search(let text): typed.yield(text)
        case .select(let id): selected.yield(id)
        case .closeDetails: detailsTask?.cancel()
        case .quit(let status):
          stateTask.cancel()
          tickTask.cancel()
          Terminal.exitRestoring(status)
        }
      case .state(let state):
        screen.show(state)
      case .openDetails(let details):
        detailsTask?.cancel()
        screen.openDetails(details.movieID)
        detailsTask = Task {
          for await state in details.transform(input: MovieDetailsInput(appear: [()].async)) {
            post.yield(.details(id: details.movieID, state))
          }
        }
      case .details(let id, let state):
        screen.show(state, id: id)
      case .tick:
        guard screen.tick(size: Terminal.size) else { continue }
      }
      screen.draw()
    }
    return 0
  }
}

/// A key press, as the screen understands it.
enum Key: Sendable, Equatable {
  case character(Character)
  case backspace
  case clearLine
  case enter
  case up
  case down
  case escape
  case interrupt
  /// The terminal went away (its input ended).
  case endOfInput
}

/// Reads keys from the terminal in raw mode, on its own thread.
enum KeyReader {
  static func run(_ handle: (Key) -> Void) {
    var pending: [UInt8] = []
    var pushedBack: UInt8?
    while let byte = pushedBack ?? readByte(timeout: -1) {
      pushedBack = nil
      switch byte {
      case 0x03: handle(.interrupt)
      case 0x0D, 0x0A: handle(.enter)
      case 0x7F, 0x08: handle(.backspace)
      case 0x15: handle(.clearLine)
      case 0x1B:
        // A lone Esc, or the start of a sequence such as ESC [ A (up).
        guard let next = readByte(timeout: 30) else {
          handle(.escape)
          continue
        }
        guard next == UInt8(ascii: "[") else {
          // Esc followed by another key (Esc pressed twice quickly): both count.
          handle(.escape)
          pushedBack = next
          continue
        }
        guard let final = readByte(timeout: 30) else { continue }
        switch final {
        case UInt8(ascii: "A"): handle(.up)
        case UInt8(ascii: "B"): handle(.down)
        default:
          // Skip the rest of a longer sequence (e.g. ESC [ 3 ~).
          var last = final
          while !(0x40...0x7E).contains(last), let more = readByte(timeout: 30) { last = more }
        }
      case 0x20...0x7E, 0x80...0xFF:
        pending.append(byte)
        if let text = String(validating: pending, as: UTF8.self), let character = text.first {
          handle(.character(character))
          pending.removeAll()
        } else if pending.count >= 4 {
          pending.removeAll()
        }
      default:
        continue
      }
    }
    // The terminal went away: leave quietly.
    handle(.endOfInput)
  }

  /// One byte of stdin, or `nil` after `timeout` milliseconds (never, when negative) or at
  /// the end of input.
  private static func readByte(timeout: Int32) -> UInt8? {
    var descriptor = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
    while true {
      let ready = poll(&descriptor, 1, timeout)
      if ready < 0, errno == EINTR { continue }
      guard ready > 0 else { return nil }
      var byte: UInt8 = 0
      let count = read(STDIN_FILENO, &byte, 1)
      if count < 0, errno == EINTR { continue }
      return count == 1 ? byte : nil
    }
  }
}
