/// The popularities a catalog's titles have, each once, ascending: a title's summary keeps
/// its film's place here (``CatalogFile/paletteIndexBits`` bits, the header saying how many
/// places there are) instead of the popularity.
///
/// Popularities are log10 of vote counts, kept in 24 bits (``CatalogFile/summaryPopularity(_:)``),
/// and films share few of them — 4,355 among the 687,195 films at IMDb's size, as many among
/// the built-in 58,788 — so a summary takes four bytes instead of five, and reads the same
/// popularity through a table that stays in the cache. A catalog of more distinct ones (a
/// source whose popularity is a fraction) keeps their order, neighbours sharing a place: of
/// n popularities the one of rank r has place ⌊r · 2¹⁶ / n⌋, and each place the least
/// popularity of its ranks.
struct PopularityPalette: Equatable {
  /// The popularities' floats, by place (at least one).
  let entries: [Float]
  /// Each title's place, in the order of the popularities it was made from.
  let places: [Int]

  /// The palette of `popularities` (each title's film's), as summaries keep them.
  init(_ popularities: [Float]) {
    let kept = popularities.map { CatalogFile.popularity(kept: CatalogFile.summaryPopularity($0)) }
    var distinct = Array(Set(kept.map(\.bitPattern)))
    // Popularities are never negative: their floats' bits sort as they do.
    distinct.sort()
    let most = Self.most
    let place = { (rank: Int) in distinct.count <= most ? rank : rank * most / distinct.count }
    var entries: [Float] = []
    var rankOf: [UInt32: Int] = [:]
    rankOf.reserveCapacity(distinct.count)
    for (rank, value) in distinct.enumerated() {
      rankOf[value] = rank
      if place(rank) == entries.count { entries.append(Float(bitPattern: value)) }
    }
    self.entries = entries.isEmpty ? [0] : entries
    places = kept.map { place(rankOf[$0.bitPattern] ?? 0) }
  }

  /// The most places a palette has: a summary keeps a place in ``CatalogFile/paletteIndexBits``.
  static let most = 1 << CatalogFile.paletteIndexBits

  /// The palette's bytes: each float's bits, four bytes each.
  var encoded: [UInt8] {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(Self.size(count: entries.count))
    for entry in entries { bytes.append(uint32: Int(entry.bitPattern)) }
    return bytes
  }

  /// The bytes a palette of `count` places takes.
  static func size(count: Int) -> Int { 4 * count }
}
