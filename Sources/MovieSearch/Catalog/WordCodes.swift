/// The titles' and people's words as term ids, each written as a code as long as its term is
/// rare: a `0` and a place among the commonest terms, `01` and a place among the next
/// common ones, `11` and the id for any other — low bits first.
///
/// Term ids are the terms' places in bytewise order (a prefix's terms are one run), so they
/// cannot be numbered by how common they are; the commonest are listed instead, in two tables
/// per **book**. The titles' words and the people's are two books — "the", "of", "love" are
/// common in titles, first names in people's — each with the sizes of its two tables chosen
/// for the fewest bits, tables included (``Tiers``): at IMDb's size a title's word takes
/// about 16 bits and a person's 14, tables included, instead of 21. A run's words are read in order
/// (``CatalogStore/words(_:)``), so codes of different lengths cost nothing to find.
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

  /// The codes of the runs of `ids` that end at `ends` (each title's words, then each film's
  /// people's: term ids below `termCount`, one flat array) — the runs before `secondBook`
  /// in one book, the others in a second — where each run's codes start (in bits, and the
  /// end), and the two books.
  static func encode(ids: [Int32], ends: [Int], termCount: Int, secondBook: Int? = nil) -> (
    codes: [UInt8], starts: [Int], books: [Book]
  ) {
    let split = min(secondBook ?? ends.count, ends.count)
    let splitID = split > 0 ? ends[split - 1] : 0
    let idBits = PackedInts.width(largest: termCount - 1)
    // Each book's terms, the most frequent first; ties to the lower id, so that the same
    // words make the same codes.
    let books = [ids[..<splitID], ids[splitID...]].map {
      ids -> (book: Book, codes: [(value: UInt64, bits: Int)]) in
      var frequency = [Int](repeating: 0, count: termCount)
      for id in ids { frequency[Int(id)] += 1 }
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
    starts.reserveCapacity(ends.count + 1)
    for (number, codes) in books.map(\.codes).enumerated() {
      var start = number == 0 ? 0 : splitID
      for end in number == 0 ? ends[..<split] : ends[split...] {
        starts.append(writer.bits)
        for id in ids[start..<end] { writer.write(codes[Int(id)].value, bits: codes[Int(id)].bits) }
        start = end
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
      var position = position
      let end = min(end, bits)
      let idMask: UInt64 = (1 << UInt64(idBits)) &- 1
      let (commonestBits, commonBits) = (tiers.commonestBits, tiers.commonBits)
      let commonestMask: UInt64 = (1 << UInt64(commonestBits)) &- 1
      let commonMask: UInt64 = (1 << UInt64(commonBits)) &- 1
      while bit < end, position < CatalogStore.WordIDs.capacity {
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
  }
}
