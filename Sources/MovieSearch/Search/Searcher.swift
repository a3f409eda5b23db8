import Foundation
import Streams

/// Searches one catalog's titles.
///
/// A search runs in the stages tantivy names (its `query.rs`): the **query** is the recipe,
/// from the text alone — the words typed and the year they may name (``TitleQuery``);
/// compiled against one catalog it becomes a **weight**, the ``SearchPlan`` — each word's
/// choices among the catalog's terms and what each costs, and what missing the word costs by
/// its rarity there — flattened for speed into ``CompiledPlan``; the ``SearchEngine`` visits
/// the postings of the plan's words and hands each candidate film to the **scorer**
/// (`SearchEngine.score`, by ``Ranking``'s rules); the **collector** (``BestHits``) keeps the
/// best page. A search is a list of passes (``SearchPass``: the words as typed, a space a letter
/// off, synonyms, every typo, words split, initials), each finding films its own way and explaining
/// them (``explain(_:in:text:)``). The searcher owns what searches of one catalog share — its
/// reader (``CatalogStore``), the word choices, typo walks and split words' titles remembered, the
/// mark arrays lent to the engine, the highest popularity. ``explain(_:filmID:)`` says how a film
/// matched.
final class Searcher: Sendable {
  let store: CatalogStore
  /// The word choices of recently searched words (see `SearchPlan.choices`), at most 8,192.
  private let lookups = RememberedByKey<[UInt8], SearchPlan.LookedUp>()
  /// The terms within a few typos of recently searched words, by word and distance (see
  /// ``fuzzyMatches(_:maxDistance:)``), at most 8,192.
  private let walks = RememberedByKey<[UInt8], [TermMatch]>()
  /// The titles that have a split word's other half among their own words, by the terms
  /// of that half (see ``SearchEngine/otherHalves(_:among:)``), at most 16: a bit per title
  /// each, 164 KB at IMDb's size (1.3 million titles).
  private let otherHalves = RememberedByKey<[Range<Int>], FilmBits>(capacity: 16)
  /// The titles that have a split word's two halves one after the other, by the halves'
  /// terms (see ``SearchEngine/pairsRememberedFrom``), at most 16: a bit per title each.
  private let pairedTitles = RememberedByKey<SearchEngine.PairKey, FilmBits>(capacity: 16)
  /// The largest `summary(_:).popularity`, once asked.
  private let highestPopularity = Remembered<Float>()
  /// The most popular films' titles, once asked.
  private let mostPopular = Remembered<PopularTitles>()
  /// Every title's popularity tier, once asked.
  private let popularity = Remembered<PopularityTiers>()
  /// The years of the catalog's films, once asked.
  private let knownYears = Remembered<ClosedRange<Int>?>()
  /// Arrays of one mark per title, all empty, for searches to borrow (see `withMarks`).
  private let spareMarks = Lock<[[TitleMark]]>([])

  /// The title words of `word`'s phonetic key (see ``Phonetic``).
  func terms(soundingLike word: [UInt8]) -> [Int] {
    PhoneticIndex(store: store).terms(soundingLike: word)
  }

  init(store: CatalogStore) {
    self.store = store
  }

  /// A film found: the title that matched best (its display title, or another), and its
  /// score.
  struct FilmHit {
    var film: Int
    var title: Int
    var score: Float
    /// The pass that found it, which explains it.
    var pass: SearchPass
    /// Found by the initials of these words of its title (see ``InitialsIndex``).
    var initials: Range<Int>? = nil
  }

  /// The films matching `text`, best first, up to `limit`, and how many match in all; the
  /// run that found them (each film's pass explains it: ``explain(_:in:text:)``).
  ///
  /// A film is found by any of its titles; it is listed once, by the title that matched it
  /// best, and counted once. The passes run in order (``SearchPass``), each on what those
  /// before it found. `beingTyped`: `text` is being typed (``MovieQuery/isBeingTyped``).
  func search(
    _ text: String, limit: Int, year: Int?, keep: ((Int) -> Bool)? = nil, beingTyped: Bool = false
  ) throws(MovieServiceError) -> (hits: [FilmHit], total: Int, run: SearchRun)? {
    guard let query = TitleQuery(text, beingTyped: beingTyped) else { return nil }
    var run = SearchRun(
      query: query, plan: SearchPlan(query, searcher: self), limit: limit, year: year,
      keep: keep)
    for pass in SearchPass.allCases { try self.run(pass, &run) }
    return (run.hits, run.total, run)
  }

  /// Whether a film scores below `best` in `retry` — a plan of the same query as `plan`
  /// with every typo looked up — where `best` is the best score of a search by `plan` that
  /// matched every word. Such a film matches every word too (a partial match scores far
  /// above), so what missing a word costs plays no part: it needs a term only the retry
  /// looks up (or at a lower cost). When only a film nearly as popular as the most popular
  /// could score so, the few such titles are scored (``typoMayWin(_:among:atMost:adding:over:below:year:keep:)``);
  /// otherwise only the titles with such a term that the rarest word finds are tried
  /// (``typoMayWin(_:byPostingsOf:below:year:keep:)``): whichever reads less.
  func typoMayWin(
    _ retry: SearchEngine, over plan: SearchPlan, below best: Float, year: Int?,
    keep: ((Int) -> Bool)?
  ) throws(MovieServiceError) -> Bool {
    let beyond = retry.plan.termsBeyond(plan)
    let postings = beyond.reduce(0) { $0 + store.postings($1).count }
    guard postings > 0 else { return false }
    // Asked even when fewer postings than a title's worth: no popular title above the floor
    // answers "no" without reading any.
    if let answer = typoMayWin(
      retry, among: popularTitles, atMost: postings / Self.postingsPerScoredTitle,
      adding: beyond, over: plan, below: best, year: year, keep: keep)
    {
      return answer
    }
    return try typoMayWin(retry, byPostingsOf: beyond, below: best, year: year, keep: keep)
  }

  /// What scoring one popular title costs, in postings of the typos read instead: measured
  /// (`search-eval --speed`, each way alone), a title scored 190 ns on the built-in catalog and
  /// 1.1 µs at IMDb's size (its words a cache miss), a posting visited 11 and 24 ns — 17 and
  /// 45 postings a title; the popular titles are scored when they cost less at 32.
  static let postingsPerScoredTitle = 32

  /// ``typoMayWin(_:over:below:year:keep:)`` by scoring the titles popular enough to score
  /// below `best` through a typo — a film pays at least ``Ranking/bestWithTypo(yearHinted:givesSlippedTitle:maxPopularity:)``
  /// with its own popularity for the most popular's — and that have a term of `beyond` (the
  /// terms the retry adds); `nil` when those titles are more than `atMost`, or not all among
  /// `popular`.
  func typoMayWin(
    _ retry: SearchEngine, among popular: PopularTitles, atMost: Int, adding beyond: [Range<Int>],
    over plan: SearchPlan, below best: Float, year: Int?, keep: ((Int) -> Bool)?
  ) -> Bool? {
    let bound = Ranking.bestWithTypo(
      yearHinted: plan.year != nil, givesSlippedTitle: plan.givesSlippedTitle,
      maxPopularity: maxPopularity)
    // Scores are sums that round apart from the bound's: a little below the floor too.
    let floor =
      maxPopularity - (best - bound) / Ranking.popularity - 1 / TitleMark.unitsPerCost
    guard let titles = popular.above(floor), titles.count <= atMost else { return nil }
    return CompiledPlan.covering(beyond).withUnsafeBufferPointer { beyond in
      for title in titles.lazy.map(Int.init) {
        if let year, store.summary(title).year != year { continue }
        if let keep, !keep(store.film(ofTitle: title)) { continue }
        // As the postings would find it: through a word of the title or of its film's people.
        let words = store.words(title)
        let found =
          words.count == CatalogStore.WordIDs.capacity
          || (0..<words.count).contains { CompiledPlan.covers(words[$0], beyond) }
        if found, let score = retry.score(title, matches: nil), score < best { return true }
      }
      return false
    }
  }

  /// ``typoMayWin(_:over:below:year:keep:)`` by the postings of `beyond` (the terms the retry
  /// adds): only the titles with one that the retry's rarest word finds are tried.
  func typoMayWin(
    _ retry: SearchEngine, byPostingsOf beyond: [Range<Int>], below best: Float, year: Int?,
    keep: ((Int) -> Bool)?
  ) throws(MovieServiceError) -> Bool {
    var titles = FilmBits(count: store.titleCount)
    for terms in beyond {
      store.postings(terms).visit { index, _ in titles.insert(index) }
    }
    // It matches every word, so it is among the titles the retry's rarest word finds too.
    guard titles.count > 0, let rarest = retry.visitingOrder().groups.first else { return false }
    var candidates = FilmBits(count: store.titleCount)
    for source in rarest.sources {
      store.postings(source.terms).visit { index, _ in
        if titles.contains(index) { candidates.insert(index) }
      }
    }
    guard candidates.count > 0 else { return false }
    let probe = try retry.search(limit: 1, year: year, keep: keep, below: best, only: candidates)
    return !probe.hits.isEmpty
  }

  /// The word of `query` read as initials too: one word of 2–8 letters (beside a year) that
  /// is no title word. (It may begin some: their films rank by the same rules.)
  func initialsWord(_ query: TitleQuery) -> [UInt8]? {
    let words = query.words.filter { $0 != query.yearWord }
    guard words.count == 1, let word = words.first, InitialsIndex.mayBeInitials(word) else {
      return nil
    }
    return store.exactAndPrefix(word).exact.isEmpty ? word : nil
  }

  /// The films whose titles' initials spell `word` (or, from three letters, begin with it),
  /// scored by ``Ranking/initials``: each once, by its best title.
  func initials(
    _ word: [UInt8], hint: YearHint?, year: Int?, keep: ((Int) -> Bool)?
  ) -> [FilmHit] {
    let index = InitialsIndex(store: store)
    var best: [Int: FilmHit] = [:]
    for found in index.titles(spelling: word) where found.whole || word.count >= 3 {
      let summary = store.summary(found.title)
      if let year, summary.year != year { continue }
      let film = store.film(ofTitle: found.title)
      if let keep, !keep(film) { continue }
      let score =
        Ranking.initials + (found.whole ? 0 : Ranking.typedPrefix)
        - Ranking.popularity * summary.popularity + (hint?.bonus(summary.year) ?? 0)
      if best[film].map({ score < $0.score }) ?? true {
        best[film] = FilmHit(
          film: film, title: found.title, score: score, pass: .initials,
          initials: found.from..<found.from + word.count)
      }
    }
    return Array(best.values)
  }

  /// How a film matched a search: its score, and the title words the query's words matched.
  struct Explanation: Equatable {
    /// The film's score (``Ranking``: lower is better).
    var score: Float
    /// The parts of the title that matched, in `Character` offsets.
    var matches: [Range<Int>]
    /// Whether some query word found nothing in the title.
    var isPartial: Bool
    /// The pass that found the film (the words as typed, when the engine alone is asked).
    var pass: SearchPass = .words
  }

  /// Why title `index` (as a search of `engine` found it) has its score: the parts of its
  /// text `title` that matched; `nil` when it does not match at all.
  func explain(_ engine: SearchEngine, title index: Int, text title: String) -> Explanation? {
    var matches: SearchEngine.Matches = []
    guard let score = engine.score(index, matches: &matches) else { return nil }
    let words = TitleText.words(title)
    let ranges = matches.compactMap { match -> Range<Int>? in
      guard words.indices.contains(match.position) else { return nil }
      let range = words[match.position].range
      guard let shown = match.prefix, shown < range.count else { return range }
      return range.lowerBound..<range.lowerBound + shown
    }.sorted { $0.lowerBound < $1.lowerBound }
    return Explanation(score: score, matches: ranges, isPartial: Ranking.isPartial(score))
  }

  /// How `text` matches the film with id `id`, as the pass that finds it explains it, or
  /// `nil` when no pass finds it (for tools and tests: why a film ranks where it does).
  func explain(_ text: String, filmID id: Int) -> Explanation? {
    guard let film = store.index(ofID: id),
      let (hits, _, run) = try? search(text, limit: 1, year: nil, keep: { $0 == film }),
      let hit = hits.first
    else { return nil }
    return explain(hit, in: run, text: store.title(hit.title).text)
  }

  // MARK: What searches share

  /// The years of the catalog's films: `read` the first time, remembered after.
  func years(_ read: () -> ClosedRange<Int>?) -> ClosedRange<Int>? {
    knownYears.value(read)
  }

  /// What was remembered for `word`.
  func remembered(_ word: [UInt8]) -> SearchPlan.LookedUp? {
    lookups.value(for: word)
  }

  /// The terms within `maxDistance` typos of `word` (see
  /// ``CatalogStore/fuzzyMatches(_:maxDistance:)``), remembered: the walk is the costly part
  /// of a search, and a search that looks again for more typos walks for the same words.
  func fuzzyMatches(_ word: [UInt8], maxDistance: Int) -> [TermMatch] {
    let key = word + [0xFF, UInt8(clamping: maxDistance)]
    if let known = walks.value(for: key) { return known }
    let matches = store.fuzzyMatches(word, maxDistance: maxDistance)
    walks.remember(matches, for: key)
    return matches
  }

  /// The titles that have the terms `half` among their own words, when remembered.
  func halves(_ half: [Range<Int>]) -> FilmBits? {
    otherHalves.value(for: half)
  }

  /// Remembers the titles that have the terms `half` among their own words.
  func remember(halves titles: FilmBits, for half: [Range<Int>]) {
    otherHalves.remember(titles, for: half)
  }

  /// The titles that have a split word's halves `pair` one after the other, when remembered.
  func titles(paired pair: SearchEngine.PairKey) -> FilmBits? {
    pairedTitles.value(for: pair)
  }

  /// Remembers the titles that have a split word's halves `pair` one after the other.
  func remember(paired titles: FilmBits, for pair: SearchEngine.PairKey) {
    pairedTitles.remember(titles, for: pair)
  }

  /// Remembers the term runs of `word`; forgets everything when full.
  func remember(_ word: [UInt8], _ lookedUp: SearchPlan.LookedUp) {
    lookups.remember(lookedUp, for: word)
  }

  /// The largest log10(1 + popularity) of any film: what popularity can give a score at
  /// most. Read from every film once (with ``popularTitles``), then remembered.
  var maxPopularity: Float {
    highestPopularity.value { popularTitles.greatest }
  }

  /// The titles of the most popular films (see ``PopularTitles``): found once, then
  /// remembered.
  var popularTitles: PopularTitles {
    mostPopular.value { PopularTitles(store: store) }
  }

  /// Every title's popularity tier (see ``PopularityTiers``): found once, then remembered.
  var popularityTiers: PopularityTiers {
    popularity.value { PopularityTiers(store: store) }
  }

  /// Calls `body` with an array of one mark per title, all empty; `body` leaves them empty.
  /// Arrays are kept for the next search: a million titles' marks are 8 MB to clear.
  func withMarks<T>(_ body: (inout [TitleMark]) -> T) -> T {
    var marks =
      spareMarks.withLock { $0.popLast() }
      ?? [TitleMark](repeating: TitleMark(), count: store.titleCount)
    let result = body(&marks)
    spareMarks.withLock { spare in
      if spare.count < 4 { spare.append(marks) }
    }
    return result
  }
}

/// What a search learns of one title from the postings it visits: the query words' groups
/// it is in (a ``WordMask``), those it was met in through its own title's words, and the
/// least its matches of them can cost — eight bytes, as a large catalog's marks are read
/// and written at random, a cache miss each.
struct TitleMark {
  var mask: UInt32 = 0
  /// The groups (by bit) it was met in through a word of its own title, not only of its
  /// people's: in the others, it matches a person's word if anything.
  var titled: UInt16 = 0
  /// The least cost, in 64ths, rounded down (so it stays a lower bound), in the low 15 bits;
  /// the top bit: some word it was met for costs more than a literal title's words may.
  private var floorUnits: UInt16 = 0

  /// The least its matches of the groups it is in can cost.
  var floor: Float { Float(floorUnits & Self.floorMask) / Self.unitsPerCost }

  /// Whether its title may still match literally (see ``Ranking/literalTitle``): no word
  /// it was met for costs more than ``Ranking/otherForm`` however it matches.
  var mayBeLiteral: Bool { floorUnits & ~Self.floorMask == 0 }

  private static let floorMask: UInt16 = 0x7FFF

  /// Adds `units` (see ``units(_:)``) to the floor, at most 32,767 (a lower bound still).
  @inline(__always) mutating func raiseFloor(by units: UInt16) {
    let sum = min(Int(floorUnits & Self.floorMask) + Int(units), Int(Self.floorMask))
    floorUnits = floorUnits & ~Self.floorMask | UInt16(sum)
  }

  /// Records that a word it was met for costs more than a literal title's may.
  @inline(__always) mutating func ruleOutLiteral() { floorUnits |= ~Self.floorMask }

  static let unitsPerCost: Float = 64

  /// A cost in 64ths of the floor, rounded down.
  static func units(_ cost: Float) -> UInt16 {
    UInt16(max(0, min(Float(UInt16.max), (cost * unitsPerCost).rounded(.down))))
  }
}
