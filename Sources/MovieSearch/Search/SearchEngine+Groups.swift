/// The query's required words as groups of postings to visit, and the order they are
/// visited in: the rarest first.
extension SearchEngine {
  /// The postings to visit for one required query word (all its occurrences): its options'
  /// candidate sources, and those of a previous word's option that takes it along.
  struct Group {
    /// The terms whose films are candidates, cheapest first.
    var sources: [Source] = []
    /// The plan positions of its occurrences.
    var positions: [Int] = []
    /// What missing each occurrence costs.
    var occurrences: [Float] = []
    /// What missing every occurrence costs.
    var missCost: Float { occurrences.reduce(0, +) }
    /// The cheapest way to match it.
    var cheapest = Float.infinity
    /// How many postings the sources hold.
    var postings = 0
    /// Whether a previous word's option may take it along.
    var takenAlong = false
    /// The least cost of its sources that were not marked (infinity when all were): a film
    /// not marked in it may still match it so.
    var unmarkedCost = Float.infinity
    /// Whether a term of its sources is another group's too ("king" for "king" and, a letter
    /// off, for "ring"): a film marked in both may have that one word for one of them, and
    /// miss the other.
    var sharesTerms = false
  }

  /// One group per distinct required word, the one with the fewest postings first: the
  /// films met later miss it, which the bound of ``search(limit:year:keep:below:only:countFilms:exhaustive:)`` counts on.
  /// Words in more than one title in fifty (and more than 20) come last, and only the first
  /// `rare` groups find films: a film that matches only the commonest words ("the", "of")
  /// is no answer to a query that has others — and, when all are that common, the first
  /// group alone finds them. The words no term matches (`unmatched`) are
  /// missed by every film.
  func visitingOrder() -> (groups: [Group], rare: Int, unmatched: [Group]) {
    var groups: [[UInt8]: Group] = [:]
    for (position, word) in plan.words.enumerated() where word.optional == nil {
      var group = groups[word.text] ?? Group()
      group.occurrences.append(word.missCost)
      group.positions.append(position)
      // A previous word's option that takes this one along is paid for by that word.
      var options = word.options.map { ($0, false) }
      if position > 0 {
        options += plan.words[position - 1].options.filter(\.absorbsNext).map { ($0, true) }
      }
      for (option, absorbed) in options {
        if absorbed { group.takenAlong = true }
        let first = option.first.map(\.cost).min() ?? 0
        let second = option.second?.map(\.cost).min() ?? 0
        group.cheapest = min(group.cheapest, absorbed ? 0 : first + second)
        // What a film met in one source's postings pays at least: that choice's cost, and
        // the cheapest of the other half's.
        let viaSecond = SearchPlan.isSecondTheSource(option, store: store)
        // The candidate source (``SearchPlan/candidateSource(_:store:)``), its posting counts
        // summed once.
        for choice in viaSecond ? option.second ?? option.first : option.first {
          let cost = absorbed ? 0 : viaSecond ? first + choice.cost : choice.cost + second
          group.sources.append(
            Source(
              terms: choice.terms, pair: option.second == nil ? nil : option,
              otherHalf: (viaSecond ? option.first : option.second) ?? [], cost: cost))
        }
      }
      // Cheapest first: the first source a film is met in says the least it pays.
      group.sources = group.sources.enumerated().sorted {
        ($0.element.cost, $0.offset) < ($1.element.cost, $1.offset)
      }.map(\.element)
      groups[word.text] = group
    }
    // Every group's terms, its sources' and their other halves'.
    let terms = groups.mapValues { group in
      group.sources.flatMap { [$0.terms] + $0.otherHalf.map(\.terms) }
    }
    for (text, group) in groups {
      groups[text]?.postings = group.sources.reduce(0) { $0 + store.postings($1.terms).count }
      let own = terms[text] ?? []
      groups[text]?.sharesTerms = terms.contains { other, ranges in
        other != text && ranges.contains { range in own.contains { $0.overlaps(range) } }
      }
    }
    // Ties go to the word typed first: a dictionary's order is not the same from one
    // dictionary to the next, and when every word is common the first group alone finds
    // films — the same query must find the same ones.
    let order = groups.values.filter { !$0.sources.isEmpty }.sorted {
      ($0.postings, $0.positions.first ?? 0) < ($1.postings, $1.positions.first ?? 0)
    }
    let unmatched = groups.values.filter(\.sources.isEmpty).sorted {
      ($0.positions.first ?? 0) < ($1.positions.first ?? 0)
    }
    let common = max(store.titleCount / 50, 20)
    // When every word is that common, the rarest alone finds films: a film without it is
    // no better an answer, and the others' postings are read only to mark what it found.
    guard let rare = order.lastIndex(where: { $0.postings <= common }) else {
      return (order, min(order.count, 1), unmatched)
    }
    return (order, rare + 1, unmatched)
  }
}
