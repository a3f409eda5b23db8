import Foundation
import MovieSearch
import Testing

@testable import MovieSearchCLI
@testable import TestSupport

@Suite struct LineEditorTests {
  func edited(_ text: String, cursor: Int? = nil, _ keys: Key...) -> (String, Int) {
    var editor = LineEditor(text)
    if let cursor { for _ in 0..<(text.count - cursor) { _ = editor.apply(.left) } }
    for key in keys { _ = editor.apply(key) }
    return (editor.text, editor.cursor)
  }

  @Test func theFieldHoldsAThousandCharactersAndSaysWhenMoreWereDropped() {
    var editor = LineEditor()
    var changed = editor.apply(.paste(String(repeating: "a", count: 999) + "bcd"))
    #expect(changed && editor.text == String(repeating: "a", count: 999) + "b")
    #expect(editor.wasCut)
    changed = editor.apply(.character("z"))
    #expect(!changed && editor.wasCut)
    changed = editor.apply(.backspace)
    #expect(changed && !editor.wasCut)
    changed = editor.apply(.character("z"))
    #expect(changed && editor.text.count == LineEditor.capacity && !editor.wasCut)
    #expect(LineEditor(String(repeating: "q", count: 5_000)).text.count == LineEditor.capacity)
  }

  @Test func editingKeysWorkAtTheCursor() {
    #expect(edited("matrx", cursor: 4, .character("i")) == ("matrix", 5))
    #expect(edited("matrix", .home, .delete) == ("atrix", 0))
    #expect(edited("matrix", .home, .deleteOrLeave) == ("atrix", 0))
    #expect(edited("matrix", .backspace) == ("matri", 5))
    #expect(edited("matrix", .home, .backspace) == ("matrix", 0))
    #expect(edited("the matrix", cursor: 4, .killToStart) == ("matrix", 0))
    #expect(edited("the matrix", cursor: 3, .killToEnd) == ("the", 3))
    #expect(edited("star wars: episode", .killSpaceWord) == ("star wars: ", 11))
    #expect(edited("star wars: episode", .killSpaceWord, .killSpaceWord) == ("star ", 5))
    #expect(edited("star wars:", .killWord) == ("star ", 5))
    #expect(edited("star wars", .wordLeft) == ("star wars", 5))
    #expect(edited("star wars", .home, .wordRight) == ("star wars", 4))
    #expect(edited("star wars", .home, .wordRight, .wordRight) == ("star wars", 9))
    #expect(edited("ab", .left, .left, .left, .right) == ("ab", 1))
    #expect(edited("ab", .home, .end) == ("ab", 2))
    #expect(edited("ab", cursor: 1, .paste("12")) == ("a12b", 3))
  }

  @Test func theWindowKeepsTheCursorInView() {
    var editor = LineEditor(String(repeating: "abcdefghij", count: 3))
    var scroll = 0
    var window = editor.window(width: 12, scroll: &scroll)
    #expect(window.text == "…abcdefghij")
    #expect(window.cursorColumn == 11)
    #expect(scroll == 20)
    // Back to the start: the window follows.
    _ = editor.apply(.home)
    window = editor.window(width: 12, scroll: &scroll)
    #expect(scroll == 0)
    #expect(window.text == "abcdefghija…")
    #expect(window.cursorColumn == 0)
    // Short text: no scrolling at all.
    editor = LineEditor("matrix")
    window = editor.window(width: 12, scroll: &scroll)
    #expect(window.text == "matrix" && window.cursorColumn == 6 && scroll == 0)
  }
}
