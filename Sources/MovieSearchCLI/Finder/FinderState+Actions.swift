import MovieSearch

/// The finder's actions (fzf's names: ``FinderAction``) and the moves of the highlight they
/// make: a key's default, or what `--bind` gave it.
extension FinderState {
  mutating func move(to row: Int) {
    wantedRow = nil
    selected = max(0, min(row, listed.count - 1))
  }

  /// Moves down to `row`, which may be past the films loaded: the highlight stops on the
  /// last one loaded and goes on as the next pages arrive (see ``wantedRow``).
  mutating func page(to row: Int) {
    move(to: row)
    if row > selected, hasMore { wantedRow = row }
  }

  /// Whether the list has films that are not loaded yet (the popular list: maybe).
  var hasMore: Bool {
    switch state {
    case .success(_, let movies, let total, _, _, _), .loadingMore(_, let movies, let total, _),
      .moreFailed(_, let movies, let total, _, _):
      movies.count < total
    case .idle(let popular): !popular.isEmpty && popular.count % MoviePage.pageSize == 0
    default: false
    }
  }

  /// The row the highlight is headed for: where it is, or past it while pages load.
  var headedFor: Int { wantedRow ?? selected }

  /// Performs one of the finder's actions (a key's default, or one `--bind` gave it).
  mutating func perform(_ action: FinderAction) -> [Action] {
    switch action {
    case .accept:
      return accept(key: nil)
    case .abort: return [.finish(FinderOutcome(status: left))]
    case .up:
      move(to: look.cycle && selected == 0 ? listed.count - 1 : selected - 1)
    case .down:
      move(to: look.cycle && selected == listed.count - 1 && !hasMore ? 0 : selected + 1)
    case .pageUp: move(to: headedFor - listRows)
    case .pageDown: page(to: headedFor + listRows)
    case .first: move(to: 0)
    case .last: page(to: .max / 2)
    case .toggle, .toggleDown, .toggleUp:
      guard multi else { return [] }
      if listed.indices.contains(selected) {
        let id = ids.text(listed[selected])
        if let at = marked.firstIndex(of: id) { marked.remove(at: at) } else { marked.append(id) }
      }
      if action == .toggleDown { move(to: selected + 1) }
      if action == .toggleUp { move(to: selected - 1) }
    case .togglePreview:
      return togglePreview()
    case .clearQuery:
      if !editor.isEmpty { editor = LineEditor() }
    case .halfPageUp: move(to: headedFor - max(1, listRows / 2))
    case .halfPageDown: page(to: headedFor + max(1, listRows / 2))
    case .selectAll, .deselectAll, .toggleAll:
      guard multi else { return [] }
      markAll(action)
    case .previewUp: scrollPreview(by: -1)
    case .previewDown: scrollPreview(by: 1)
    case .previewPageUp: scrollPreview(by: -max(1, paneSize.rows))
    case .previewPageDown: scrollPreview(by: max(1, paneSize.rows))
    case .edit(let key):
      if editor.apply(key) { enterPending = false }
    case .ignore: break
    case .execute(let command), .executeSilent(let command), .become(let command):
      guard listed.indices.contains(selected) else { return [] }
      let line = CommandTemplate(text: command).line(
        id: ids.text(listed[selected]), marked: marked, query: text)
      switch action {
      case .execute: return [.execute(line)]
      case .executeSilent: return [.executeSilently(line)]
      default: return [.finish(FinderOutcome(status: 0, become: line))]
      }
    }
    return []
  }

  /// Scrolls the preview pane by `rows`, no further than its last line at its top: a press
  /// the other way moves it back at once, however many went past.
  mutating func scrollPreview(by rows: Int) {
    previewScroll = max(0, min(previewScroll + rows, mostPreviewScroll))
  }

  /// `select-all`, `deselect-all`, `toggle-all`: the marks of the films listed, in the
  /// list's order after those marked before.
  private mutating func markAll(_ action: FinderAction) {
    let shown = listed.map { ids.text($0) }
    let listedSet = Set(shown)
    let markedSet = Set(marked)
    switch action {
    case .selectAll: marked += shown.filter { !markedSet.contains($0) }
    case .deselectAll: marked.removeAll { listedSet.contains($0) }
    default:
      marked = marked.filter { !listedSet.contains($0) } + shown.filter { !markedSet.contains($0) }
    }
  }

  /// Enter, or a key of `--expect` (`key` its name): the highlighted film, the marked ones,
  /// or — before the answer for the text arrived — the first of it when it comes.
  mutating func accept(key: String?) -> [Action] {
    guard isCurrent else {
      enterPending = true
      pendingKey = key
      return []
    }
    if multi, printsID, !marked.isEmpty {
      return [.finish(FinderOutcome(status: 0, chosen: marked, key: key))]
    }
    guard listed.indices.contains(selected) else {
      // Nothing to choose: as fzf, that is "no match" for a script.
      return printsID ? [.finish(FinderOutcome(status: 1, key: key))] : []
    }
    return [choose(listed[selected], key: key)]
  }

}
