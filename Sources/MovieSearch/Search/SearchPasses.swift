/// The passes of a search, in the order they run: each is a way of finding films for the
/// query (tantivy's Query), looks at what the passes before it found, and adds films or
/// replaces them. Every film found carries the pass that found it, and that pass explains
/// its score (``Searcher/explain(_:in:text:)``).
///
/// A space a letter off and a synonym come before every typo: their searches are narrow (a
/// few variants of the query; the titles holding a synonym), and a film they find that no
/// typo's can beat spares the costliest pass (Benchmarks/README, round twelve).
enum SearchPass: String, CaseIterable, Sendable {
  /// The words as typed: each word's title words, their beginnings and the typos a word
  /// that is no title word needs (``SearchPlan``).
  case words
  /// A space typed a letter early or late ("ther unner"): the query with the letter moved
  /// back (``SpaceShift``), each at ``Ranking/spaceShift``, when a film so found could come
  /// first.
  case shiftedSpace
  /// Words remembered as synonyms ("the large sleep"), each at ``Ranking/synonym``: run when
  /// a film found so could come first.
  case synonyms
  /// Every typo looked up, also of words that are title words ("the ting" for "The Thing"),
  /// and — when the words as typed leave one unmatched — a letter dropped from a title word
  /// of three ("fall tie" for "Fall Time"): run when a film found so could come first, and
  /// kept when it does — beside the films a space a letter off or a synonym found.
  case typos
  /// A real word typed for a longer title word ("eating venus" for "Meeting Venus"), read
  /// with the typos of that word (two from seven letters): run when, after every typo, some
  /// word of a query of several still found nothing, and kept when a film found so matches
  /// better.
  case realWords
  /// Words typed together, split into title words ("starwars"): run when the words as typed
  /// match no film with every word (or a one-word query only through typos); each split
  /// costs ``Ranking/compound``.
  case splitWords
  /// One word read as the initials of a title ("bttf"), at ``Ranking/initials``.
  case initials
}

/// What the passes of one search share and fill in: the films found so far (best first, at
/// most `limit`), how many in all, and the engine of each pass that ran one (each explains
/// its own films).
struct SearchRun {
  let query: TitleQuery
  let plan: SearchPlan
  let limit: Int
  let year: Int?
  let keep: ((Int) -> Bool)?
  var hits: [Searcher.FilmHit] = []
  var total = 0
  /// The engine of each pass that ran with one.
  var engines: [SearchPass: SearchEngine] = [:]
  /// What a pass adds to its engine's scores (the splits of ``SearchPass/splitWords``).
  var addedCost: [SearchPass: Float] = [:]

  /// The best score so far (`infinity` when nothing was found).
  var best: Float { hits.first?.score ?? .infinity }
  /// What a pass's film must score below, `cost` added, to join the films found (or better
  /// one of them) as a whole match: below a partial match, and — once the page is full —
  /// below its last film, with a point to spare (the engine's score and the sum merged round
  /// apart). A pass that merges only such films looks for nothing else.
  func joining(adding cost: Float) -> Float {
    let last = hits.count < limit ? Float.infinity : (hits.last?.score ?? .infinity) - cost + 1
    return min(Ranking.partialBelow, last)
  }

  /// `extra` films among the hits by score, each film once; the total counts the new ones.
  /// A film found again keeps its first hit, or, `replacingWorse`, the better of the two.
  mutating func merge(
    _ extra: [Searcher.FilmHit], total extraTotal: Int? = nil, replacingWorse: Bool = false
  ) {
    if let extraTotal { total = max(total, extraTotal) }
    guard !extra.isEmpty else { return }
    let listed = Dictionary(hits.map { ($0.film, $0.score) }, uniquingKeysWith: min)
    let added = extra.filter { listed[$0.film] == nil }
    var kept = hits
    if replacingWorse {
      let better = Dictionary(
        extra.filter { hit in listed[hit.film].map { hit.score < $0 } ?? false }
          .map { ($0.film, $0) }, uniquingKeysWith: { $0.score <= $1.score ? $0 : $1 })
      kept = hits.map { better[$0.film] ?? $0 }
    }
    let all = (kept + added).sorted { ($0.score, $0.film) < ($1.score, $1.film) }
    hits = Array(all.prefix(limit))
    total += added.count
  }
}

extension Searcher {
  /// Runs `pass` over `run`.
  func run(_ pass: SearchPass, _ run: inout SearchRun) throws(MovieServiceError) {
    switch pass {
    case .words:
      let engine = SearchEngine(searcher: self, plan: run.plan)
      run.engines[.words] = engine
      (run.hits, run.total) = try films(engine, pass: .words, run)
    case .typos:
      try retryWithEveryTypo(&run)
    case .realWords:
      try realWordSlips(&run)
    case .splitWords:
      try splitWords(&run)
    case .shiftedSpace:
      try shiftedSpace(&run)
    case .synonyms:
      try synonyms(&run)
    case .initials:
      if let word = initialsWord(run.query) {
        run.merge(initials(word, hint: run.plan.year, year: run.year, keep: run.keep))
      }
    }
  }

  /// The best score a film found through a typo can have in a search by `plan` (see
  /// ``Ranking/bestWithTypo(yearHinted:givesSlippedTitle:maxPopularity:)``): the bound the
  /// passes that look for typos, shifted spaces and synonyms run below.
  private func bestWithTypo(_ plan: SearchPlan) -> Float {
    Ranking.bestWithTypo(
      yearHinted: plan.year != nil, givesSlippedTitle: plan.givesSlippedTitle,
      maxPopularity: maxPopularity)
  }

  /// ``SearchPass/typos``: looks again with every typo when a film found so could come
  /// first — it needs a typo, and can gain no more than the most popular film's popularity —
  /// and a probe, which looks only for such a film, finds one.
  private func retryWithEveryTypo(_ run: inout SearchRun) throws(MovieServiceError) {
    let bound = bestWithTypo(run.plan)
    let best = run.best
    // Below a partial match, a short real word is also read as a longer one with the letter
    // it dropped — in a query of a few words: in a long one, a word found nowhere is most
    // often one people add, and every short word's longer ones would be read.
    let partial = Ranking.isPartial(best)
    let droppedLetters =
      partial && run.plan.mayHaveDroppedLetters
      && run.query.words.count < Forgiveness.longQueryWords
    guard run.plan.mayHaveMoreTypos || droppedLetters, best > bound else { return }
    let query = run.query
    let everyTypo = {
      SearchEngine(
        searcher: self,
        plan: SearchPlan(query, searcher: self, everyTypo: true, droppedLetters: droppedLetters))
    }
    var made: SearchEngine?
    // Below a partial match (or none) the probe's bound prunes nearly nothing: it would
    // score the films the search itself scores, so the search is made at once.
    if !partial {
      // A film through two typos in a word scores at least a typo above the bound: below a
      // best that close, the probe needs no word's second typo, the costliest walk of the
      // vocabulary (at IMDb's size a millisecond or more a word).
      let closeToBound = best <= bound + Ranking.typo
      let probe =
        closeToBound
        ? SearchEngine(
          searcher: self,
          plan: SearchPlan(query, searcher: self, everyTypo: true, oneTypoUnlessTyped: true))
        : everyTypo()
      // A probe that left nothing out is the retry itself.
      if !closeToBound || !probe.plan.leftSecondTyposOut { made = probe }
      guard try typoMayWin(probe, over: run.plan, below: best, year: run.year, keep: run.keep)
      else { return }
    }
    let retry = made ?? everyTypo()
    let found = try films(retry, pass: .typos, run)
    if let first = found.hits.first, first.score < best {
      run.engines[.typos] = retry
      // Its search holds the words as typed and more; not what a shifted space or a synonym
      // found (whole matches it sees as partial, or not at all): those stay.
      let before = run.hits.filter { $0.pass != .words }
      (run.hits, run.total) = found
      run.merge(before, replacingWorse: true)
    }
  }

  /// ``SearchPass/splitWords``: when the query as typed matches no film with every word, it
  /// is split into title words and searched beside it; when a query of one word matches only
  /// through typos, into three words or more (two are among the plan's options already).
  private func splitWords(_ run: inout SearchRun) throws(MovieServiceError) {
    let partial = run.hits.first.map { Ranking.isPartial($0.score) } ?? true
    let onlyTypos = run.hits.first.map {
      $0.score >= Ranking.typo - Ranking.popularity * maxPopularity
    }
    guard partial || (onlyTypos == true && run.query.words.count == 1),
      let (split, joins) = Segmentation.split(run.query, store: store, pieces: partial ? 2 : 3)
    else { return }
    let engine = SearchEngine(searcher: self, plan: SearchPlan(split, searcher: self))
    let found = try films(engine, pass: .splitWords, run)
    let cost = Ranking.compound * Float(joins)
    run.engines[.splitWords] = engine
    run.addedCost[.splitWords] = cost
    run.merge(
      found.hits.map { hit in
        var hit = hit
        hit.score += cost
        return hit
      }, total: found.total)
  }

  /// ``SearchPass/shiftedSpace``: when a film found through a typo could come first, each
  /// query with a letter moved back across a space (``SpaceShift``) is searched; the films
  /// the best of them matches whole are merged at ``Ranking/spaceShift`` more, each film at
  /// its better score.
  private func shiftedSpace(_ run: inout SearchRun) throws(MovieServiceError) {
    let bound = bestWithTypo(run.plan)
    guard run.best > bound, run.query.words.count > 1 else { return }
    // The variant whose best film is best is kept whole (its engine explains its films).
    var kept: (engine: SearchEngine, hits: [FilmHit])?
    for variant in SpaceShift.variants(of: run.query, store: store) {
      let engine = SearchEngine(searcher: self, plan: SearchPlan(variant, searcher: self))
      let hits = try films(
        engine, pass: .shiftedSpace, run, below: run.joining(adding: Ranking.spaceShift)
      ).hits
      if let first = hits.first, first.score < kept?.hits.first?.score ?? .infinity {
        kept = (engine, hits)
      }
    }
    guard let kept else { return }
    run.engines[.shiftedSpace] = kept.engine
    run.addedCost[.shiftedSpace] = Ranking.spaceShift
    run.merge(
      kept.hits.map { hit in
        var hit = hit
        hit.score += Ranking.spaceShift
        return hit
      }, replacingWorse: true)
  }

  /// ``SearchPass/synonyms``: when some query word has a synonym among the title words and
  /// a film found through one could come first — it pays a typo's cost, so the bound is
  /// ``bestWithTypo(_:)`` — the query is searched again with the synonyms as options; the
  /// films it matches whole are merged, each at its better score.
  /// Only the titles holding a synonym are looked at: any other scores as the words as typed
  /// scored it, and those of the page are already found.
  private func synonyms(_ run: inout SearchRun) throws(MovieServiceError) {
    let bound = bestWithTypo(run.plan)
    // The word being typed is a beginning only, as with typos: a word added narrows.
    let remembered = run.query.words.dropLast(run.query.lastWordBeingTyped ? 1 : 0)
    guard run.best > bound, remembered.contains(where: { !Synonyms.of($0).isEmpty })
    else { return }
    var titles = FilmBits(count: store.titleCount)
    for synonym in remembered.flatMap(Synonyms.of) {
      store.postings(store.exactAndPrefix(synonym).exact).visit { index, _ in titles.insert(index) }
    }
    guard titles.count > 0 else { return }
    let engine = SearchEngine(
      searcher: self, plan: SearchPlan(run.query, searcher: self, synonyms: true))
    let found = try films(
      engine, pass: .synonyms, run, only: titles, below: run.joining(adding: 0))
    run.engines[.synonyms] = engine
    // Only films that match every word so: a film a synonym matches in part is no answer
    // the words as typed did not give.
    let whole = found.hits.filter { !Ranking.isPartial($0.score) }
    run.merge(whole, replacingWorse: true)
  }

  /// An engine's hits as films: each film once, by its best title (the engine's page holds
  /// films when it counts them), found by `pass`; among `only`'s titles, when given; with
  /// `below`, only those scoring below it, and none counted.
  func films(
    _ engine: SearchEngine, pass: SearchPass, _ run: SearchRun, only: FilmBits? = nil,
    below: Float? = nil
  ) throws(MovieServiceError) -> (hits: [FilmHit], total: Int) {
    let (hits, total) = try engine.search(
      limit: run.limit, year: run.year, keep: run.keep, below: below, only: only,
      countFilms: true)
    let films = hits.map { hit in
      FilmHit(film: store.film(ofTitle: hit.index), title: hit.index, score: hit.score, pass: pass)
    }
    return (films, total)
  }

  /// How `hit` matched, as the pass that found it explains it: the title words its engine
  /// matched (and the cost the pass adds), or the words whose initials it spelled.
  func explain(_ hit: FilmHit, in run: SearchRun, text: String) -> Explanation? {
    if let initials = hit.initials {
      // The first letter of each word the initials spelled.
      let words = TitleText.words(text)
      let matches = initials.compactMap { position -> Range<Int>? in
        guard words.indices.contains(position) else { return nil }
        return words[position].range.lowerBound..<words[position].range.lowerBound + 1
      }
      return Explanation(
        score: hit.score, matches: matches, isPartial: Ranking.isPartial(hit.score),
        pass: .initials)
    }
    guard let engine = run.engines[hit.pass],
      var explanation = explain(engine, title: hit.title, text: text)
    else { return nil }
    explanation.score += run.addedCost[hit.pass] ?? 0
    explanation.pass = hit.pass
    return explanation
  }
}
