import CacheHints

/// The first stage of a search: the titles met in the postings of the query's words, each
/// marked with the groups it was met in (see ``TitleMark``).
///
/// A title's mark, and what telling whether it has a split word's pair reads, are cache
/// misses — the marks of an IMDb-size catalog are 10.5 MB, its words 25 MB, read at random. The
/// postings are read a batch at a time (``CatalogStore/Postings/visitBatches(titleWordsOnly:_:)``),
/// and a batch's reads are asked for before any is made (CacheHints), so that their misses
/// overlap instead of coming one after the other.
extension SearchEngine {
  /// How many of the `rare` groups, the rarest first, a title must be met in to be a film
  /// that may match `needed` of them: one that does is in one of the first
  /// `rare - needed + 1` (it misses at most `needed - 1` of the others). Those groups' titles
  /// are met; the other rare groups are only marked on them — a title met in those alone
  /// could not match enough (WAND's and MaxScore's lists that need not be read in full).
  static func essentialGroups(rare: Int, needed: Int) -> Int {
    min(rare, max(1, rare - needed + 1))
  }

  /// Marks the titles of the rarest groups of `order` (the first `rare`) in `marks` — those of
  /// the first `essential` wherever met, the others' on the titles those found — and, as far
  /// as reading the commonest groups' postings costs little beside the titles found, the
  /// commonest groups on the titles found. Returns the titles found, in the order first
  /// met, whether every group was marked (some of the commonest maybe only in part: see
  /// `unmarkedFrom`), and whether the search was cancelled; and, per group of `order`, where
  /// its sources left unmarked begin (the cheapest first; `sources.count` when none was).
  ///
  /// A film must match `needed` of the rare groups when some film does: one that does is in
  /// one of the first `rare - needed + 1` at least, and a title met only in the others could
  /// never be one — it is not met at all (``essentialGroups(rare:needed:)``).
  func markTitles(
    _ order: [Group], rare: Int, essential: Int, only: FilmBits?,
    marks: UnsafeMutableBufferPointer<TitleMark>
  ) -> (touched: [Int32], everyGroup: Bool, cancelled: Bool, unmarkedFrom: [Int]) {
    // Room for every title the rarest groups' postings hold (fewer when they share some):
    // grown as met, a big query's list would be copied a dozen times.
    var touched: [Int32] = []
    touched.reserveCapacity(
      min(
        store.titleCount,
        order.prefix(essential).lazy.flatMap(\.sources).map { store.postings($0.terms).count }
          .reduce(0, +)))
    var visited = 0
    var unmarkedFrom = order.map(\.sources.count)
    // The rare groups past the essential ones, on the titles those found.
    var essentialFound: FilmBits?
    for (bit, group) in order.prefix(rare).enumerated() {
      if bit == essential {
        var found = FilmBits(count: store.titleCount)
        for index in touched { found.insert(Int(index)) }
        essentialFound = found
      }
      for source in group.sources {
        mark(
          source, bit: bit, rulesOutLiteral: rulesOutLiteral(source, group), in: marks,
          among: essentialFound ?? only, touched: &touched)
        visited += store.postings(source.terms).count
        if visited > Self.postingsBetweenCancellationChecks {
          visited = 0
          if Task.isCancelled { return (touched, false, true, unmarkedFrom) }
        }
      }
    }
    // The commonest words find no film; they are marked on the films found: a film that
    // lacks them is then known to, and is not scored to learn it. Their postings are read
    // in order and checked against a bit per title found (a fraction of the marks' size,
    // so it stays in the cache): a nanosecond or two each, against a few hundred to score
    // a film — worth it while they are not many more than the films found. A group's
    // sources are marked cheapest first, as long as they fit in what is left of that
    // budget; the first that does not says what a film not marked in the group pays at
    // least for its word (a beginning such as "a…" holds a fortieth of all postings).
    var budget = touched.count * Self.markedPerFilm
    var plan: [(bit: Int, sources: ArraySlice<Source>)] = []
    for (bit, group) in zip(rare..<order.count, order[rare...]) {
      var end = group.sources.startIndex
      for source in group.sources {
        let count = store.postings(source.terms).count
        guard count <= budget else {
          unmarkedFrom[bit] = end
          break
        }
        budget -= count
        end += 1
      }
      if end > group.sources.startIndex { plan.append((bit, group.sources[..<end])) }
    }
    // When no source is marked, the commonest groups are left out of the bounds altogether.
    guard !plan.isEmpty else {
      return (touched, rare == order.count, Task.isCancelled, unmarkedFrom)
    }
    // The essential groups' titles, when the other rare groups were marked on them: no title
    // was met since (a title met there was already met).
    var found = essentialFound ?? FilmBits(count: store.titleCount)
    if essentialFound == nil { for index in touched { found.insert(Int(index)) } }
    for (bit, sources) in plan {
      if Task.isCancelled { return (touched, true, true, unmarkedFrom) }
      for source in sources {
        mark(
          source, bit: bit, rulesOutLiteral: rulesOutLiteral(source, order[bit]), in: marks,
          among: found, touched: &touched)
      }
    }
    return (touched, true, Task.isCancelled, unmarkedFrom)
  }

  /// Whether a title first met for `group`'s word through `source` cannot match literally:
  /// its sources come cheapest first, so the word costs it at least `source`'s cost however
  /// it matches — unless a previous word's option takes the word along, or `source` is one
  /// half of a split word (whose cost is the pair's). With ``SearchPlan/givesSlippedTitle``, a
  /// title one slip away may still get ``Ranking/slippedTitle`` (bounded by the literal
  /// title's bonus).
  private func rulesOutLiteral(_ source: Source, _ group: Group) -> Bool {
    source.pair == nil && !group.takenAlong
      && source.cost > (plan.givesSlippedTitle ? Ranking.typo : Ranking.otherForm)
  }

  /// Marks the titles in `source`'s postings (among `among`'s, when given) as met in group
  /// `bit` (and, with `rulesOutLiteral`, those met in it for the first time as matching no
  /// title literally); those met for the first time are added to `touched`.
  @inline(__always) private func mark(
    _ source: Source, bit: Int, rulesOutLiteral: Bool,
    in marks: UnsafeMutableBufferPointer<TitleMark>, among: FilmBits?, touched: inout [Int32]
  ) {
    let rule = MarkRule(
      groupBits: WordMask.certain(bit) | WordMask.maybe(bit),
      flag: source.pair == nil ? WordMask.certain(bit) : WordMask.maybe(bit),
      units: TitleMark.units(source.cost), titled: UInt16(truncatingIfNeeded: 1 << bit),
      rulesOutLiteral: rulesOutLiteral)
    // A split word's titles, when remembered: none of their words need reading, nor its
    // other half's titles (theirs are among them). Met through a common half, and with no
    // titles to keep to, they are remembered once known.
    let pairKey = source.pair.map { PairKey($0, metThrough: source.terms) }
    let paired = pairKey.flatMap { searcher.titles(paired: $0) }
    let halves = paired == nil ? otherHalves(source, among: among) : nil
    let unpaired = paired == nil ? source.pair : nil
    var found =
      pairKey != nil && paired == nil && among == nil
        && store.postings(source.terms).count >= rememberPairsFrom
      ? FilmBits(count: store.titleCount) : nil
    guard let marked = marks.baseAddress else { return }
    let size = CatalogStore.Postings.batchSize
    // Two halves: a batch's marks are asked for as it comes, and read once the next one has
    // come, so that a whole batch's reading and asking hides their misses. (What is read
    // between goes to a method as arguments, not to a local function: the variables such a
    // function captures live in boxes, counted and checked for exclusive access at each call.)
    withUnsafeTemporaryAllocation(of: Int.self, capacity: 2 * size) { kept in
      var pending = 0..<0
      // A split word's halves are title words: only titles that have them are visited.
      store.postings(source.terms).visitBatches(titleWordsOnly: source.pair != nil) { batch in
        let start = pending.lowerBound == 0 ? size : 0
        var count = start
        for entry in batch {
          let index = entry &>> 1
          if let among, !among.contains(index) { continue }
          if let halves, !halves.contains(index) { continue }
          if let paired, !paired.contains(index) { continue }
          kept[count] = entry
          count &+= 1
          ms_prefetch_for_writing(marked + index)
          if unpaired != nil { store.prefetchWordStart(index) }
        }
        apply(
          rule, to: kept, pending, unpaired: unpaired, in: marks, found: &found, touched: &touched)
        pending = start..<count
      }
      apply(
        rule, to: kept, pending, unpaired: unpaired, in: marks, found: &found, touched: &touched)
    }
    if let pairKey, let found { searcher.remember(paired: found, for: pairKey) }
  }

  /// What marking a title met in one of a group's sources does to its mark.
  private struct MarkRule {
    /// The group's two bits; the one this source sets.
    let groupBits, flag: UInt32
    /// The source's cost, added to the floor of a title met in the group for the first time.
    let units: UInt16
    /// The group's bit among a title's own words.
    let titled: UInt16
    /// Whether a title met in the group for the first time matches no title literally.
    let rulesOutLiteral: Bool
  }

  /// Marks the titles of `kept[range]` (each its index times two, plus one when the word is
  /// the title's own) by `rule`; those met for the first time are added to `touched`. With
  /// `unpaired` (one half of a split word whose titles are not remembered), only the titles
  /// that have its pair, which are added to `found`.
  @inline(__always) private func apply(
    _ rule: MarkRule, to kept: UnsafeMutableBufferPointer<Int>, _ range: Range<Int>,
    unpaired: SearchPlan.Option?, in marks: UnsafeMutableBufferPointer<TitleMark>,
    found: inout FilmBits?, touched: inout [Int32]
  ) {
    var end = range.upperBound
    // A film with one half of a split word may match only if the other half follows it:
    // most do not, and would each be scored to know (their words' starts were asked for
    // with their marks; their words now).
    if let pair = unpaired {
      for entry in kept[range] { store.prefetchTitleWords(entry &>> 1) }
      end = range.lowerBound
      for entry in kept[range] where hasPair(entry &>> 1, pair) {
        kept[end] = entry
        end &+= 1
        found?.insert(entry &>> 1)
      }
    }
    for entry in kept[range.lowerBound..<end] {
      let index = entry &>> 1
      let mask = marks[index].mask
      if mask == 0 { touched.append(Int32(index)) }
      // A group's sources come cheapest first: the first a title is met in is the
      // least its match of the word can cost.
      if mask & rule.groupBits == 0 {
        marks[index].raiseFloor(by: rule.units)
        if rule.rulesOutLiteral { marks[index].ruleOutLiteral() }
      }
      marks[index].mask = mask | rule.flag
      if entry & 1 != 0 { marks[index].titled |= rule.titled }
    }
  }
}
