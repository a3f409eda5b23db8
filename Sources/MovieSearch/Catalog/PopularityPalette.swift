/// The popularities and vote counts a catalog's films have, each pair once, ascending: a
/// title's summary keeps its film's place here (at most ``CatalogFile/paletteIndexBits`` bits,
/// the header saying how many places there are) instead of the popularity, and a film's record
/// keeps only what its votes add to its place's.
///
/// Popularities are log10 of vote counts, kept in 24 bits (``CatalogFile/summaryPopularity(_:)``),
/// and films share few of them: 4,373 vote counts among the built-in 58,788 films, 4,374
/// among the 687,195 at IMDb's size. So a summary keeps a place (13 bits at either size)
/// instead of a popularity (24), reading the same popularity through a table that stays in the
/// cache (see ``SummaryLayout``), and a record's votes take no bits
/// (18 before). A catalog of more than 2¹⁶ pairs is placed by popularity alone — of n
/// popularities the one of rank r at place ⌊r · 2¹⁶ / n⌋ when they too are more, neighbours
/// sharing a place, each place its least popularity — and each place keeps the least votes of
/// its films, a record what its film's add.
struct PopularityPalette: Equatable {
  /// The popularities' floats, by place (at least one), ascending.
  let entries: [Float]
  /// The least vote count of the films at each place.
  let leastVotes: [Int]
  /// Each title's place, in the order of the popularities it was made from.
  let places: [Int]

  /// The palette of `popularities` and `votes` (each title's film's: never negative), as
  /// summaries keep them, in at most `most` places.
  init(_ popularities: [Float], votes: [Int], most: Int = Self.most) {
    let kept = popularities.map {
      CatalogFile.popularity(kept: CatalogFile.summaryPopularity($0)).bitPattern
    }
    // Each title's key: its popularity's bits (never negative: they sort as the floats do),
    // then its votes — or only its popularity when the pairs are too many.
    let pairKeys = zip(kept, votes).map { UInt64($0) << 32 | UInt64(UInt32(clamping: $1)) }
    let pairs = Set(pairKeys)
    let keys = pairs.count <= most ? pairKeys : kept.map { UInt64($0) << 32 }
    let distinct = (pairs.count <= most ? pairs : Set(keys)).sorted()
    let place = { (rank: Int) in distinct.count <= most ? rank : rank * most / distinct.count }
    var entries: [Float] = []
    var placeOf: [UInt64: Int] = [:]
    placeOf.reserveCapacity(distinct.count)
    for (rank, key) in distinct.enumerated() {
      placeOf[key] = place(rank)
      if place(rank) == entries.count {
        entries.append(Float(bitPattern: UInt32(truncatingIfNeeded: key >> 32)))
      }
    }
    places = keys.map { placeOf[$0] ?? 0 }
    var leastVotes = [Int](repeating: Int.max, count: max(1, entries.count))
    for (place, votes) in zip(places, votes) { leastVotes[place] = min(leastVotes[place], votes) }
    self.leastVotes = leastVotes.map { $0 == Int.max ? 0 : $0 }
    self.entries = entries.isEmpty ? [0] : entries
  }

  /// The most places a palette has: a summary keeps a place in ``CatalogFile/paletteIndexBits``.
  static let most = 1 << CatalogFile.paletteIndexBits

  /// The palette's bytes: each place's float's bits, then each place's least votes, four
  /// bytes each.
  var encoded: [UInt8] {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(Self.size(count: entries.count))
    for entry in entries { bytes.append(uint32: Int(entry.bitPattern)) }
    for votes in leastVotes { bytes.append(uint32: votes) }
    return bytes
  }

  /// The bytes a palette of `count` places takes.
  static func size(count: Int) -> Int { 8 * count }

  /// A catalog's palette, read in place: the summaries' popularities and the records' votes
  /// are read through it.
  struct Reader {
    /// The palette's bytes: the popularities' floats, then the least votes.
    let base: UnsafeRawPointer
    /// Its places: one or more (checked when the catalog is opened).
    let count: Int

    /// The place a summary names (a place past the palette, damage, reads its last).
    @inline(__always) func place(_ named: Int) -> Int { min(named, count &- 1) }

    /// The popularity at `place` (one of ``place(_:)``).
    @inline(__always) func popularity(_ place: Int) -> Float {
      Float(
        bitPattern: base.loadUnaligned(fromByteOffset: place &* 4, as: UInt32.self).littleEndian)
    }

    /// The least votes of the films at `place` (one of ``place(_:)``).
    @inline(__always) func leastVotes(_ place: Int) -> Int {
      Int(base.loadUnaligned(fromByteOffset: (count &+ place) &* 4, as: UInt32.self).littleEndian)
    }
  }
}
