/// What the engine knows of the films it met before scoring them: their buckets (by what they
/// were met in), each bucket's bound and each film's lowest possible score, and the heap they
/// are scored from, the lowest first (see ``SearchEngine/search(limit:year:keep:below:only:countFilms:exhaustive:)``).
extension SearchEngine {
  /// Films to score, with their lowest possible scores: a heap, the lowest first, filled a
  /// bucket at a time, popped as long as the page can take the lowest.
  struct Hopefuls {
    /// A film, ordered by its lowest possible score.
    struct Hopeful: Comparable {
      var lowest: Float
      var index: Int32
      var slot: Int32

      static func < (a: Hopeful, b: Hopeful) -> Bool { a.lowest < b.lowest }
      static func == (a: Hopeful, b: Hopeful) -> Bool { a.lowest == b.lowest }
    }

    private var heap = BinaryHeap<Hopeful, LeastFirst>()

    /// The lowest of the films held.
    var lowest: Float? { heap.top?.lowest }

    mutating func push(_ lowest: Float, _ index: Int32, _ slot: Int) {
      heap.push(Hopeful(lowest: lowest, index: index, slot: Int32(slot)))
    }

    /// The number of films held.
    var count: Int { heap.count }

    /// Raises each film's lowest possible score by `extra`, leaving out those then above
    /// `limit`.
    mutating func raise(upTo limit: Float, by extra: (Hopeful) -> Float) {
      let films = heap.items
      heap = BinaryHeap(capacity: films.count)
      for var film in films {
        film.lowest += extra(film)
        if film.lowest <= limit { heap.push(film) }
      }
    }

    /// Takes up to ``SearchEngine/scoredTogether`` films out into `taken` (emptied first),
    /// the lowest first, while `keep` says their lowest possible score is worth it: what
    /// scoring them reads is asked for together (see ``CatalogStore/prefetchForScoring(_:)``).
    mutating func take(into taken: inout [Hopeful], while keep: (Float) -> Bool) {
      taken.removeAll(keepingCapacity: true)
      while taken.count < SearchEngine.scoredTogether, let top = heap.top, keep(top.lowest) {
        taken.append(heap.popTop())
      }
    }
  }

  /// Scores the films of the buckets that certainly match (`certain`: each bucket's slot in
  /// `bounds`, and the least any of its films can score) into `best`, by their lowest
  /// possible score, the lowest first, from a heap. The buckets are opened in order of their
  /// least, and a film is scored once no bucket still closed can hold a lower one; when
  /// neither the next film nor the next bucket can enter the page, nothing left can. A
  /// bucket of films that miss words is then never opened once the page holds films that
  /// match them all. While the page is not full, a big bucket's films cannot be told apart
  /// from those it will not need: its lowest are scored every ``filledEvery`` films until it
  /// is, and the films after that enter the heap only when they may enter the page. With
  /// `exhaustive`, every film is scored.
  func scoreBestFirst(
    _ certain: [(least: Float, slot: Int)], bounds: [(Bound, Int)], buckets: Buckets,
    late: [LateGroup], into best: inout BestHits, below: Float?, exhaustive: Bool
  ) {
    let certain = certain.sorted { ($0.least, $0.slot) < ($1.least, $1.slot) }
    var hopefuls = Hopefuls()
    var opened = 0
    // Films are taken from the heap a few at a time, so that what scoring them reads is
    // asked for together (see `prefetchForScoring`); each is scored as if taken alone.
    var taken: [Hopefuls.Hopeful] = []
    taken.reserveCapacity(Self.scoredTogether)
    // The commonest words' late marks (see ``LateMarking``), once enough films were scored.
    var scored = 0
    var lateTried = late.isEmpty || exhaustive
    var lateMarks: LateMarks?
    // (No local functions over these variables: those are checked for exclusive access at
    // run time, at every film.)
    while true {
      let threshold = Self.threshold(best, below: below)
      if !lateTried, scored >= lateMarking.afterScored {
        lateTried = true
        // The films left: those held, and those of the buckets still closed that may enter.
        let closed = certain[opened...].lazy.filter { $0.least <= threshold }
          .map { buckets.films[bounds[$0.slot].1].count }.reduce(0, +)
        lateMarks = self.lateMarks(late, remaining: hopefuls.count + closed)
        if let lateMarks {
          hopefuls.raise(upTo: threshold) { film in
            let (bound, bucket) = bounds[Int(film.slot)]
            return lateMarks.penalty(
              film.index, mask: buckets.masks[bucket], partial: bound.partial)
          }
        }
      }
      let nextBucket = opened < certain.count ? certain[opened].least : .infinity
      if let lowest = hopefuls.lowest, lowest <= nextBucket {
        if !exhaustive, lowest > threshold { break }
        hopefuls.take(into: &taken) { $0 <= nextBucket && (exhaustive || $0 <= threshold) }
        scored += taken.count
        if !scoreTaken(taken, bounds: bounds, into: &best, below: below, exhaustive: exhaustive) {
          return
        }
      } else if opened < certain.count {
        if !exhaustive, nextBucket > threshold { break }
        let slot = certain[opened].slot
        opened += 1
        let (bound, bucket) = bounds[slot]
        let floors = buckets.floors[bucket]
        // Each film's summary is a cache miss: asked for a little ahead.
        let films = buckets.films[bucket]
        var threshold = threshold
        films.indices.forEach(
          askingAhead: Self.prefetchDistance, ask: { store.prefetchSummary(Int(films[$0])) },
          then: { at in
            let index = films[at]
            var lowest = lowest(Int(index), bound, floor: floors[at])
            if let lateMarks {
              lowest += lateMarks.penalty(
                index, mask: buckets.masks[bucket], partial: bound.partial)
            }
            guard exhaustive || lowest <= threshold else { return }
            hopefuls.push(lowest, index, slot)
            // While the page is not full, every film is kept: a big bucket's lowest films
            // are scored now and then to fill it (a film scored early is one the page may
            // not need, and costs a few hundred nanoseconds), so that the films after them
            // need not enter the heap.
            let offset = at - films.startIndex
            guard !exhaustive, threshold == .infinity, offset % Self.filledEvery == 0, offset > 0
            else { return }
            while best.worstWhenFull == nil, hopefuls.lowest != nil {
              hopefuls.take(into: &taken) { _ in true }
              scored += taken.count
              _ = scoreTaken(
                taken, bounds: bounds, into: &best, below: below, exhaustive: exhaustive)
            }
            threshold = Self.threshold(best, below: below)
          })
      } else {
        break
      }
    }
  }

  /// The score a film must beat: the page's worst once full, and `below`.
  static func threshold(_ best: BestHits, below: Float?) -> Float {
    min(best.worstWhenFull ?? .infinity, below ?? .infinity)
  }

  /// Scores the films `taken` from the heap, each as if taken alone, into `best`; false
  /// once what is left cannot enter the page.
  func scoreTaken(
    _ taken: [Hopefuls.Hopeful], bounds: [(Bound, Int)], into best: inout BestHits,
    below: Float?, exhaustive: Bool
  ) -> Bool {
    store.prefetchForScoring(taken.lazy.map(\.index))
    for film in taken {
      // The page may have filled since: what is left cannot enter it.
      let threshold = Self.threshold(best, below: below)
      if !exhaustive, film.lowest > threshold { return false }
      let score = score(
        Int(film.index), matches: nil, unless: exhaustive ? nil : threshold,
        absent: exhaustive ? 0 : bounds[Int(film.slot)].0.absent)
      if let score, score < below ?? .infinity {
        best.insert(Hit(index: Int(film.index), score: score))
      }
    }
    return true
  }

  /// How many films of a bucket are kept before its lowest are scored to fill the page.
  static let filledEvery = 256

  /// How many films are taken from the heap at a time to be scored.
  static let scoredTogether = 8

  /// The films met, by mask, the groups met through their own titles' words and popularity
  /// tier, each with its floor. Neighbouring postings often share the first two: the buckets
  /// of the last film's are tried first. The films are kept in one list as met, and put
  /// together by bucket once all are (`close()`): an array per bucket would check two arrays'
  /// uniqueness at every film.
  struct Buckets {
    /// Each bucket's mask, groups met through the title's words and literal flag: the same
    /// for the buckets of one key's tiers.
    var masks: [UInt32] = []
    var titled: [UInt16] = []
    /// Whether the films may match their titles literally (see ``TitleMark/mayBeLiteral``).
    var mayBeLiteral: [Bool] = []
    /// Each bucket's films and their floors, once closed: slices of one array each, at the
    /// same indices.
    private(set) var films: [ArraySlice<Int32>] = []
    private(set) var floors: [ArraySlice<Float>] = []
    /// The films met, in the order met, with their buckets and floors.
    private var met: [(film: Int32, slot: Int32, floor: Float)] = []
    private var slots: [UInt64: Int] = [:]
    private var last = -1

    /// Makes room for `count` films met.
    mutating func reserve(_ count: Int) { met.reserveCapacity(count) }

    /// Whether each mark's films have a bucket per popularity tier (see ``PopularityTiers``),
    /// the tiers' buckets one after the other (``key(ofSlot:)``), or one bucket.
    let tiered: Bool
    /// How many buckets a mark has.
    private var perKey: Int { tiered ? PopularityTiers.count : 1 }

    init(tiered: Bool) { self.tiered = tiered }

    /// Adds `film`, of popularity tier `tier` (read only when ``tiered``).
    mutating func add(_ film: Int32, _ mark: TitleMark, tier: @autoclosure () -> UInt8) {
      if last < 0 || masks[last] != mark.mask || titled[last] != mark.titled
        || mayBeLiteral[last] != mark.mayBeLiteral
      {
        let key =
          UInt64(mark.mask) | UInt64(mark.titled) << 32 | (mark.mayBeLiteral ? 0 : 1 << 48)
        if let slot = slots[key] {
          last = slot
        } else {
          last = masks.count
          slots[key] = last
          masks += repeatElement(mark.mask, count: perKey)
          titled += repeatElement(mark.titled, count: perKey)
          mayBeLiteral += repeatElement(mark.mayBeLiteral, count: perKey)
        }
      }
      let slot = tiered ? last &+ Int(min(tier(), UInt8(PopularityTiers.count - 1))) : last
      met.append((film, Int32(truncatingIfNeeded: slot), mark.floor))
    }

    /// The first bucket of the mark whose bucket `slot` is (the one of its least popular
    /// tier, when ``tiered``).
    func key(ofSlot slot: Int) -> Int { slot - slot % perKey }

    /// The popularity tier of bucket `slot`'s films; `nil` when not ``tiered``.
    func tier(ofSlot slot: Int) -> Int? { tiered ? slot % perKey : nil }

    /// Puts the films met together by bucket, each bucket's in the order met.
    mutating func close() {
      var starts = [Int](repeating: 0, count: masks.count + 1)
      for entry in met { starts[Int(entry.slot) + 1] += 1 }
      for slot in masks.indices { starts[slot + 1] += starts[slot] }
      var next = starts
      var allFilms = [Int32](repeating: 0, count: met.count)
      var allFloors = [Float](repeating: 0, count: met.count)
      allFilms.withUnsafeMutableBufferPointer { allFilms in
        allFloors.withUnsafeMutableBufferPointer { allFloors in
          for entry in met {
            let at = next[Int(entry.slot)]
            next[Int(entry.slot)] = at + 1
            allFilms[at] = entry.film
            allFloors[at] = entry.floor
          }
        }
      }
      films = masks.indices.map { allFilms[starts[$0]..<starts[$0 + 1]] }
      floors = masks.indices.map { allFloors[starts[$0]..<starts[$0 + 1]] }
      met = []
    }
  }

  /// What the films of one mask have in common, for a lower bound of their scores.
  struct Bound {
    /// The cheapest match of the groups they may be in, and the words of the others missed
    /// (`missed`).
    var base: Float = 0
    /// What missing the words of the groups they are not in costs (a partial match's), and
    /// the least the groups marked only in part may cost them (see ``Group/unmarkedCost``).
    var missed: Float = 0
    /// Whether a film of the mask certainly matches (is in a group through a whole option).
    var certain = false
    /// Whether they miss some required word.
    var partial = false
    /// The plan positions (bits) of the words they cannot match.
    var absent: UInt32 = 0
    /// How many title words the other words can match at most.
    var titleWords = 0
    /// What the words it matches through its people's words only pay for it.
    var people: Float = 0
    /// Whether the first query word may match its title's first word.
    var titleStart = true
    /// Whether they may match their titles literally (see ``Ranking/literalTitle``).
    var mayBeLiteral = true
    /// For films that miss a word already, the least the groups they are in may cost them
    /// when a group sharing terms with another (``Group/sharesTerms``) may be missed for
    /// less than its cheapest match (the word it needs taken by the other): what their
    /// marks' floors and people's words, which take every group matched, are then bounded
    /// by instead. `nil` when no such group lowers the bound.
    var marked: Float?
  }

  /// The bound of the films of `mask` met through their own titles' words in the groups
  /// `titled`, and that may or may not match their titles literally; `allKnown` when every
  /// group was visited or marked.
  func bound(
    of mask: UInt32, titled: UInt16, mayBeLiteral: Bool, _ groups: [Group], allKnown: Bool
  ) -> Bound {
    var bound = Bound(certain: mask & WordMask.certainBits != 0, mayBeLiteral: mayBeLiteral)
    let possible = WordMask.possible(mask)
    var missed: Float = 0
    // The groups met through people's words only: their words match no word of the title,
    // and pay for a person's (unless a previous word may have taken them along, paying once
    // for both).
    let people = possible & ~UInt32(titled)
    var notInTitle: UInt32 = 0
    var inTitle = false
    // A group marked only in part: a film not marked in it may match it through a source
    // left unmarked, or miss it — it pays the lesser at least, and may still start its title
    // with it.
    var unknown: Float = 0
    // The groups matched, each at its cheapest (or what missing it costs, when less and it
    // shares terms); how much less that is than their cheapest matches; and whether a film's
    // floor (its first source's cost in each group) may count more than missing one costs.
    var marked: Float = 0
    var overMissed: Float = 0
    var floorOverMissed = false
    func matched(_ group: Group, _ cost: Float) {
      guard group.sharesTerms else {
        marked += cost
        return
      }
      marked += min(cost, group.missCost)
      overMissed += max(0, cost - group.missCost)
      let dearest = group.sources.lazy.map(\.cost).max() ?? 0
      if dearest + cost - group.cheapest > group.missCost { floorOverMissed = true }
    }
    for (bit, group) in groups.enumerated() {
      if people & WordMask.certain(bit) != 0 {
        let person = group.takenAlong ? 0 : Ranking.personWord
        bound.base += group.cheapest + person
        bound.people += person
        matched(group, group.cheapest + person)
        for position in group.positions { notInTitle |= 1 << UInt32(position) }
      } else if possible & WordMask.certain(bit) != 0 {
        inTitle = true
        bound.base += group.cheapest
        matched(group, group.cheapest)
      } else if group.unmarkedCost < .infinity {
        unknown += min(group.unmarkedCost, group.missCost)
        inTitle = true
      } else {
        missed += group.missCost
        for position in group.positions { bound.absent |= 1 << UInt32(position) }
      }
    }
    if missed > 0 {
      bound.missed = Ranking.partialMatch + missed
      bound.partial = true
      // Missing one word more costs no second partial match: a group whose word may be
      // taken by another's is bounded by what missing it costs too.
      bound.base -= overMissed
      if floorOverMissed { bound.marked = marked }
    }
    bound.missed += unknown
    bound.base += bound.missed
    for (position, word) in compiled.words.enumerated()
    where (bound.absent | notInTitle) & (1 << UInt32(position)) == 0 {
      bound.titleWords += compiled.options[word.options].contains(where: \.isPair) ? 2 : 1
    }
    // A title none of whose words is matched has no start matched.
    bound.titleStart = inTitle || !allKnown
    return bound
  }

  /// The lowest score the film at `index` can have in `bound`'s mask: the least its matches
  /// can cost (`floor`, from the sources it was met in), the words it misses, the title
  /// words no query word can match, the bonuses it can get, its popularity.
  @inline(__always) func lowest(_ index: Int, _ bound: Bound, floor: Float) -> Float {
    let summary = store.summary(index)
    let article = summary.flags & CatalogFile.leadingArticle != 0 ? 1 : 0
    let extra = summary.titleWords - article - bound.titleWords
    // The floor counts every group matched at its first source's cost: a film that may miss
    // one for less (``Bound/marked``) is bounded by what the groups' bound says instead.
    var lowest =
      ((bound.marked ?? (floor + bound.people)) + bound.missed)
      + (bound.titleStart ? Ranking.titleStart : 0) - Ranking.popularity * summary.popularity
    if extra > 0 {
      lowest += Float(extra) * Ranking.extraWord
    } else if !bound.partial, bound.mayBeLiteral {
      lowest += Ranking.literalTitle
    }
    if let year = plan.year { lowest += year.bonus(summary.year) }
    return lowest
  }

  /// What any film can get back at most: the title start, a literal title, the year.
  var bonus: Float {
    Ranking.titleStart + Ranking.literalTitle + (plan.year == nil ? 0 : Ranking.sameYear)
  }
}
