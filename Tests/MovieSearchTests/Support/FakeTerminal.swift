import Foundation
import MovieSearch
import Streams
import Testing

@testable import MovieSearchCLI
@testable import TestSupport

/// A terminal in memory, for the finder's loop: it keeps what the finder writes, delivers
/// what a test types (parsed into keys by the same ``KeyParser`` the real reader uses), and
/// can be resized. (It lives here, not in TestSupport: ``TerminalDevice`` and ``Key`` are
/// the CLI's internal types.)
final class FakeTerminal: TerminalDevice {
  private struct State {
    var size: TerminalSize
    var written = ""
    /// `written` without escape sequences, converted a write at a time (the finder writes
    /// whole frames: no sequence spans two writes).
    var shown = ""
    var handler: (@Sendable ([Key]) -> Void)?
    /// Keys typed before the finder reads: they wait, as in a terminal's input buffer.
    var early: [[Key]] = []
    var parser = KeyParser()
    var entered: [ScreenMode] = []
    var restored = 0
    var suspended = 0
    var executed: [String] = []
    var executedSilently: [String] = []
    /// Tests waiting for a text to appear: resumed by the write that shows it (`true`) or
    /// by their time limit (`false`).
    var waiters:
      [(id: Int, text: String, raw: Bool, continuation: CheckedContinuation<Bool, Never>)] =
        []
    var nextWaiter = 0
    /// The time limits of the waiters, cancelled when their text shows.
    var timers: [Int: Task<Void, Never>] = [:]

    /// The waiters whose text is now on the screen, removed.
    mutating func satisfiedWaiters() -> [CheckedContinuation<Bool, Never>] {
      for waiter in waiters where (waiter.raw ? written : shown).contains(waiter.text) {
        timers.removeValue(forKey: waiter.id)?.cancel()
      }
      let (done, rest) = (
        waiters.filter { (($0.raw ? written : shown).contains($0.text)) },
        waiters.filter { !(($0.raw ? written : shown).contains($0.text)) }
      )
      waiters = rest
      return done.map(\.continuation)
    }
  }

  private let state: Lock<State>
  /// As a terminal with TERM=xterm-256color: styles are written (and `visible` leaves them out).
  let allowsColour = true

  init(columns: Int = 80, rows: Int = 24) {
    state = Lock(State(size: TerminalSize(columns: columns, rows: rows)))
  }

  var size: TerminalSize { state.withLock { $0.size } }
  /// Everything written so far.
  var output: String { state.withLock { $0.written } }
  /// How many times the finder gave the terminal back and stopped (Ctrl-Z).
  var suspensions: Int { state.withLock { $0.suspended } }

  func enter(_ mode: ScreenMode) -> Bool {
    state.withLock { $0.entered.append(mode) }
    return true
  }

  func restore() { state.withLock { $0.restored += 1 } }
  func suspend() { state.withLock { $0.suspended += 1 } }
  func takeContinued() -> Bool { false }
  /// The commands `--bind …:execute(…)` ran, in order (not run: recorded).
  var executed: [String] { state.withLock { $0.executed } }
  var executedSilently: [String] { state.withLock { $0.executedSilently } }
  func execute(_ command: String) { state.withLock { $0.executed.append(command) } }
  func executeSilently(_ command: String) {
    state.withLock { $0.executedSilently.append(command) }
  }
  func write(_ text: String) {
    let visible = PseudoTerminal.visible(text)
    let satisfied = state.withLock { state in
      state.written += text
      state.shown += visible
      return state.satisfiedWaiters()
    }
    for waiter in satisfied { waiter.resume(returning: true) }
  }

  func readKeys(_ handle: @escaping @Sendable ([Key]) -> Void) {
    let early = state.withLock { state in
      state.handler = handle
      defer { state.early = [] }
      return state.early
    }
    for keys in early { handle(keys) }
  }

  /// Hands keys to the finder, or keeps them until it reads.
  private func deliver(_ keys: [Key]) {
    guard !keys.isEmpty else { return }
    let handler = state.withLock { state in
      if state.handler == nil { state.early.append(keys) }
      return state.handler
    }
    handler?(keys)
  }

  /// Types `text` as a terminal would send it (escape sequences included); a lone Esc at
  /// the end is known at once, as the real reader knows it after a silence.
  func type(_ text: String) {
    let keys = state.withLock { state in
      var keys = state.parser.feed(Array(text.utf8))
      if state.parser.isWaiting { keys += state.parser.flush() }
      return keys
    }
    deliver(keys)
  }

  /// Sends keys as they are.
  func press(_ keys: Key...) {
    deliver(keys)
  }

  /// Changes the size, as a window resize does (the finder sees it at its next tick).
  func resize(columns: Int, rows: Int) {
    state.withLock { $0.size = TerminalSize(columns: columns, rows: rows) }
  }

  /// Forgets the output so far, to wait for what comes next.
  func clearOutput() {
    state.withLock {
      $0.written = ""
      $0.shown = ""
    }
  }

  /// The output without escape sequences: styles vanish; every other sequence (cursor
  /// moves, clearing) breaks the line, as it does on the screen.
  var visible: String { state.withLock { $0.shown } }

  /// Waits until the visible output (or with `raw`, the output as written) contains
  /// `text`; records a failure after `limit`.
  func waitFor(
    _ text: String, raw: Bool = false, limit: Duration = .seconds(60),
    sourceLocation: SourceLocation = #_sourceLocation
  ) async {
    // In process, the finder shares the test process's two cooperative threads with every
    // other test — a search-heavy test holds one for seconds — so the limit is a minute
    // (an event, not a duration: a passing wait returns as soon as the text is there); under
    // a sanitizer (every instruction several times slower) it is longer still.
    // Woken by the write that shows the text — no polling; the limit only bounds a failure.
    let limit = limit.orLongerUnderSanitizer
    let seen = await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
      let id = state.withLock { state -> Int? in
        if (raw ? state.written : state.shown).contains(text) { return nil }
        state.nextWaiter += 1
        state.waiters.append((state.nextWaiter, text, raw, continuation))
        return state.nextWaiter
      }
      guard let id else { return continuation.resume(returning: true) }
      let timer = Task { [self] in
        try? await Task.sleep(for: limit)
        guard !Task.isCancelled else { return }
        let expired = self.state.withLock { state -> CheckedContinuation<Bool, Never>? in
          guard let index = state.waiters.firstIndex(where: { $0.id == id }) else { return nil }
          return state.waiters.remove(at: index).continuation
        }
        expired?.resume(returning: false)
      }
      state.withLock { state in
        // Shown meanwhile: the limit is not needed.
        if state.waiters.contains(where: { $0.id == id }) {
          state.timers[id] = timer
        } else {
          timer.cancel()
        }
      }
    }
    if !seen {
      Issue.record(
        "never saw \(text.debugDescription) in:\n\(visible)", sourceLocation: sourceLocation)
    }
  }
}

/// The finder running in this process on a ``FakeTerminal``, started from a command line as
/// `movie-search interactive …` reads it (`--offline`, `--query`, `--print-id`, …).
final class FinderSession: Sendable {
  let terminal: FakeTerminal
  private let task: Task<FinderOutcome, Never>

  init(_ arguments: [String], columns: Int = 80, rows: Int = 24) throws {
    let invocation = try Parser.parse(arguments, as: InteractiveCommand.self)
    let (sources, options) = try InteractiveCommand.finder(invocation)
    let service = sources.main.service
    let recorder = try options.record.map(SessionRecorder.init(path:))
    let terminal = FakeTerminal(columns: columns, rows: rows)
    let mode = options.mode(on: terminal.size)
    _ = terminal.enter(mode)
    let loop = FinderLoop(
      terminal: terminal, service: service, language: invocation[\.backend.language],
      options: options, recorder: recorder, mode: mode, online: sources.online,
      ids: FilmIDs(sources))
    self.terminal = terminal
    task = Task { await loop.run() }
  }

  func type(_ text: String) { terminal.type(text) }

  func waitFor(
    _ text: String, raw: Bool = false, limit: Duration = .seconds(60),
    sourceLocation: SourceLocation = #_sourceLocation
  ) async {
    await terminal.waitFor(text, raw: raw, limit: limit, sourceLocation: sourceLocation)
  }

  var visible: String { terminal.visible }
  var output: String { terminal.output }
  /// The non-empty lines of the visible output.
  var lines: [String] {
    visible.replacingOccurrences(of: "\r", with: "").split(separator: "\n").map(String.init)
      .filter { !$0.isEmpty }
  }

  func clearOutput() { terminal.clearOutput() }
  func resize(columns: Int, rows: Int) { terminal.resize(columns: columns, rows: rows) }

  /// How the finder ended; after `limit` the terminal is closed under it (its input ends)
  /// and the test fails: it never hangs.
  func outcome(
    limit: Duration = .seconds(60), sourceLocation: SourceLocation = #_sourceLocation
  ) async -> FinderOutcome {
    let finished = Lock(false)
    let task = task
    let watchdog = Task {
      try? await Task.sleep(for: limit.orLongerUnderSanitizer)
      guard !finished.withLock({ $0 }) else { return }
      Issue.record("the finder did not end; screen:\n\(visible)", sourceLocation: sourceLocation)
      terminal.press(.endOfInput)
    }
    let outcome = await task.value
    finished.withLock { $0 = true }
    watchdog.cancel()
    return outcome
  }

  /// The exit status, as the binary would end with it.
  func waitForExit(
    limit: Duration = .seconds(60), sourceLocation: SourceLocation = #_sourceLocation
  ) async -> Int32 {
    await outcome(limit: limit, sourceLocation: sourceLocation).status
  }
}
