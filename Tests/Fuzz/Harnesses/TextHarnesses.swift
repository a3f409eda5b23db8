import MovieSearchCLI

/// The line and key readers, and what a preview command prints.
enum TextHarnesses {
  /// A preview command's output, cleaned and wrapped to a width the first byte sets; the
  /// bytes also read as a `--preview-window` value.
  static func previewOutput(_ bytes: [UInt8]) {
    guard let first = bytes.first else { return }
    for line in PreviewCommand.lines(Array(bytes.dropFirst())) {
      _ = line.wrapped(to: Int(first % 80) + 1)
    }
    _ = PreviewWindow(String(decoding: bytes, as: UTF8.self))
  }

  static func streamLines(_ bytes: [UInt8]) {
    for line in bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
      _ = StreamEvent.parse(Array(line))
    }
  }

  /// The bytes fed in reads whose sizes the first byte sets (1 to 256), then a silence.
  static func keys(_ bytes: [UInt8]) {
    guard let first = bytes.first else { return }
    let size = Int(first) + 1
    var parser = KeyParser()
    var at = 1
    while at < bytes.count {
      _ = parser.feed(bytes[at..<min(at + size, bytes.count)])
      at += size
    }
    _ = parser.flush()
  }
}
