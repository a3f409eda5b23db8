/// The titles' and people's words as term ids, each written as a code as long as its term is
/// rare: a `0` and eight bits for the 256 commonest terms, `01` and fourteen bits for the
/// next 16,384, `11` and the id for any other — low bits first.
///
/// Term ids are the terms' places in bytewise order (a prefix's terms are one run), so they
/// cannot be numbered by how common they are; the commonest are listed instead, in two tables
/// (``commonest``, ``common``). At IMDb's size "the", "of", the first names that recur and
/// the like are 43 % of the words and the next tier 26 %: a word takes about 15 bits instead
/// of 21. A title's words are read in order (``CatalogStore/words(_:)``), so codes of
/// different lengths cost nothing to find.
enum WordCodes {
  /// How many terms each tier lists: the commonest, then the common.
  static let commonest = 256
  static let common = 16_384
  /// The bits of a listed term's place in its tier.
  static let commonestBits = 8
  static let commonBits = 14

  /// The codes of the runs of `ids` that end at `ends` (each title's words, then each film's
  /// people's: term ids below `termCount`, one flat array), where each run's codes start (in
  /// bits, and the end), and the two tiers' terms (padded with zeros to their sizes).
  static func encode(ids: [Int32], ends: [Int], termCount: Int) -> (
    codes: [UInt8], starts: [Int], commonestTerms: [Int], commonTerms: [Int]
  ) {
    var frequency = [Int](repeating: 0, count: termCount)
    for id in ids { frequency[Int(id)] += 1 }
    // The most frequent first; ties to the lower id, so that the same words make the same
    // codes.
    let ranked = frequency.indices.filter { frequency[$0] > 0 }.sorted {
      frequency[$0] != frequency[$1] ? frequency[$0] > frequency[$1] : $0 < $1
    }
    let commonestTerms = Array(ranked.prefix(commonest))
    let commonTerms = Array(ranked.dropFirst(commonest).prefix(common))
    // Each term's code and its length.
    var codes = [(value: UInt64, bits: Int)](repeating: (0, 0), count: termCount)
    let idBits = PackedInts.width(largest: termCount - 1)
    for id in 0..<termCount { codes[id] = (UInt64(id) << 2 | 0b11, 2 + idBits) }
    for (place, id) in commonestTerms.enumerated() {
      codes[id] = (UInt64(place) << 1, 1 + commonestBits)
    }
    for (place, id) in commonTerms.enumerated() {
      codes[id] = (UInt64(place) << 2 | 0b01, 2 + commonBits)
    }
    var writer = BitWriter()
    var starts: [Int] = []
    starts.reserveCapacity(ends.count + 1)
    var start = 0
    for end in ends {
      starts.append(writer.bits)
      for id in ids[start..<end] { writer.write(codes[Int(id)].value, bits: codes[Int(id)].bits) }
      start = end
    }
    starts.append(writer.bits)
    return (
      writer.finished(), starts,
      commonestTerms + repeatElement(0, count: commonest - commonestTerms.count),
      commonTerms + repeatElement(0, count: common - commonTerms.count)
    )
  }

  /// The bytes the codes of `bits` bits take, with eight spare.
  static func size(bits: Int) -> Int { (max(0, bits) + 7) / 8 + 8 }

  /// The codes of a catalog, read in place.
  struct Reader {
    let codes: UnsafeRawPointer
    /// The codes' bits: a read past them is damage.
    let bits: Int
    let commonestTerms: PackedInts
    let commonTerms: PackedInts
    let idBits: Int
    /// Ids at or past this are damage, read as "no term".
    let termCount: Int

    /// The term ids of the codes from bit `start` to `end`, at most `WordIDs.capacity`, into
    /// `ids` from `position`; returns the position after the last.
    @inline(__always) func decode(
      from start: Int, to end: Int, into ids: inout CatalogStore.WordIDs.Storage, at position: Int
    ) -> Int {
      var bit = start
      var position = position
      let end = min(end, bits)
      let idMask: UInt64 = (1 << UInt64(idBits)) &- 1
      while bit < end, position < CatalogStore.WordIDs.capacity {
        let word =
          codes.loadUnaligned(fromByteOffset: bit &>> 3, as: UInt64.self).littleEndian
          &>> UInt64(bit & 7)
        var id: Int
        if word & 1 == 0 {
          id = commonestTerms[Int(truncatingIfNeeded: (word &>> 1) & 0xFF)]
          bit &+= 1 + commonestBits
        } else if word & 2 == 0 {
          id = commonTerms[Int(truncatingIfNeeded: (word &>> 2) & 0x3FFF)]
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
