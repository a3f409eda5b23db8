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
  let filmCount: Int
  /// The number of titles searched: every film's display title (title *i* is film *i*'s),
  /// then their other titles.
  let titleCount: Int
  /// The number of terms in the vocabulary.
  let termCount: Int
  /// Where each section starts (see ``CatalogFile``), and how many of each thing there are.
  let layout: Layout
  /// The genres' names, once asked.
  let genreTable = Remembered<[String]>()

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
    layout = Layout(
      counts: (0..<13).map { header(8 + 4 * $0) }
        + [CatalogFile.postingBytesOffset, CatalogFile.soundOrderOffset].map(header)
        + [header(CatalogFile.initialsOrderOffset)]
        + [header(CatalogFile.recordFieldsOffset - 3) >> 24])
    filmCount = layout.films
    titleCount = layout.titles
    termCount = layout.terms
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
    // The postings' count is the last term's end (read once the sections are known to fit).
    guard layout.end == size, titleCount >= filmCount,
      CatalogFile.RecordFields.all.isSuperset(of: layout.recordFields),
      layout.soundOrderCount <= termCount, layout.initialsCount <= 2 * titleCount,
      postingStarts[termCount] == layout.postings
    else {
      throw CatalogFile.FormatError(description: "\(what) is damaged: its size is wrong")
    }
  }

  /// Where each section starts, from the header's counts (each below 2³²: no sum overflows).
  struct Layout {
    let films, terms, textBytes, termBytes, postings, words, nodes, titles, extrasBytes: Int
    let names, nameBytes, genres, genreBytes, postingBytes, soundOrderCount, initialsCount: Int
    /// Which of a record's fields are stored, and so its size.
    let recordFields: CatalogFile.RecordFields
    let recordSize: Int
    let titleFilms, titleTexts, summaries, wordStarts, wordIDs, termStarts: Int
    let postingStarts, postingByteStarts: Int
    let postingsStart, nodesStart, termBytesStart, soundOrder, initialsOrder, extrasStarts: Int
    let extras, nameStarts: Int
    let nameBytesStart, genreStarts, genreBytesStart, texts, end: Int

    init(counts: [Int]) {
      (films, terms, textBytes, termBytes, postings, words, nodes) = (
        counts[0], counts[1], counts[2], counts[3], counts[4], counts[5], counts[6]
      )
      (titles, extrasBytes, names, nameBytes, genres, genreBytes, postingBytes) = (
        counts[7], counts[8], counts[9], counts[10], counts[11], counts[12], counts[13]
      )
      soundOrderCount = counts[14]
      initialsCount = counts[15]
      // Unknown fields are damage (see `init`).
      recordFields = CatalogFile.RecordFields(rawValue: UInt8(truncatingIfNeeded: counts[16]))
      recordSize = recordFields.recordSize
      titleFilms = CatalogFile.headerSize + films * recordSize
      // Only the other titles say their film: a display title's is its own index.
      titleTexts = titleFilms + (titles - films) * 4
      // Offsets and ids are packed (see ``PackedInts``), as wide as their largest can be.
      typealias Table = PackedInts
      summaries = titleTexts + Table.size(count: titles + 1, largest: textBytes)
      wordStarts = summaries + titles * CatalogFile.summarySize
      wordIDs = wordStarts + Table.size(count: titles + films + 1, largest: words)
      termStarts = wordIDs + Table.size(count: words, largest: terms - 1)
      postingStarts = termStarts + Table.size(count: terms + 1, largest: termBytes)
      postingByteStarts = postingStarts + Table.size(count: terms + 1, largest: postings)
      postingsStart = postingByteStarts + Table.size(count: terms + 1, largest: postingBytes)
      nodesStart = postingsStart + postingBytes
      termBytesStart = nodesStart + (nodes + 1) * CatalogFile.nodeSize + 1
      soundOrder = termBytesStart + termBytes
      initialsOrder = soundOrder + Table.size(count: soundOrderCount, largest: terms - 1)
      extrasStarts = initialsOrder + initialsCount * 4
      extras = extrasStarts + Table.size(count: films + 1, largest: extrasBytes)
      nameStarts = extras + extrasBytes
      nameBytesStart = nameStarts + (NameBlocks.blocks(names) + 1) * 4
      genreStarts = nameBytesStart + nameBytes
      genreBytesStart = genreStarts + (genres + 1) * 4
      texts = genreBytesStart + genreBytes
      end = texts + textBytes
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

  /// `count` bytes at `offset`, in place (the caller has checked them against the layout).
  @inline(__always) func inPlace(_ offset: Int, count: Int) -> UnsafeRawBufferPointer {
    UnsafeRawBufferPointer(start: base + offset, count: count)
  }

  @inline(__always) func load32(_ offset: Int) -> Int {
    Int(base.loadUnaligned(fromByteOffset: offset, as: UInt32.self).littleEndian)
  }

  /// Calls `body` with each person's index and name, in order, read in place (a listing by
  /// person reads every name).
  func forEachName(_ body: (Int, UnsafeRawBufferPointer) -> Void) {
    for block in 0..<NameBlocks.blocks(layout.names) {
      let start = load32(layout.nameStarts + block * 4)
      let end = load32(layout.nameStarts + (block + 1) * 4)
      guard start <= end, end <= layout.nameBytes else { continue }
      let first = block * NameBlocks.size
      NameBlocks.decode(
        inPlace(layout.nameBytesStart + start, count: end - start),
        through: min(NameBlocks.size, layout.names - first) - 1
      ) { position, name in body(first + position, name) }
    }
  }

  /// The first eight bytes of film `index`'s display title, ASCII letters lower-cased,
  /// as a number that orders as the text does (shorter titles padded with zeros).
  func titleSortKey(_ film: Int) -> UInt64 {
    guard film >= 0, film < filmCount else { return 0 }
    let start = titleStarts[film]
    let end = titleStarts[film + 1]
    guard start <= end, end <= layout.textBytes else { return 0 }
    let length = end - start
    var key: UInt64 = 0
    for offset in 0..<8 {
      var byte = offset < length ? load8(layout.texts + start + offset) : 0
      if (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) { byte += 32 }
      key = key << 8 | UInt64(byte)
    }
    return key
  }

  @inline(__always) func load8(_ offset: Int) -> UInt8 {
    base.load(fromByteOffset: offset, as: UInt8.self)
  }

  @inline(__always) func load16(_ offset: Int) -> Int {
    Int(base.loadUnaligned(fromByteOffset: offset, as: UInt16.self).littleEndian)
  }

  /// Whether this is the catalog built into the binary.
  var isEmbedded: Bool {
    if case .embedded = owner { return true }
    return false
  }

  /// What the header says of where the catalog came from (see ``CatalogFile/Origin``).
  var origin: CatalogFile.Origin {
    readBytes(CatalogFile.originOffset, 4) { bytes in
      let day = Int(bytes.loadUnaligned(as: UInt16.self).littleEndian)
      return CatalogFile.Origin(
        source: OfflineCatalog.Coverage.Source(rawValue: bytes[2]) ?? .unknown,
        day: day > 0 ? day : nil)
    }
  }

  /// Calls `body` with `count` bytes at `offset` of the file. A mapped file's are read with
  /// `pread` rather than through the mapping: records and titles are read only for the
  /// films shown, one here and one there, and the kernel maps a whole (often large) page
  /// cache folio around each byte read through a mapping — a million-film catalog's records
  /// would otherwise count towards the process's memory after a few searches.
  func readBytes<T>(_ offset: Int, _ count: Int, _ body: (UnsafeRawBufferPointer) -> T)
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

  /// What ranking reads of title `index` in one load: its film's log10(1 + popularity) and
  /// year, its flags, and how many words the title has (up to 255).
  @inline(__always) func summary(_ index: Int) -> (
    popularity: Float, year: Int, flags: UInt8, titleWords: Int
  ) {
    let value = base.loadUnaligned(
      fromByteOffset: layout.summaries + index * CatalogFile.summarySize, as: UInt64.self
    ).littleEndian
    return (
      Float(bitPattern: UInt32(truncatingIfNeeded: value)), Int((value >> 32) & 0xFFFF),
      UInt8(truncatingIfNeeded: value >> 48), Int(value >> 56)
    )
  }

  /// The term ids of title `index`: its words in order, then its film's people's (stored
  /// once per film, read after the title's words whichever of its titles it is).
  @inline(__always) func words(_ index: Int) -> WordIDs {
    guard index >= 0, index < titleCount else {
      return WordIDs(ids: wordIDs, title: 0, titleCount: 0, people: 0, count: 0, limit: 0)
    }
    let people = layout.titles + film(ofTitle: index)
    let starts = wordStarts
    let start = starts[index]
    let end = starts[index + 1]
    let peopleStart = starts[people]
    let peopleEnd = starts[people + 1]
    guard start <= end, end <= layout.words, peopleStart <= peopleEnd, peopleEnd <= layout.words
    else { return WordIDs(ids: wordIDs, title: 0, titleCount: 0, people: 0, count: 0, limit: 0) }
    return WordIDs(
      ids: wordIDs, title: start, titleCount: end - start,
      people: peopleStart - (end - start), count: end - start + peopleEnd - peopleStart,
      limit: termCount)
  }

  /// The term ids of title `index`'s own words (not its people's).
  @inline(__always) func titleWords(_ index: Int) -> WordIDs {
    guard index >= 0, index < titleCount else {
      return WordIDs(ids: wordIDs, title: 0, titleCount: 0, people: 0, count: 0, limit: 0)
    }
    let start = wordStarts[index]
    let end = wordStarts[index + 1]
    guard start <= end, end <= layout.words else {
      return WordIDs(ids: wordIDs, title: 0, titleCount: 0, people: 0, count: 0, limit: 0)
    }
    return WordIDs(
      ids: wordIDs, title: start, titleCount: end - start, people: 0,
      count: end - start, limit: termCount)
  }

  /// A title's term ids, read in place: its own words, then its film's people's.
  struct WordIDs {
    /// The word ids (see ``PackedInts``).
    let ids: PackedInts
    /// Where the title's words start.
    let title: Int
    /// How many words are the title's: the rest are its film's people's.
    let titleCount: Int
    /// Where the people's words start, less `titleCount` (so that position `titleCount` is
    /// the first of them).
    let people: Int
    let count: Int
    /// Ids at or past this are damage, read as "no term".
    let limit: Int

    @inline(__always) subscript(position: Int) -> Int {
      let id = ids[position < titleCount ? title &+ position : people &+ position]
      return id < limit ? id : -1
    }
  }

  /// The vocabulary's trie in place (see ``CatalogFile/trie(_:)``).
  var trie: Trie {
    Trie(
      base: base + layout.nodesStart, count: layout.nodes, termCount: termCount,
      termStarts: termStarts, termBytes: base + layout.termBytesStart,
      termBytesCount: layout.termBytes)
  }

  /// The trie of the vocabulary, read in place; a damaged node reads as a leaf of no terms.
  struct Trie {
    /// The top bit of a node's first child (three bytes): its path is a term.
    static let termFlag: UInt32 = 1 << 23

    let base: UnsafeRawPointer
    /// The number of nodes (the sentinel after them not counted).
    let count: Int
    let termCount: Int
    let termStarts: PackedInts
    let termBytes: UnsafeRawPointer
    let termBytesCount: Int

    /// A node: the terms that start with its path, its children, the last byte of its path
    /// and whether its path is a term itself.
    struct Node {
      var terms: Range<Int>
      var children: Range<Int>
      var byte: UInt8
      var isTerm: Bool
    }

    /// The root: every term.
    var root: Node { node(0, termsEnd: termCount) }

    /// Child `index` of `parent` (one of `parent.children`): its terms end where its next
    /// sibling's begin, or with its parent's.
    @inline(__always) func child(_ index: Int, of parent: Node) -> Node {
      let end =
        index + 1 < parent.children.upperBound ? firstTerm(index + 1) : parent.terms.upperBound
      return node(index, termsEnd: end)
    }

    /// The byte of node `index` (0 past the end).
    @inline(__always) func byte(_ index: Int) -> UInt8 {
      index < count
        ? base.load(fromByteOffset: index &* CatalogFile.nodeSize &+ 6, as: UInt8.self) : 0
    }

    @inline(__always) private func firstTerm(_ index: Int) -> Int {
      index < count ? Int(load(index &* CatalogFile.nodeSize) & 0xFF_FFFF) : 0
    }

    @inline(__always) private func load(_ offset: Int) -> UInt32 {
      base.loadUnaligned(fromByteOffset: offset, as: UInt32.self).littleEndian
    }

    @inline(__always) private func node(_ index: Int, termsEnd high: Int) -> Node {
      // The sentinel after the last node, and a spare byte, are always there: node
      // `index + 1` can be read, eight bytes at a time.
      guard index >= 0, index < count else {
        return Node(terms: 0..<0, children: 0..<0, byte: 0, isTerm: false)
      }
      let at = index &* CatalogFile.nodeSize
      let fields = base.loadUnaligned(fromByteOffset: at, as: UInt64.self).littleEndian
      let low = Int(truncatingIfNeeded: fields & 0xFF_FFFF)
      let first = UInt32(truncatingIfNeeded: fields &>> 24) & 0xFF_FFFF
      let firstChild = Int(first & ~Self.termFlag)
      let end = Int((load(at &+ CatalogFile.nodeSize &+ 3) & 0xFF_FFFF) & ~Self.termFlag)
      let byte = UInt8(truncatingIfNeeded: fields &>> 48)
      guard low <= high, high <= termCount, firstChild > index, firstChild <= end, end <= count
      else { return Node(terms: 0..<0, children: 0..<0, byte: byte, isTerm: false) }
      return Node(
        terms: low..<high, children: firstChild..<end, byte: byte,
        isTerm: first & Self.termFlag != 0)
    }

    /// When `node`, whose path is `depth` bytes long, is a tail (see ``CatalogFile/trie(_:)``):
    /// its term's bytes, the path going on along them past `depth`.
    @inline(__always) func tail(of node: Node, depth: Int) -> UnsafeRawBufferPointer? {
      guard node.terms.count == 1, node.children.isEmpty, !node.isTerm else { return nil }
      let term = node.terms.lowerBound
      let start = termStarts[term]
      let end = termStarts[term + 1]
      guard start <= end, end <= termBytesCount, end - start > depth else { return nil }
      return UnsafeRawBufferPointer(start: termBytes + start, count: end - start)
    }
  }

  /// The bytes of term `term`.
  @inline(__always) func term(_ term: Int) -> UnsafeRawBufferPointer {
    let start = termStarts[term]
    let end = termStarts[term + 1]
    guard start <= end, end <= layout.termBytes else {
      return UnsafeRawBufferPointer(start: nil, count: 0)
    }
    return UnsafeRawBufferPointer(start: base + layout.termBytesStart + start, count: end - start)
  }

  /// The id of the term at `position` of the sound order (see ``CatalogFile``); -1 for damage.
  @inline(__always) func soundOrderTerm(_ position: Int) -> Int {
    guard position >= 0, position < layout.soundOrderCount else { return -1 }
    let id = soundOrderIDs[position]
    return id < termCount ? id : -1
  }

  /// Entry `position` of the initials order (see ``InitialsIndex``); 0 past the end.
  @inline(__always) func initialsEntry(_ position: Int) -> UInt32 {
    guard position >= 0, position < layout.initialsCount else { return 0 }
    return UInt32(load32(layout.initialsOrder + position * 4))
  }

  /// Where each title's text starts (and the last one's ends).
  var titleStarts: PackedInts { PackedInts(base + layout.titleTexts, largest: layout.textBytes) }

  /// Where each title's words start, then each film's people's (and the last ones end).
  var wordStarts: PackedInts { PackedInts(base + layout.wordStarts, largest: layout.words) }

  /// Each title's words, then each film's people's, as term ids.
  var wordIDs: PackedInts { PackedInts(base + layout.wordIDs, largest: termCount - 1) }

  /// Where each term's bytes start (and the last one's end).
  var termStarts: PackedInts { PackedInts(base + layout.termStarts, largest: layout.termBytes) }

  /// How many postings come before each term's.
  var postingStarts: PackedInts {
    PackedInts(base + layout.postingStarts, largest: layout.postings)
  }

  /// Where each term's postings start.
  var postingByteStarts: PackedInts {
    PackedInts(base + layout.postingByteStarts, largest: layout.postingBytes)
  }

  /// Where each film's extras start (and the last one's end).
  var extrasStarts: PackedInts {
    PackedInts(base + layout.extrasStarts, largest: layout.extrasBytes)
  }

  /// The term ids in sound order (see ``CatalogFile``).
  var soundOrderIDs: PackedInts { PackedInts(base + layout.soundOrder, largest: termCount - 1) }

  /// The postings (title indices) of the terms `terms`, one contiguous run.
  @inline(__always) func postings(_ terms: Range<Int>) -> Postings {
    let start = postingStarts[terms.lowerBound]
    let end = postingStarts[terms.upperBound]
    guard start <= end, end <= layout.postings else {
      return Postings(
        terms: 0..<0, starts: postingStarts, byteStarts: postingByteStarts, postings: base,
        count: 0, bytes: 0, limit: 0)
    }
    return Postings(
      terms: terms, starts: postingStarts, byteStarts: postingByteStarts,
      postings: base + layout.postingsStart,
      count: end - start, bytes: layout.postingBytes, limit: titleCount)
  }

  /// A run of postings, read in place. Each term's are packed (see ``CatalogFile``): a byte
  /// saying how many bits each takes, then each title less the one before (the first: less
  /// 0), doubled, plus one when the term is a word of the title itself. A fixed width reads
  /// without a branch per posting; a term's largest gap sets it.
  struct Postings {
    /// Their terms; how many postings, and how many bytes of them, come before each one's.
    let terms: Range<Int>
    let starts: PackedInts
    let byteStarts: PackedInts
    let postings: UnsafeRawPointer
    let count: Int
    /// The postings' bytes: a term's past them are damage, skipped.
    let bytes: Int
    /// Indices at or past this are damage, skipped.
    let limit: Int

    /// Calls `body` with each title, in order for each term, and whether the term is a word
    /// of the title itself; with `titleWordsOnly`, only with those that have it so (not only
    /// in their people's names).
    @inline(__always) func visit(titleWordsOnly: Bool = false, _ body: (Int, Bool) -> Void) {
      guard !terms.isEmpty else { return }
      let limit = UInt64(limit)
      var count = starts[terms.lowerBound]
      var start = byteStarts[terms.lowerBound]
      for term in terms {
        let nextCount = starts[term &+ 1]
        let nextStart = byteStarts[term &+ 1]
        defer { (count, start) = (nextCount, nextStart) }
        // The spare bytes after the last term's are not its own.
        guard start < nextStart, nextStart <= bytes &- 8, count < nextCount else { continue }
        let width = Int(postings.load(fromByteOffset: start, as: UInt8.self))
        guard (1...48).contains(width) else { continue }
        let mask: UInt64 = (1 &<< UInt64(width)) &- 1
        let data = start &+ 1
        // As many as its bytes hold at most.
        let values = min(nextCount &- count, (nextStart &- data) &* 8 / width)
        var title: UInt64 = 0
        var bit = 0
        for _ in 0..<values {
          let word = postings.loadUnaligned(fromByteOffset: data &+ bit &>> 3, as: UInt64.self)
            .littleEndian
          let value = (word &>> UInt64(bit & 7)) & mask
          bit &+= width
          title &+= value &>> 1
          let inTitle = value & 1 != 0
          if title < limit, inTitle || !titleWordsOnly { body(Int(title), inTitle) }
        }
      }
    }
  }
}
