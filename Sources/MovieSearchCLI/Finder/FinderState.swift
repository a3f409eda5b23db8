import MovieSearch

/// How the finder ended: its exit status, the ids of the films chosen (`--print-id`, as
/// ``FilmIDs`` prints them), which the command prints once the terminal is given back, and
/// an error line for stderr.
struct FinderOutcome: Sendable, Equatable {
  var status: Int32
  var chosen: [String] = []
  var message: String? = nil
  /// The `--expect` key that ended it (`nil`: Enter, or not a choice).
  var key: String? = nil
  /// The text of the search field at the end (`--print-query`).
  var query = ""
  /// A command line to run in the finder's place once the terminal is given back
  /// (`become(…)`): nothing is printed, and its status is the finder's.
  var become: String? = nil
}

/// What the finder wants done, returned by ``FinderState``'s transitions and performed by
/// ``FinderLoop``: the state itself does nothing but change.
enum FinderEffect: Equatable {
  /// Search this text (the view model's search input).
  case search(String)
  /// Open this film's details (the view model's selection input): the row's film.
  case select(MoviePick)
  case closeDetails
  /// The next page of the list shown.
  case more
  /// Load this row's film's details for the preview pane.
  case preview(MoviePick)
  /// Run `--preview`'s command for the film printed as `id`, in a pane of that size.
  case previewCommand(String, id: String, columns: Int, rows: Int)
  /// Search the text again (Ctrl-R).
  case retry
  /// Draw the whole screen again (Ctrl-L).
  case redraw
  /// Give the terminal back and stop (Ctrl-Z).
  case suspend
  /// Run a shell command line for a film (`--bind 'ctrl-o:execute(…)'`, its placeholders
  /// filled in: ``CommandTemplate``), the terminal given back while it runs.
  case execute(String)
  /// Run a shell command line away from the terminal, its output dropped, without waiting
  /// for it (`execute-silent(…)`).
  case executeSilently(String)
  /// Leave: the status, and the films chosen.
  case finish(FinderOutcome)
}

/// What the finder shows, and how keys and the view model's states change it: transitions
/// that return effects (``FinderEffect``), performed outside by ``FinderLoop``. Drawing is a
/// pure function of this state, the viewport and the style (``FinderView``).
struct FinderState {
  typealias Action = FinderEffect

  var size: (columns: Int, rows: Int)
  var editor = LineEditor()
  /// The first character of the query shown (the prompt scrolls to keep the cursor visible).
  var scroll = 0
  var state = MoviesSearchState.initial
  /// The films listed: the latest state's, or — while a newer search is on its way — the
  /// previous ones, dimmed.
  private(set) var listed: [Movie] = []
  /// The query and filter ``listed`` answers (none for the popular list).
  private var listedFor: (query: String?, filter: MovieFilter?) = (nil, nil)
  var selected = 0
  /// The first row shown of the list.
  private(set) var top = 0
  /// Enter was pressed before the results for the text on screen arrived: open the first
  /// of them when they do.
  var enterPending = false
  /// The `--expect` key that was pressed before the results arrived, if one was.
  var pendingKey: String?
  var details: (pick: MoviePick, state: MovieDetailsState)?
  /// Whether the preview pane is shown where it fits (`toggle-preview` hides it); below the
  /// list on a narrow terminal when `previewBelow` (placed as ``previewPlacement`` says).
  var previewAllowed = true
  var previewBelow = false
  /// The highlighted film's details in the pane — or, with `--preview`, what its command
  /// printed (`nil` lines while it runs), by the film's printed id.
  var preview: (pick: MoviePick, state: MovieDetailsState)?
  var commandPreview: (id: String, lines: [String]?)?
  var previews: [MoviePick: MovieDetailsState] = [:]
  /// The length of the popular list when its next page was last asked for.
  private var popularAsked: Int?
  /// A row past those loaded that PgDn (or `last`) moved to: the highlight goes on to it as
  /// pages arrive, so that presses made while a page loads are not lost.
  var wantedRow: Int?
  var frame = 0
  /// Whether Enter on a film ends the program, printing its id (`--print-id`).
  var printsID = false
  /// Whether Tab marks films, and Enter prints every marked id (`--multi`).
  var multi = false
  /// The ids marked with Tab (as ``ids`` prints them), in the order marked.
  var marked: [String] = []
  /// How the films' ids are printed, marked and put in commands (``FilmIDs``).
  var ids = FilmIDs.plain
  /// `--select-1`: the first answer, if it is one film, is chosen without a key.
  var chooseOnlyMatch = false
  /// `--exit-0`: the first answer, if it is no film, ends the program (status 1).
  var leaveOnNoMatch = false
  /// Says in the status line when the offline catalog may not have the film asked for.
  var coverageNote: CoverageNote?
  /// The filter the command's flags set: the field's tokens apply on top of it.
  var startFilter = MovieFilter()
  /// The genre names a `genre:` token may name (a beginning is enough); `nil` until the
  /// service has said (any name is taken as typed).
  var genreNames: [String]?
  /// Whether the source knows films' people (`by:` tokens filter by them).
  var knowsPeople = true
  /// No key was pressed yet: `--select-1` and `--exit-0` still apply.
  private var untouched = true
  /// The first line of the details shown, and of the preview.
  private(set) var detailsScroll = 0
  var previewScroll = 0

  init(size: (columns: Int, rows: Int)) {
    self.size = size
  }

  var text: String { editor.text }
  /// The field read as a title query and filter tokens (see ``FilteredText``).
  var request: FilteredText { reading(text) }
  /// The title query: the field without its filter tokens.
  var query: String { request.title }

  /// `text` read as a title query and filter tokens, on top of the flags' filter.
  func reading(_ text: String) -> FilteredText {
    FilteredText(text, base: startFilter, genres: genreNames, knowsPeople: knowsPeople)
  }

  /// Whether the list is the answer for the text on screen (not an older one, or one still
  /// loading).
  var isCurrent: Bool {
    let request = request
    switch state {
    case .loading: return false
    case .idle: return request.title.isEmpty && request.filter == MovieFilter()
    default: return state.query == request.title && state.filter == request.filter
    }
  }

  /// How the finder looks and behaves beyond the defaults (fzf's flags).
  var look = FinderLook()

  /// The columns of the prompt before the field.
  var promptWidth: Int { min(look.prompt.columns, max(0, size.columns - 1)) }

  /// The first film on screen: the list scrolls to keep the highlight in view.
  var firstShown: Int { max(0, min(selected - listRows + 1, listed.count - listRows)) }

  /// Rows of the details on screen (less the blank line and the hint under them).
  var detailsRows: Int { max(1, size.rows - 2) }

  // MARK: Keys

  /// Applies the keys read at once (a burst of typing, a paste): one search for the text
  /// they leave, not one per key.
  @discardableResult mutating func handle(_ keys: [Key]) -> [Action] {
    let before = text
    var actions: [Action] = []
    for key in keys {
      actions += handle(key)
      if case .finish = actions.last { break }
    }
    if text != before { actions.insert(.search(text), at: 0) }
    // The prompt keeps the cursor in view.
    _ = editor.window(width: max(1, size.columns) - promptWidth, scroll: &scroll)
    return actions + followUps()
  }

  /// The status of leaving without a choice: with --print-id, an abort (130, as fzf), so
  /// that `movie-search --print-id | xargs -r …` runs nothing and a script can tell.
  var left: Int32 { printsID ? 130 : 0 }

  private mutating func handle(_ key: Key) -> [Action] {
    untouched = false
    switch key {
    case .interrupt: return [.finish(FinderOutcome(status: 130))]
    case .endOfInput: return [.finish(FinderOutcome(status: left))]
    case .suspend: return [.suspend]
    case .redraw: return [.redraw]
    default: break
    }
    if details != nil { return handleInDetails(key) }
    if let name = look.expected[key] {
      // --expect: the key accepts, as Enter does, and is named in the output.
      return accept(key: name)
    }
    if let bound = look.bindings[key] {
      var actions: [Action] = []
      for action in bound {
        actions += perform(action)
        if case .finish = actions.last { break }
      }
      return actions
    }
    switch key {
    case .escape: return perform(.abort)
    case .deleteOrLeave where editor.isEmpty: return [.finish(FinderOutcome(status: left))]
    case .up: return perform(.up)
    case .down: return perform(.down)
    case .pageUp: return perform(.pageUp)
    case .pageDown: return perform(.pageDown)
    case .tab where multi: return perform(.toggleDown)
    case .backTab where multi: return perform(.toggleUp)
    case .shiftUp: return perform(.previewUp)
    case .shiftDown: return perform(.previewDown)
    case .retry: return [.retry]
    case .mouse(let mouse): return handle(mouse)
    case .enter: return perform(.accept)
    default:
      // An edit: the batch searches what it leaves.
      if editor.apply(key) { enterPending = false }
    }
    return []
  }

  /// Keys over the details: they scroll, and Esc, Backspace or q go back to the list.
  private mutating func handleInDetails(_ key: Key) -> [Action] {
    switch key {
    case .escape, .backspace, .character("q"):
      details = nil
      detailsScroll = 0
      return [.closeDetails]
    case .up: scrollDetails(by: -1)
    case .down: scrollDetails(by: 1)
    case .pageUp: scrollDetails(by: -(detailsRows - 1))
    case .pageDown: scrollDetails(by: detailsRows - 1)
    case .home: detailsScroll = 0
    case .end: scrollDetails(by: .max / 2)
    case .mouse(let mouse) where mouse.action == .wheelUp: scrollDetails(by: -3)
    case .mouse(let mouse) where mouse.action == .wheelDown: scrollDetails(by: 3)
    default: break
    }
    return []
  }

  private mutating func scrollDetails(by rows: Int) {
    let most = max(0, detailsLineCount - detailsRows)
    detailsScroll = max(0, min(detailsScroll + rows, most))
  }

  /// A click highlights a film (a double click opens it); the wheel moves the highlight, or
  /// scrolls the preview when over it.
  private mutating func handle(_ mouse: Mouse) -> [Action] {
    var mouse = mouse
    if look.border { (mouse.column, mouse.row) = (mouse.column - 2, mouse.row - 1) }
    let overPreview = isOverPreview(column: mouse.column, row: mouse.row)
    switch mouse.action {
    case .wheelUp where overPreview: scrollPreview(by: -3)
    case .wheelDown where overPreview: scrollPreview(by: 3)
    case .wheelUp: move(to: selected - 1)
    case .wheelDown: move(to: selected + 1)
    case .click, .doubleClick:
      guard !overPreview, let index = listIndex(atRow: mouse.row), listed.indices.contains(index)
      else { return [] }
      selected = index
      if mouse.action == .doubleClick, isCurrent { return [choose(listed[index])] }
    }
    return []
  }

  /// What follows from where the highlight is now: the next page when it is on the last row
  /// loaded, the preview of the film it is on.
  private mutating func followUps() -> [Action] {
    var actions: [Action] = []
    // The next page when the highlight reaches the last row loaded — or while the list
    // does not fill the screen.
    if isCurrent, selected == listed.count - 1 || listed.count < listRows {
      switch state {
      case .success(_, let movies, let total, _, _, _) where movies.count < total:
        actions.append(.more)
      // A failed page is asked again; a list that ended early (complete) is not.
      case .moreFailed(_, let movies, let total, _, _) where movies.count < total:
        actions.append(.more)
      case .idle(let popular)
      where popular.count % MoviePage.pageSize == 0
        && popularAsked != popular.count:
        // The popular list says nothing of its length: ask once per length.
        popularAsked = popular.count
        actions.append(.more)
      default: break
      }
    }
    return actions + previewFollowUps()
  }

  // MARK: States

  /// Shows a state of the search; returns what follows (a pending Enter opens the first
  /// result, a preview of the new highlight).
  @discardableResult mutating func show(_ state: MoviesSearchState) -> [Action] {
    // The same query as the list on screen's — not the previous state's: a newer query's
    // loading state comes before its list, which must not inherit the older list's highlight.
    let sameQuery = state.query == listedFor.query && state.filter == listedFor.filter
    self.state = state
    // Away from the popular list, an ask for its next page may have gone unanswered.
    if case .idle = state {} else { popularAsked = nil }
    switch state {
    case .loading:
      break  // the previous list stays, dimmed, until the answer comes
    case .noResults, .failure:
      if isCurrent { (listed, listedFor) = ([], (state.query, state.filter)) }
    default:
      if !sameQuery || listed.isEmpty { selected = 0 }
      // The film highlighted stays highlighted when a list of the same query comes (TMDb's
      // films merged into the catalog's): by its row (id and source: another source's film
      // may have its number), its catalog id (the catalog's row became one both have), or its
      // title and year.
      let highlighted = sameQuery && listed.indices.contains(selected) ? listed[selected] : nil
      (listed, listedFor) = (state.movies, (state.query, state.filter))
      if let highlighted,
        let index = listed.firstIndex(where: { MoviePick($0) == MoviePick(highlighted) })
          ?? highlighted.catalogID.flatMap({ id in listed.firstIndex { $0.catalogID == id } })
          ?? listed.firstIndex(where: {
            $0.title == highlighted.title && $0.year == highlighted.year
          })
      {
        selected = index
      }
    }
    selected = max(0, min(selected, listed.count - 1))
    if let wanted = wantedRow {
      // PgDn presses made while pages loaded: on to the row they asked for.
      selected = max(0, min(wanted, listed.count - 1))
      if selected == wanted || !hasMore || !sameQuery { wantedRow = nil }
    }
    var actions: [Action] = []
    if enterPending, isCurrent {
      enterPending = false
      if let first = listed.first {
        selected = 0
        actions.append(choose(first, key: pendingKey))
      }
      pendingKey = nil
    }
    // --select-1 and --exit-0: the first answer, before any key.
    if untouched, isCurrent,
      !(state.query ?? "").isEmpty || (state.filter ?? MovieFilter()) != MovieFilter()
    {
      switch state {
      // One match: one film in all, or one that matches every word before partial ones.
      case .success(_, let movies, let total, _, _, _)
      where chooseOnlyMatch && !movies[0].isPartialMatch
        && (total == 1 || movies.dropFirst().first?.isPartialMatch == true):
        untouched = false
        actions.append(choose(movies[0]))
      case .noResults where leaveOnNoMatch: actions.append(.finish(FinderOutcome(status: 1)))
      default: break
      }
    }
    return actions + followUps()
  }

  /// Choosing a film: its details, or with `--print-id` the end, printing its id.
  func choose(_ movie: Movie, key: String? = nil) -> FinderEffect {
    printsID
      ? .finish(FinderOutcome(status: 0, chosen: [ids.text(movie)], key: key))
      : .select(MoviePick(movie))
  }

  mutating func openDetails(_ pick: MoviePick) {
    details = (pick, .loading)
    detailsScroll = 0
  }

  /// Starts with `text` in the search field (`--query`).
  mutating func start(with text: String) {
    editor = LineEditor(text)
  }

  /// A state of the details of the row `pick`: the opened ones', the pane's, or kept for
  /// when the pane shows that row.
  mutating func show(_ state: MovieDetailsState, for pick: MoviePick) {
    if details?.pick == pick { details = (pick, state) }
    if case .success = state { previews[pick] = state }
    if preview?.pick == pick { preview = (pick, state) }
  }

  /// Advances the spinner and notes a new terminal size; `true` when a redraw is needed, and
  /// what a new size calls for (a preview, when the terminal became wide enough).
  mutating func tick(size: (columns: Int, rows: Int)) -> (redraw: Bool, actions: [Action]) {
    let resized = size != self.size
    self.size = size
    if isLoading { frame += 1 }
    if resized { _ = editor.window(width: max(1, size.columns) - promptWidth, scroll: &scroll) }
    return (resized || isLoading, resized ? followUps() : [])
  }

  /// Whether a spinner shows.
  var isLoading: Bool {
    if let details { return details.state == .loading }
    if case .loadingMore = state { return true }
    return !isCurrent || preview?.state == .loading
  }
}
