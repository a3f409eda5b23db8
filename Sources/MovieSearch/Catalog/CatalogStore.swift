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
  enum Owner {
    case embedded, allocated
    /// Mapped from a file that stays open: titles and names are read from it with
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
  /// Where each field of a record is (a damaged header's: none).
  let records: RecordLayout
  /// How each film's extras are written (a damaged header's: as none).
  let extrasLayout: ExtrasLayout
  /// How the titles' summaries are packed (a damaged header's: as none).
  let summaryLayout: SummaryLayout
  /// The genres' names, once asked.
  let genreTable = Remembered<[String]>()
  /// The texts of the titles read lately (see ``title(_:)``), at most 8,192.
  let recentTitles = RememberedByKey<Int, String>()
  /// Every genre as a ``Genre`` (see ``genres``), once asked.
  let genreValues = Remembered<[Genre]>()
  /// Where each title's text starts (and the last one's ends).
  let titleStarts: OffsetTable
  /// Where each title's words start, then each film's people's (and the last ones end).
  let wordStarts: OffsetTable
  /// Where each term's bytes start (and the last one's end).
  let termStarts: OffsetTable
  /// How many postings come before each term's.
  let postingStarts: OffsetTable
  /// Where each term's postings start.
  let postingByteStarts: OffsetTable
  /// The words' two books (see ``WordCodes``), the titles' and the people's: their tiers,
  /// and where their tables start — found once, as scoring reads both books for every title
  /// it scores.
  let wordBooks: (titles: WordCodes.Tiers, people: WordCodes.Tiers)
  let wordTables: (titles: Int, people: Int)
  /// Where each film's extras start (and the last one's end).
  let extrasStarts: OffsetTable
  /// Each film's id, ascending (see ``CatalogFile``).
  let filmIDs: OffsetTable
  /// The film of each title after the display ones, ascending (see ``CatalogFile``).
  let titleFilms: OffsetTable
  /// Which films have other titles, and where each one's start among those after the
  /// display ones (see ``OtherTitleIndex``); its counts of lines' bits are allocated for
  /// the store, released in `deinit`.
  let otherTitleIndex: OtherTitleIndex

  /// A catalog whose bytes stay where they are for the life of the process: one built into
  /// the binary's read-only data (`MovieSearchBuiltInCatalog`'s).
  static func permanent(_ bytes: UnsafeRawBufferPointer) throws(CatalogFile.FormatError)
    -> CatalogStore
  {
    try CatalogStore(
      address: UInt(bitPattern: bytes.baseAddress), size: bytes.count, owner: .embedded)
  }

  /// A catalog from bytes in memory (they are copied once), at the start of a cache line as
  /// a mapped file is (a trie's blocks are each a line of the file: see ``TrieBlocks``).
  convenience init(bytes: [UInt8]) throws(CatalogFile.FormatError) {
    let memory = UnsafeMutableRawPointer.allocate(
      byteCount: max(bytes.count, 1), alignment: TrieBlocks.slotBytes)
    bytes.withUnsafeBytes { source in
      if let base = source.baseAddress { memory.copyMemory(from: base, byteCount: source.count) }
    }
    try self.init(address: UInt(bitPattern: memory), size: bytes.count, owner: .allocated)
  }

  init(address: UInt, size: Int, owner: Owner, name: String? = nil)
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
        + [header(CatalogFile.recordFieldsOffset - 3) >> 24],
      wordTiers: (0..<2).map {
        size >= CatalogFile.headerSize
          ? WordCodes.Tiers(
            commonestBits: Int(bytes[CatalogFile.wordTiersOffset + 2 * $0]),
            commonBits: Int(bytes[CatalogFile.wordTiersOffset + 2 * $0 + 1]))
          : WordCodes.Tiers(commonestBits: 0, commonBits: 0)
      },
      tableSizes: CatalogFile.OffsetTableKind.allCases.map {
        header(CatalogFile.sizeOffset(of: $0))
      },
      recordBytes: RecordLayout.Field.allCases.map {
        size >= CatalogFile.headerSize ? bytes[CatalogFile.recordWidthsOffset + $0.rawValue] : 0
      },
      extrasWidths: (0..<ExtrasLayout.widthCount).map {
        size >= CatalogFile.headerSize ? Int(bytes[CatalogFile.extrasWidthsOffset + $0]) : 0
      },
      paletteCount: header(CatalogFile.paletteCountOffset),
      recordExceptionCount: header(CatalogFile.recordExceptionsCountOffset),
      trieBlocks: header(CatalogFile.trieBlocksOffset),
      summaryYears: (
        header(CatalogFile.summaryLayoutOffset) & 0xFFFF,
        header(CatalogFile.summaryLayoutOffset) >> 16
      ))
    filmCount = layout.films
    records = layout.records ?? .none
    extrasLayout = layout.extrasLayout ?? .none
    summaryLayout = layout.summaryLayout ?? .none
    titleCount = layout.titles
    termCount = layout.terms
    // A table that does not fit in the file reads as zeros (its bytes taken as none).
    let layout = layout
    func table(_ kind: CatalogFile.OffsetTableKind, at offset: Int, count: Int, largest: Int)
      -> OffsetTable
    {
      let tableBytes = layout.tableSizes[kind.rawValue]
      // (A header of more films than titles puts tables before the file: damage, checked
      // below — they are read first.)
      let fits =
        size >= CatalogFile.headerSize && offset >= 0 && offset <= size
        && tableBytes <= size - offset
      guard fits, let start = bytes.baseAddress else { return .damaged }
      return OffsetTable(start + offset, bytes: tableBytes, count: count, largest: largest)
    }
    titleStarts = table(
      .titleStarts, at: layout.titleTexts, count: layout.titles + 1, largest: layout.textBytes)
    wordStarts = table(
      .wordStarts, at: layout.wordStarts, count: layout.films + 1,
      largest: layout.wordBits)
    termStarts = table(
      .termStarts, at: layout.termStarts, count: layout.terms + 1, largest: layout.termBytes)
    postingStarts = table(
      .postingStarts, at: layout.postingStarts, count: layout.terms + 1, largest: layout.postings)
    postingByteStarts = table(
      .postingByteStarts, at: layout.postingByteStarts, count: layout.terms + 1,
      largest: layout.postingBytes)
    extrasStarts = table(
      .extrasStarts, at: layout.extrasStarts, count: layout.films + 1, largest: layout.extrasBits)
    filmIDs = table(
      .filmIDs, at: layout.filmIDs, count: layout.films, largest: CatalogFile.largestID)
    titleFilms = table(
      .titleFilms, at: layout.titleFilms, count: max(0, layout.titles - layout.films),
      largest: max(0, layout.films - 1))
    // Bits that do not fit in the file are none.
    let bits =
      layout.filmsWithOtherTitles >= 0
        && layout.filmsWithOtherTitles <= size - CatalogFile.filmBitsSize(films: layout.films)
      ? bytes.baseAddress.map { $0 + layout.filmsWithOtherTitles } : nil
    let bitsFit = bits != nil
    let (lines, withOthers) =
      bits.map { OtherTitleIndex.lineCounts(bits: $0, films: layout.films) } ?? ([], 0)
    let lineCounts = UnsafeMutablePointer<UInt32>.allocate(capacity: max(1, lines.count))
    lineCounts.initialize(to: 0)
    if !lines.isEmpty { lineCounts.update(from: lines, count: lines.count) }
    otherTitleIndex = OtherTitleIndex(
      bits: bits ?? UnsafeRawPointer(lineCounts),
      lineCounts: UnsafePointer(lineCounts),
      starts: table(
        .otherTitleStarts, at: layout.otherTitleStarts, count: withOthers + 1,
        largest: max(0, layout.titles - layout.films)),
      films: bitsFit ? layout.films : 0, others: max(0, layout.titles - layout.films),
      filmsWithOthers: withOthers)
    wordBooks = (layout.wordTiers[0], layout.wordTiers[1])
    let tables = layout.wordIDs + WordCodes.size(bits: layout.wordBits)
    wordTables = (tables, tables + layout.wordTiers[0].tablesSize(termCount: layout.terms))
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
      CatalogFile.RecordFields.all.isSuperset(of: layout.recordFields), layout.records != nil,
      layout.extrasLayout != nil, layout.summaryLayout != nil, layout.soundOrderCount <= termCount,
      layout.initialsCount <= 2 * titleCount,
      (1...PopularityPalette.most).contains(layout.paletteCount),
      layout.recordExceptionCount <= filmCount * RecordLayout.Field.allCases.count,
      layout.wideTrieBlocks <= TrieBlocks.blocks(nodes: layout.nodes + 1),
      postingStarts[termCount] == layout.postings,
      bitsFit, otherTitleIndex.starts[withOthers] == titleCount - filmCount,
      withOthers <= titleCount - filmCount
    else {
      throw CatalogFile.FormatError(description: "\(what) is damaged: its size is wrong")
    }
  }

  deinit {
    UnsafeMutablePointer(mutating: otherTitleIndex.lineCounts).deallocate()
    switch owner {
    case .embedded: break
    case .allocated: UnsafeMutableRawPointer(bitPattern: address)?.deallocate()
    case .mapped(let descriptor, let slot):
      ms_guard_forget_mapping(slot)
      munmap(UnsafeMutableRawPointer(bitPattern: address), size)
      close(descriptor)
    }
  }

  /// Where the catalog's bytes start (for the readers of its sections, in place).
  var base: UnsafeRawPointer {
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
    forEachName(inBlocks: 0..<NameBlocks.blocks(layout.names), body)
  }

  /// Calls `body` with the index and name of each person of name blocks `blocks` (those past
  /// the last left out), in order, each block through position `last`.
  func forEachName(
    inBlocks blocks: Range<Int>, through last: Int = NameBlocks.size - 1,
    _ body: (Int, UnsafeRawBufferPointer) -> Void
  ) {
    for block in blocks.clamped(to: 0..<NameBlocks.blocks(layout.names)) {
      let start = load32(layout.nameStarts + block * 4)
      let end = load32(layout.nameStarts + (block + 1) * 4)
      guard start <= end, end <= layout.nameBytes else { continue }
      let first = block * NameBlocks.size
      NameBlocks.decode(
        inPlace(layout.nameBytesStart + start, count: end - start), symbols: nameSymbols,
        through: min(NameBlocks.size, layout.names - first, last + 1) - 1
      ) { position, name in body(first + position, name) }
    }
  }

  /// The table the titles' texts are written in (see ``SymbolTable``).
  var textSymbols: StoredSymbolTable { StoredSymbolTable(base: base + layout.textSymbols) }

  /// The table the people's names are written in.
  var nameSymbols: StoredSymbolTable { StoredSymbolTable(base: base + layout.nameSymbols) }

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

  /// Whether the bytes are a file's, mapped (and read with `pread`, see ``readBytes(_:_:_:)``).
  var isMapped: Bool {
    if case .mapped = owner { true } else { false }
  }

  /// Calls `body` with `count` bytes at `offset` of the file. A mapped file's are read with
  /// `pread` rather than through the mapping: titles and names are read only for the
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
}
