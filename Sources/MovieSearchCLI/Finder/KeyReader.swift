import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads keys from a terminal in raw mode, on a thread of its own: whatever arrived together
/// is parsed and handed over as one burst, so a paste or fast typing is one redraw.
enum KeyReader {
  /// Reads until the input ends; while `paused` says so (a command runs on the terminal),
  /// leaves the input unread.
  static func run(from input: Int32, paused: () -> Bool = { false }, _ handle: ([Key]) -> Void) {
    var parser = KeyParser()
    var buffer = [UInt8](repeating: 0, count: 65_536)
    var lastClick: (at: ContinuousClock.Instant, column: Int, row: Int)?
    while true {
      // A lone Esc is known by a short silence after it; a paste that stops for half a
      // second without its end marker is over.
      let timeout: Int32 = parser.isPasting ? 500 : parser.isWaiting ? 30 : -1
      let count = readChunk(from: input, into: &buffer, timeout: timeout, paused: paused)
      let keys: [Key]
      if count > 0 {
        keys = parser.feed(buffer[0..<count])
      } else if count == 0 {
        keys = parser.flush()
      } else {
        break
      }
      // A second click on the same cell within 400 ms is a double click.
      let now = ContinuousClock.now
      let clicked = keys.map { key -> Key in
        guard case .mouse(var mouse) = key, mouse.action == .click else { return key }
        if let last = lastClick, now - last.at < .milliseconds(400), last.column == mouse.column,
          last.row == mouse.row
        {
          mouse.action = .doubleClick
          lastClick = nil
        } else {
          lastClick = (now, mouse.column, mouse.row)
        }
        return .mouse(mouse)
      }
      if !clicked.isEmpty { handle(clicked) }
    }
    // The terminal went away: leave quietly.
    handle([.endOfInput])
  }

  /// Reads what is there: the byte count, 0 after `timeout` ms without input (never, when
  /// negative), -1 at the end of input.
  private static func readChunk(
    from input: Int32, into buffer: inout [UInt8], timeout: Int32, paused: () -> Bool
  ) -> Int {
    var descriptor = pollfd(fd: input, events: Int16(POLLIN), revents: 0)
    let deadline = ContinuousClock.now + .milliseconds(max(0, timeout))
    while true {
      // Woken every 100 ms at most while waiting, so that a pause is seen before a key of
      // the command that runs is read; a timeout longer than that is kept by its deadline.
      let ready = poll(&descriptor, 1, timeout < 0 ? 100 : min(timeout, 100))
      if ready < 0, errno == EINTR { continue }
      if ready == 0, timeout < 0 || ContinuousClock.now < deadline { continue }
      if ready > 0, paused() {
        usleep(20_000)
        continue
      }
      if ready == 0 { return 0 }
      guard ready > 0 else { return -1 }
      let count = buffer.withUnsafeMutableBytes { bytes in
        read(input, bytes.baseAddress, bytes.count)
      }
      if count < 0, errno == EINTR || errno == EAGAIN { continue }
      return count > 0 ? count : -1
    }
  }
}
