import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A TMDb key or token kept in a file (`--api-key-file`, `--token-file`), so that it never
/// appears in `ps` or a shell's history. A regular file must be readable by its owner alone,
/// as ssh asks of a private key; a pipe (`--api-key-file <(pass tmdb)`) is read as it comes.
enum KeyFile {
  /// Why the key could not be read: one line, without the key.
  struct Failure: Error, CustomStringConvertible {
    let description: String
  }

  /// The most bytes read: a key is a few dozen, a token a few hundred.
  static let limit = 4096

  static func read(_ path: String) throws(Failure) -> String {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else {
      throw Failure(
        description: "cannot read the key file '\(path)': \(String(cString: strerror(errno)))")
    }
    defer { close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0 else {
      throw Failure(
        description: "cannot read the key file '\(path)': \(String(cString: strerror(errno)))")
    }
    let kind = status.st_mode & S_IFMT
    if kind == S_IFDIR { throw Failure(description: "the key file '\(path)' is a folder") }
    if kind == S_IFREG, status.st_mode & 0o077 != 0 {
      throw Failure(
        description:
          "the key file '\(path)' can be read or written by other users: make it yours alone (chmod 600 '\(path)')"
      )
    }
    var bytes = [UInt8](repeating: 0, count: limit + 1)
    var count = 0
    while count < bytes.count {
      let read = bytes.withUnsafeMutableBytes {
        systemRead(descriptor, $0.baseAddress! + count, $0.count - count)
      }
      if read < 0, errno == EINTR { continue }
      guard read >= 0 else {
        throw Failure(
          description: "cannot read the key file '\(path)': \(String(cString: strerror(errno)))")
      }
      if read == 0 { break }
      count += read
    }
    guard count <= limit else {
      throw Failure(description: "the key file '\(path)' does not hold a key: \(whatAKeyIs)")
    }
    let text = String(decoding: bytes[..<count], as: UTF8.self)
      .trimmingCharacters(in: .whitespacesAndNewlines)
    guard !text.isEmpty else { throw Failure(description: "the key file '\(path)' is empty") }
    guard isKey(text) else {
      // What it holds is not said: it may be anything (a link to /proc/self/environ).
      throw Failure(description: "the key file '\(path)' does not hold a key: \(whatAKeyIs)")
    }
    return text
  }

  /// The longest key or token taken: TMDb's v3 keys are 32 characters, its v4 tokens a few
  /// hundred.
  static let longestKey = 2048

  /// What a key is, for the message that something is not one.
  static let whatAKeyIs =
    "a key is one word of printable ASCII characters, at most \(Format.count(longestKey))"

  /// Whether `text` can be a key or token: printable ASCII without spaces (no control
  /// character, no NUL, nothing a header line could be split by), at most ``longestKey``.
  static func isKey(_ text: String) -> Bool {
    (1...longestKey).contains(text.utf8.count)
      && text.utf8.allSatisfy { (0x21...0x7E).contains($0) }
  }
}

extension KeyFile {
  /// Overwrites the values of `options` (`--api-key KEY`, `--api-key=KEY`) with `*` in the
  /// process's own argument memory — what `ps` and `/proc/PID/cmdline` show — so that a key
  /// given on the command line is visible there only for the instant before this runs. Call
  /// it once `CommandLine.arguments` has been read (it is a copy made at first use).
  static func hideFromProcessList(options: [String]) {
    let argv = CommandLine.unsafeArgv
    var index = 1
    var hideNext = false
    while index < Int(CommandLine.argc), let argument = argv[index] {
      defer { index += 1 }
      let text = String(cString: argument)
      if hideNext {
        hideNext = false
        memset(argument, Int32(UInt8(ascii: "*")), strlen(argument))
        continue
      }
      if text == "--" { return }
      if options.contains(text) {
        hideNext = true
      } else if let option = options.first(where: { text.hasPrefix($0 + "=") }) {
        let start = argument + option.utf8.count + 1
        memset(start, Int32(UInt8(ascii: "*")), strlen(start))
      }
    }
  }
}

/// `read(2)`, by a name a method of the same name cannot hide.
private func systemRead(_ descriptor: Int32, _ bytes: UnsafeMutableRawPointer, _ count: Int) -> Int
{
  read(descriptor, bytes, count)
}
