import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A key press, as the interactive screen understands it.
package enum Key: Sendable, Hashable {
  case character(Character)
  /// Text pasted in one go (bracketed paste): one edit, line breaks made spaces.
  case paste(String)
  case enter
  case escape
  /// Ctrl-C.
  case interrupt
  /// Backspace, Ctrl-H: the character before the cursor.
  case backspace
  /// Delete: the character at the cursor.
  case delete
  /// Ctrl-D: the character at the cursor, or leave on an empty line.
  case deleteOrLeave
  case left, right, home, end
  /// Alt-b, Alt-f: a word back or forward.
  case wordLeft, wordRight
  /// Ctrl-U: everything before the cursor.
  case killToStart
  /// Ctrl-K: everything from the cursor.
  case killToEnd
  /// Ctrl-W: back to the previous space.
  case killSpaceWord
  /// Alt-Backspace: back to the start of the word.
  case killWord
  /// Up, Ctrl-P; Down, Ctrl-N.
  case up, down
  case pageUp, pageDown
  /// Ctrl-L.
  case redraw
  /// Ctrl-Z.
  case suspend
  /// Ctrl-R: search the text again.
  case retry
  /// Tab, Shift-Tab: mark a film and move down, or up (--multi).
  case tab, backTab
  /// Shift-Up, Shift-Down: scroll the preview.
  case shiftUp, shiftDown
  /// A mouse report (SGR 1006): where, and what.
  case mouse(Mouse)
  /// The terminal went away (its input ended).
  case endOfInput
  /// A control key the finder gives no meaning of its own (Ctrl-O, Ctrl-T, …: the letter),
  /// for `--bind` and `--expect`.
  case control(Character)
  /// Alt with a letter or digit other than b and f, for `--bind` and `--expect`.
  case alt(Character)
  /// F1 to F4 (the number).
  case function(Int)
}

/// What the mouse did, at a cell of the screen (from 0, 0 at the top left).
package struct Mouse: Sendable, Hashable {
  package enum Action: Sendable, Hashable {
    case click, doubleClick, wheelUp, wheelDown
  }

  var action: Action
  var column: Int
  var row: Int
}

/// Turns the bytes a terminal sends into keys. Escape sequences are read to their end: a
/// sequence no key is bound to (F1, Alt-x, a mouse report) is dropped whole, never read as Esc
/// followed by letters. A lone Esc is known only by the silence after it: ``flush()`` is
/// called when no byte followed within a moment.
package struct KeyParser {
  private var pending: [UInt8] = []
  /// The text of a bracketed paste being received, in bytes: at most ``pasteLimit``.
  private var pasting: [UInt8]?
  /// The last bytes of the paste received, which may be the start of its end marker.
  private var pasteTail: [UInt8] = []

  /// The most bytes of a paste kept: more than the search field holds (see
  /// `LineEditor.capacity`), so that a paste of megabytes costs a scan for its end marker,
  /// not memory or time in proportion.
  static let pasteLimit = 16_384

  /// A parser with nothing pending.
  package init() {}

  /// The keys the bytes complete; an unfinished sequence waits for more bytes.
  package mutating func feed(_ bytes: some Sequence<UInt8>) -> [Key] {
    let bytes = Array(bytes)
    var keys: [Key] = []
    var index = 0
    while index < bytes.count {
      if pasting != nil {
        index = takePaste(bytes, from: index, into: &keys)
        continue
      }
      let byte = bytes[index]
      index += 1
      pending.append(byte)
      while let (key, used) = parse(pending).map({ ($0.0, $0.1) }) {
        pending.removeFirst(used)
        if let key { keys.append(key) }
        if pasting != nil {
          // The rest of the buffer is pasted text.
          let rest = pending
          pending = []
          keys += feed(rest)
          break
        }
      }
    }
    return keys
  }

  /// Takes pasted bytes from `bytes[start...]`, up to and including the end marker if it is
  /// there (it may have begun in the previous read); returns where it stopped. The marker is
  /// looked for with `memmem`, a chunk at a time.
  private mutating func takePaste(_ bytes: [UInt8], from start: Int, into keys: inout [Key])
    -> Int
  {
    let window = pasteTail + bytes[start...]
    let marker = Self.pasteEnd
    let found = Self.firstIndex(of: marker, in: window)
    func keep(_ text: ArraySlice<UInt8>) {
      let room = Self.pasteLimit - pasting!.count
      if room > 0 { pasting!.append(contentsOf: text.prefix(room)) }
    }
    // Ctrl-C is never text: it ends a paste whose end marker is lost, and acts at once.
    if let interrupt = window[..<(found ?? window.count)].firstIndex(of: Self.interruptByte),
      interrupt >= pasteTail.count
    {
      keep(window[..<interrupt])
      let text = Self.pasteText(pasting!)
      if !text.isEmpty { keys.append(.paste(text)) }
      pasting = nil
      let used = interrupt - pasteTail.count
      pasteTail = []
      return start + used
    }
    guard let end = found else {
      let tail = max(0, window.count - (marker.count - 1))
      keep(window[..<tail])
      pasteTail = Array(window[tail...])
      return bytes.count
    }
    keep(window[..<end])
    keys.append(.paste(Self.pasteText(pasting!)))
    pasting = nil
    let used = end + marker.count - pasteTail.count
    pasteTail = []
    return start + used
  }

  /// Where `marker` (which starts with Esc) first is in `bytes`: Esc is looked for with
  /// `memchr`, fast even over megabytes.
  private static func firstIndex(of marker: [UInt8], in bytes: [UInt8]) -> Int? {
    bytes.withUnsafeBytes { buffer -> Int? in
      guard let base = buffer.baseAddress else { return nil }
      var from = 0
      while from + marker.count <= buffer.count {
        guard let hit = memchr(base + from, Int32(marker[0]), buffer.count - from) else {
          return nil
        }
        let at = base.distance(to: UnsafeRawPointer(hit))
        if at + marker.count > buffer.count { return nil }
        if memcmp(base + at, marker, marker.count) == 0 { return at }
        from = at + 1
      }
      return nil
    }
  }

  /// After a silence: a pending lone Esc is the Esc key; any other unfinished sequence is
  /// dropped. A paste whose end marker never came ends here, with what it had, so that a
  /// terminal that lost the marker cannot swallow every key after it (Ctrl-C included).
  package mutating func flush() -> [Key] {
    if let pasted = pasting {
      pasting = nil
      let text = Self.pasteText(pasted + pasteTail)
      pasteTail = []
      return text.isEmpty ? [] : [.paste(text)]
    }
    defer { pending = [] }
    return pending == [0x1B] ? [.escape] : []
  }

  /// Whether bytes wait for the rest of a sequence (the reader then waits a moment only).
  var isWaiting: Bool { !pending.isEmpty }
  /// Whether a bracketed paste is being received (the reader waits longer, as a big paste
  /// may come in pieces, before it calls ``flush()``).
  var isPasting: Bool { pasting != nil }

  private static let pasteEnd: [UInt8] = Array("\u{1B}[201~".utf8)
  /// Ctrl-C's byte.
  private static let interruptByte: UInt8 = 0x03

  /// Pasted text as one line: line breaks and tabs become spaces, other controls go.
  private static func pasteText(_ bytes: some Collection<UInt8>) -> String {
    var text = ""
    for scalar in String(decoding: Array(bytes), as: UTF8.self).unicodeScalars {
      switch scalar.value {
      case 0x09, 0x0A, 0x0D: text.unicodeScalars.append(" ")
      case 0..<0x20, 0x7F..<0xA0: continue
      default: text.unicodeScalars.append(scalar)
      }
    }
    return text
  }

  /// The key at the start of `bytes` and how many bytes it took (`nil` key: bytes that mean
  /// nothing, skipped); `nil` when more bytes are needed.
  private mutating func parse(_ bytes: [UInt8]) -> (Key?, Int)? {
    guard let first = bytes.first else { return nil }
    switch first {
    case 0x1B: return escape(bytes)
    case 0x01: return (.home, 1)
    case 0x02: return (.left, 1)
    case 0x03: return (.interrupt, 1)
    case 0x04: return (.deleteOrLeave, 1)
    case 0x05: return (.end, 1)
    case 0x06: return (.right, 1)
    case 0x08, 0x7F: return (.backspace, 1)
    // Enter is 0x0D in raw mode; 0x0A is Ctrl-J, which moves down as in fzf (Ctrl-K up,
    // like Ctrl-N and Ctrl-P).
    case 0x0D: return (.enter, 1)
    case 0x0A: return (.down, 1)
    case 0x0B: return (.up, 1)
    case 0x0C: return (.redraw, 1)
    case 0x09: return (.tab, 1)
    case 0x0E: return (.down, 1)
    case 0x10: return (.up, 1)
    case 0x12: return (.retry, 1)
    case 0x15: return (.killToStart, 1)
    case 0x17: return (.killSpaceWord, 1)
    case 0x1A: return (.suspend, 1)
    case 0x07, 0x0F, 0x11, 0x13, 0x14, 0x16, 0x18, 0x19:
      return (.control(Character(Unicode.Scalar(first + 0x60))), 1)
    // Ctrl-Space (and Ctrl-@): fzf's `ctrl-space`.
    case 0x00: return (.control(" "), 1)
    case 0..<0x20: return (nil, 1)
    default: return character(bytes)
    }
  }

  /// One UTF-8 character; an invalid byte is skipped.
  private func character(_ bytes: [UInt8]) -> (Key?, Int)? {
    let first = bytes[0]
    let length =
      switch first {
      case 0..<0x80: 1
      case 0xC2..<0xE0: 2
      case 0xE0..<0xF0: 3
      case 0xF0..<0xF5: 4
      default: 0
      }
    guard length > 0 else { return (nil, 1) }
    guard bytes.count >= length else { return nil }
    guard let text = String(validating: bytes[0..<length], as: UTF8.self),
      let character = text.first
    else { return (nil, 1) }
    return (.character(character), length)
  }

  /// An escape sequence: CSI (`ESC [ … final`), SS3 (`ESC O x`), or Alt with a key.
  private mutating func escape(_ bytes: [UInt8]) -> (Key?, Int)? {
    guard bytes.count >= 2 else { return nil }
    switch bytes[1] {
    case UInt8(ascii: "["):
      // Parameters and intermediates (0x20–0x3F) up to a final byte (0x40–0x7E).
      guard let end = bytes.dropFirst(2).firstIndex(where: { (0x40...0x7E).contains($0) }) else {
        // Not finished; a runaway sequence is given up.
        return bytes.count > 32 ? (nil, bytes.count) : nil
      }
      let parameters = String(decoding: bytes[2..<end], as: UTF8.self)
      return (csi(parameters, final: bytes[end]), end + 1)
    case UInt8(ascii: "O"):
      guard bytes.count >= 3 else { return nil }
      let keys: [UInt8: Key] = [
        UInt8(ascii: "A"): .up, UInt8(ascii: "B"): .down, UInt8(ascii: "C"): .right,
        UInt8(ascii: "D"): .left, UInt8(ascii: "H"): .home, UInt8(ascii: "F"): .end,
      ]
      let function = (UInt8(ascii: "P")...UInt8(ascii: "S")).contains(bytes[2])
      return (function ? .function(Int(bytes[2] - UInt8(ascii: "P")) + 1) : keys[bytes[2]], 3)
    case UInt8(ascii: "b"), UInt8(ascii: "B"): return (.wordLeft, 2)
    case UInt8(ascii: "f"), UInt8(ascii: "F"): return (.wordRight, 2)
    case 0x7F, 0x08: return (.killWord, 2)
    case 0..<0x20:
      // Esc, then Esc or a control key (Ctrl-C) pressed quickly: the Esc is a key of its own.
      return (.escape, 1)
    case let letter
    where (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(letter)
      || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(letter):
      return (.alt(Character(Unicode.Scalar(letter))), 2)
    default:
      // Alt with any other key: nothing; a multi-byte character after Esc is skipped whole.
      guard let parsed = character(Array(bytes.dropFirst())) else { return nil }
      return (nil, 1 + parsed.1)
    }
  }

  private mutating func csi(_ parameters: String, final: UInt8) -> Key? {
    if parameters.hasPrefix("<") {
      return mouse(parameters.dropFirst(), pressed: final == UInt8(ascii: "M"))
    }
    // Modifiers (ESC [ 1 ; 5 C) are ignored (Ctrl-Right is Right), but Shift with Up and
    // Down (ESC [ 1 ; 2 A) scrolls the preview.
    let fields = parameters.split(separator: ";")
    let number = fields.first.flatMap { Int($0) }
    let shifted = fields.count > 1 && fields[1] == "2"
    switch final {
    case UInt8(ascii: "A"): return shifted ? .shiftUp : .up
    case UInt8(ascii: "B"): return shifted ? .shiftDown : .down
    case UInt8(ascii: "Z"): return .backTab
    case UInt8(ascii: "C"): return .right
    case UInt8(ascii: "D"): return .left
    case UInt8(ascii: "H"): return .home
    case UInt8(ascii: "F"): return .end
    case UInt8(ascii: "~"):
      switch number {
      case 1, 7: return .home
      case 4, 8: return .end
      case 3: return .delete
      case 5: return .pageUp
      case 6: return .pageDown
      // F1–F12 as xterm and rxvt send them (ESC [ 11 ~ … ESC [ 24 ~, a number skipped
      // after F5 and after F10).
      case .some(let code) where (11...15).contains(code): return .function(code - 10)
      case .some(let code) where (17...21).contains(code): return .function(code - 11)
      case .some(let code) where (23...24).contains(code): return .function(code - 12)
      case 200:
        pasting = []
        pasteTail = []
        return nil
      default: return nil
      }
    default: return nil
    }
  }

  /// An SGR mouse report (`ESC [ < button ; column ; row M` for a press, `m` for a release):
  /// a left press is a click, buttons 64 and 65 the wheel; the rest (drags, releases, other
  /// buttons) mean nothing here.
  private func mouse(_ parameters: Substring, pressed: Bool) -> Key? {
    let fields = parameters.split(separator: ";").compactMap { Int($0) }
    // A terminal's cells are numbered from 1 to at most 65,535 (its size is two UInt16s):
    // any other position is not a report to act on (and must not overflow arithmetic).
    let cells = 1...Int(UInt16.max)
    guard pressed, fields.count == 3, cells.contains(fields[1]), cells.contains(fields[2])
    else { return nil }
    let action: Mouse.Action
    switch fields[0] {
    case 0: action = .click
    case 64: action = .wheelUp
    case 65: action = .wheelDown
    default: return nil
    }
    return .mouse(Mouse(action: action, column: fields[1] - 1, row: fields[2] - 1))
  }
}
