/// A ``SearchPlan`` as flat tables of plain values, for scoring: a film is scored by
/// walking them, which touches no reference counts (the plan's nested arrays cost a retain
/// and a release at every step, a fifth of a search's time).
struct CompiledPlan {
  struct Option {
    var first: Range<Int>
    /// Empty when the option is one title word.
    var second: Range<Int>
    var absorbsNext: Bool
    var isPair: Bool { !second.isEmpty }
  }

  struct Word {
    var options: Range<Int>
    var optional: SearchPlan.Optional?
    var missCost: Float
    var length: Int
  }

  var choices: [SearchPlan.Choice] = []
  var options: [Option] = []
  var words: [Word] = []
  /// Every term any choice covers, as sorted, disjoint runs: a title word in none of them
  /// matches nothing, and is not looked up option by option.
  var covered: [Range<Int>] = []
  /// Whether an article the query may lack ("the who's the man") is a word it needs
  /// elsewhere too: matched first, it could take the title word the other needs.
  var articleRepeated = false

  init(_ plan: SearchPlan) {
    func add(_ choices: SearchPlan.Choices) -> Range<Int> {
      let start = self.choices.count
      self.choices += choices
      return start..<self.choices.count
    }
    for word in plan.words {
      let start = options.count
      for option in word.options {
        let first = add(option.first)
        // An option of two words whose second has no choice never matches: left out.
        if let second = option.second, second.isEmpty { continue }
        options.append(
          Option(first: first, second: add(option.second ?? []), absorbsNext: option.absorbsNext))
      }
      words.append(
        Word(
          options: start..<options.count, optional: word.optional, missCost: word.missCost,
          length: word.text.count))
    }
    articleRepeated = plan.words.contains { article in
      article.optional == .article
        && plan.words.contains { $0.optional == nil && $0.text == article.text }
    }
    covered = Self.covering(choices.map(\.terms))
  }

  /// The terms of `runs` as sorted, disjoint runs (for ``covers(_:_:)``).
  static func covering(_ runs: [Range<Int>]) -> [Range<Int>] {
    var covered: [Range<Int>] = []
    for run in runs.sorted(by: { $0.lowerBound < $1.lowerBound }) {
      if let last = covered.last, run.lowerBound <= last.upperBound {
        covered[covered.count - 1] = last.lowerBound..<max(last.upperBound, run.upperBound)
      } else {
        covered.append(run)
      }
    }
    return covered
  }

  /// Whether some run of `covered` (sorted, disjoint) holds term `id`.
  @inline(__always) static func covers(
    _ id: Int, _ covered: UnsafeBufferPointer<Range<Int>>
  ) -> Bool {
    var low = 0
    var high = covered.count
    while low < high {
      let middle = (low + high) / 2
      if id < covered[middle].lowerBound {
        high = middle
      } else if id >= covered[middle].upperBound {
        low = middle + 1
      } else {
        return true
      }
    }
    return false
  }
}

extension SearchEngine {
  /// What matched: for each matched title word, its position and how many of its leading
  /// characters to show as matched (`nil`: the whole word).
  typealias Matches = [(position: Int, prefix: Int?)]

  /// The score of the film at `index` (see ``Ranking``), or `nil` if it matches no required
  /// query word. With `unless`, for a film known to match: infinity as soon as its score
  /// cannot be below that — a long query's costs are not added up to the end for a film
  /// that misses its rare words. `absent`: the plan positions (bits) of words known not to
  /// match, not tried.
  func score(
    _ index: Int, matches: UnsafeMutablePointer<Matches>?, unless threshold: Float? = nil,
    absent: UInt32 = 0
  ) -> Float? {
    compiled.choices.withUnsafeBufferPointer { choices in
      compiled.options.withUnsafeBufferPointer { options in
        compiled.words.withUnsafeBufferPointer { words in
          compiled.covered.withUnsafeBufferPointer { covered in
            let tables = (choices, options, words, covered)
            let score = score(
              index, matches: matches, unless: threshold, absent: absent, tables: tables)
            // The article matched first may have taken the title word a later occurrence
            // needed ("the who's the man" → "Who's the Man?"): read without it too.
            guard compiled.articleRepeated, (score ?? .infinity) >= Ranking.partialBelow
            else { return score }
            let without = self.score(
              index, matches: nil, unless: threshold, absent: absent, tables: tables,
              articleLeftOut: true)
            guard let without, without < score ?? .infinity else { return score }
            if let matches {
              matches.pointee = []
              _ = self.score(
                index, matches: matches, unless: threshold, absent: absent, tables: tables,
                articleLeftOut: true)
            }
            return without
          }
        }
      }
    }
  }

  private typealias Tables = (
    choices: UnsafeBufferPointer<SearchPlan.Choice>,
    options: UnsafeBufferPointer<CompiledPlan.Option>,
    words: UnsafeBufferPointer<CompiledPlan.Word>,
    covered: UnsafeBufferPointer<Range<Int>>
  )

  /// `articleLeftOut`: the query's articles the title may lack are read as lacking.
  private func score(
    _ index: Int, matches: UnsafeMutablePointer<Matches>?, unless threshold: Float?,
    absent: UInt32, tables: Tables, articleLeftOut: Bool = false
  ) -> Float? {
    let words = store.words(index)
    let count = min(words.count, 64)
    // Each id unpacked once: the loops below read them again and again.
    var ids = InlineArray<64, Int>(repeating: -1)
    for at in 0..<count { ids[at] = words[at] }
    let summary = store.summary(index)
    // The title's own words come first; the film's people's after them.
    let titleWords = min(words.titleCount, count)
    let article = summary.flags & CatalogFile.leadingArticle != 0
    let floor = bonus - Ranking.popularity * summary.popularity
    var used: UInt64 = 0
    var total: Float = 0
    var last = -1
    var inOrder = true
    var firstPosition: Int?
    var matchedRequired = false
    var missedCost: Float = 0
    var literal = true
    // Whether an article or a media word typed is one the title lacks.
    var leftOut = false
    // Whether the title begins with a word added before it ("watch"), matched.
    var addedFirst = false
    // Whether every word matched one title word whole, and one of them only through a typo
    // (or as a synonym): see below.
    var eachWordWhole = true
    var someTypo = false
    // The title words some choice covers: the only ones worth looking up.
    var matchable: UInt64 = 0
    for at in 0..<count where CompiledPlan.covers(ids[at], tables.covered) {
      matchable |= 1 << UInt64(at)
    }
    var position = 0
    while position < tables.words.count {
      let word = tables.words[position]
      var bestCost = Float.infinity
      var bestAt = -1
      var bestSpan = 1
      var bestAbsorbs = false
      var bestPrefix = false
      let tried =
        absent & (1 << UInt32(position)) == 0
        && !(articleLeftOut && word.optional == .article)
      options: for optionIndex in word.options where tried {
        let option = tables.options[optionIndex]
        var untried = matchable & ~used
        while untried != 0 {
          let at = untried.trailingZeroBitCount
          untried &= untried - 1
          guard let (first, isPrefix) = cost(of: ids[at], in: option.first, tables.choices)
          else { continue }
          let person = at >= titleWords
          var cost = first + (person ? Ranking.personWord : 0)
          var span = 1
          if option.isPair {
            // Both halves in the title: a word typed for two is a title's (a person's name is
            // typed with its space).
            guard !person, at + 1 < titleWords, used & (1 << UInt64(at + 1)) == 0,
              let (next, _) = self.cost(of: ids[at + 1], in: option.second, tables.choices)
            else { continue }
            cost += next
            span = 2
          }
          // At equal cost, the next word in order wins.
          let ordered = at > last
          if cost < bestCost || (cost == bestCost && ordered && bestAt < last) {
            (bestCost, bestAt, bestSpan, bestAbsorbs, bestPrefix) = (
              cost, at, span, option.absorbsNext, isPrefix && !option.isPair
            )
            // Nothing beats an exact match in order: the other options need not be tried.
            if cost == 0, at > last { break options }
          }
        }
      }
      if bestAt < 0 {
        switch word.optional {
        case nil:
          missedCost += word.missCost
          literal = false
        case .article:
          total += Ranking.missingArticle
          leftOut = true
          // A title with an article of its own ("La Story" for "the story") is not the title
          // without one.
          if article { literal = false }
        case .mediaWord:
          total += Ranking.missingMediaWord
          leftOut = true
        case .year: break
        }
        position += 1
        if let threshold, missedCost > 0,
          floor + total + Ranking.partialMatch + missedCost > threshold
        {
          return .infinity
        }
        continue
      }
      if word.optional == nil || bestAbsorbs { matchedRequired = true }
      if bestCost > Ranking.otherForm { literal = false }
      // One title word each: not two words typed as one, nor two typed for one, nor a word
      // being typed.
      if bestSpan > 1 || bestAbsorbs || bestPrefix { eachWordWhole = false }
      if bestCost >= Ranking.typo, word.length >= Forgiveness.throughTypoFrom { someTypo = true }
      for offset in 0..<bestSpan { used |= 1 << UInt64(bestAt + offset) }
      // A person's word says nothing of the title's order or start.
      if bestAt < titleWords {
        if bestAt < last { inOrder = false }
        last = bestAt + bestSpan - 1
        if firstPosition == nil, word.optional == nil { firstPosition = bestAt }
        // A word added before the title ("watch") that the title begins with: its start too.
        if word.optional == .mediaWord, position == 0, bestAt == 0 { addedFirst = true }
      }
      total += bestCost
      if let matches {
        let shown = bestPrefix && !bestAbsorbs ? word.length : nil
        for offset in 0..<bestSpan {
          matches.pointee.append((bestAt + offset, offset == 0 ? shown : nil))
        }
      }
      position += bestAbsorbs ? 2 : 1
    }
    guard matchedRequired else { return nil }
    if missedCost > 0 { total += Ranking.partialMatch + missedCost }
    let titleMask: UInt64 = titleWords >= 64 ? ~0 : (1 << UInt64(titleWords)) - 1
    var unmatched = titleWords - (used & titleMask).nonzeroBitCount
    if article, used & 1 == 0 { unmatched -= 1 }
    // A title's words typed, one slipped: the film called that is the one meant.
    let throughTypo = missedCost == 0 && eachWordWhole && someTypo
    // One word typed, one slip from a one-word title: that film is the one meant.
    var slipped = plan.givesSlippedTitle && throughTypo && total <= Ranking.typo
    // Shorter than five letters, only a letter dropped: the title's word is one longer.
    if slipped, let word = tables.words.first, word.length < Forgiveness.slippedTitleFrom {
      let at = (used & titleMask).trailingZeroBitCount
      slipped = at < count && store.term(ids[at]).count == word.length + 1
    }
    total +=
      Float(max(0, unmatched)) * (throughTypo ? Ranking.extraWordAfterTypo : Ranking.extraWord)
    if !inOrder { total += Ranking.outOfOrder }
    if literal, inOrder, unmatched <= 0, missedCost == 0 {
      total += leftOut ? Ranking.literalButForAnAddedWord : Ranking.literalTitle
    }
    if slipped, inOrder, unmatched <= 0 { total += Ranking.slippedTitle }
    // The title's first word, after a leading article (or a word added before it).
    let start = (article ? 1 : 0) + (addedFirst ? 1 : 0)
    if let firstPosition, firstPosition <= start { total += Ranking.titleStart }
    if let year = plan.year { total += year.bonus(summary.year) }
    return total - Ranking.popularity * summary.popularity
  }

  /// The cost of the choice in `range` that term `id` falls in, and whether only its
  /// beginning matched: a binary search, as the choices of a word are sorted and do not
  /// overlap.
  @inline(__always) private func cost(
    of id: Int, in range: Range<Int>, _ choices: UnsafeBufferPointer<SearchPlan.Choice>
  ) -> (Float, Bool)? {
    var low = range.lowerBound
    var high = range.upperBound
    while low < high {
      let middle = (low + high) / 2
      let terms = choices[middle].terms
      if id < terms.lowerBound {
        high = middle
      } else if id >= terms.upperBound {
        low = middle + 1
      } else {
        return (choices[middle].cost, choices[middle].prefix)
      }
    }
    return nil
  }
}
