import Foundation
import MovieSearch
import Testing

@testable import MovieSearchCLI
@testable import TestSupport

/// The interactive finder's pieces: keys from bytes, the search field, the screen.
@Suite(.onOwnThreads) struct KeyParserTests {
  func keys(_ chunks: String...) -> [Key] {
    var parser = KeyParser()
    return chunks.flatMap { parser.feed(Array($0.utf8)) } + parser.flush()
  }

  @Test func controlKeysAndSequencesAreKeys() {
    #expect(
      keys("a\u{01}\u{02}\u{04}\u{05}\u{06}\u{0B}\u{0C}\u{0E}\u{10}\u{15}\u{17}\u{1A}\r\u{7F}")
        == [
          .character("a"), .home, .left, .deleteOrLeave, .end, .right, .up, .redraw, .down,
          .up, .killToStart, .killSpaceWord, .suspend, .enter, .backspace,
        ])
    #expect(
      keys("\u{1B}[A\u{1B}[B\u{1B}[C\u{1B}[D\u{1B}OA\u{1B}OB") == [
        .up, .down, .right, .left, .up, .down,
      ])
    #expect(
      keys("\u{1B}[H\u{1B}[F\u{1B}[1~\u{1B}[4~\u{1B}[7~\u{1B}[8~\u{1B}OH\u{1B}OF")
        == [.home, .end, .home, .end, .home, .end, .home, .end])
    #expect(
      keys("\u{1B}[3~\u{1B}[5~\u{1B}[6~\u{1B}[1;5C") == [.delete, .pageUp, .pageDown, .right])
    #expect(keys("\u{1B}b\u{1B}f\u{1B}\u{7F}") == [.wordLeft, .wordRight, .killWord])
  }

  @Test func unboundSequencesAreDroppedWholeNeverReadAsEsc() {
    // Alt-é, Shift-F1, F13, a mouse release, a right click.
    let unbound = [
      "\u{1B}é", "\u{1B}[1;2P", "\u{1B}[25~", "\u{1B}[<0;10;5m", "\u{1B}[<2;10;5M",
    ]
    // F1–F12 as xterm and rxvt send them, Ctrl-Space: keys for --bind (fzf's f1…f12,
    // ctrl-space), never text.
    #expect(
      keys("\u{1B}[11~\u{1B}[14~\u{1B}[15~\u{1B}[17~\u{1B}[21~\u{1B}[23~\u{1B}[24~\u{00}z")
        == [
          .function(1), .function(4), .function(5), .function(6), .function(10),
          .function(11), .function(12), .control(" "), .character("z"),
        ])
    #expect(KeyName.key("f12") == .function(12) && KeyName.key("f13") == nil)
    #expect(KeyName.key("ctrl-space") == .control(" "))
    // F1–F4 (ESC O P…S), Alt with a letter and the control letters the finder gives no
    // meaning are keys for --bind and --expect — still never Esc and letters.
    #expect(
      keys("\u{1B}OPz\u{1B}OSz\u{1B}xz\u{1B}qz\u{0F}\u{14}\u{19}z")
        == [
          .function(1), .character("z"), .function(4), .character("z"), .alt("x"),
          .character("z"), .alt("q"), .character("z"), .control("o"), .control("t"),
          .control("y"), .character("z"),
        ])
    // A click and the wheel are keys of their own (columns and rows from 0).
    #expect(
      keys("\u{1B}[<0;10;5M\u{1B}[<64;1;1M\u{1B}[<65;3;4M\u{1B}[1;2A\u{1B}[1;2B\t\u{1B}[Z\u{12}")
        == [
          .mouse(Mouse(action: .click, column: 9, row: 4)),
          .mouse(Mouse(action: .wheelUp, column: 0, row: 0)),
          .mouse(Mouse(action: .wheelDown, column: 2, row: 3)), .shiftUp, .shiftDown, .tab,
          .backTab, .retry,
        ])
    for sequence in unbound {
      #expect(keys(sequence + "z") == [.character("z")], "\(sequence.debugDescription)")
    }
  }

  @Test func mouseReportsOutsideAnyTerminalAreIgnored() {
    // A terminal has at most 65,535 columns and rows: larger positions (which would overflow
    // the list's arithmetic) and position 0 are no report.
    for position in ["0;1", "1;0", "65536;1", "1;9223372036854775807", "99999999999999999999;1"] {
      #expect(keys("\u{1B}[<0;\(position)Mz") == [.character("z")], "\(position)")
    }
    #expect(
      keys("\u{1B}[<0;65535;65535M") == [.mouse(Mouse(action: .click, column: 65534, row: 65534))])
  }

  @Test func aLoneEscIsKnownBySilenceAndSequencesMaySpanReads() {
    var parser = KeyParser()
    #expect(parser.feed(Array("\u{1B}".utf8)) == [])
    #expect(parser.isWaiting)
    #expect(parser.flush() == [.escape])
    // A sequence and a character split across reads.
    #expect(parser.feed([0x1B, UInt8(ascii: "[")]) == [])
    #expect(parser.feed([UInt8(ascii: "A"), 0xC3]) == [.up])
    #expect(parser.feed([0xA9]) == [.character("é")])
    // Esc, Esc: the first is a key; Esc then Ctrl-C: both.
    #expect(keys("\u{1B}\u{1B}") == [.escape, .escape])
    #expect(keys("\u{1B}\u{03}") == [.escape, .interrupt])
  }

  @Test func aBracketedPasteIsOneKeyWhateverItHolds() {
    #expect(
      keys("a\u{1B}[200~one\r\ntwo\tthree\u{1B}[A\u{1B}[201~b")
        == [.character("a"), .paste("one  two three[A"), .character("b")])
    // Split anywhere, even inside the end marker.
    var parser = KeyParser()
    #expect(parser.feed(Array("\u{1B}[200~star w".utf8)) == [])
    #expect(parser.feed(Array("ars\u{1B}[20".utf8)) == [])
    #expect(parser.feed(Array("1~".utf8)) == [.paste("star wars")])
    // A paste whose end marker never comes ends at the reader's silence, keeping its text;
    // keys after it are keys again.
    parser = KeyParser()
    #expect(parser.feed(Array("\u{1B}[200~alien".utf8)) == [])
    #expect(parser.isPasting)
    #expect(parser.flush() == [.paste("alien")])
    #expect(parser.feed([0x03]) == [.interrupt])
    let long = String(repeating: "matrix ", count: 2_000)
    #expect(keys("\u{1B}[200~" + long + "\u{1B}[201~b") == [.paste(long), .character("b")])
  }

  @Test func ctrlCEndsAPasteWhoseEndMarkerIsLost() {
    // In the same read or a later one, Ctrl-C is Ctrl-C: the paste ends with what it had.
    #expect(keys("\u{1B}[200~abc\u{03}x") == [.paste("abc"), .interrupt, .character("x")])
    var parser = KeyParser()
    #expect(parser.feed(Array("\u{1B}[200~abc\u{1B}[20".utf8)) == [])
    #expect(parser.feed([0x03]) == [.paste("abc\u{1B}[20".filter { $0 != "\u{1B}" }), .interrupt])
    #expect(!parser.isPasting)
    #expect(keys("\u{1B}[200~\u{03}") == [.interrupt])
  }

  @Test func aHugePasteKeepsItsFirstBytesAndTheKeysAfterIt() {
    // Ten megabytes in 64 KB reads, as the terminal hands them over, then Ctrl-C: the paste
    // keeps its first 16 KB (more than the field holds), and the key after it is a key.
    var parser = KeyParser()
    var keys = parser.feed(Array("\u{1B}[200~".utf8))
    let chunk = [UInt8](repeating: UInt8(ascii: "x"), count: 65_536)
    for _ in 0..<160 { keys += parser.feed(chunk) }
    keys += parser.feed(Array("\u{1B}[201~\u{03}".utf8))
    #expect(keys.count == 2)
    #expect(keys.first == .paste(String(repeating: "x", count: KeyParser.pasteLimit)))
    #expect(keys.last == .interrupt)
  }
}
