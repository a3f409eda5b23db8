import Foundation
import MovieSearch
import Streams

/// The finder's loop: the one place where events meet the state and effects are performed.
///
/// ```
///   terminal keys (reader thread, in bursts) ──┐
///   view model states ─────────────────────────┤
///   details and preview states ────────────────┼─→ EventQueue ─→ batch ─→ FinderState
///   tick, every 100 ms (spinner, resize) ──────┘                          │
///                                              ┌──────────────────────────┤
///                                              ▼                          ▼
///                   effects: search, select, more, preview,        FinderView: frame
///                   retry → the view model's inputs and the        (only the lines that
///                   recorder; suspend, redraw → the terminal;       changed) → terminal
///                   finish → the loop returns its outcome
/// ```
///
/// Whatever arrived together is applied at once and drawn once: a key and the answer right
/// behind it (a local catalog answers at once) are one frame, not three. The loop owns no
/// global: the terminal is a ``TerminalDevice`` (a fake one in tests), and it returns how the
/// finder ended instead of ending the process.
struct FinderLoop {
  let terminal: any TerminalDevice
  let service: any MovieService
  let language: String?
  let options: Finder
  let recorder: SessionRecorder?
  /// Where it draws: the terminal was entered in this mode.
  let mode: ScreenMode
  /// TMDb beside the catalog `service`: both are searched, the catalog at every key, TMDb
  /// after the debounce (``MoviesSearchViewModel``'s catalog and TMDb together).
  var online: (any MovieService)? = nil
  /// How the films' ids are printed and put in commands (``FilmIDs``).
  var ids = FilmIDs.plain

  enum Event: Sendable {
    case keys([Key])
    case state(MoviesSearchState)
    case openDetails(MovieDetailsViewModel)
    /// A state of the details of the row picked (opened, or in the pane).
    case details(MoviePick, MovieDetailsState)
    /// What `--preview`'s command printed for the film printed as `id`.
    case previewOutput(id: String, [String])
    /// The genre names the service knows (for `genre:` tokens).
    case genres([String])
    case tick
  }

  /// How long typing must rest before it is searched: a service that answers at once (a
  /// catalog on this machine) needs none; a server keeps 300 ms (its rate limit);
  /// `--debounce` decides for both.
  var debounce: Duration {
    .milliseconds(
      options.debounce ?? (service.traits.answersInstantly && online == nil ? 0 : 300))
  }

  /// How long the highlight must rest on a film before its preview is asked of a server: a
  /// highlight swept down a list would ask for each film it passes (a catalog on this machine
  /// is asked at once).
  static let previewRestOnline = Duration.milliseconds(120)

  /// Runs the finder on a terminal already entered; returns how it ended. The terminal is
  /// left as it is: the caller restores it.
  func run() async -> FinderOutcome {
    let events = EventQueue()
    let (search, typed) = AsyncStream.makeStream(of: String.self)
    let (selection, selected) = AsyncStream.makeStream(of: MoviePick.self)
    let (appear, appeared) = AsyncStream.makeStream(of: Void.self)
    let (more, wantsMore) = AsyncStream.makeStream(of: Void.self)
    let (retry, retried) = AsyncStream.makeStream(of: Void.self)
    let (filters, filtered) = AsyncStream.makeStream(of: MovieFilter.self)
    let viewModel =
      online.map {
        MoviesSearchViewModel(
          catalog: service, online: $0, clock: ContinuousClock(), debounce: debounce,
          language: language)
      } ?? MoviesSearchViewModel(service: service, debounce: debounce, language: language)
    let output = viewModel.transform(
      input: MoviesSearchInput(
        appear: appear, search: search, selection: selection, more: more, retry: retry,
        filters: filters))
    // The view model's two outputs, states and routes, feed the loop.
    let stateTask = Task {
      await withTaskGroup(of: Void.self) { group in
        group.addTask { for await state in output.states { events.yield(.state(state)) } }
        group.addTask {
          for await case .details(let details) in output.routes {
            events.yield(.openDetails(details))
          }
        }
      }
    }
    let genresTask = Task { [service] in
      if let names = try? await service.knownGenres(), !names.isEmpty {
        events.yield(.genres(names))
      }
    }
    let tickTask = Task {
      while !Task.isCancelled {
        try? await Task.sleep(for: .milliseconds(100))
        events.yield(.tick)
      }
    }
    defer {
      stateTask.cancel()
      genresTask.cancel()
      tickTask.cancel()
      typed.finish()
      selected.finish()
      appeared.finish()
      wantsMore.finish()
      retried.finish()
      filtered.finish()
    }
    terminal.readKeys { events.yield(.keys($0)) }
    appeared.yield()
    recorder?.appear(debounce: debounce)

    var viewport = Viewport(terminal: terminal.size, mode: mode)
    let look = options.look
    var screen = FinderState(size: look.inner(columns: viewport.columns, rows: viewport.rows))
    screen.knowsPeople = service.traits.knowsPeople
    screen.look = look
    let colour = terminal.allowsColour
    screen.printsID = options.printID
    screen.ids = ids
    screen.previewAllowed = options.preview
    // A command asked for is shown at once, below the list on a narrow terminal.
    screen.previewBelow = options.look.previewCommand != nil
    screen.multi = options.multi
    screen.chooseOnlyMatch = options.selectOne
    screen.leaveOnNoMatch = options.exitZero
    screen.coverageNote = CoverageNote(service)
    screen.startFilter = options.filter
    // What the view model was last given: a text's tokens that do not change the filter
    // send nothing more.
    var sentFilter = MovieFilter()
    /// Gives the view model the field's text: the title, and the filter when it changed.
    func searchFor(_ text: String) {
      let request = screen.reading(text)
      if request.filter != sentFilter {
        sentFilter = request.filter
        filtered.yield(request.filter)
        recorder?.filter(request.filter)
      }
      typed.yield(request.title)
      recorder?.search(request.title)
    }
    if let query = options.query, !query.isEmpty {
      screen.start(with: query)
      searchFor(query)
    } else if options.filter != MovieFilter() {
      // Filters alone list the films that pass, in their order.
      searchFor("")
    }
    var detailsTask: Task<Void, Never>?
    var previewTask: Task<Void, Never>?
    defer {
      detailsTask?.cancel()
      previewTask?.cancel()
    }
    /// Runs a details view model of the row `pick`, after `rest`, its states going to the loop.
    func show(
      _ details: MovieDetailsViewModel, of pick: MoviePick, after rest: Duration = .zero
    ) -> Task<Void, Never> {
      Task {
        if rest > .zero {
          try? await Task.sleep(for: rest)
          if Task.isCancelled { return }
        }
        for await state in details.transform(input: MovieDetailsInput(appear: [()].async)) {
          events.yield(.details(pick, state))
        }
      }
    }
    // The lines on the terminal, to write only those that change; nil: draw it all.
    var shown: [String]? = nil
    /// Performs effects; the outcome when one of them ends the finder.
    func perform(_ effects: [FinderEffect]) -> FinderOutcome? {
      for effect in effects {
        switch effect {
        case .search(let text): searchFor(text)
        case .select(let pick):
          selected.yield(pick)
          recorder?.select(pick)
        case .finish(var outcome):
          for id in outcome.chosen { ids.pick(id).map { recorder?.select($0) } }
          outcome.query = screen.text
          return outcome
        case .retry:
          retried.yield()
          recorder?.retry()
        case .closeDetails: detailsTask?.cancel()
        case .more:
          wantsMore.yield()
          recorder?.more()
        case .preview(let pick):
          previewTask?.cancel()
          // With TMDb beside the catalog, a film's details come from where it was found.
          let from =
            online.map { online in
              screen.listed.first { MoviePick($0) == pick }?
                .detailsService(catalog: service, online: online)
                ?? (pick.source == .catalog ? service : online)
            } ?? service
          previewTask = show(
            MovieDetailsViewModel(movieID: pick.id, service: from, language: language), of: pick,
            after: from.traits.answersInstantly ? .zero : Self.previewRestOnline)
        case .previewCommand(let command, let id, let columns, let rows):
          previewTask?.cancel()
          previewTask = Task {
            await PreviewCommand.run(command, columns: columns, rows: rows) { lines in
              events.yield(.previewOutput(id: id, lines))
            }
          }
        case .redraw: if mode == .fullScreen { terminal.write("\u{1B}[2J") }
        case .executeSilently(let command):
          terminal.executeSilently(command)
        case .execute(let command):
          terminal.execute(command)
          shown = nil  // the command drew on the screen
          viewport = Viewport(terminal: terminal.size, mode: mode)
          screen.size = look.inner(columns: viewport.columns, rows: viewport.rows)
          if mode == .fullScreen { terminal.write("\u{1B}[2J") }
        case .suspend:
          terminal.suspend()
          viewport = Viewport(terminal: terminal.size, mode: mode)
          screen.size = look.inner(columns: viewport.columns, rows: viewport.rows)
          if mode == .fullScreen { terminal.write("\u{1B}[2J") }
        }
      }
      // A recording that cannot be written ends the session: it would replay something else.
      if let failure = recorder?.failure { return FinderOutcome(status: 1, message: failure) }
      return nil
    }
    func draw() {
      let frame = screen.frame(after: shown, in: viewport, colour: colour)
      terminal.write(frame.text)
      shown = frame.lines
    }
    draw()
    while true {
      var redraw = false
      for event in await events.next() {
        var effects: [FinderEffect] = []
        switch event {
        case .keys(let keys):
          if keys.contains(where: { $0 == .redraw || $0 == .suspend }) { shown = nil }
          effects = screen.handle(keys)
        case .state(let state):
          effects = screen.show(state)
        case .openDetails(let details):
          detailsTask?.cancel()
          // The row the view model opened (a merged list may hold another film of its number).
          let pick = MoviePick(id: details.movieID, source: details.source)
          screen.openDetails(pick)
          detailsTask = show(details, of: pick)
        case .details(let pick, let state):
          screen.show(state, for: pick)
        case .previewOutput(let id, let lines):
          screen.showPreview(lines, id: id)
        case .genres(let names):
          screen.genreNames = names
          // A token typed before the names came may read differently now.
          if screen.reading(screen.text).filter != sentFilter { searchFor(screen.text) }
        case .tick:
          let resized = Viewport(terminal: terminal.size, mode: mode)
          if resized != viewport { shown = nil }
          // Stopped from outside and continued: the terminal is taken again, drawn anew.
          let continued = terminal.takeContinued()
          if continued {
            shown = nil
            if mode == .fullScreen { terminal.write("\u{1B}[2J") }
          }
          viewport = resized
          let (changed, actions) = screen.tick(
            size: look.inner(columns: viewport.columns, rows: viewport.rows))
          effects = actions
          if !changed, actions.isEmpty, !continued { continue }
        }
        if let outcome = perform(effects) { return outcome }
        redraw = true
      }
      if redraw { draw() }
    }
  }
}

/// The loop's events, taken in batches: all that arrived since the last look.
final class EventQueue: Sendable {
  private let state = Lock<
    (events: [FinderLoop.Event], waiter: CheckedContinuation<Void, Never>?)
  >(([], nil))

  /// Adds an event (from any thread).
  func yield(_ event: FinderLoop.Event) {
    let waiter = state.withLock { state in
      state.events.append(event)
      defer { state.waiter = nil }
      return state.waiter
    }
    waiter?.resume()
  }

  /// The events that arrived since the last call, waiting for one if none has.
  func next() async -> [FinderLoop.Event] {
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
