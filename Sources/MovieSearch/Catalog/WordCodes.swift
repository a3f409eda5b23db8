/// The titles' and people's words as term ids, each written as a code as long as its term is
/// rare: a `0` and a place among the commonest terms, `01` and a place among the next
/// common ones, `11` and the id for any other — low bits first.
///
/// Term ids are the terms' places in bytewise order (a prefix's terms are one run), so they
/// cannot be numbered by how common they are; the commonest are listed instead, in two tables
/// per **book**. The titles' words and the people's are two books — "the", "of", "love" are
/// common in titles, first names in people's — each with the sizes of its two tables chosen
/// for the fewest bits, tables included (``Tiers``): at IMDb's size a title's word takes
/// about 16 bits and a person's 14, tables included, instead of 21.
///
/// A film's words are one run — its display title's, its other titles' in order, then its
/// people's — whose start alone is kept: a title's words are found by skipping those of the
/// titles before it, counted by their summaries (``CatalogStore/filmWords(_:title:people:)``).
/// At IMDb's size the starts take 0.89 MB instead of 2.04 for a start per title and per
/// film's people; a title's words cost the skipping of a few codes more.
enum WordCodes {
  /// The sizes of a book's two tables, as the bits of a place in each: its commonest terms,
  /// then the common ones.
  struct Tiers: Equatable {
    var commonestBits: Int
    var commonBits: Int

    /// The widest a table's places may be (a header saying more is damage).
    static let widestCommonest = 12
    static let widestCommon = 20

    /// How many terms each table lists.
    var commonest: Int { 1 << commonestBits }
    var common: Int { 1 << commonBits }

    /// The tiers from four bits of a header, each within its range.
    init(commonestBits: Int, commonBits: Int) {
      self.commonestBits = min(max(commonestBits, 0), Self.widestCommonest)
      self.commonBits = min(max(commonBits, 0), Self.widestCommon)
    }

    /// The bytes of the two tables of terms below `termCount`.
    func tablesSize(termCount: Int) -> Int {
      PackedInts.size(count: commonest, largest: termCount - 1)
        + PackedInts.size(count: common, largest: termCount - 1)
    }

    /// The tiers that write `counts` (how often each term is written, the commonest first)
    /// in the fewest bits, their tables included, for ids of `idBits` bits.
    static func fewestBits(_ counts: [Int], idBits: Int) -> Tiers {
      var sums = [0]
      sums.reserveCapacity(counts.count + 1)
      for count in counts { sums.append(sums[sums.count - 1] + count) }
      // The words written of the terms from place `low` to `high` (past the last: none).
      func written(_ low: Int, _ high: Int) -> Int {
        sums[min(high, counts.count)] - sums[min(low, counts.count)]
      }
      var best = (bits: Int.max, tiers: Tiers(commonestBits: 0, commonBits: 0))
      for commonestBits in 0...widestCommonest {
        for commonBits in 0...widestCommon {
          let tiers = Tiers(commonestBits: commonestBits, commonBits: commonBits)
          let (commonest, common) = (tiers.commonest, tiers.commonest + tiers.common)
          let bits =
            written(0, commonest) * (1 + commonestBits)
            + written(commonest, common) * (2 + commonBits)
            + written(common, counts.count) * (2 + idBits)
            + (tiers.commonest + tiers.common) * idBits
          if bits < best.bits { best = (bits, tiers) }
        }
      }
      return best.tiers
    }
  }

  /// A book: its tiers and the terms of its two tables (padded with zeros to their sizes).
  struct Book {
    var tiers: Tiers
    var commonestTerms: [Int]
    var commonTerms: [Int]
  }

  /// A run of words to code: where its ids end, and whether they are a title's (the
  /// titles' book; else the people's).
  struct Run {
    var end: Int
    var isTitle: Bool
  }

  /// The bits of a chunk of a title's count past what its summary counts, and how many
  /// chunks it takes at most: a title holds at most ``CatalogFile/longestTitle`` bytes, so
  /// fewer than 2¹⁵ words.
  static let countChunkBits = 7
  static let mostCountChunks = 3

  /// The codes of `runs` of `ids` (term ids below `termCount`, one flat array), each in its
  /// book, and where each run starts (in bits, and the end), and the two books. A title's
  /// run of ``SummaryLayout/mostWords`` words or more starts with how many more it has, in
  /// chunks of ``countChunkBits`` bits and a bit saying another follows: its summary counts no
  /// more, and its words are found by counting those before them (see ``CatalogFile``).
  static func encode(ids: [Int32], runs: [Run], termCount: Int) throws(CatalogFile.FormatError)
    -> (codes: [UInt8], starts: [Int], books: [Book])
  {
    let idBits = PackedInts.width(largest: termCount - 1)
    var runStarts = [0]
    runStarts.reserveCapacity(runs.count)
    for run in runs.dropLast() { runStarts.append(run.end) }
    // Each book's terms, the most frequent first; ties to the lower id, so that the same
    // words make the same codes.
    let books = [true, false].map { isTitle -> (book: Book, codes: [(value: UInt64, bits: Int)]) in
      var frequency = [Int](repeating: 0, count: termCount)
      for (run, start) in zip(runs, runStarts) where run.isTitle == isTitle {
        for id in ids[start..<run.end] { frequency[Int(id)] += 1 }
      }
      let ranked = frequency.indices.filter { frequency[$0] > 0 }.sorted {
        frequency[$0] != frequency[$1] ? frequency[$0] > frequency[$1] : $0 < $1
      }
      let tiers = Tiers.fewestBits(ranked.map { frequency[$0] }, idBits: idBits)
      let commonestTerms = Array(ranked.prefix(tiers.commonest))
      let commonTerms = Array(ranked.dropFirst(tiers.commonest).prefix(tiers.common))
      // Each term's code and its length.
      var codes = [(value: UInt64, bits: Int)](repeating: (0, 0), count: termCount)
      for id in 0..<termCount { codes[id] = (UInt64(id) << 2 | 0b11, 2 + idBits) }
      for (place, id) in commonestTerms.enumerated() {
        codes[id] = (UInt64(place) << 1, 1 + tiers.commonestBits)
      }
      for (place, id) in commonTerms.enumerated() {
        codes[id] = (UInt64(place) << 2 | 0b01, 2 + tiers.commonBits)
      }
      let book = Book(
        tiers: tiers,
        commonestTerms: commonestTerms
          + repeatElement(0, count: tiers.commonest - commonestTerms.count),
        commonTerms: commonTerms + repeatElement(0, count: tiers.common - commonTerms.count))
      return (book, codes)
    }
    var writer = BitWriter()
    var starts: [Int] = []
    starts.reserveCapacity(runs.count + 1)
    for (run, start) in zip(runs, runStarts) {
      starts.append(writer.bits)
      let codes = books[run.isTitle ? 0 : 1].codes
      if run.isTitle, run.end - start >= SummaryLayout.mostWords {
        var more = run.end - start - SummaryLayout.mostWords
        guard more >> (countChunkBits * mostCountChunks) == 0 else {
          throw CatalogFile.FormatError(description: "a title has too many words to be encoded")
        }
        repeat {
          let chunk = UInt64(more & (1 << countChunkBits - 1))
          more >>= countChunkBits
          writer.write(chunk | (more > 0 ? 1 << countChunkBits : 0), bits: countChunkBits + 1)
        } while more > 0
      }
      for id in ids[start..<run.end] {
        writer.write(codes[Int(id)].value, bits: codes[Int(id)].bits)
      }
    }
    starts.append(writer.bits)
    return (writer.finished(), starts, books.map(\.book))
  }

  /// The bytes the codes of `bits` bits take, with eight spare.
  static func size(bits: Int) -> Int { (max(0, bits) + 7) / 8 + 8 }

  /// The codes of one book of a catalog, read in place.
  struct Reader {
    let codes: UnsafeRawPointer
    /// The codes' bits: a read past them is damage.
    let bits: Int
    let tiers: Tiers
    let commonestTerms: PackedInts
    let commonTerms: PackedInts
    let idBits: Int
    /// Ids at or past this are damage, read as "no term".
    let termCount: Int

    /// The book of `tiers` whose tables are at `tables`, of codes at `codes`.
    init(codes: UnsafeRawPointer, bits: Int, tiers: Tiers, tables: UnsafeRawPointer, termCount: Int)
    {
      (self.codes, self.bits, self.tiers, self.termCount) = (codes, bits, tiers, termCount)
      commonestTerms = PackedInts(tables, largest: termCount - 1)
      commonTerms = PackedInts(
        tables + PackedInts.size(count: tiers.commonest, largest: termCount - 1),
        largest: termCount - 1)
      idBits = PackedInts.width(largest: termCount - 1)
    }

    /// The term ids of the codes from bit `start` to `end`, at most `WordIDs.capacity`, into
    /// `ids` from `position`; returns the position after the last.
    @inline(__always) func decode(
      from start: Int, to end: Int, into ids: inout CatalogStore.WordIDs.Storage, at position: Int
    ) -> Int {
      var bit = start
      return decode(from: &bit, to: end, count: .max, into: &ids, at: position)
    }

    /// The term ids of the next `count` codes from `bit` (none past `end`), at most
    /// `WordIDs.capacity`, into `ids` from `position`; moves `bit` past them (to where it
    /// stopped, at the capacity) and returns the position after the last.
    @inline(__always) func decode(
      from bit: inout Int, to end: Int, count: Int,
      into ids: inout CatalogStore.WordIDs.Storage, at position: Int
    ) -> Int {
      var position = position
      let end = min(end, bits)
      let last = count >= CatalogStore.WordIDs.capacity ? Int.max : position &+ count
      let idMask: UInt64 = (1 << UInt64(idBits)) &- 1
      let (commonestBits, commonBits) = (tiers.commonestBits, tiers.commonBits)
      let commonestMask: UInt64 = (1 << UInt64(commonestBits)) &- 1
      let commonMask: UInt64 = (1 << UInt64(commonBits)) &- 1
      while bit < end, position < CatalogStore.WordIDs.capacity, position < last {
        let word =
          codes.loadUnaligned(fromByteOffset: bit &>> 3, as: UInt64.self).littleEndian
          &>> UInt64(bit & 7)
        var id: Int
        if word & 1 == 0 {
          id = commonestTerms[Int(truncatingIfNeeded: (word &>> 1) & commonestMask)]
          bit &+= 1 + commonestBits
        } else if word & 2 == 0 {
          id = commonTerms[Int(truncatingIfNeeded: (word &>> 2) & commonMask)]
          bit &+= 2 + commonBits
        } else {
          id = Int(truncatingIfNeeded: (word &>> 2) & idMask)
          bit &+= 2 &+ idBits
        }
        if id >= termCount { id = -1 }
        ids[position] = Int32(id)
        position &+= 1
      }
      return position
    }

    /// Moves `bit` past the next `count` codes (none past `end`) without reading their terms.
    @inline(__always) func skip(_ count: Int, from bit: inout Int, to end: Int) {
      let end = min(end, bits)
      var left = count
      let (commonest, common, id) = (1 &+ tiers.commonestBits, 2 &+ tiers.commonBits, 2 &+ idBits)
      while left > 0, bit < end {
        let word =
          codes.loadUnaligned(fromByteOffset: bit &>> 3, as: UInt64.self).littleEndian
          &>> UInt64(bit & 7)
        bit &+= word & 1 == 0 ? commonest : word & 2 == 0 ? common : id
        left &-= 1
      }
    }

    /// How many words a title has whose run starts at `bit` and whose summary counts
    /// `counted`: that, or — when the summary counts its most — that and the count written
    /// at the run's start (`bit` is moved past it; none past `end`, and never more than a
    /// title's longest could have).
    @inline(__always) func titleWordCount(counted: Int, at bit: inout Int, end: Int) -> Int {
      guard counted >= SummaryLayout.mostWords else { return counted }
      let end = min(end, bits)
      var more = 0
      for chunk in 0..<WordCodes.mostCountChunks where bit < end {
        let byte = Int(
          truncatingIfNeeded: codes.loadUnaligned(fromByteOffset: bit &>> 3, as: UInt16.self)
            .littleEndian &>> UInt16(bit & 7))
        bit &+= WordCodes.countChunkBits &+ 1
        more |=
          (byte & (1 &<< WordCodes.countChunkBits &- 1)) &<< (chunk &* WordCodes.countChunkBits)
        if byte & (1 &<< WordCodes.countChunkBits) == 0 { break }
      }
      return min(counted &+ more, CatalogFile.longestTitle)
    }
  }
}
