/// ``SearchPass/realWords``: a real word typed for a title word a slip away — "eating venus"
/// for "Meeting Venus", "the vincent years" for "The Violent Years". Every other pass takes
/// a real word as typed (it names the titles that hold it); this one reads it as a slip where
/// what the words as typed found leaves room: no film with every word, or films that miss a
/// word among the first few.
extension Searcher {
  /// ``SearchPass/realWords`` over `run`, for the words of six letters or more that are
  /// title words (one a letter longer could have two typos): when the best film still misses
  /// a word of a query of two, the query is searched again reading such words as slips for
  /// longer ones; otherwise, when films that miss a word are among the first few, a title
  /// that holds the query's other words and a slip of one of those, and nothing else, comes
  /// before them (`lookAlikesOneSlipAway(at:needed:_:)`).
  func realWordSlips(_ run: inout SearchRun) throws(MovieServiceError) {
    let words = run.query.words
    let slips = words.indices.filter {
      SearchPlan.maxDistance(words[$0].count + 1) > 1
        && SearchPlan.takenAsTyped(words[$0], store: store)
    }
    guard !slips.isEmpty else { return }
    guard Ranking.isPartial(run.best), (2...Forgiveness.realWordSlipsUpTo).contains(words.count)
    else {
      // Words a title may lack (an article, a year, a word people add) are no slips, and a
      // query of one other word is a title of its own. A word being typed is a beginning,
      // never a slip: each letter added narrows the list.
      let needed = words.indices.filter { run.plan.words[$0].optional == nil }
      let typing = run.query.lastWordBeingTyped ? words.count - 1 : nil
      let slipped = slips.filter { needed.contains($0) && $0 != typing }
      if needed.count > 1, !slipped.isEmpty {
        try lookAlikesOneSlipAway(at: slipped, needed: needed, &run)
      }
      return
    }
    let engine = SearchEngine(
      searcher: self,
      plan: SearchPlan(run.query, searcher: self, everyTypo: true, realWordSlips: true))
    let found = try films(engine, pass: .realWords, run)
    // Kept only for a film it matches whole: its wider look-up makes a missed word seem
    // commoner, so partial matches would rank otherwise than the words as typed rank them.
    if let first = found.hits.first, !Ranking.isPartial(first.score), first.score < run.best {
      run.engines[.realWords] = engine
      (run.hits, run.total) = found
    }
  }

  /// When films that miss a word are among the first few of a query of a few `needed`
  /// words, and the first film's title is not the query's words, the titles that hold every
  /// needed word as typed but one of `positions`, a real word's slip of that one, and nothing
  /// else (a leading article aside) are merged before them — those of the position whose best
  /// film is best (its engine explains them). A title with more words is a look-alike, not
  /// the film meant ("the vincent years" lists The Violent Years before Vincent & Theo, not
  /// a title that adds a word to it); a query that is the first film's title, its every word
  /// in order, names that film ("pulp fiction" lists no Pulp Diction before Pulp; "eating
  /// venus" still lists Meeting Venus after Venus Eating).
  private func lookAlikesOneSlipAway(
    at positions: [Int], needed: [Int], _ run: inout SearchRun
  ) throws(MovieServiceError) {
    let partialAmongFirst =
      run.hits.count < Ranking.firstFew
      || Ranking.isPartial(run.hits[Ranking.firstFew - 1].score)
    guard partialAmongFirst, needed.count < Forgiveness.longQueryWords else { return }
    if let first = run.hits.first {
      guard let found = run.engines[first.pass],
        wholeTitles([first.title], scoredBy: found, run, below: .infinity, inOrder: true)
          .isEmpty
      else { return }
    }
    var kept: (engine: SearchEngine, hits: [FilmHit])?
    for position in positions {
      guard
        let (titles, slip) = titlesOneSlipAway(
          run.plan, slip: position, others: needed.filter { $0 != position })
      else { continue }
      let engine = SearchEngine(
        searcher: self, plan: SearchPlan(run.query, searcher: self, slip: slip))
      let whole = wholeTitles(titles, scoredBy: engine, run, below: run.joining(adding: 0))
      if let best = whole.first, best.score < kept?.hits.first?.score ?? .infinity {
        kept = (engine, whole)
      }
    }
    guard let kept else { return }
    run.engines[.realWords] = kept.engine
    run.merge(kept.hits, replacingWorse: true)
  }

  /// The titles that hold the words of `others` as typed (each a title word of its own), one
  /// word a real word's slip from the query word at `slip`, and nothing else but a leading
  /// article, and the slip those words are: found among the titles of the rarest of
  /// `others`, read word by word — `nil` when there are none, or when those are more than
  /// ``Forgiveness/slipLookAlikesReadUpTo``. Only these titles are scored, the slip matching
  /// only their words: a look-up of every slip of the word walks the whole vocabulary.
  private func titlesOneSlipAway(_ plan: SearchPlan, slip position: Int, others: [Int])
    -> ([Int], SearchPlan.Slip)?
  {
    let asTyped = others.map { position in
      plan.words[position].options.filter { $0.second == nil && !$0.absorbsNext }
        .compactMap(SearchPlan.withoutSlips).flatMap(\.first)
    }
    let counts = asTyped.map { SearchPlan.postingCount($0, store: store) }
    guard let rarest = counts.indices.min(by: { counts[$0] < counts[$1] }),
      counts[rarest] <= Forgiveness.slipLookAlikesReadUpTo
    else { return nil }
    let word = plan.words[position].text
    var titles: [Int] = []
    var slip = SearchPlan.Slip(position: position, terms: [:])
    for choice in asTyped[rarest] {
      store.postings(choice.terms).visit(titleWordsOnly: true) { title, _ in
        guard let (term, edits) = slipBeside(asTyped, in: title, of: word) else { return }
        titles.append(title)
        slip.terms[term] = edits
      }
    }
    return titles.isEmpty ? nil : (titles, slip)
  }

  /// The word of title `index` that is a real word's slip of `slipped`
  /// (``realWordSlipEdits(_:of:)``) and its edits, when the title's other words are one of each
  /// of `words`' choices and a leading article at most.
  private func slipBeside(
    _ words: [SearchPlan.Choices], in index: Int, of slipped: [UInt8]
  ) -> (term: Int, edits: Int)? {
    // Each word, the slip and an article.
    guard store.summary(index).titleWords <= words.count + 2 else { return nil }
    let title = store.titleWords(index)
    var pending = Array(words.indices)
    // The positions of the words no choice matched: the slip, and a leading article.
    var left: [Int] = []
    for position in 0..<title.titleCount {
      let id = title[position]
      if let matched = pending.firstIndex(where: { words[$0].contains { $0.terms.contains(id) } }) {
        pending.remove(at: matched)
      } else {
        left.append(position)
        if left.count > 2 { return nil }
      }
    }
    guard pending.isEmpty, let last = left.last else { return nil }
    // Spelt only now: a term is read down the trie.
    if left.count == 2 {
      guard left[0] == 0, TitleText.articleWords.contains(store.term(title[0])) else { return nil }
    }
    let term = title[last]
    return Self.realWordSlipEdits(store.term(term), of: slipped).map { (term, $0) }
  }

  /// The edits from `word` to title word `term` when a real word typed for it reads it (the
  /// look-up of
  /// ``SearchPlan/lookUp(_:last:searcher:everyTypo:amongOthers:beingTyped:droppedLetter:)``
  /// beside other words): one, or two to a word of seven letters.
  static func realWordSlipEdits(_ term: [UInt8], of word: [UInt8]) -> Int? {
    let edits = EditDistance.between(term, word)
    return edits < 2 || (edits == 2 && SearchPlan.maxDistance(term.count) > 1) ? edits : nil
  }

  /// The films of `titles` whose every word (a leading article aside) `engine` matches, with
  /// each query word — `inOrder`, in the query's order — below `bound`: each film once, by its
  /// best title, best first, at most a page. The titles are few: each is scored alone, as the
  /// engine's search would score it, rather than met through every word's postings.
  private func wholeTitles(
    _ titles: [Int], scoredBy engine: SearchEngine, _ run: SearchRun, below bound: Float,
    inOrder: Bool = false
  ) -> [FilmHit] {
    var best: [Int: FilmHit] = [:]
    for title in titles {
      let film = store.film(ofTitle: title)
      if let year = run.year, store.summary(title).year != year { continue }
      if let keep = run.keep, !keep(film) { continue }
      var matches: SearchEngine.Matches = []
      guard let score = engine.score(title, matches: &matches), !Ranking.isPartial(score),
        score < bound, best[film].map({ score < $0.score }) ?? true
      else { continue }
      // The title's words by their term ids, as ``slipBeside(_:in:of:)`` reads them.
      let words = store.titleWords(title)
      let matched = Set(matches.map(\.position))
      let holdsNothingElse = (0..<words.titleCount).allSatisfy {
        matched.contains($0)
          || ($0 == 0 && TitleText.articleWords.contains(store.term(words[0])))
      }
      // The title's words as the query's came (a person's, after them, say nothing of it).
      let positions = matches.map(\.position).filter { $0 < words.titleCount }
      let ordered = zip(positions, positions.dropFirst()).allSatisfy { $0 < $1 }
      if holdsNothingElse, ordered || !inOrder {
        best[film] = FilmHit(film: film, title: title, score: score, pass: .realWords)
      }
    }
    return Array(
      best.values.sorted { ($0.score, $0.film) < ($1.score, $1.film) }.prefix(run.limit))
  }
}
