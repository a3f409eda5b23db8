import Foundation
import ZlibShim

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads a tab-separated file line by line, gzipped or not (zlib, loaded at run time, reads
/// both), with bounded memory: lines are handed over as fields of bytes, never as strings.
/// A gzipped file is checked whole: its data against the trailer's CRC-32 and length, and its
/// stream against ending early (an interrupted download), either of which is a ``Failure``.
final class TSVReader {
  /// Why a file could not be read: one line.
  struct Failure: Error, CustomStringConvertible {
    let description: String
  }

  private let file: UnsafeMutableRawPointer?
  private let plain: Int32
  let path: String
  private var buffer = [UInt8](repeating: 0, count: 1 << 18)
  private var start = 0
  private var end = 0
  private var atEnd = false
  /// The number of the last line read (from 1, the header included).
  private(set) var line = 0
  /// Whether the last line read was longer than ``longestLine`` (it was read as empty).
  private(set) var lastLineTooLong = false
  /// Whether the last line read had no line end: the file's last, cut short or written
  /// without one.
  private(set) var lastLineUnended = false
  /// A line longer than this is skipped (IMDb's longest are a few kilobytes).
  static let longestLine = 1 << 20

  /// The file's name, as messages give it.
  var name: String { (path as NSString).lastPathComponent }

  init(path: String) throws(Failure) {
    self.path = path
    var status = stat()
    guard stat(path, &status) == 0 else {
      throw Failure(description: "cannot read '\(path)': \(String(cString: strerror(errno)))")
    }
    guard (status.st_mode & S_IFMT) == S_IFREG else {
      throw Failure(description: "'\(path)' is not a regular file")
    }
    if ms_zlib_load() == 1 {
      file = ms_gz_open(path)
      plain = -1
      guard file != nil else {
        throw Failure(description: "cannot read '\(path)': \(String(cString: strerror(errno)))")
      }
    } else {
      guard !path.hasSuffix(".gz") else {
        throw Failure(
          description: "'\(path)' is gzipped and zlib cannot be loaded here: unzip it first")
      }
      file = nil
      plain = open(path, O_RDONLY | O_CLOEXEC)
      guard plain >= 0 else {
        throw Failure(description: "cannot read '\(path)': \(String(cString: strerror(errno)))")
      }
    }
  }

  deinit {
    if let file { ms_gz_close(file) }
    if plain >= 0 { close(plain) }
  }

  /// The next line (without its line end; its fields are `fields`), `nil` at
  /// the end; a line over ``longestLine`` is skipped and read as empty. A line is handed over
  /// whole so that the caller can skip the many it does not need before splitting it.
  func nextLine() throws(Failure) -> ArraySlice<UInt8>? {
    lastLineTooLong = false
    while true {
      if let newline = buffer[start..<end].firstIndex(of: UInt8(ascii: "\n")) {
        var lineEnd = newline
        if lineEnd > start, buffer[lineEnd - 1] == UInt8(ascii: "\r") { lineEnd -= 1 }
        let text = buffer[start..<lineEnd]
        start = newline + 1
        line += 1
        return text
      }
      if atEnd {
        guard start < end else { return nil }
        let text = buffer[start..<end]
        start = end
        line += 1
        lastLineUnended = true
        return text
      }
      // Keep the unfinished line, read more after it.
      if start > 0 {
        buffer.replaceSubrange(0..<end - start, with: buffer[start..<end])
        end -= start
        start = 0
      }
      if end == buffer.count {
        guard buffer.count < Self.longestLine else {
          // A line too long: dropped up to its end.
          end = 0
          line += 1
          lastLineTooLong = true
          try skipToLineEnd()
          return []
        }
        buffer += [UInt8](repeating: 0, count: buffer.count)
      }
      let count = try read(into: end)
      if count == 0 { atEnd = true } else { end += count }
    }
  }

  /// Reads the rest of the file for its checks alone (nothing is handed over), while `goOn`
  /// says to — before each chunk.
  func readToEnd(while goOn: () -> Bool) throws(Failure) {
    while goOn(), try read(into: 0) > 0 {}
  }

  private func skipToLineEnd() throws(Failure) {
    while true {
      let count = try read(into: 0)
      if count == 0 {
        atEnd = true
        return
      }
      if let newline = buffer[0..<count].firstIndex(of: UInt8(ascii: "\n")) {
        buffer.replaceSubrange(0..<count - newline - 1, with: buffer[newline + 1..<count])
        end = count - newline - 1
        return
      }
    }
  }

  private func read(into offset: Int) throws(Failure) -> Int {
    let room = buffer.count - offset
    let count = buffer.withUnsafeMutableBytes { bytes -> Int in
      if let file { return Int(ms_gz_read(file, bytes.baseAddress! + offset, UInt32(room))) }
      while true {
        let count = readDescriptor(plain, bytes.baseAddress! + offset, room)
        if count < 0, errno == EINTR { continue }
        return count
      }
    }
    guard count >= 0 else {
      if let file {
        throw Failure(
          description: "\(name) is damaged (zlib: \(String(cString: ms_gz_error(file))))")
      }
      throw Failure(description: "cannot read '\(path)': \(String(cString: strerror(errno)))")
    }
    if count == 0, let file, ms_gz_ended_early(file) == 1 {
      throw Failure(description: Self.endsEarly(name))
    }
    return count
  }
}

extension TSVReader {
  /// The most bytes of an unzipped file's end ``endsInALine(_:columns:)`` reads: IMDb's
  /// lines are a few hundred bytes, their longest a few kilobytes.
  static let tailRead = 1 << 16

  /// Whether the unzipped file at `path` ends inside a line of fewer than `columns` fields —
  /// cut short, as the build finds when it reaches it — read from its last bytes alone (an
  /// unzipped file has no trailer to check); `false` when those cannot tell (a line end
  /// closes the file, or none is among them) or the file cannot be read (the build says why).
  static func endsInALine(_ path: String, columns: Int) -> Bool {
    let file = open(path, O_RDONLY | O_CLOEXEC)
    guard file >= 0 else { return false }
    defer { close(file) }
    var status = stat()
    guard fstat(file, &status) == 0, status.st_size > 0 else { return false }
    let size = Int(status.st_size)
    let count = min(size, tailRead)
    var tail = [UInt8](repeating: 0, count: count)
    let read = tail.withUnsafeMutableBytes {
      pread(file, $0.baseAddress, count, off_t(size - count))
    }
    guard read == count, tail.last != UInt8(ascii: "\n"),
      let newline = tail.lastIndex(of: UInt8(ascii: "\n"))
    else { return false }
    return isCut(tail[(newline + 1)...], columns: columns)
  }

  /// Whether `lastLine`, a file's last and without its line end, lacks some of the `columns`
  /// fields: the file was cut there (a whole last line merely lacks its line end).
  static func isCut(_ lastLine: ArraySlice<UInt8>, columns: Int) -> Bool {
    lastLine.tabs + 1 < columns
  }

  /// What is said of a file that ends before its end.
  static func endsEarly(_ name: String) -> String {
    "\(name) ends early (an incomplete download?)"
  }
}

extension ArraySlice<UInt8> {
  /// A line's tab-separated fields (`\N` — IMDb's "no value" — is left to the caller).
  var fields: [ArraySlice<UInt8>] {
    // The tabs found with `memchr` (the generic `split` was a fifteenth of a build).
    var fields: [ArraySlice<UInt8>] = []
    fields.reserveCapacity(10)
    var start = startIndex
    withUnsafeBufferPointer { line in
      guard let base = line.baseAddress else { return }
      var at = 0
      while let tab = memchr(base + at, Int32(UInt8(ascii: "\t")), line.count - at) {
        let offset = base.distance(to: tab.assumingMemoryBound(to: UInt8.self))
        fields.append(self[start..<startIndex + offset])
        start = startIndex + offset + 1
        at = offset + 1
      }
    }
    fields.append(self[start...])
    return fields
  }

  /// A line's first field: the id in every IMDb file.
  var firstField: ArraySlice<UInt8> {
    self[..<(firstIndex(of: UInt8(ascii: "\t")) ?? endIndex)]
  }

  /// A line's second field (empty when it has one field).
  var secondField: ArraySlice<UInt8> {
    guard let tab = firstIndex(of: UInt8(ascii: "\t")) else { return self[endIndex...] }
    let rest = self[(tab + 1)...]
    return rest[..<(rest.firstIndex(of: UInt8(ascii: "\t")) ?? rest.endIndex)]
  }

  /// How many tabs the line has.
  var tabs: Int {
    var count = 0
    for byte in self where byte == UInt8(ascii: "\t") { count += 1 }
    return count
  }

  /// IMDb's "no value".
  var isMissing: Bool { count == 2 && first == UInt8(ascii: "\\") && last == UInt8(ascii: "N") }

  /// The text, or `nil` for `\N` or nothing.
  var text: String? { isMissing || isEmpty ? nil : String(decoding: self, as: UTF8.self) }

  /// A whole number of at most nine digits (no sign), or `nil`.
  var smallNumber: Int? {
    guard !isEmpty, count <= 9 else { return nil }
    var value = 0
    for byte in self {
      guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
      value = value * 10 + Int(byte - UInt8(ascii: "0"))
    }
    return value
  }

  /// The number of an IMDb id (`tt0133093` → 133093, `nm0000001` → 1), or `nil`.
  var imdbNumber: Int? {
    guard count > 2 else { return nil }
    return self[(startIndex + 2)...].smallNumber
  }
}

/// `read(2)`, by a name a method of the same name cannot hide.
private func readDescriptor(_ descriptor: Int32, _ bytes: UnsafeMutableRawPointer, _ count: Int)
  -> Int
{
  read(descriptor, bytes, count)
}
