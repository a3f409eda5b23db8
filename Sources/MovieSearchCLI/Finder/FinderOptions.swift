import MovieSearch

/// The finder's options, declared once: taken by `movie-search interactive`, and by
/// `movie-search` without a query (as a group there, which its usage line leaves out: they
/// are not for a query). Read into a ``Finder``.
struct FinderOptions: ValueGroup {
  let debounce = Option.integer(
    "debounce", "ms", in: 0...60_000,
    "How long the text must rest before it is searched (default: 0 offline, 300 with TMDb).")
  let query = Option.text("query", "text", "Start with this text in the search field.")
  let printID = Flag(
    "print-id", "Enter on a film prints its id on stdout and leaves (as fzf prints a choice).")
  let multi = Flag(
    "multi", "Tab marks films (Shift-Tab too, upwards); with --print-id Enter prints them all.")
  let selectOne = Flag(
    "select-1", "When the first search finds one film, choose it without a key.")
  let exitZero = Flag("exit-0", "When the first search finds nothing, leave at once (status 1).")
  let height = Option<Height>(
    name: "height", valueName: "n[%]",
    help: "Draw in n rows (or n % of the terminal) below the cursor, not the whole screen."
  ) { text in
    Height(text).map { .success($0) }
      ?? .failure(
        UsageMessage(text: "The value '\(text)' of '--height' is not a row count or a percentage."))
  }
  let noPreview = Flag("no-preview", "No details beside the list on wide terminals.")
  let record = Option.text(
    "record", "file", "Write the session's events to a file, in the 'stream' input format.")

  func value(_ given: GivenOptions) -> Finder {
    Finder(
      debounce: given[debounce], query: given[query], printID: given[printID],
      multi: given[multi], selectOne: given[selectOne], exitZero: given[exitZero],
      height: given[height], preview: !given[noPreview], record: given[record])
  }
}

/// What the finder options asked for.
struct Finder: Sendable, Equatable {
  /// Milliseconds the text rests before it is searched; `nil`: the service's default.
  var debounce: Int?
  /// The text the search field starts with.
  var query: String?
  var printID = false
  var multi = false
  var selectOne = false
  var exitZero = false
  /// Rows below the cursor instead of the full screen.
  var height: Height?
  /// Details beside the list on wide terminals.
  var preview = true
  /// The file the session's events are written to.
  var record: String?
  /// The filters the field's tokens start from (the command's filter flags).
  var filter = MovieFilter()

  /// Where the finder draws on a terminal of `size`.
  func mode(on size: TerminalSize) -> ScreenMode {
    height.map { .inline(rows: max(2, $0.rows(of: size.rows))) } ?? .fullScreen
  }
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
