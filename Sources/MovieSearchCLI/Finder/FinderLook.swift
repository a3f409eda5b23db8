/// One of the finder's actions, named as fzf names them: what a key does by default, or
/// what `--bind KEY:ACTION` makes it do.
enum FinderAction: Hashable, Sendable {
  /// Choose the highlighted film (Enter).
  case accept
  /// Leave without a choice (Esc).
  case abort
  case up, down
  /// A screen of rows up or down; down queues behind pages still loading.
  case pageUp, pageDown
  /// The first row; the last row of all (pages are loaded to reach it).
  case first, last
  /// Mark or unmark the highlighted film (`--multi`); `toggle+down` and `toggle+up` move on.
  case toggle, toggleDown, toggleUp
  /// Show or hide the preview pane.
  case togglePreview
  /// Empty the search field.
  case clearQuery
  /// Half a screen of rows up or down.
  case halfPageUp, halfPageDown
  /// Mark every film listed, unmark them, or turn each one's mark over (`--multi`); marks
  /// of films another query listed stay, as fzf keeps them.
  case selectAll, deselectAll, toggleAll
  /// Scroll the preview pane a row, or a pane's height, up or down.
  case previewUp, previewDown, previewPageUp, previewPageDown
  /// An edit of the search field as the line editor's key makes it (fzf's
  /// `beginning-of-line`, `backward-kill-word`…).
  case edit(Key)
  /// Nothing: a key bound to it does nothing (its default taken away).
  case ignore
  /// Run a shell command, `{}` replaced by the highlighted film's id, on the terminal
  /// (given back while it runs).
  case execute(String)
  /// Run a shell command as ``execute(_:)`` does, but away from the terminal — its output
  /// dropped, the finder going on while it runs (fzf's `execute-silent`, for a command that
  /// copies an id or opens a page).
  case executeSilent(String)
  /// End the finder and run a shell command in its place, on the terminal (fzf's
  /// `become`): `enter:become(movie-search details {})`.
  case become(String)

  /// The action named `name` (`page-down`, `execute(open https://…/{})`), or `nil`.
  init?(name: String) {
    if let (_, action) = Self.simple.first(where: { $0.key == name }) {
      self = action
      return
    }
    // fzf's forms: execute(…), execute[…], execute{…}, execute<…>, execute:… (to the end);
    // execute-silent and become the same.
    for (prefix, make) in [
      ("execute-silent", FinderAction.executeSilent), ("execute", FinderAction.execute),
      ("become", FinderAction.become),
    ] where name.hasPrefix(prefix) {
      let rest = name.dropFirst(prefix.count)
      let pairs: [Character: Character] = ["(": ")", "[": "]", "{": "}", "<": ">"]
      if rest.first == ":" {
        self = make(String(rest.dropFirst()))
        return
      }
      if let open = rest.first, let close = pairs[open], rest.last == close, rest.count >= 2 {
        self = make(String(rest.dropFirst().dropLast()))
        return
      }
    }
    return nil
  }

  /// The actions named by a word, fzf's names, in the order help lists them.
  private static let simple: KeyValuePairs<String, FinderAction> = [
    "accept": .accept, "abort": .abort, "up": .up, "down": .down, "page-up": .pageUp,
    "page-down": .pageDown, "half-page-up": .halfPageUp, "half-page-down": .halfPageDown,
    "first": .first, "last": .last, "toggle": .toggle, "toggle+down": .toggleDown,
    "toggle+up": .toggleUp, "select-all": .selectAll, "deselect-all": .deselectAll,
    "toggle-all": .toggleAll, "toggle-preview": .togglePreview, "preview-up": .previewUp,
    "preview-down": .previewDown, "preview-page-up": .previewPageUp,
    "preview-page-down": .previewPageDown, "clear-query": .clearQuery,
    // fzf's `kill-line` (Ctrl-K moves up here, as in fzf): from the cursor to the end.
    "kill-line": .edit(.killToEnd),
    "beginning-of-line": .edit(.home), "end-of-line": .edit(.end),
    "backward-char": .edit(.left), "forward-char": .edit(.right),
    "backward-word": .edit(.wordLeft), "forward-word": .edit(.wordRight),
    "backward-delete-char": .edit(.backspace), "delete-char": .edit(.delete),
    "unix-line-discard": .edit(.killToStart), "unix-word-rubout": .edit(.killSpaceWord),
    "backward-kill-word": .edit(.killWord), "ignore": .ignore,
  ]

  /// The names `--bind` takes, for help and messages.
  static let names =
    simple.map(\.key).joined(separator: ", ") + ", execute(…), execute-silent(…), become(…)"
}

/// How the finder looks and what its keys do beyond the defaults: fzf's flags
/// (`--layout`, `--prompt`, `--header`, `--border`, `--cycle`, `--no-mouse`, `--bind`,
/// `--expect`).
struct FinderLook: Sendable, Equatable {
  /// Where the prompt is and which way the list runs.
  enum Layout: String, Sendable, CaseIterable {
    /// fzf's default: the prompt at the bottom, the list above it running upwards.
    case `default`
    /// The prompt at the top, the list below it running downwards (movie-search's default).
    case reverse
    /// The prompt at the bottom, the list above it running downwards.
    case reverseList = "reverse-list"
  }

  var layout = Layout.reverse
  /// The text before the search field.
  var prompt = "Search: "
  /// Lines shown between the prompt's status and the list (at most a few).
  var header: [String] = []
  /// What marks the highlighted film, and a film marked with Tab (`--pointer`, `--marker`):
  /// one or two columns each.
  var pointer = ">"
  var marker = "+"
  /// A rounded box around the finder.
  var border = false
  /// Up on the first row goes to the last, Down on the last to the first.
  var cycle = false
  /// Whether the mouse is reported (clicks, the wheel).
  var mouse = true
  /// Keys given other actions with `--bind`.
  var bindings: [Key: [FinderAction]] = [:]
  /// Keys that accept, as Enter does, and are named in the output (`--expect`): the key and
  /// its name as given.
  var expected: [Key: String] = [:]
  /// What the preview pane shows instead of the details (`--preview`), and where it is
  /// (`--preview-window`).
  var previewCommand: PreviewCommand?
  var previewWindow = PreviewWindow()

  /// The most header lines kept: a header is a hint, not a second list.
  static let headerLimit = 5
}

/// Key names as fzf spells them (`ctrl-o`, `alt-x`, `enter`, `pgdn`, `f1`) and the keys
/// they are. Ctrl-A is Home here, Ctrl-E End, Ctrl-J and Ctrl-N Down, Ctrl-K and Ctrl-P Up
/// (fzf's defaults)…: a name binds the key the terminal sends for both.
enum KeyName {
  /// The key `name` names, or `nil`.
  static func key(_ name: String) -> Key? {
    let name = name.lowercased()
    if let key = named[name] { return key }
    if name.hasPrefix("ctrl-"), name.count == 6, let letter = name.last, letter.isASCII,
      letter.isLetter
    {
      return control[letter] ?? .control(letter)
    }
    if name.hasPrefix("alt-"), name.count == 5, let letter = name.last, letter.isASCII,
      letter.isLetter || letter.isNumber
    {
      return letter == "b" ? .wordLeft : letter == "f" ? .wordRight : .alt(letter)
    }
    if name.hasPrefix("f"), let number = Int(name.dropFirst()), (1...12).contains(number) {
      return .function(number)
    }
    return nil
  }

  private static let named: [String: Key] = [
    "enter": .enter, "return": .enter, "esc": .escape, "tab": .tab, "btab": .backTab,
    "shift-tab": .backTab, "up": .up, "down": .down, "left": .left, "right": .right,
    "home": .home, "end": .end, "pgup": .pageUp, "page-up": .pageUp, "pgdn": .pageDown,
    "page-down": .pageDown, "bspace": .backspace, "bs": .backspace, "del": .delete,
    "shift-up": .shiftUp, "shift-down": .shiftDown, "alt-bspace": .killWord,
    "ctrl-space": .control(" "),
  ]

  /// The control letters the finder reads as keys of its own.
  private static let control: [Character: Key] = [
    "a": .home, "b": .left, "c": .interrupt, "d": .deleteOrLeave, "e": .end, "f": .right,
    "h": .backspace, "i": .tab, "j": .down, "k": .up, "l": .redraw, "m": .enter,
    "n": .down, "p": .up, "r": .retry, "u": .killToStart, "w": .killSpaceWord, "z": .suspend,
  ]
}
