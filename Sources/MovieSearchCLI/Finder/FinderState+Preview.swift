import MovieSearch

/// The preview pane's content: the highlighted film's details, or what `--preview`'s command
/// printed for it; and showing or hiding the pane.
extension FinderState {
  /// What follows from where the highlight is for the pane: the details to load, or the
  /// command to run, when the film it shows changed.
  mutating func previewFollowUps() -> [Action] {
    guard isPreviewShown else { return [] }
    guard listed.indices.contains(selected) else {
      // The pane follows the list: nothing listed, nothing previewed.
      if isCurrent { (preview, commandPreview) = (nil, nil) }
      return []
    }
    let movie = listed[selected]
    if let command = look.previewCommand {
      let id = ids.text(movie)
      guard commandPreview?.id != id else { return [] }
      previewScroll = 0
      commandPreview = (id, nil)
      return [
        .previewCommand(
          command.command(id: id, marked: marked, query: text), id: id, columns: paneSize.columns,
          rows: paneSize.rows)
      ]
    }
    let pick = MoviePick(movie)
    guard preview?.pick != pick else { return [] }
    previewScroll = 0
    preview = (pick, previews[pick] ?? .loading)
    return previews[pick] == nil ? [.preview(pick)] : []
  }

  /// `toggle-preview`: the pane shown or hidden — below the list on a narrow terminal, where
  /// it is not shown by default.
  mutating func togglePreview() -> [Action] {
    let narrow =
      look.previewWindow.position == nil && size.columns < Self.previewMinimumWidth
    if narrow, !previewBelow || !previewAllowed {
      (previewBelow, previewAllowed) = (true, true)
    } else {
      previewAllowed.toggle()
    }
    if !isPreviewShown { (preview, commandPreview) = (nil, nil) }
    return previewFollowUps()
  }

  /// What the preview command printed for the film `id` (kept when it is still the one
  /// highlighted).
  mutating func showPreview(_ lines: [String], id: String) {
    if commandPreview?.id == id { commandPreview = (id, lines) }
  }

  /// The pane's lines for `width` columns, before styling: the command's output — each line
  /// cut, or wrapped with `--preview-window wrap` — or the details.
  func paneLines(width: Int) -> [(String, String?)]? {
    guard look.previewCommand != nil else { return nil }
    guard let lines = commandPreview?.lines else { return [("Running the preview…", "2")] }
    guard look.previewWindow.wrap else { return lines.map { ($0, nil) } }
    return lines.flatMap { line in
      line.isEmpty ? [("", nil)] : line.wrapped(to: width).map { ($0, nil) }
    }
  }
}
