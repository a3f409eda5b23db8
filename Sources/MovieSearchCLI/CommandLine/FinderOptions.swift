import MovieSearch

/// The finder's options, declared once: taken by `movie-search interactive`, and by
/// `movie-search` without a query (as a group there, which its usage line leaves out: they
/// are not for a query). Read into a ``Finder``.
struct FinderOptions: ValueGroup {
  let debounce = Option.integer(
    "debounce", "ms", in: 0...60_000,
    "How long the text must rest before it is searched (default: 0 offline, 300 with TMDb).")
  let query = Option.text("query", "text", "Start with this text in the search field.")
    .short("q")
  let printID = Flag(
    "print-id", "Enter on a film prints its id on stdout and leaves (as fzf prints a choice).")
  let multi = Flag(
    "multi", "Tab marks films (Shift-Tab too, upwards); with --print-id Enter prints them all."
  ).short("m")
  let selectOne = Flag(
    "select-1", "When the first search finds one film, choose it without a key."
  ).short("1")
  let exitZero = Flag("exit-0", "When the first search finds nothing, leave at once (status 1).")
    .short("0")
  let printQuery = Flag(
    "print-query", "Print the field's text as the first line of the output (implies --print-id).")
  let expect = Option<[Key: String]>(
    name: "expect", valueName: "keys",
    help:
      "Keys that choose as Enter does and are printed before the ids, e.g. ctrl-v,ctrl-x (Enter: an empty line; implies --print-id)."
  ) { text in
    var keys: [Key: String] = [:]
    for name in text.split(separator: ",").map(String.init) {
      guard let key = KeyName.key(name) else {
        return .failure(UsageMessage(text: "'\(name)' in '--expect' is not a key name."))
      }
      keys[key] = name
    }
    return keys.isEmpty
      ? .failure(UsageMessage(text: "'--expect' needs key names.")) : .success(keys)
  }
  let bind = Option<[Key: [FinderAction]]>(
    name: "bind", valueName: "key:action",
    help:
      "Give keys other actions: 'ctrl-o:execute(xdg-open https://www.themoviedb.org/movie/{}),ctrl-g:first'; actions: \(FinderAction.names), joined with +."
  ) { text in
    FinderOptions.bindings(text)
  }
  let filterQuery = Option.text(
    "filter", "query",
    "No interface: print the films that match, one per line as a piped search does, and leave (status 1 when none)."
  )
  .short("f")
  let layout = Option<FinderLook.Layout>(
    name: "layout", valueName: "layout",
    help:
      "reverse: the prompt at the top (the default); default: fzf's, the prompt at the bottom and the list upwards; reverse-list: the prompt at the bottom, the list downwards."
  ) { text in
    FinderLook.Layout(rawValue: text).map { .success($0) }
      ?? .failure(
        UsageMessage(
          text: "The value '\(text)' of '--layout' is not one of default, reverse, reverse-list."))
  }
  let reverse = Flag("reverse", "fzf's spelling of '--layout reverse' (the default here).")
  let prompt = Option.text(
    "prompt", "text", "The text before the search field (default 'Search: ').")
  let header = Option.text("header", "text", "A line (or a few, with \\n) above the list.")
  let pointer = Option<String>(
    name: "pointer", valueName: "text",
    help: "What marks the highlighted film (default '>'; one or two columns, as fzf's)."
  ) { FinderOptions.glyph($0, of: "pointer") }
  let marker = Option<String>(
    name: "marker", valueName: "text",
    help: "What marks a film marked with Tab (default '+'; one or two columns, as fzf's)."
  ) { FinderOptions.glyph($0, of: "marker") }
  let border = Flag("border", "Draw a box around the finder.")
  let cycle = Flag("cycle", "Up on the first film goes to the last, Down on the last to the first.")
  let noMouse = Flag("no-mouse", "Leave the mouse to the terminal (selecting text).")
  let height = Option<Height>(
    name: "height", valueName: "n[%]",
    help: "Draw in n rows (or n % of the terminal) below the cursor, not the whole screen."
  ) { text in
    Height(text).map { .success($0) }
      ?? .failure(
        UsageMessage(text: "The value '\(text)' of '--height' is not a row count or a percentage."))
  }
  let noPreview = Flag("no-preview", "No details beside the list on wide terminals.")
  let previewCommand = Option.text(
    "preview", "command",
    "Show what this shell command prints for the highlighted film ({} its id, {+} the marked films' ids, {q} the field's text) in the preview pane."
  )
  let previewWindow = Option<PreviewWindow>(
    name: "preview-window", valueName: "spec",
    help:
      "Where the preview pane is: right, left, up or down, a size (50%, 40), hidden, wrap, noborder (fzf's spelling)."
  ) { text in
    PreviewWindow(text).map { .success($0) }
      ?? .failure(
        UsageMessage(
          text: "The value '\(text)' of '--preview-window' is not made of \(PreviewWindow.words)."
        ))
  }
  let record = Option.text(
    "record", "file", "Write the session's events to a file, in the 'stream' input format.")

  func value(_ given: GivenOptions) -> Finder {
    var look = FinderLook()
    // `--reverse` is `--layout reverse`, which is also what no flag gives.
    look.layout = given[layout] ?? .reverse
    look.prompt = given[prompt]?.printable ?? look.prompt
    look.header =
      given[header].map { text in
        text.replacingOccurrences(of: "\\n", with: "\n").split(
          separator: "\n", omittingEmptySubsequences: false
        ).prefix(FinderLook.headerLimit).map { String($0).printable }
      } ?? []
    look.pointer = given[pointer] ?? look.pointer
    look.marker = given[marker] ?? look.marker
    look.border = given[border]
    look.cycle = given[cycle]
    look.mouse = !given[noMouse]
    look.bindings = given[bind] ?? [:]
    look.expected = given[expect] ?? [:]
    look.previewCommand = given[previewCommand].flatMap {
      $0.isEmpty ? nil : PreviewCommand(template: $0)
    }
    look.previewWindow = given[previewWindow] ?? PreviewWindow()
    let printsChoice = given[printID] || given[printQuery] || given[expect] != nil
    return Finder(
      debounce: given[debounce], query: given[query], printID: printsChoice,
      multi: given[multi], selectOne: given[selectOne], exitZero: given[exitZero],
      height: given[height],
      preview: !given[noPreview] && !look.previewWindow.hidden, record: given[record],
      printQuery: given[printQuery], filterQuery: given[filterQuery], look: look)
  }

  /// `--pointer`'s or `--marker`'s value: one or two columns of text the terminal shows as
  /// they are (no control character or escape sequence).
  static func glyph(_ text: String, of name: String) -> Result<String, UsageMessage> {
    guard text == text.printable, (1...2).contains(text.columns) else {
      return .failure(
        UsageMessage(
          text: "The value '\(text.printable)' of '--\(name)' is not one or two columns of text."))
    }
    return .success(text)
  }

  /// fzf's flags that mean nothing here, and why: said instead of "unknown option".
  static let fzfFlagsWithoutMeaning: [String: String] = [
    "exact":
      "the search has no fuzzy mode to turn off — titles matching the words as typed always come before typos",
    "e":
      "the search has no fuzzy mode to turn off — titles matching the words as typed always come before typos",
    "no-sort":
      "the films are ranked by the search; a token in the field orders them otherwise (sort:year, sort:rating, sort:title)",
    "tac":
      "there is no input list to reverse; a token in the field orders the films (sort:year:asc)",
  ]

  /// `--bind`'s value: `key:action[+action…]` pairs separated by commas; a comma inside an
  /// `execute(…)` belongs to its command.
  static func bindings(_ text: String) -> Result<[Key: [FinderAction]], UsageMessage> {
    var bindings: [Key: [FinderAction]] = [:]
    for pair in splitPairs(text) {
      guard let colon = pair.firstIndex(of: ":"), colon != pair.startIndex,
        let key = KeyName.key(String(pair[..<colon]))
      else {
        return .failure(
          UsageMessage(text: "'\(pair)' in '--bind' is not KEY:ACTION with a key name fzf uses."))
      }
      var actions: [FinderAction] = []
      for name in splitActions(String(pair[pair.index(after: colon)...])) {
        guard let action = FinderAction(name: name) else {
          return .failure(
            UsageMessage(text: "'\(name)' in '--bind' is not an action: \(FinderAction.names)."))
        }
        actions.append(action)
      }
      guard !actions.isEmpty else {
        return .failure(UsageMessage(text: "'\(pair)' in '--bind' names no action."))
      }
      bindings[key] = actions
    }
    return bindings.isEmpty
      ? .failure(UsageMessage(text: "'--bind' needs KEY:ACTION.")) : .success(bindings)
  }

  /// Splits at `separator` outside brackets (an `execute(…)`'s command keeps its commas and
  /// plus signs); a `+` right after an action's name that is itself `toggle+down`-like stays.
  /// A command in fzf's colon form (`execute:…`, `execute-silent:…`, `become:…`) runs to the
  /// end of the text, commas and plus signs included, as fzf reads it.
  private static func split(_ text: String, at separator: Character) -> [String] {
    var parts: [String] = []
    var current = ""
    var depth = 0
    var colonForm = false
    for character in text {
      if colonForm {
        current.append(character)
        continue
      }
      if character == ":", depth == 0, Self.beginsColonForm(current) { colonForm = true }
      if "([{<".contains(character) { depth += 1 }
      if ")]}>".contains(character) { depth = max(0, depth - 1) }
      if character == separator, depth == 0 {
        parts.append(current)
        current = ""
      } else {
        current.append(character)
      }
    }
    parts.append(current)
    return parts.filter { !$0.isEmpty }
  }

  private static func splitPairs(_ text: String) -> [String] { split(text, at: ",") }

  /// The actions whose command may follow a colon and run to the end.
  private static let colonForms = ["execute", "execute-silent", "become"]

  /// Whether `part` ends with one of ``colonForms`` as an action's name (after a key's colon,
  /// a `+`, or at the start): the colon that follows begins its command.
  private static func beginsColonForm(_ part: String) -> Bool {
    colonForms.contains { name in
      guard part.hasSuffix(name) else { return false }
      let before = part.dropLast(name.count).last
      return before == nil || before == ":" || before == "+"
    }
  }

  /// `up+accept` → up, accept; `toggle+down` is one action (fzf's name).
  private static func splitActions(_ text: String) -> [String] {
    var actions: [String] = []
    for part in split(text, at: "+") {
      if let last = actions.last, ["down", "up"].contains(part), last == "toggle" {
        actions[actions.count - 1] = "toggle+" + part
      } else {
        actions.append(part)
      }
    }
    return actions
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
  /// Print the field's text first (`--print-query`).
  var printQuery = false
  /// `--filter`: no interface, the films that match this text printed.
  var filterQuery: String?
  /// The layout, prompt, header, border and keys (fzf's flags).
  var look = FinderLook()

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
