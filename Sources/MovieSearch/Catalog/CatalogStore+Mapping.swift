import ExitGuard
import Foundation
import Streams

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

extension CatalogStore {
  /// A catalog file, memory-mapped: its pages are read only as searches touch them.
  ///
  /// A file that is changed while it is mapped cannot crash the process: every read is
  /// bounds-checked against the sizes checked at opening (new content gives wrong or no
  /// results), and a file cut shorter — whose missing pages would fault with SIGBUS — is
  /// registered with ExitGuard, whose handler ends the process with one line and status 1
  /// (where the process installed it, as movie-search does). Reading the whole file instead
  /// would cost its size in memory and its reading time at every start (see SECURITY.md).
  convenience init(path: String) throws(CatalogFile.FormatError) {
    // O_NONBLOCK: a FIFO (or a device) must be refused, not waited on at open.
    let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
    guard descriptor >= 0 else {
      throw CatalogFile.FormatError(
        description: "cannot open the catalog '\(path)': \(String(cString: strerror(errno)))",
        kind: .unreadable)
    }
    var keep = false
    defer { if !keep { close(descriptor) } }
    var status = stat()
    guard fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else {
      throw CatalogFile.FormatError(
        description: "the catalog '\(path)' is not a regular file", kind: .unreadable)
    }
    let size = Int(status.st_size)
    guard size >= CatalogFile.headerSize else {
      // A short file that does not start as a catalog is not one (a CSV named by mistake).
      var head = [UInt8](repeating: 0, count: 7)
      let read = pread(descriptor, &head, head.count, 0)
      if size > 0, read < 7 || head != Array(CatalogFile.magic.prefix(7)) {
        throw CatalogFile.FormatError(
          description: "the catalog '\(path)' is not a movie-search catalog", kind: .notACatalog)
      }
      throw CatalogFile.FormatError(
        description:
          "the catalog '\(path)' is damaged: \(size == 0 ? "it is empty" : "it is too short")")
    }
    guard let mapping = mmap(nil, size, PROT_READ, MAP_PRIVATE, descriptor, 0),
      mapping != MAP_FAILED
    else {
      throw CatalogFile.FormatError(
        description: "cannot map the catalog '\(path)': \(String(cString: strerror(errno)))",
        kind: .unreadable)
    }
    // Searching reads a few bytes of each film it looks at, scattered over the file: no
    // reading ahead around them.
    _ = madvise(mapping, size, MADV_RANDOM)
    let message = "Error: the catalog '\(path)' changed while it was read.\n"
    let slot = message.withCString { ms_guard_mapping(mapping, size, $0, strlen($0)) }
    keep = true
    try self.init(
      address: UInt(bitPattern: mapping), size: size,
      owner: .mapped(descriptor: descriptor, guardSlot: slot), name: path)
  }
}
