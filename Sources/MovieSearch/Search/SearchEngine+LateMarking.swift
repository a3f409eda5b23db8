/// The commonest words, marked late: when scoring turns out costly.
///
/// Marking the commonest words ("the", "of": a tenth of all postings at IMDb's size) on the
/// films found costs a nanosecond or two per posting, so it is done up front only when their
/// postings are few beside the films found (see ``SearchEngine/markedPerFilm``). Left
/// unmarked, a film's bound takes it to match them, and most searches need no more: the
/// page fills with films that match the rare words, and the rest are never scored. But when
/// few films match most of a long query's rare words ("pirates of the caribbean: the curse
/// of the black pearl" on a catalog with one such film), the page fills with films that
/// match one or two, and thousands of those are alike but for the commonest words — each
/// scored, a few hundred nanoseconds, only to learn that it lacks them. So once
/// ``LateMarking/afterScored`` films have been scored, and while reading those postings costs
/// less than scoring what is left, the films left learn which of those words they lack, and
/// their lowest possible scores rise by what missing them costs.
extension SearchEngine {
  /// When the commonest words are marked late.
  struct LateMarking {
    /// After how many films scored.
    var afterScored: Int
    /// How many postings may be read per film left to score.
    var postingsPerFilm: Int

    /// How many postings of an article or a media word may be read per film left: what a
    /// title lacking one pays (a typo's cost) leaves out fewer films than a missed word's
    /// partial match, so fewer.
    var optionalPostingsPerFilm: Int

    /// Scoring a film costs some 700 nanoseconds, reading a posting one or two: the postings
    /// are read when they are at most 128 per film left (not all of which would be scored;
    /// 256 was slower at IMDb's size). 256 films are scored first, so that the searches that
    /// score few never pay for it. An article's, at most 16 (at IMDb's size "the r" scores
    /// 40,000 films without them; at 128, "the bells of saint mary's" took 2 → 4 ms).
    static let standard = LateMarking(
      afterScored: 256, postingsPerFilm: 128, optionalPostingsPerFilm: 16)
    /// At once, whatever it costs (for tests: the page must not change).
    static let always = LateMarking(
      afterScored: 0, postingsPerFilm: .max, optionalPostingsPerFilm: .max)
  }

  /// A group of the commonest words whose sources were not all marked, or an article or a
  /// media word the query may leave out (`optional`).
  struct LateGroup {
    /// Its bit in the films' masks (set in none of them when it was left out of the
    /// bounds); −1 for an optional word, which has none.
    var bit: Int
    /// The sources left unmarked.
    var sources: ArraySlice<Source>
    /// What a film in none of its sources (nor marked in it) pays beyond what its bound
    /// took it to.
    var penalty: Float
    /// Whether the word is one the query may leave out: a title that lacks it pays the
    /// penalty, but is no partial match for it.
    var optional: Bool { bit < 0 }

    /// The groups of `order` after the first `rare` whose sources were not all marked (see
    /// ``SearchEngine/markTitles(_:rare:essential:only:marks:)``); `inBounds` when the bounds count
    /// them (else they were left out: a film's bound took them to cost nothing).
    static func left(_ order: [Group], rare: Int, unmarkedFrom: [Int], inBounds: Bool)
      -> [LateGroup]
    {
      (rare..<order.count).compactMap { bit in
        let group = order[bit]
        let from = unmarkedFrom[bit]
        guard from < group.sources.count else { return nil }
        let assumed = inBounds ? min(group.sources[from].cost, group.missCost) : 0
        return LateGroup(
          bit: bit, sources: group.sources[from...], penalty: group.missCost - assumed)
      }
    }

    /// The articles and media words of `plan` that a title lacking all their terms pays
    /// for (``Ranking/missingArticle``, ``Ranking/missingMediaWord``): no group is made for
    /// them, so every bound takes them to cost nothing. Reading "the" late lets a search
    /// typed "the r" leave out, unscored, the tens of thousands of titles with a word
    /// beginning "r" and no "the" (they pay a typo's cost). Not a word that the word before
    /// it may take along (that one pays for it), nor one the query also has where it is
    /// required ("the good, the bad…": the titles without it miss that word already). A
    /// title that is the query but for the word pays less (``Ranking/literalButForAnAddedWord``
    /// in place of the ``Ranking/literalTitle`` its bound may have counted): the penalty is
    /// the least either way.
    static func optionalWords(of plan: SearchPlan) -> [LateGroup] {
      plan.words.indices.compactMap { position in
        let word = plan.words[position]
        let penalty: Float
        switch word.optional {
        case .article: penalty = Ranking.missingArticle
        case .mediaWord: penalty = Ranking.missingMediaWord
        case .year, nil: return nil
        }
        if position > 0, plan.words[position - 1].options.contains(where: \.absorbsNext) {
          return nil
        }
        if plan.words.contains(where: { $0.optional == nil && $0.text == word.text }) {
          return nil
        }
        // Every term any of its options may match a title word with.
        let sources = word.options.flatMap { option in
          (option.first + (option.second ?? [])).map { Source(terms: $0.terms, cost: 0) }
        }
        guard !sources.isEmpty else { return nil }
        let literalBack = max(0, Ranking.literalTitle - Ranking.literalButForAnAddedWord)
        return LateGroup(bit: -1, sources: sources[...], penalty: penalty - literalBack)
      }
    }
  }

  /// The titles in each late group's sources.
  struct LateMarks {
    /// Each group's bit, a bit per title found in its sources, and its penalty.
    var groups: [(bit: Int, titles: [UInt64], penalty: Float)] = []

    /// What title `title`, of mask `mask`, pays beyond its bound: each late group it is
    /// neither marked in nor found in, and (when its bound took it to match every word and
    /// it misses one that is not optional) a partial match's cost.
    @inline(__always) func penalty(_ title: Int32, mask: UInt32, partial: Bool) -> Float {
      let possible = WordMask.possible(mask)
      var missed: Float = 0
      var left: Float = 0
      for group in groups
      where (group.bit < 0 || possible & WordMask.certain(group.bit) == 0)
        && group.titles[Int(title) &>> 6] & (1 &<< UInt64(title & 63)) == 0
      {
        if group.bit < 0 { left += group.penalty } else { missed += group.penalty }
      }
      return left + (missed > 0 && !partial ? missed + Ranking.partialMatch : missed)
    }
  }

  /// The late groups' titles, when reading their postings costs less than scoring
  /// `remaining` films would (see ``LateMarking``); `nil` when it would not.
  func lateMarks(_ late: [LateGroup], remaining: Int) -> LateMarks? {
    let counted = late.map { group in
      (group, group.sources.reduce(0) { $0 + store.postings($1.terms).count })
    }.filter { group, count in
      // The optional words only where reading them costs little beside what is left.
      !group.optional || count / max(1, lateMarking.optionalPostingsPerFilm) <= remaining
    }
    let late = counted.map(\.0)
    let postings = counted.reduce(0) { $0 + $1.1 }
    guard !late.isEmpty, postings / max(1, lateMarking.postingsPerFilm) <= remaining else {
      return nil
    }
    var marks = LateMarks()
    let words = (store.titleCount + 63) / 64
    for group in late {
      // A bit per title, set without a branch (a posting is read in a nanosecond or so; a
      // set's "already there?" would be mispredicted half the time).
      var titles = [UInt64](repeating: 0, count: words)
      titles.withUnsafeMutableBufferPointer { titles in
        // Every posting, the people's words' too: a title found only through them may
        // still match the word. (`visit` gives titles below the catalog's count only.)
        for source in group.sources {
          store.postings(source.terms).visit { index, _ in
            titles[index &>> 6] |= 1 &<< UInt64(index & 63)
          }
        }
      }
      marks.groups.append((group.bit, titles, group.penalty))
    }
    return marks
  }
}
