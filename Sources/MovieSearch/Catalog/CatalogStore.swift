import CatalogData
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

/// Read-only access to a catalog file (see ``CatalogFile``) where it lies: embedded in the
/// binary, memory-mapped, or in a buffer. Opening checks the header and the sections' sizes
/// only — nothing is read until a search needs it — and every read is bounds-checked, so a
/// damaged file gives wrong or no results, never a crash.
final class CatalogStore: Sendable {
  /// One film's record.
  struct Record {
    var id: Int
    var votes: Int
    var budget: Int
    var year: Int
    var minutes: Int
    var rating: Double
    var mpaa: Int
    var genreFlags: UInt8
    var title: String
  }

  /// Where the bytes came from, and who frees them.
  private enum Owner {
    case embedded, allocated
    /// Mapped from a file that stays open: records and titles are read from it with
    /// `pread` (see `readBytes`). `guardSlot` is the mapping's registration with ExitGuard.
    case mapped(descriptor: Int32, guardSlot: Int32)
  }

  // The bytes are immutable and outlive this object (the embedded catalog lives as long as
  // the process; a buffer or a mapping is released in `deinit`), so their address can be
  // shared between threads as a plain integer.
  private let address: UInt
  private let size: Int
  private let owner: Owner
  /// The number of films.
  let count: Int
  /// The number of terms in the vocabulary.
  let termCount: Int
  private let summariesStart: Int
  private let wordStartsStart: Int
  private let wordIDsStart: Int
  private let wordCount: Int
  private let termStartsStart: Int
  private let postingStartsStart: Int
  private let postingsStart: Int
  private let postingCount: Int
  private let nodesStart: Int
  private let nodeCount: Int
  private let termBytesStart: Int
  private let termBytesCount: Int
  private let titlesStart: Int
  private let titlesCount: Int

  /// The catalog built into the binary.
  static func embedded() throws(CatalogFile.FormatError) -> CatalogStore {
    try CatalogStore(
      address: UInt(bitPattern: movie_catalog_bytes()), size: movie_catalog_size(), owner: .embedded
    )
  }

  /// A catalog from bytes in memory (they are copied once).
  convenience init(bytes: [UInt8]) throws(CatalogFile.FormatError) {
    let memory = UnsafeMutableRawPointer.allocate(byteCount: max(bytes.count, 1), alignment: 16)
    bytes.withUnsafeBytes { source in
      if let base = source.baseAddress { memory.copyMemory(from: base, byteCount: source.count) }
    }
    try self.init(address: UInt(bitPattern: memory), size: bytes.count, owner: .allocated)
  }

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

  private init(address: UInt, size: Int, owner: Owner, name: String? = nil)
    throws(CatalogFile.FormatError)
  {
    let bytes = UnsafeRawBufferPointer(start: UnsafeRawPointer(bitPattern: address), count: size)
    func header(_ at: Int) -> Int {
      guard size >= CatalogFile.headerSize else { return 0 }
      return Int(bytes.loadUnaligned(fromByteOffset: at, as: UInt32.self).littleEndian)
    }
    // Every stored property is set before the first check, so that `deinit` (which releases
    // the bytes) also runs when a check throws.
    self.address = address
    self.size = size
    self.owner = owner
    count = header(8)
    termCount = header(12)
    titlesCount = header(16)
    termBytesCount = header(20)
    postingCount = header(24)
    wordCount = header(28)
    nodeCount = header(32)
    summariesStart = CatalogFile.headerSize + count * CatalogFile.recordSize
    wordStartsStart = summariesStart + count * CatalogFile.summarySize
    wordIDsStart = wordStartsStart + (count + 1) * 4
    termStartsStart = wordIDsStart + wordCount * 4
    postingStartsStart = termStartsStart + (termCount + 1) * 4
    postingsStart = postingStartsStart + (termCount + 1) * 4
    nodesStart = postingsStart + postingCount * 4
    termBytesStart = nodesStart + nodeCount * CatalogFile.nodeSize
    titlesStart = termBytesStart + termBytesCount
    let what = name.map { "the catalog '\($0)'" } ?? "the movie catalog"
    guard size >= CatalogFile.headerSize, Array(bytes[0..<8]) == CatalogFile.magic else {
      let (reason, kind): (String, OfflineCatalog.FileError.Kind) =
        if size == 0 {
          ("is damaged: it is empty", .damaged)
        } else if size >= 8, Array(bytes[0..<7]) == Array(CatalogFile.magic.prefix(7)) {
          ("was made by another version of movie-search", .otherVersion)
        } else {
          ("is not a movie-search catalog", .notACatalog)
        }
      throw CatalogFile.FormatError(description: "\(what) \(reason)", kind: kind)
    }
    guard titlesStart + titlesCount == size else {
      throw CatalogFile.FormatError(description: "\(what) is damaged: its size is wrong")
    }
  }

  deinit {
    switch owner {
    case .embedded: break
    case .allocated: UnsafeMutableRawPointer(bitPattern: address)?.deallocate()
    case .mapped(let descriptor, let slot):
      ms_guard_forget_mapping(slot)
      munmap(UnsafeMutableRawPointer(bitPattern: address), size)
      close(descriptor)
    }
  }

  private var base: UnsafeRawPointer {
    UnsafeRawPointer(bitPattern: address) ?? UnsafeRawPointer(bitPattern: 16)!
  }

  @inline(__always) private func load32(_ offset: Int) -> Int {
    Int(base.loadUnaligned(fromByteOffset: offset, as: UInt32.self).littleEndian)
  }

  @inline(__always) private func load16(_ offset: Int) -> Int {
    Int(base.loadUnaligned(fromByteOffset: offset, as: UInt16.self).littleEndian)
  }

  /// Calls `body` with `count` bytes at `offset` of the file. A mapped file's are read with
  /// `pread` rather than through the mapping: records and titles are read only for the
  /// films shown, one here and one there, and the kernel maps a whole (often large) page
  /// cache folio around each byte read through a mapping — a million-film catalog's records
  /// would otherwise count towards the process's memory after a few searches.
  private func readBytes<T>(_ offset: Int, _ count: Int, _ body: (UnsafeRawBufferPointer) -> T)
    -> T
  {
    guard case .mapped(let descriptor, _) = owner else {
      return body(UnsafeRawBufferPointer(start: base + offset, count: count))
    }
    return withUnsafeTemporaryAllocation(byteCount: max(count, 1), alignment: 8) { buffer in
      var done = 0
      while done < count {
        let read = pread(descriptor, buffer.baseAddress! + done, count - done, off_t(offset + done))
        if read < 0, errno == EINTR { continue }
        guard read > 0 else { break }
        done += read
      }
      // A failed read gives zeros: a damaged file finds less, never crashes.
      if done < count {
        (buffer.baseAddress! + done).initializeMemory(
          as: UInt8.self, repeating: 0, count: count - done)
      }
      return body(UnsafeRawBufferPointer(start: buffer.baseAddress, count: count))
    }
  }

  /// The record bytes of the film at `index`.
  private func recordBytes<T>(_ index: Int, _ body: (UnsafeRawBufferPointer) -> T) -> T {
    readBytes(CatalogFile.headerSize + index * CatalogFile.recordSize, CatalogFile.recordSize, body)
  }

  /// The film at `index` (0..<count).
  func record(_ index: Int) -> Record {
    recordBytes(index) { bytes in
      func field32(_ at: Int) -> Int {
        Int(bytes.loadUnaligned(fromByteOffset: at, as: UInt32.self).littleEndian)
      }
      func field16(_ at: Int) -> Int {
        Int(bytes.loadUnaligned(fromByteOffset: at, as: UInt16.self).littleEndian)
      }
      return Record(
        id: field32(0), votes: field32(8), budget: field32(12), year: field16(16),
        minutes: field16(18), rating: Double(bytes[22]) / 10, mpaa: Int(bytes[23]),
        genreFlags: bytes[24], title: title(start: field32(4), length: field16(20)))
    }
  }

  /// A display title, from where the record says it is.
  private func title(start: Int, length: Int) -> String {
    guard start + length <= titlesCount else { return "" }
    return readBytes(titlesStart + start, length) { String(decoding: $0, as: UTF8.self) }
  }

  /// The id of the film at `index`.
  func id(_ index: Int) -> Int {
    recordBytes(index) { Int($0.loadUnaligned(as: UInt32.self).littleEndian) }
  }

  /// The index of the film with id `id`: records are stored by id.
  func index(ofID id: Int) -> Int? {
    var low = 0
    var high = count
    while low < high {
      let middle = (low + high) / 2
      let found = self.id(middle)
      if found == id { return middle }
      if found < id { low = middle + 1 } else { high = middle }
    }
    return nil
  }

  /// log10(1 + popularity) of the film at `index`, its year, and its flags, in one load.
  @inline(__always) func summary(_ index: Int) -> (popularity: Float, year: Int, flags: UInt8) {
    let value = base.loadUnaligned(
      fromByteOffset: summariesStart + index * CatalogFile.summarySize, as: UInt64.self
    ).littleEndian
    return (
      Float(bitPattern: UInt32(truncatingIfNeeded: value)), Int((value >> 32) & 0xFFFF),
      UInt8(truncatingIfNeeded: value >> 48)
    )
  }

  /// The term ids of the title of the film at `index`, in order.
  @inline(__always) func words(_ index: Int) -> WordIDs {
    let start = load32(wordStartsStart + index * 4)
    let end = load32(wordStartsStart + (index + 1) * 4)
    guard start <= end, end <= wordCount else {
      return WordIDs(base: base, start: 0, count: 0, limit: 0)
    }
    return WordIDs(base: base + wordIDsStart, start: start, count: end - start, limit: termCount)
  }

  /// A film's term ids, read in place.
  struct WordIDs {
    let base: UnsafeRawPointer
    let start: Int
    let count: Int
    /// Ids at or past this are damage, read as "no term".
    let limit: Int

    @inline(__always) subscript(position: Int) -> Int {
      let id = Int(
        base.loadUnaligned(fromByteOffset: (start + position) * 4, as: UInt32.self).littleEndian)
      return id < limit ? id : -1
    }
  }

  /// The vocabulary's trie in place (see ``CatalogFile``).
  var trie: Trie { Trie(base: base + nodesStart, count: nodeCount, termCount: termCount) }

  /// The trie of the vocabulary, read in place; a damaged node reads as a leaf of no terms.
  struct Trie {
    let base: UnsafeRawPointer
    let count: Int
    let termCount: Int

    struct Node {
      var terms: Range<Int>
      var children: Range<Int>
      var byte: UInt8
      var isTerm: Bool
    }

    @inline(__always) func node(_ index: Int) -> Node {
      let at = index * CatalogFile.nodeSize
      let low = Int(base.loadUnaligned(fromByteOffset: at, as: UInt32.self).littleEndian)
      let high = Int(base.loadUnaligned(fromByteOffset: at + 4, as: UInt32.self).littleEndian)
      let first = Int(base.loadUnaligned(fromByteOffset: at + 8, as: UInt32.self).littleEndian)
      let children = Int(base.loadUnaligned(fromByteOffset: at + 12, as: UInt16.self).littleEndian)
      let byte = base.load(fromByteOffset: at + 14, as: UInt8.self)
      let isTerm = base.load(fromByteOffset: at + 15, as: UInt8.self) != 0
      guard index < count, low <= high, high <= termCount, first > index, first + children <= count
      else { return Node(terms: 0..<0, children: 0..<0, byte: byte, isTerm: false) }
      return Node(terms: low..<high, children: first..<first + children, byte: byte, isTerm: isTerm)
    }
  }

  /// The bytes of term `term`.
  @inline(__always) func term(_ term: Int) -> UnsafeRawBufferPointer {
    let start = load32(termStartsStart + term * 4)
    let end = load32(termStartsStart + (term + 1) * 4)
    guard start <= end, end <= termBytesCount else {
      return UnsafeRawBufferPointer(start: nil, count: 0)
    }
    return UnsafeRawBufferPointer(start: base + termBytesStart + start, count: end - start)
  }

  /// The postings (film indices) of the terms `terms`, one contiguous run.
  @inline(__always) func postings(_ terms: Range<Int>) -> Postings {
    let start = load32(postingStartsStart + terms.lowerBound * 4)
    let end = load32(postingStartsStart + terms.upperBound * 4)
    guard start <= end, end <= postingCount else {
      return Postings(base: base, range: 0..<0, limit: 0)
    }
    return Postings(base: base + postingsStart, range: start..<end, limit: count)
  }

  /// A run of postings, read in place.
  struct Postings {
    let base: UnsafeRawPointer
    let range: Range<Int>
    /// Indices at or past this are damage, skipped.
    let limit: Int

    var count: Int { range.count }

    @inline(__always) func visit(_ body: (Int) -> Void) {
      for position in range {
        let index = Int(
          base.loadUnaligned(fromByteOffset: position * 4, as: UInt32.self).littleEndian)
        if index < limit { body(index) }
      }
    }
  }
}
