/// The search field: its text and cursor, and the editing keys of a shell (readline, as fzf
/// has them). Text is kept as characters so that a cursor is an index and an edit at the
/// cursor costs what it moves, not a walk from the start.
struct LineEditor: Equatable {
  /// The most characters the field holds: far more than any title search uses (a query word
  /// over 64 letters matches nothing), and little enough that a huge paste costs nothing.
  static let capacity = 1_000

  private(set) var characters: [Character] = []
  /// Where the next character goes: 0…`characters.count`.
  private(set) var cursor = 0
  /// Whether the last edit was cut short at ``capacity`` (the rest of a paste or a key
  /// dropped); cleared by the next edit.
  private(set) var wasCut = false

  var text: String { String(characters) }
  var isEmpty: Bool { characters.isEmpty }

  init(_ text: String = "") {
    characters = Array(text.prefix(Self.capacity))
    cursor = characters.count
    wasCut = characters.count < text.count
  }

  /// Applies an editing key; `true` when the text changed (keys that only move the cursor,
  /// and keys that are not editing keys, return `false`).
  mutating func apply(_ key: Key) -> Bool {
    let before = characters.count
    switch key {
    case .character(let character):
      wasCut = characters.count >= Self.capacity
      guard !wasCut else { return false }
      characters.insert(character, at: cursor)
      cursor += 1
      return true
    case .paste(let text):
      let room = Self.capacity - characters.count
      let pasted = Array(text.prefix(room))
      wasCut = pasted.count < text.count
      characters.insert(contentsOf: pasted, at: cursor)
      cursor += pasted.count
      return !pasted.isEmpty
    case .backspace:
      guard cursor > 0 else { return false }
      cursor -= 1
      characters.remove(at: cursor)
    case .delete, .deleteOrLeave:
      guard cursor < characters.count else { return false }
      characters.remove(at: cursor)
    case .left: cursor = max(0, cursor - 1)
    case .right: cursor = min(characters.count, cursor + 1)
    case .home: cursor = 0
    case .end: cursor = characters.count
    case .wordLeft: cursor = wordStart(before: cursor)
    case .wordRight: cursor = wordEnd(after: cursor)
    case .killToStart:
      characters.removeSubrange(0..<cursor)
      cursor = 0
    case .killToEnd:
      characters.removeSubrange(cursor...)
    case .killSpaceWord:
      var start = cursor
      while start > 0, characters[start - 1] == " " { start -= 1 }
      while start > 0, characters[start - 1] != " " { start -= 1 }
      characters.removeSubrange(start..<cursor)
      cursor = start
    case .killWord:
      let start = wordStart(before: cursor)
      characters.removeSubrange(start..<cursor)
      cursor = start
    default:
      return false
    }
    if characters.count != before { wasCut = false }
    return characters.count != before
  }

  /// The start of the word before `index` (words: letters and digits), skipping what lies
  /// between.
  private func wordStart(before index: Int) -> Int {
    var start = index
    while start > 0, !isWord(characters[start - 1]) { start -= 1 }
    while start > 0, isWord(characters[start - 1]) { start -= 1 }
    return start
  }

  private func wordEnd(after index: Int) -> Int {
    var end = index
    while end < characters.count, !isWord(characters[end]) { end += 1 }
    while end < characters.count, isWord(characters[end]) { end += 1 }
    return end
  }

  private func isWord(_ character: Character) -> Bool {
    character.isLetter || character.isNumber
  }

  /// What fits in `width` columns around the cursor: the visible text, and the cursor's
  /// column in it. Text cut off on the left is shown as "…" (one column); on the right, as
  /// "…" too. The window follows the cursor, keeping `scroll` (the first index shown) when
  /// the cursor is still inside it.
  func window(width: Int, scroll: inout Int) -> (text: String, cursorColumn: Int) {
    let width = max(2, width)
    func columns(_ range: Range<Int>) -> Int {
      characters[range].reduce(0) { $0 + String($1).columns }
    }
    // The whole text from its start when it fits; else keep the window, moved just enough
    // for the cursor's cell (and the "…" on the left) to fit.
    if columns(0..<characters.count) + 1 <= width {
      scroll = 0
    } else {
      scroll = min(scroll, cursor)
      var used = columns(scroll..<cursor)
      while scroll < cursor, (scroll > 0 ? 1 : 0) + used + 1 > width {
        used -= String(characters[scroll]).columns
        scroll += 1
      }
    }
    var text = scroll > 0 ? "…" : ""
    var used = text.count
    var index = scroll
    while index < characters.count {
      let next = String(characters[index]).columns
      let last = index == characters.count - 1
      if used + next + (last ? 0 : 1) > width { break }
      text.append(characters[index])
      used += next
      index += 1
    }
    if index < characters.count { text += "…" }
    let cursorColumn = (scroll > 0 ? 1 : 0) + columns(scroll..<cursor)
    return (text, cursorColumn)
  }
}
