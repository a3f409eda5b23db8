import Foundation

/// A ``TitleQuery`` compiled against one catalog (tantivy's Weight; see ``Searcher``): its
/// words, each with the ways it may match a title's words — the term runs of the catalog's
/// vocabulary it matches, and what each costs — and what missing it costs by how rare it is
/// in that catalog; and the year it may name.
struct SearchPlan {
  /// A run of terms a query word matches, and what matching a title word in it costs.
  struct Choice {
    var terms: Range<Int>
    var cost: Float
    /// Whether only the beginning of those terms matched (highlighted as such).
    var prefix = false
  }

  typealias Choices = [Choice]

  /// A query word's choices as one title word, and whether looking again with `everyTypo`
  /// would find more (see ``lookUp(_:last:searcher:everyTypo:amongOthers:beingTyped:droppedLetter:)``).
  struct LookedUp {
    var choices: Choices
    var moreTypos: Bool
  }

  /// One way a query word matches: one title word, or two neighbours (`spiderman` →
  /// "Spider-Man"), or, taking the next query word along, one title word (`spider man` →
  /// "Spiderman"). A film with a term of `first` (or, when fewer, of `second`) is a
  /// candidate; scoring checks the rest.
  struct Option {
    var first: Choices
    var second: Choices?
    var absorbsNext = false
  }

  /// Why a query word may go unmatched.
  enum Optional {
    /// A leading or trailing article: "the matrix" finds "Matrix".
    case article
    /// A year: it ranks films of that year first rather than matching title text.
    case year
    /// A word people add to a title to say what they look for: one of ``mediaWords`` or
    /// ``aboutWords`` last ("the matrix movie", "congo soundtrack"), or of ``addedFirst``
    /// first ("watch rope").
    case mediaWord
  }

  /// The words people add after a title they search for, which most titles lack; each
  /// stands for the others.
  static let mediaWords: Set<[UInt8]> = Set(
    ["movie", "movies", "film", "films", "dvd"].map { Array($0.utf8) })

  /// The words people add before a title to say what they look for ("watch rope").
  static let addedFirst: Set<[UInt8]> = [Array("watch".utf8)]

  /// Whether `word`, last in a query, is one people add after a title (``mediaWords``,
  /// ``aboutWords``).
  static func isAddedLast(_ word: [UInt8]) -> Bool {
    mediaWords.contains(word) || aboutWords.contains(word)
  }

  /// The words people add after a title to say what about the film they look for (its
  /// trailer, its cast, where to watch it): read as ``mediaWords`` are, but each only itself
  /// — a title that has one matches it ("Trailer Park Boys"), one that lacks it is the film
  /// meant.
  static let aboutWords: Set<[UInt8]> = Set(
    [
      "trailer", "trailers", "soundtrack", "ost", "cast", "review", "reviews", "online",
      "hd", "bluray", "subtitles", "streaming", "imdb", "comedy", "animation", "animated",
      "documentary", "thriller", "horror", "action", "anime", "cartoon",
    ].map { Array($0.utf8) })

  struct Word {
    var text: [UInt8]
    var options: [Option]
    var optional: Optional?
    /// What a film that leaves this word unmatched pays (see ``Ranking``): more for a rarer
    /// word, as it says more about the film wanted.
    var missCost: Float = 0
  }

  var words: [Word]
  var year: YearHint?

  /// Whether `everyTypo` would look up more typos of some word.
  var mayHaveMoreTypos = false

  /// Whether `oneTypoUnlessTyped` left some word's second typos out: the plan is then not the
  /// one `everyTypo` alone makes.
  var leftSecondTyposOut = false

  /// Whether `droppedLetters` would read some word as a longer one (a title word of
  /// ``Forgiveness/droppedLetterOfTypedWordsFrom`` letters, but shorter than
  /// ``Forgiveness/typosOfTypedWordsFrom``).
  var mayHaveDroppedLetters = false

  /// Whether a one-word title matched with one slip may get ``Ranking/slippedTitle``: the
  /// query is one word of ``Forgiveness/slippedShortTitleFrom`` letters or more (scoring
  /// checks the rest).
  var givesSlippedTitle = false

  /// Whether a film must match every word that is not among the commonest when some film
  /// does: a query being typed (``MovieQuery/isBeingTyped``) narrows as a finder's does, each
  /// word added leaving out the films without it — but for the films that match some
  /// words when none matches them all.
  var everyWordNeeded = false

  /// No title word is longer: a longer query word matches nothing, and is not looked up
  /// (its typos would cost time and memory in proportion to its length squared).
  static let longestWord = 64

  /// The most edits a query word of `length` bytes may be away from a title word: one from
  /// three letters (as the beginning of a longer word, from five, or four for the word being
  /// typed), two from seven — a typed word is often a letter short of the word it means
  /// ("rlvaded" for "reloaded").
  static func maxDistance(_ length: Int) -> Int {
    Forgiveness.maxTypos(length)
  }

  /// The plan of `query` in `searcher`'s catalog. Repeated words are looked up once, so a
  /// query's cost grows with its length at most linearly. With `everyTypo`, the typos of
  /// words that are title words as typed are looked up too; with `realWordSlips` too, a real
  /// word of several is read as a slip for a longer one (see ``lookUp(_:last:searcher:everyTypo:amongOthers:beingTyped:droppedLetter:)``);
  /// with `droppedLetters` too, a real word of three letters as a title word with a letter
  /// it dropped (but an article where it may be left out). With `everyTypo` and
  /// `oneTypoUnlessTyped`, a word that is no title word is looked up as the words as typed
  /// look it up (two typos only when one makes no whole word): the plan of a probe for a
  /// film within a typo of the best (see ``Searcher/typoMayWin(_:over:below:year:keep:)``).
  /// With `slip`, its word matches only its terms, and the others only as typed, with no
  /// typo.
  init(
    _ query: TitleQuery, searcher: Searcher, everyTypo: Bool = false, synonyms: Bool = false,
    realWordSlips: Bool = false, droppedLetters: Bool = false, oneTypoUnlessTyped: Bool = false,
    slip: Slip? = nil
  ) {
    let store = searcher.store
    let words = query.words
    year = query.year
    everyWordNeeded = query.beingTyped
    var lookups: [[UInt8]: (options: [Option], moreTypos: Bool)] = [:]
    self.words = []
    for (position, word) in words.enumerated() {
      let last = position == words.count - 1
      let next = last ? nil : words[position + 1]
      var optional: Optional?
      if words.count > 1, position == 0 || last, TitleText.articleWords.contains(word) {
        optional = .article
      }
      if words.count > 1, last, Self.isAddedLast(word) { optional = .mediaWord }
      // "watch" before a title says what is looked for, as those after it do.
      if words.count > 1, position == 0, Self.addedFirst.contains(word) { optional = .mediaWord }
      // An article before such a word is its ("hollow man the movie").
      if words.count > 2, position == words.count - 2, TitleText.articleWords.contains(word),
        Self.isAddedLast(words[position + 1])
      {
        optional = .article
      }
      // An article that may be left out is that article: "the" read as "then", "they" or
      // "thee" would reach most titles. (Asked only of words of the lengths it reads, so
      // that the others' look-ups are remembered once.)
      let droppedLetter =
        droppedLetters && optional != .article && Self.mayDropALetter(word)
      let beingTyped = last && query.lastWordBeingTyped
      // Every typo matters to a word that is no title word only as its second typo.
      let wordEveryTypo =
        everyTypo
        && !(oneTypoUnlessTyped
          && !Self.takenAsTyped(word, store: store, beingTyped: beingTyped))
      let key = word + [0xFF, droppedLetter ? 1 : 0, wordEveryTypo ? 1 : 0] + (next ?? [])
      let (options, moreTypos) =
        lookups[key]
        ?? Self.options(
          for: word, next: next, last: last, searcher: searcher, everyTypo: wordEveryTypo,
          synonyms: synonyms, amongOthers: realWordSlips && words.count > 1,
          beingTyped: beingTyped, droppedLetter: droppedLetter)
      lookups[key] = (options, moreTypos)
      // Beside a slip, the other words match as typed: no typo, no sound.
      let asTyped =
        slip.map {
          $0.position == position
            ? [Option(first: $0.choices)] : options.compactMap(Self.withoutSlips)
        } ?? options
      if year != nil, word == query.yearWord { optional = .year }
      if !everyTypo, moreTypos { mayHaveMoreTypos = true }
      if everyTypo, !wordEveryTypo, moreTypos { leftSecondTyposOut = true }
      if !everyTypo, optional != .article, !(last && query.lastWordBeingTyped),
        Self.mayDropALetter(word), Self.takenAsTyped(word, store: store)
      {
        mayHaveDroppedLetters = true
      }
      self.words.append(Word(text: word, options: asTyped, optional: optional))
    }
    // A query of nothing but optional words must still match them.
    if self.words.allSatisfy({ $0.optional != nil }) {
      for index in self.words.indices { self.words[index].optional = nil }
      year = nil
    }
    givesSlippedTitle =
      self.words.count == 1 && self.words[0].text.count >= Forgiveness.slippedShortTitleFrom
    // How rare each word is: the films its options reach, against the whole catalog.
    for index in self.words.indices {
      let reached = self.words[index].options.reduce(0) {
        $0 + Self.postingCount(Self.candidateSource($1, store: store), store: store)
      }
      let rarity = log10(
        Float(store.titleCount + 1) / Float(1 + min(reached, store.titleCount)))
      self.words[index].missCost = Ranking.missedWord + Ranking.rarity * rarity
    }
  }

  /// A real word typed for a title word a slip away (``SearchPass/realWords``): the query word
  /// at `position` matches only `terms`, each at the cost of its edits from it.
  struct Slip {
    var position: Int
    /// Term ids, and each one's edits from the query word.
    var terms: [Int: Int]

    var choices: Choices {
      SearchPlan.coalesced(
        terms.map {
          Choice(terms: $0.key..<$0.key + 1, cost: Ranking.cost(distance: $0.value, prefix: false))
        })
    }
  }

  /// `option` without the choices that cost a typo or more; `nil` when none is left.
  static func withoutSlips(_ option: Option) -> Option? {
    var kept = option
    kept.first = option.first.filter { $0.cost < Ranking.typo }
    kept.second = option.second.map { $0.filter { $0.cost < Ranking.typo } }
    guard !kept.first.isEmpty, kept.second?.isEmpty != true else { return nil }
    return kept
  }

  /// The term runs this plan's words match as one title word that `other`'s (the same
  /// query's) do not, or only at a higher cost — for a plan with `everyTypo` and `other`
  /// without, the typos looked up only now. The other ways to match are the same in both.
  func termsBeyond(_ other: SearchPlan) -> [Range<Int>] {
    var beyond: [Range<Int>] = []
    for (word, before) in zip(words, other.words) {
      // Choices are sorted and disjoint: each of this word's runs, less those of `before`
      // that cost no more.
      for choice in word.options.first?.first ?? [] {
        let known = (before.options.first?.first ?? []).filter { $0.cost <= choice.cost }
        var start = choice.terms.lowerBound
        for run in known where run.terms.upperBound > start {
          guard run.terms.lowerBound < choice.terms.upperBound else { break }
          if run.terms.lowerBound > start { beyond.append(start..<run.terms.lowerBound) }
          start = max(start, run.terms.upperBound)
        }
        if start < choice.terms.upperBound { beyond.append(start..<choice.terms.upperBound) }
      }
    }
    return beyond
  }

  /// The ways `word` matches, by cost (see ``Ranking``), and whether `everyTypo` would find
  /// more typos of it; `next` is the query word after it.
  static func options(
    for word: [UInt8], next: [UInt8]?, last: Bool, searcher: Searcher, everyTypo: Bool,
    synonyms: Bool = false, amongOthers: Bool = false, beingTyped: Bool = false,
    droppedLetter: Bool = false
  ) -> (options: [Option], moreTypos: Bool) {
    let store = searcher.store
    guard word.count <= longestWord else { return ([], false) }
    let lookedUp = choices(
      for: word, last: last, searcher: searcher, everyTypo: everyTypo, amongOthers: amongOthers,
      beingTyped: beingTyped, droppedLetter: droppedLetter)
    var options = [Option(first: lookedUp.choices)]
    // The same word written otherwise: "2" finds "II" and "Two", "mister" "Mr.", "colour"
    // "Color".
    var forms: Choices = []
    for form in WordForms.forms(of: word) {
      let head = store.exactAndPrefix(form[0]).exact
      guard !head.isEmpty else { continue }
      if form.count == 1 {
        if !forms.contains(where: { $0.terms == head }) {
          // A single letter is more often a letter than a numeral ("X-Men", "Malcolm X").
          let letter = word.count == 1 || form[0].count == 1
          forms.append(Choice(terms: head, cost: letter ? Ranking.letterForm : Ranking.otherForm))
        }
      } else {
        let tail = store.exactAndPrefix(form[1]).exact
        if !tail.isEmpty {
          options.append(
            Option(
              first: [Choice(terms: head, cost: Ranking.otherForm)],
              second: [Choice(terms: tail, cost: 0)]))
        }
      }
    }
    // The words people add after a title stand for one another ("sweet film" finds "Sweet
    // Movie").
    if Self.mediaWords.contains(word) {
      for other in Self.mediaWords where other != word {
        let exact = store.exactAndPrefix(other).exact
        if !exact.isEmpty, !forms.contains(where: { $0.terms == exact }) {
          forms.append(Choice(terms: exact, cost: Ranking.otherForm))
        }
      }
    }
    // A word remembered as another of the same meaning ("large" for "Big"), in the pass
    // that looks for synonyms only — not the word being typed, which is a beginning only.
    if synonyms, !beingTyped {
      for synonym in Synonyms.of(word) {
        let exact = store.exactAndPrefix(synonym).exact
        if !exact.isEmpty, !forms.contains(where: { $0.terms == exact }) {
          forms.append(Choice(terms: exact, cost: Ranking.synonym))
        }
      }
    }
    if !forms.isEmpty { options.append(Option(first: coalesced(forms))) }
    // Words joined in the query: "spiderman" finds "Spider-Man", "xmen" "X-Men", "et" "E.T.".
    // The heads that are title words come from one walk of the trie along the word. Only the
    // last word may end in a word's beginning (it is being typed): a finished "dead" is not
    // "Dea D…", and such tails would make every word a candidate for thousands of films.
    var heads: [(split: Int, terms: Range<Int>)] = []
    store.termsAlong(word, from: 0) { length, exact, _ in
      if !exact.isEmpty, length < word.count { heads.append((length, exact)) }
      return length < word.count - 1
    }
    for (split, head) in heads {
      let tail = store.exactAndPrefix(Array(word[split...]))
      var second: Choices = []
      if !tail.exact.isEmpty { second.append(Choice(terms: tail.exact, cost: 0)) }
      if last, !tail.longer.isEmpty {
        second.append(Choice(terms: tail.longer, cost: Ranking.typedPrefix, prefix: true))
      }
      if !second.isEmpty {
        options.append(
          Option(first: [Choice(terms: head, cost: Ranking.compound)], second: second))
      }
    }
    // Words split in the query: "spider man" finds "Spiderman"; "twenty one" finds "21".
    if let next, next.count <= longestWord {
      let joined = store.exactAndPrefix(word + next)
      var first: Choices = []
      if !joined.exact.isEmpty { first.append(Choice(terms: joined.exact, cost: Ranking.compound)) }
      if !joined.longer.isEmpty {
        first.append(
          Choice(terms: joined.longer, cost: Ranking.compound + Ranking.typedPrefix, prefix: true))
      }
      for form in WordForms.forms(of: word, next) {
        let exact = store.exactAndPrefix(form).exact
        if !exact.isEmpty { first.append(Choice(terms: exact, cost: Ranking.otherForm)) }
      }
      if !first.isEmpty { options.append(Option(first: coalesced(first), absorbsNext: true)) }
    }
    return (options, lookedUp.moreTypos)
  }

  /// The choices whose postings hold every film an option can match: its first word's, or,
  /// for words joined in the query, the second word's when fewer ("a" + "liens" for
  /// "aliens" would otherwise visit every film with an "a").
  static func candidateSource(_ option: Option, store: CatalogStore) -> Choices {
    guard let second = option.second, isSecondTheSource(option, store: store) else {
      return option.first
    }
    return second
  }

  /// Whether ``candidateSource(_:store:)`` of `option` is its second word's choices.
  static func isSecondTheSource(_ option: Option, store: CatalogStore) -> Bool {
    guard let second = option.second else { return false }
    return postingCount(second, store: store) < postingCount(option.first, store: store)
  }

  static func postingCount(_ choices: Choices, store: CatalogStore) -> Int {
    choices.reduce(0) { $0 + store.postings($1.terms).count }
  }
}
