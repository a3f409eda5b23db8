import CacheHints

/// Finds and ranks the films that match a ``SearchPlan`` (see ``Searcher`` for the stages).
///
/// Candidates come from the postings of each required query word in turn, the rarest first
/// (each of its term runs is one contiguous run of postings); each is scored against every
/// query word through its title's term ids, without touching its text. A film first met
/// in the postings of a later word misses every earlier one: when even its best possible
/// score could not enter the page, it is counted without being scored. Cancellation is
/// checked while scanning, so a superseded search stops early.
struct SearchEngine {
  let searcher: Searcher
  let plan: SearchPlan
  let compiled: CompiledPlan
  /// When the commonest words are marked late (tests mark them at once).
  var lateMarking = LateMarking.standard
  /// From how many titles met through a split word's half its titles are remembered (tests
  /// remember every split's, or none).
  var rememberPairsFrom = SearchEngine.pairsRememberedFrom
  /// From how many titles met they are bucketed by popularity tier too (tests tier every
  /// search, or none).
  var tieredFrom = SearchEngine.titlesTieredFrom

  var store: CatalogStore { searcher.store }

  init(searcher: Searcher, plan: SearchPlan) {
    self.searcher = searcher
    self.plan = plan
    compiled = CompiledPlan(plan)
  }

  /// A film that matched: its index and score.
  struct Hit {
    var index: Int
    var score: Float
  }

  /// The films matching the plan, best first, up to `limit`, and how many matched in all.
  /// The hits are titles; with `countFilms`, each film once, by its best title, and counted
  /// once. With `below`, only the films scoring below it are looked for, and none is counted: a
  /// probe of whether any film would rank above a known one. With `exhaustive` (for tests)
  /// every film found is scored against every word: what the masks and bounds below leave
  /// unscored or untried must not change the page. With `only`, only those titles are
  /// looked at.
  ///
  /// First every group's postings are visited, marking in each film's mask which groups it
  /// is in (certainly, or — for words split in two — maybe); the commonest words' groups
  /// are only looked for in the films found by the others, and only their sources whose
  /// postings are few beside those films (see ``markedPerFilm``). Films with the same mask miss
  /// the same words: they are scored a mask at a time — and within a mask a popularity tier
  /// at a time (``PopularityTiers``) — the buckets with the lowest bound first, so that the
  /// page fills with the best films early and the rest are counted without being scored (nor
  /// read) once their bound cannot beat it.
  func search(
    limit: Int, year filter: Int?, keep: ((Int) -> Bool)? = nil, below: Float? = nil,
    only: FilmBits? = nil, countFilms: Bool = false, exhaustive: Bool = false
  ) throws(MovieServiceError) -> (hits: [Hit], total: Int) {
    try search(
      limit: limit, year: filter, keep: keep, below: below, only: only, countFilms: countFilms,
      exhaustive: exhaustive, everyGroupEssential: exhaustive)
  }

  /// ``search(limit:year:keep:below:only:countFilms:exhaustive:)``, meeting only the titles of
  /// the groups ``essentialGroups(rare:needed:)`` names — unless `everyGroupEssential`, or no
  /// title met matches enough groups (then it searches again, meeting every rare group's).
  private func search(
    limit: Int, year filter: Int?, keep: ((Int) -> Bool)?, below: Float?, only: FilmBits?,
    countFilms: Bool, exhaustive: Bool, everyGroupEssential: Bool
  ) throws(MovieServiceError) -> (hits: [Hit], total: Int) {
    var found = FoundCount(
      store: store, byFilm: countFilms && store.titleCount > store.filmCount)
    let (order, rare, unmatched) = visitingOrder()
    // A film that matches one or two words of a long query is no answer when others match
    // more: a query of six words or more (that are not the commonest) needs a third of them
    // — and one being typed needs them all (``SearchPlan/everyWordNeeded``).
    let needed =
      plan.everyWordNeeded
      ? rare : rare >= Forgiveness.longQueryWords ? rare / Forgiveness.longQueryShare : 1
    // Not for a query being typed: no film has every word of most of them yet (a word half
    // typed, a slip), and the search would run twice — the finder measured 46 % slower.
    let essential =
      everyGroupEssential || plan.everyWordNeeded
      ? rare : Self.essentialGroups(rare: rare, needed: needed)
    var buckets = Buckets(tiered: false)
    // The tiers, asked for only by a search that meets many titles.
    var popularity: PopularityTiers?
    let (cancelled, everyGroup, unmarkedFrom) = searcher.withMarks { marks in
      marks.withUnsafeMutableBufferPointer { marks in
        let (touched, everyGroup, cancelled, unmarkedFrom) = markTitles(
          order, rare: rare, essential: essential, only: only, marks: marks)
        // Films by popularity tier too when they are many (see ``titlesTieredFrom``).
        let tiered = touched.count >= tieredFrom
        if tiered { popularity = searcher.popularityTiers }
        buckets = Buckets(tiered: tiered)
        // At most every title met joins a bucket: room for them at once (grown as met,
        // a big query's list is copied a dozen times, on pages new to the process each).
        buckets.reserve(touched.count)
        // Each title's tier read through a pointer: an array would be retained at every title.
        let tiers = popularity?.tiers ?? []
        tiers.withUnsafeBufferPointer { tiers in
          // Each title's mark (and tier), and what the filters read, asked for a little ahead.
          touched.forEach(
            askingAhead: Self.prefetchDistance,
            ask: { next in
              if let base = marks.baseAddress { ms_prefetch_for_writing(base + Int(next)) }
              if tiered, let base = tiers.baseAddress { ms_prefetch(base + Int(next)) }
              if filter != nil { store.prefetchSummary(Int(next)) }
            },
            then: { index in
              let position = Int(index)
              let mark = marks[position]
              marks[position] = TitleMark()
              if cancelled { return }
              if let filter, store.summary(position).year != filter { return }
              // A listing's filters (`keep`, by film): a title of a film they leave out is
              // not met.
              if let keep, !keep(store.film(ofTitle: position)) { return }
              buckets.add(index, mark, tier: position < tiers.count ? tiers[position] : 0)
            })
        }
        return (cancelled, everyGroup, unmarkedFrom)
      }
    }
    if cancelled { throw .cancelled }
    buckets.close()
    // Whether every group was visited or marked: then a film's groups met only through its
    // people's words are all its title can match.
    let allKnown = everyGroup
    // The groups visited or marked: the films' masks say whether they are in them.
    var groups = Array(order.prefix(everyGroup ? order.count : rare))
    for bit in groups.indices where unmarkedFrom[bit] < groups[bit].sources.count {
      groups[bit].unmarkedCost = groups[bit].sources[unmarkedFrom[bit]].cost
    }
    // The commonest groups' sources left unmarked, read later if scoring turns out costly.
    // And the articles and media words, which no bound counts.
    let late =
      LateGroup.left(order, rare: rare, unmarkedFrom: unmarkedFrom, inBounds: everyGroup)
      + LateGroup.optionalWords(of: plan)
    // Words no term matches are in no film's mask: every bound counts them missed.
    groups += unmatched
    // Counting films, the page holds films too: each by its best title.
    let catalog = store
    var best = BestHits(limit: limit, key: found.films == nil ? nil : { catalog.film(ofTitle: $0) })
    let rareBits: UInt32 = (1 << UInt32(rare)) - 1
    let matched = { (mask: UInt32) in (WordMask.possible(mask) & rareBits).nonzeroBitCount }
    let enough = buckets.masks.contains { matched($0) >= needed }
    // No title matches enough groups: every title met matters, those only the groups left
    // out of the essential ones meet too.
    if !enough, essential < rare {
      return try search(
        limit: limit, year: filter, keep: keep, below: below, only: only,
        countFilms: countFilms, exhaustive: exhaustive, everyGroupEssential: true)
    }
    // The buckets of one key's tiers share its bound: worked out once.
    var bounds: [(Bound, Int)] = []
    var keyBound: (key: Int, bound: Bound)?
    for slot in buckets.masks.indices
    where !buckets.films[slot].isEmpty && (!enough || matched(buckets.masks[slot]) >= needed) {
      let key = buckets.key(ofSlot: slot)
      let known =
        keyBound.flatMap { $0.key == key ? $0.bound : nil }
        ?? bound(
          of: buckets.masks[slot], titled: buckets.titled[slot],
          mayBeLiteral: buckets.mayBeLiteral[slot], groups, allKnown: allKnown)
      keyBound = (key, known)
      bounds.append((known, slot))
    }
    // Films that may match, through words split in two: each is scored to know.
    for (bound, slot) in bounds where !bound.certain {
      let titles = buckets.films[slot]
      for at in titles.indices {
        if (at - titles.startIndex) % Self.scoredTogether == 0 {
          store.prefetchForScoring(titles[at..<min(at + Self.scoredTogether, titles.endIndex)])
        }
        let index = titles[at]
        guard let score = score(Int(index), matches: nil, absent: exhaustive ? 0 : bound.absent)
        else { continue }
        if below == nil { found.add(index) }
        if score < below ?? .infinity { best.insert(Hit(index: Int(index), score: score)) }
      }
    }
    // The others all match: they are scored best first (see `scoreBestFirst`); all are
    // counted, most without being read.
    var certain: [(least: Float, slot: Int)] = []
    let slack = Float(groups.count) / TitleMark.unitsPerCost
    let greatest = searcher.maxPopularity
    for (slot, (bound, bucket)) in bounds.enumerated() where bound.certain {
      let titles = buckets.films[bucket]
      // Counted, unless this is a probe (which counts nothing).
      if below == nil {
        if found.films == nil {
          found.total += titles.count
        } else {
          // Another title's film is a cache miss: asked for a little ahead.
          titles.forEach(
            askingAhead: Self.prefetchDistance, ask: { store.prefetchFilm(ofTitle: Int($0)) },
            then: { found.add($0) })
        }
      }
      // Floors are rounded down: a 64th less per group. The films are at most as popular
      // as their tier's most popular (or the catalog's).
      let most =
        Ranking.popularity
        * (buckets.tier(ofSlot: bucket).flatMap { popularity?.ceilings[$0] } ?? greatest)
      certain.append((bound.base + bonus - most - slack, slot))
    }
    scoreBestFirst(
      certain, bounds: bounds, buckets: buckets, late: late, into: &best, below: below,
      exhaustive: exhaustive)
    return (best.sorted(), below == nil ? found.count : 0)
  }

  /// How many postings of the commonest words may be read per film found to mark them: a
  /// posting read in order costs a nanosecond or two, scoring a film a few hundred; a film
  /// left unmarked only through a source's cost is less likely to be scored for it than one
  /// of a group left out. Measured on the IMDb-size catalog: 16 and 32 alike, 4 and 64 slower.
  static let markedPerFilm = 16

  /// From how many titles met a search buckets them by popularity tier too (see
  /// ``PopularityTiers``): fewer are bounded one by one in about the time telling each one's
  /// tier takes (a read of a table of a byte per title), and the tiers — found in a read of
  /// every title's summary, once — are never asked for by a search that meets few titles.
  static let titlesTieredFrom = 4_096

  /// Terms whose films are candidates for a query word.
  struct Source {
    var terms: Range<Int>
    /// For a word that may be two title words, the option, which a candidate must have
    /// both halves of, one after the other; and the half whose terms are not `terms`.
    var pair: SearchPlan.Option?
    var otherHalf: SearchPlan.Choices = []
    /// The least a film met through them pays for the word.
    var cost: Float
  }

  /// The titles that have `source`'s other half, when it is a split word's and marking them
  /// (their postings read in order, a nanosecond or two each) costs less than reading the
  /// words of every title met through `source` (among `among`'s, when given) would — a cache
  /// miss or two each, asked for a batch at a time (see ``halvesPerFilm``).
  ///
  /// Once marked, they are remembered (see ``Searcher/halves(_:)``): the same halves come
  /// back query after query ("in", "man", "s"), and a film checked against bits is a
  /// nanosecond where reading its words is a cache miss or two.
  func otherHalves(_ source: Source, among: FilmBits? = nil) -> FilmBits? {
    guard source.pair != nil else { return nil }
    let key = source.otherHalf.map(\.terms)
    if let known = searcher.halves(key) { return known }
    let met = min(store.postings(source.terms).count, among?.count ?? .max)
    guard met * Self.halvesMarkedOneIn >= store.titleCount,
      SearchPlan.postingCount(source.otherHalf, store: store) <= met * Self.halvesPerFilm
    else { return nil }
    var titles = FilmBits(count: store.titleCount)
    for choice in source.otherHalf {
      store.postings(choice.terms).visit(titleWordsOnly: true) { index, _ in titles.insert(index) }
    }
    searcher.remember(halves: titles, for: key)
    return titles
  }

  /// A split word's two halves, by their terms, and the terms its titles were met through
  /// (one of a half's choices): the key its titles are remembered by.
  struct PairKey: Hashable, Sendable {
    var first: [Range<Int>]
    var second: [Range<Int>]
    var met: Range<Int>

    init(_ pair: SearchPlan.Option, metThrough terms: Range<Int>) {
      first = pair.first.map(\.terms)
      second = (pair.second ?? []).map(\.terms)
      met = terms
    }
  }

  /// From how many titles met through one half a split word's titles are remembered (see
  /// ``Searcher/titles(paired:)``): the same splits come back query after query ("ii" as "i"
  /// + "i" in every sequel's title typed), and telling whether each such title has the pair
  /// reads its words, a cache miss or two — 2,048 of them some 200 µs, against a nanosecond
  /// for a bit once remembered.
  static let pairsRememberedFrom = 2_048

  /// How many postings of a split word's other half may be read per title met through the
  /// first to mark them: a title's words checked one by one are two cache misses, asked for
  /// a batch at a time so that they overlap — the time of some sixteen postings read in order.
  static let halvesPerFilm = 16

  /// A split word's half must meet one title in this many for its other half's to be marked
  /// first: fewer are cheaper to check one by one than a bit per title is to clear (a check
  /// is a cache miss or two; a bit, a 64th of a word written, in order).
  static let halvesMarkedOneIn = 1_024
  /// How many films ahead of the one scored their records are asked for (prefetched): a few
  /// dozen cache misses overlap, and the records asked for still fit in the cache.
  static let prefetchDistance = 32
  /// How many postings are marked between two looks at the task's cancellation: a
  /// cancelled search stops within microseconds, and the look costs nothing measurable.
  static let postingsBetweenCancellationChecks = 4_096

  /// Whether the title at `index` has a term of `pair`'s first choices followed by one of
  /// its second's, among its own words.
  func hasPair(_ index: Int, _ pair: SearchPlan.Option) -> Bool {
    guard let second = pair.second else { return true }
    let ids = store.titleWords(index)
    var at = 0
    while at + 1 < ids.count {
      if SearchPlan.choice(containing: ids[at], in: pair.first) != nil,
        SearchPlan.choice(containing: ids[at + 1], in: second) != nil
      {
        return true
      }
      at += 1
    }
    return false
  }
}
