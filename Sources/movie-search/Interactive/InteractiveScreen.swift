import MovieSearch

/// What the interactive screen shows, and how keys and states change it. Drawing is a pure
/// function of this state and the terminal size; what the screen wants done (search, open a
/// film, load a page, preview) comes back as actions.
struct InteractiveScreen {
  enum Action: Equatable {
    case search(String)
    case select(Int)
    case closeDetails
    case more
    case preview(Int)
    case redraw
    case suspend
    case quit(Int32)
  }

  var size: (columns: Int, rows: Int)
  var editor = LineEditor()
  /// The first character of the query shown (the prompt scrolls to keep the cursor visible).
  var scroll = 0
  var state = MoviesSearchState.initial
  /// The films listed: the latest state's, or — while a newer search is on its way — the
  /// previous ones, dimmed.
  private(set) var listed: [Movie] = []
  var selected = 0
  /// The first row shown of the list.
  private(set) var top = 0
  /// Enter was pressed before the results for the text on screen arrived: open the first
  /// of them when they do.
  private(set) var enterPending = false
  var details: (id: Int, state: MovieDetailsState)?
  /// Whether the highlighted film's details are shown beside the list on wide terminals.
  var previewAllowed = true
  private(set) var preview: (id: Int, state: MovieDetailsState)?
  private var previews: [Int: MovieDetailsState] = [:]
  /// The length of the popular list when its next page was last asked for.
  private var popularAsked: Int?
  var frame = 0
  /// Whether styles are used (matched parts of titles, dimmed rows, errors in red).
  var colour = Output.useColour

  /// Whether Enter on a film ends the program, printing its id (`--print-id`).
  var printsID = false

  static let previewMinimumWidth = 140

  init(size: (columns: Int, rows: Int)) {
    self.size = size
  }

  var text: String { editor.text }
  var query: String { text.trimmingCharacters(in: .whitespaces) }

  /// Whether the list is the answer for the text on screen (not an older one, or one still
  /// loading).
  var isCurrent: Bool {
    switch state {
    case .loading: false
    case .idle: query.isEmpty
    default: state.query == query
    }
  }

  var isPreviewShown: Bool {
    previewAllowed && details == nil && size.columns >= Self.previewMinimumWidth
  }

  /// Rows of the list on screen.
  var listRows: Int { max(1, size.rows - 3) }

  // MARK: Keys

  /// Applies the keys read at once (a burst of typing, a paste): one search for the text
  /// they leave, not one per key.
  @discardableResult mutating func handle(_ keys: [Key]) -> [Action] {
    let before = text
    var actions: [Action] = []
    for key in keys {
      actions += handle(key)
      if case .quit = actions.last { break }
    }
    if text != before { actions.insert(.search(text), at: 0) }
    // The prompt keeps the cursor in view.
    _ = editor.window(width: max(1, size.columns) - 8, scroll: &scroll)
    return actions + followUps()
  }

  /// The status of leaving without a choice: with --print-id, an abort (130, as fzf), so
  /// that `movie-search --print-id | xargs -r …` runs nothing and a script can tell.
  private var left: Int32 { printsID ? 130 : 0 }

  private mutating func handle(_ key: Key) -> [Action] {
    switch key {
    case .interrupt: return [.quit(130)]
    case .endOfInput: return [.quit(left)]
    case .suspend: return [.suspend]
    case .redraw: return [.redraw]
    default: break
    }
    if details != nil {
      guard key == .escape || key == .backspace else { return [] }
      details = nil
      return [.closeDetails]
    }
    switch key {
    case .escape: return [.quit(left)]
    case .deleteOrLeave where editor.isEmpty: return [.quit(left)]
    case .up: move(to: selected - 1)
    case .down: move(to: selected + 1)
    case .pageUp: move(to: selected - listRows)
    case .pageDown: move(to: selected + listRows)
    case .enter:
      guard isCurrent else {
        enterPending = true
        return []
      }
      return listed.indices.contains(selected) ? [.select(listed[selected].id)] : []
    default:
      // An edit: the batch searches what it leaves.
      if editor.apply(key) { enterPending = false }
    }
    return []
  }

  private mutating func move(to row: Int) {
    selected = max(0, min(row, listed.count - 1))
  }

  /// What follows from where the highlight is now: the next page when it is on the last row
  /// loaded, the preview of the film it is on.
  private mutating func followUps() -> [Action] {
    var actions: [Action] = []
    if isCurrent, selected == listed.count - 1 {
      switch state {
      case .success(_, let movies, let total) where movies.count < total: actions.append(.more)
      // A failed page is asked again; a list that ended early (complete) is not.
      case .moreFailed(_, let movies, let total, _) where movies.count < total:
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
    if isPreviewShown, listed.indices.contains(selected) {
      let id = listed[selected].id
      if preview?.id != id {
        preview = (id, previews[id] ?? .loading)
        if previews[id] == nil { actions.append(.preview(id)) }
      }
    }
    return actions
  }

  // MARK: States

  /// Shows a state of the search; returns what follows (a pending Enter opens the first
  /// result, a preview of the new highlight).
  @discardableResult mutating func show(_ state: MoviesSearchState) -> [Action] {
    let sameQuery = state.query == self.state.query
    self.state = state
    // Away from the popular list, an ask for its next page may have gone unanswered.
    if case .idle = state {} else { popularAsked = nil }
    switch state {
    case .loading:
      break  // the previous list stays, dimmed, until the answer comes
    case .noResults, .failure:
      if isCurrent { listed = [] }
    default:
      if !sameQuery || listed.isEmpty { selected = 0 }
      listed = state.movies
    }
    selected = max(0, min(selected, listed.count - 1))
    var actions: [Action] = []
    if enterPending, isCurrent {
      enterPending = false
      if let first = listed.first {
        selected = 0
        actions.append(.select(first.id))
      }
    }
    return actions + followUps()
  }

  mutating func openDetails(_ id: Int) {
    details = (id, .loading)
  }

  mutating func show(_ state: MovieDetailsState, id: Int) {
    if details?.id == id { details = (id, state) }
    if case .success = state { previews[id] = state }
    if preview?.id == id { preview = (id, state) }
  }

  /// Advances the spinner and notes a new terminal size; `true` when a redraw is needed, and
  /// what a new size calls for (a preview, when the terminal became wide enough).
  mutating func tick(size: (columns: Int, rows: Int)) -> (redraw: Bool, actions: [Action]) {
    let resized = size != self.size
    self.size = size
    if isLoading { frame += 1 }
    if resized { _ = editor.window(width: max(1, size.columns) - 8, scroll: &scroll) }
    return (resized || isLoading, resized ? followUps() : [])
  }

  /// Whether a spinner shows.
  var isLoading: Bool {
    if let details { return details.state == .loading }
    if case .loadingMore = state { return true }
    return !isCurrent || preview?.state == .loading
  }
}
