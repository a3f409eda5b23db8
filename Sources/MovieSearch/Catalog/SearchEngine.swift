/// How the offline catalog ranks the films that match a query. Lower is better:
///
///     score = match cost − 6 × log10(1 + popularity) − year bonus
///
/// **Match cost.** Every required query word must match a different word of the title; the
/// cost adds up how:
/// - exactly: 0; as the beginning of a longer word (a word being typed): 2;
/// - with typos (insert, delete, substitute, swap two neighbours): 12 per edit, and 2 more if
///   only the word's beginning matched. Up to 1 edit from 3 letters, 2 from 7 (a word with a
///   typo matches the beginning of a longer word only from 5 letters); shorter words must be
///   exact or beginnings. A query word that is
///   a title word as typed (or, from 6 letters, the beginning of one) is not looked up with
///   typos unless the search finds nothing without them;
/// - a digit for a Roman numeral or back ("godfather 2" → "Part II"): 1; words joined or
///   split ("spiderman" → "Spider-Man"): 1;
/// - a leading or trailing article of the query ("the", "das", "o", …) that the title lacks:
///   12 — so a literal title wins ("o brother" → "O Brother, Where Art Thou?" before
///   "Brother") but dropping the article still finds it;
/// - each title word no query word matched (a leading article excepted): 1.5 — shorter,
///   closer titles first;
/// - query words matched out of order: 4; the first query word matching the title's first
///   word: −2.
///
/// **Popularity** is the vote count in the built-in catalog, and TMDb's popularity × 100 in
/// a catalog built from TMDb's export. Each factor of ten is worth 6: a typo (12) is
/// outweighed only by a film a hundred times more popular, so exact and prefix matches always
/// rank above typo matches of equal popularity.
///
/// **A year** typed first or last ("king kong 1933", "1999 matrix") is not title text: a film
/// of that year gets −40, one a year off −5. (If the title contains the number, it matches as
/// a word too.) A year outweighs popularity: a film a million times more voted is still
/// ranked after one of the year typed.
enum Ranking {
  static let popularity: Float = 6
  static let typo: Float = 12
  static let typedPrefix: Float = 2
  static let numeral: Float = 1
  static let compound: Float = 1
  static let missingArticle: Float = 12
  static let extraWord: Float = 1.5
  static let outOfOrder: Float = 4
  static let titleStart: Float = -2
  static let sameYear: Float = -40
  static let nearYear: Float = -5

  static func cost(distance: Int, prefix: Bool) -> Float {
    Float(distance) * typo + (prefix ? typedPrefix : 0)
  }
}

/// Finds and ranks the films that match a ``SearchPlan``.
///
/// Candidates come from the postings of the query word with the fewest (each of its term
/// runs is one contiguous run of postings); each is then scored against every query word
/// through its title's term ids, without touching its text. Cancellation is checked while
/// scanning, so a superseded search stops early.
struct SearchEngine {
  let store: CatalogStore
  let plan: SearchPlan

  /// A film that matched: its index, score, and which title words matched how.
  struct Hit {
    var index: Int
    var score: Float
  }

  /// The films matching the plan, best first, up to `limit`, and how many matched in all.
  func search(limit: Int, year filter: Int?) throws(MovieServiceError) -> (hits: [Hit], total: Int)
  {
    guard let seed = seedWord() else { return ([], 0) }
    var seen = [UInt64](repeating: 0, count: store.count / 64 + 1)
    var best = BestHits(limit: limit)
    var total = 0
    var scanned = 0
    var cancelled = false
    // A one-word query ("t", "lo") can match most of the catalog, and every film in its
    // postings matches it: such a film is counted without being scored when even its best
    // possible score could not enter the page.
    let floor = plan.words.count == 1 ? bestPossibleCost(plan.words[seed]) : nil
    for option in plan.words[seed].options {
      let surelyMatches = floor != nil && option.second == nil && !option.absorbsNext
      for choice in candidateSource(option) {
        store.postings(choice.terms).visit { index in
          guard !cancelled else { return }
          let (word, bit) = (index >> 6, UInt64(1) << UInt64(index & 63))
          guard seen[word] & bit == 0 else { return }
          seen[word] |= bit
          scanned += 1
          if scanned & 4095 == 0, Task.isCancelled {
            cancelled = true
            return
          }
          if let filter, store.summary(index).year != filter { return }
          if surelyMatches, let floor, let worst = best.worstWhenFull,
            floor - Ranking.popularity * store.summary(index).popularity > worst
          {
            total += 1
            return
          }
          guard let score = score(index, matches: nil) else { return }
          total += 1
          best.insert(Hit(index: index, score: score))
        }
      }
    }
    if cancelled { throw .cancelled }
    return (best.sorted(), total)
  }

  /// The required query word whose matches have the fewest postings (all words, if none
  /// is required).
  func seedWord() -> Int? {
    var seed: Int?
    var fewest = Int.max
    for (position, word) in plan.words.enumerated() where word.optional == nil {
      let postings = word.options.reduce(0) { $0 + postingCount(candidateSource($1)) }
      if postings < fewest {
        fewest = postings
        seed = position
      }
    }
    return seed
  }

  /// The lowest cost any film could get for `word` before popularity (see `score`): its
  /// cheapest choice, less what starting the title and the year can give back.
  func bestPossibleCost(_ word: SearchPlan.Word) -> Float {
    let cheapest =
      word.options.map { option in
        (option.first.map(\.cost).min() ?? 0) + (option.second?.map(\.cost).min() ?? 0)
      }.min() ?? 0
    return cheapest + Ranking.titleStart + (plan.year == nil ? 0 : Ranking.sameYear)
  }

  /// The choices whose postings hold every film an option can match: its first word's, or,
  /// for words joined in the query, the second word's when fewer ("a" + "liens" for
  /// "aliens" would otherwise visit every film with an "a").
  func candidateSource(_ option: SearchPlan.Option) -> SearchPlan.Choices {
    guard let second = option.second, postingCount(second) < postingCount(option.first) else {
      return option.first
    }
    return second
  }

  func postingCount(_ choices: SearchPlan.Choices) -> Int {
    choices.reduce(0) { $0 + store.postings($1.terms).count }
  }

  /// What matched: for each matched title word, its position and how many of its leading
  /// characters to show as matched (`nil`: the whole word).
  typealias Matches = [(position: Int, prefix: Int?)]

  /// The score of the film at `index` (see ``Ranking``), or `nil` if it does not match.
  func score(_ index: Int, matches: UnsafeMutablePointer<Matches>?) -> Float? {
    let ids = store.words(index)
    let count = min(ids.count, 64)
    let summary = store.summary(index)
    let article = summary.flags & CatalogFile.leadingArticle != 0
    var used: UInt64 = 0
    var total: Float = 0
    var last = -1
    var inOrder = true
    var firstPosition: Int?
    var position = 0
    while position < plan.words.count {
      let word = plan.words[position]
      var bestCost = Float.infinity
      var bestAt = -1
      var bestSpan = 1
      var bestAbsorbs = false
      var bestPrefix = false
      options: for option in word.options {
        for at in 0..<count where used & (1 << UInt64(at)) == 0 {
          guard let (first, isPrefix) = cost(of: ids[at], in: option.first) else { continue }
          var cost = first
          var span = 1
          if let second = option.second {
            guard at + 1 < count, used & (1 << UInt64(at + 1)) == 0,
              let (next, _) = self.cost(of: ids[at + 1], in: second)
            else { continue }
            cost += next
            span = 2
          }
          // At equal cost, the next word in order wins.
          let ordered = at > last
          if cost < bestCost || (cost == bestCost && ordered && bestAt < last) {
            (bestCost, bestAt, bestSpan, bestAbsorbs, bestPrefix) = (
              cost, at, span, option.absorbsNext, isPrefix && option.second == nil
            )
            // Nothing beats an exact match in order: the other options need not be tried.
            if cost == 0, at > last { break options }
          }
        }
      }
      if bestAt < 0 {
        switch word.optional {
        case nil: return nil
        case .article: total += Ranking.missingArticle
        case .year: break
        }
        position += 1
        continue
      }
      for offset in 0..<bestSpan { used |= 1 << UInt64(bestAt + offset) }
      if bestAt < last { inOrder = false }
      last = bestAt + bestSpan - 1
      if firstPosition == nil, word.optional == nil { firstPosition = bestAt }
      total += bestCost
      if let matches {
        let shown = bestPrefix && !bestAbsorbs ? word.text.count : nil
        for offset in 0..<bestSpan {
          matches.pointee.append((bestAt + offset, offset == 0 ? shown : nil))
        }
      }
      position += bestAbsorbs ? 2 : 1
    }
    var unmatched = count - used.nonzeroBitCount
    if article, used & 1 == 0 { unmatched -= 1 }
    total += Float(max(0, unmatched)) * Ranking.extraWord
    if !inOrder { total += Ranking.outOfOrder }
    // The title's first word, after a leading article.
    if let firstPosition, firstPosition <= (article ? 1 : 0) { total += Ranking.titleStart }
    if let year = plan.year {
      let distance = abs(summary.year - year)
      if distance == 0 {
        total += Ranking.sameYear
      } else if distance == 1 {
        total += Ranking.nearYear
      }
    }
    return total - Ranking.popularity * summary.popularity
  }

  /// The cost of the choice that term `id` falls in, and whether only its beginning
  /// matched: a binary search, as the choices of a word are sorted and do not overlap.
  @inline(__always) func cost(of id: Int, in choices: SearchPlan.Choices) -> (Float, Bool)? {
    var low = 0
    var high = choices.count
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

/// The `limit` best hits seen, in a max-heap by score so that most candidates are rejected
/// with one comparison. Ties go to the more popular film, then the lower index.
struct BestHits {
  private var heap: [SearchEngine.Hit] = []
  let limit: Int

  init(limit: Int) {
    self.limit = limit
    heap.reserveCapacity(min(limit, 1024))
  }

  @inline(__always) private static func worse(_ a: SearchEngine.Hit, _ b: SearchEngine.Hit) -> Bool
  {
    a.score != b.score ? a.score > b.score : a.index > b.index
  }

  mutating func insert(_ hit: SearchEngine.Hit) {
    if heap.count < limit {
      heap.append(hit)
      var child = heap.count - 1
      while child > 0 {
        let parent = (child - 1) / 2
        guard Self.worse(heap[child], heap[parent]) else { break }
        heap.swapAt(parent, child)
        child = parent
      }
    } else if let worst = heap.first, Self.worse(worst, hit) {
      heap[0] = hit
      var parent = 0
      while true {
        let left = 2 * parent + 1
        let right = left + 1
        var largest = parent
        if left < heap.count, Self.worse(heap[left], heap[largest]) { largest = left }
        if right < heap.count, Self.worse(heap[right], heap[largest]) { largest = right }
        guard largest != parent else { break }
        heap.swapAt(parent, largest)
        parent = largest
      }
    }
  }

  func sorted() -> [SearchEngine.Hit] { heap.sorted { Self.worse($1, $0) } }

  /// The score a hit must beat to enter, once `limit` hits are kept.
  var worstWhenFull: Float? { heap.count == limit ? heap.first?.score : nil }
}
