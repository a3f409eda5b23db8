/// Where each section of a catalog file starts, from its header (see ``CatalogFile``).
extension CatalogStore {
  /// Where each section starts, from the header's counts (each below 2³²: no sum overflows).
  struct Layout {
    /// `wordBits`: the bits of the words' codes (see ``WordCodes``).
    let films, terms, textBytes, termBytes, postings, wordBits, nodes, titles, extrasBits: Int
    let names, nameBytes, genres, genreBytes, postingBytes, soundOrderCount, initialsCount: Int
    /// Which of a record's optional fields a catalog has.
    let recordFields: CatalogFile.RecordFields
    let filmIDs, titleFilms, otherTitleStarts, filmsWithOtherTitles, titleKinds, titleTexts,
      palette, summaries, wordStarts, wordIDs: Int
    /// How many places the popularity palette has (see ``PopularityPalette``): none is
    /// damage.
    let paletteCount: Int
    /// Where the values of records' escaped fields kept apart are, and how many (see
    /// ``RecordExceptions``).
    let recordExceptions, recordExceptionCount: Int
    /// Whether the trie's nodes are in blocks (see ``TrieBlocks``), and how many of them
    /// are wide (none when they are not).
    let trieInBlocks: Bool
    let wideTrieBlocks: Int
    let termStarts: Int
    let postingStarts, postingByteStarts: Int
    let postingsStart, nodesStart, tailSymbols, termBytesStart, soundOrder, initialsOrder: Int
    let extrasStarts: Int
    let extras, nameSymbols, nameStarts: Int
    let nameBytesStart, genreStarts, genreBytesStart, textSymbols, texts, end: Int

    /// The bytes of each offset table, by ``CatalogFile/OffsetTableKind``.
    let tableSizes: [Int]

    /// The tiers of the words' two books (see ``WordCodes``): the titles', the people's.
    let wordTiers: [WordCodes.Tiers]

    /// Where each field of a record is (see ``RecordLayout``); none is damage.
    let records: RecordLayout?

    /// How each film's extras are written (see ``ExtrasLayout``); none is damage.
    let extrasLayout: ExtrasLayout?

    /// How the titles' summaries are packed (see ``SummaryLayout``); none is damage.
    let summaryLayout: SummaryLayout?

    init(
      counts: [Int], wordTiers: [WordCodes.Tiers], tableSizes: [Int], recordBytes: [UInt8],
      extrasWidths: [Int], paletteCount: Int, recordExceptionCount: Int, trieBlocks: Int,
      summaryYears: (earliest: Int, bits: Int)
    ) {
      self.paletteCount = paletteCount
      self.recordExceptionCount = recordExceptionCount
      (trieInBlocks, wideTrieBlocks) = (trieBlocks > 0, max(0, trieBlocks - 1))
      self.tableSizes = tableSizes
      self.wordTiers = wordTiers
      records = RecordLayout(headerBytes: recordBytes)
      extrasLayout = ExtrasLayout(widths: extrasWidths)
      summaryLayout = SummaryLayout(
        placeBits: SummaryLayout.placeBits(places: paletteCount),
        yearBits: summaryYears.bits, earliestYear: summaryYears.earliest)
      (films, terms, textBytes, termBytes, postings, wordBits, nodes) = (
        counts[0], counts[1], counts[2], counts[3], counts[4], counts[5], counts[6]
      )
      (titles, extrasBits, names, nameBytes, genres, genreBytes, postingBytes) = (
        counts[7], counts[8], counts[9], counts[10], counts[11], counts[12], counts[13]
      )
      soundOrderCount = counts[14]
      initialsCount = counts[15]
      // Unknown fields are damage (see `init`).
      recordFields = CatalogFile.RecordFields(rawValue: UInt8(truncatingIfNeeded: counts[16]))
      recordExceptions = CatalogFile.headerSize + (records ?? RecordLayout.none).size(count: films)
      filmIDs = recordExceptions + recordExceptionCount * RecordExceptions.entrySize
      titleFilms = filmIDs + tableSizes[CatalogFile.OffsetTableKind.filmIDs.rawValue]
      otherTitleStarts =
        titleFilms + tableSizes[CatalogFile.OffsetTableKind.titleFilms.rawValue]
      filmsWithOtherTitles =
        otherTitleStarts + tableSizes[CatalogFile.OffsetTableKind.otherTitleStarts.rawValue]
      titleKinds = filmsWithOtherTitles + CatalogFile.filmBitsSize(films: films)
      // Only the other titles say their film and kind: a display title's film is its own
      // index.
      titleTexts = titleKinds + PackedInts.size(count: titles - films, width: CatalogFile.kindBits)
      // Offsets and ids are packed (see ``PackedInts``), as wide as their largest can be.
      typealias Table = PackedInts
      typealias Kind = CatalogFile.OffsetTableKind
      palette = titleTexts + tableSizes[Kind.titleStarts.rawValue]
      summaries = palette + PopularityPalette.size(count: paletteCount)
      wordStarts = summaries + (summaryLayout ?? .none).size(films: films, others: titles - films)
      wordIDs = wordStarts + tableSizes[Kind.wordStarts.rawValue]
      let terms = terms
      termStarts =
        wordIDs + WordCodes.size(bits: wordBits)
        + wordTiers.reduce(0) { $0 + $1.tablesSize(termCount: terms) }
      postingStarts = termStarts + tableSizes[Kind.termStarts.rawValue]
      postingByteStarts = postingStarts + tableSizes[Kind.postingStarts.rawValue]
      postingsStart = postingByteStarts + tableSizes[Kind.postingByteStarts.rawValue]
      // Nodes in blocks start at a multiple of a cache line; the sentinel after the last
      // node is one of theirs (and a spare byte after whole nodes: it can be read with an
      // eight-byte load).
      nodesStart =
        trieInBlocks
        ? CatalogFile.trieAligned(postingsStart + postingBytes) : postingsStart + postingBytes
      tailSymbols =
        nodesStart
        + (trieInBlocks
          ? TrieBlocks.bytes(nodes: nodes + 1, wide: wideTrieBlocks)
          : (nodes + 1) * CatalogFile.nodeSize + 1)
      termBytesStart = tailSymbols + SymbolTable.storedSize
      soundOrder = termBytesStart + termBytes
      initialsOrder = soundOrder + Table.size(count: soundOrderCount, largest: terms - 1)
      extrasStarts =
        initialsOrder
        + Table.size(
          count: initialsCount, largest: CatalogFile.largestInitialsEntry(titles: titles))
      extras = extrasStarts + tableSizes[Kind.extrasStarts.rawValue]
      nameSymbols = extras + ExtrasLayout.size(bits: extrasBits)
      nameStarts = nameSymbols + SymbolTable.storedSize
      nameBytesStart = nameStarts + (NameBlocks.blocks(names) + 1) * 4
      genreStarts = nameBytesStart + nameBytes
      genreBytesStart = genreStarts + (genres + 1) * 4
      textSymbols = genreBytesStart + genreBytes
      texts = textSymbols + SymbolTable.storedSize
      end = texts + textBytes
    }
  }
}
