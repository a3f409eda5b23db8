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
    /// A word people add after a title to say what they look for ("the matrix movie"):
    /// one of ``mediaWords``, last.
    case mediaWord
  }

  /// The words people add after a title they search for, which most titles lack.
  static let mediaWords: Set<[UInt8]> = Set(
    ["movie", "movies", "film", "films", "dvd"].map { Array($0.utf8) })

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
  /// it dropped (but an article where it may be left out).
  init(
    _ query: TitleQuery, searcher: Searcher, everyTypo: Bool = false, synonyms: Bool = false,
    realWordSlips: Bool = false, droppedLetters: Bool = false
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
      // An article that may be left out is that article: "the" read as "then", "they" or
      // "thee" would reach most titles. (Asked only of words of the lengths it reads, so
      // that the others' look-ups are remembered once.)
      let droppedLetter =
        droppedLetters && optional != .article && Self.mayDropALetter(word)
      let key = word + [0xFF, droppedLetter ? 1 : 0] + (next ?? [])
      let (options, moreTypos) =
        lookups[key]
        ?? Self.options(
          for: word, next: next, last: last, searcher: searcher, everyTypo: everyTypo,
          synonyms: synonyms, amongOthers: realWordSlips && words.count > 1,
          beingTyped: last && query.lastWordBeingTyped, droppedLetter: droppedLetter)
      lookups[key] = (options, moreTypos)
      if words.count > 1, last, Self.mediaWords.contains(word) { optional = .mediaWord }
      if year != nil, word == query.yearWord { optional = .year }
      if !everyTypo, moreTypos { mayHaveMoreTypos = true }
      if !everyTypo, optional != .article, !(last && query.lastWordBeingTyped),
        Self.mayDropALetter(word), !store.exactAndPrefix(word).exact.isEmpty
      {
        mayHaveDroppedLetters = true
      }
      self.words.append(Word(text: word, options: options, optional: optional))
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

  /// Whether `word` is of the lengths a title word is read with a letter it dropped (from
  /// ``Forgiveness/droppedLetterOfTypedWordsFrom``; longer, it is read with every typo).
  static func mayDropALetter(_ word: [UInt8]) -> Bool {
    (Forgiveness.droppedLetterOfTypedWordsFrom..<Forgiveness.typosOfTypedWordsFrom)
      .contains(word.count)
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

  /// Whether `word` is taken as typed unless `everyTypo`: a title word, or from six letters
  /// the beginning of one (at any length when `beingTyped`), that could have typos.
  static func takenAsTyped(_ word: [UInt8], store: CatalogStore, beingTyped: Bool = false)
    -> Bool
  {
    guard word.count <= longestWord, maxDistance(word.count) > 0 else { return false }
    let (exact, longer) = store.exactAndPrefix(word)
    let beginningFrom = beingTyped ? 1 : Forgiveness.beginningTakenAsTypedFrom
    return !exact.isEmpty || (word.count >= beginningFrom && !longer.isEmpty)
  }

  /// The term runs `word` matches as one title word: exactly, as the beginning of a longer
  /// word, or within a few typos (also as a beginning); sorted by term, neighbours of equal
  /// cost merged, so that scoring finds a term's cost by binary search. Remembered per
  /// catalog: typing repeats words with every key. `last`: the query's last word, which may
  /// be unfinished; `amongOthers`: the query has other words; `beingTyped`: it is the last
  /// word of a query being typed, so unfinished; `droppedLetter`: a real word of three letters
  /// may be a title word with a letter it dropped.
  static func choices(
    for word: [UInt8], last: Bool, searcher: Searcher, everyTypo: Bool, amongOthers: Bool = false,
    beingTyped: Bool = false, droppedLetter: Bool = false
  ) -> LookedUp {
    // 0xFF never occurs in UTF-8: the flags cannot be confused with a longer word.
    let flags =
      (everyTypo ? 1 : 0) + (last ? 2 : 0) + (amongOthers ? 4 : 0) + (beingTyped ? 8 : 0)
      + (droppedLetter ? 16 : 0)
    let key = word + [0xFF, UInt8(flags)]
    if let known = searcher.remembered(key) { return known }
    var found = lookUp(
      word, last: last, searcher: searcher, everyTypo: everyTypo, amongOthers: amongOthers,
      beingTyped: beingTyped, droppedLetter: droppedLetter)
    found.choices = coalesced(
      found.choices + soundingLike(word, besides: found.choices, searcher: searcher))
    searcher.remember(key, found)
    return found
  }

  /// The title words that sound like `word` (see ``Phonetic``), those of `found` aside: for a
  /// word of five letters or more that is no title word and begins none.
  static func soundingLike(_ word: [UInt8], besides found: Choices, searcher: Searcher)
    -> Choices
  {
    guard word.count >= Phonetic.shortest, word.count <= longestWord,
      word.allSatisfy({ (0x61...0x7A).contains($0) })
    else { return [] }
    let (exact, longer) = searcher.store.exactAndPrefix(word)
    guard exact.isEmpty, longer.isEmpty else { return [] }
    return searcher.terms(soundingLike: word).filter { id in
      !found.contains { $0.terms.contains(id) }
    }.map { Choice(terms: $0..<$0 + 1, cost: Ranking.phonetic) }
  }

  /// The term runs `word` matches as one title word (``choices(for:last:searcher:everyTypo:amongOthers:beingTyped:droppedLetter:)``'s, not remembered).
  ///
  /// Without `everyTypo`, more typos would be found of a word taken as typed (from four
  /// letters), and of a long word for which one typo made a title word (two are looked for
  /// only then): a search that might find a better film through them looks again. With
  /// `everyTypo` and `droppedLetter`, a title word of three letters is read as one of four
  /// with the letter it dropped ("god" for "good").
  static func lookUp(
    _ word: [UInt8], last: Bool, searcher: Searcher, everyTypo: Bool, amongOthers: Bool = false,
    beingTyped: Bool = false, droppedLetter: Bool = false
  ) -> LookedUp {
    let store = searcher.store
    let limit = maxDistance(word.count)
    let (exact, longer) = store.exactAndPrefix(word)
    // A title word — or, from six letters, the beginning of one — is taken as typed: its
    // typos (one edit, from four letters) are looked for only when a typo could give a
    // better match (`everyTypo`, see `OfflineCatalog.searchMovies`), as the walk is the
    // costly part of a search.
    let typed = takenAsTyped(word, store: store, beingTyped: beingTyped)
    // Being typed, a title word or the beginning of one is that and no typo, ever: each
    // letter added narrows the list (a finder's count only shrinks).
    let typosOfTyped = typed && word.count >= Forgiveness.typosOfTypedWordsFrom && !beingTyped
    // Shorter, a real word's typos are too many ("man": "men", "may", "can"…); a letter it
    // dropped makes few ("mann", "main", "mean"), looked for when a word found nothing.
    let droppedLetterOfTyped = typed && droppedLetter && !beingTyped && mayDropALetter(word)
    guard limit > 0, !typed || (everyTypo && (typosOfTyped || droppedLetterOfTyped))
    else {
      var choices: Choices = []
      if !exact.isEmpty { choices.append(Choice(terms: exact, cost: 0)) }
      if !longer.isEmpty {
        // A number that is a title word is typed whole: "300" is not the start of "3000".
        let number = !exact.isEmpty && word.allSatisfy { (0x30...0x39).contains($0) }
        choices.append(
          Choice(
            terms: longer, cost: number ? Ranking.numberPrefix : Ranking.typedPrefix,
            prefix: true))
      }
      return LookedUp(choices: choices, moreTypos: !everyTypo && typosOfTyped)
    }
    // One edit first; two only for a long word that one edit does not make a whole word, or
    // when a better match is looked for.
    var matches = searcher.fuzzyMatches(word, maxDistance: 1)
    var moreTypos = false
    if limit > 1, !typed {
      if everyTypo || !matches.contains(where: { !$0.prefix && $0.distance == 1 }) {
        matches = searcher.fuzzyMatches(word, maxDistance: limit)
      } else {
        moreTypos = true
      }
    } else if typed, everyTypo, amongOthers, maxDistance(word.count + 1) > 1 {
      // A real word typed for another beside the title's other words ("eating venus" for
      // "Meeting Venus"): the word meant may be the longer one, with the typos its length
      // forgives. (Alone, a real word is a title of its own, or another's typo.)
      // Two edits only to a whole word that long.
      matches = searcher.fuzzyMatches(word, maxDistance: 2).filter { match in
        match.distance < 2
          || (!match.prefix && match.terms.count == 1
            && maxDistance(store.term(match.terms.lowerBound).count) > 1)
      }
    }
    if droppedLetterOfTyped {
      matches = matches.filter { match in
        match.distance == 0
          || (!match.prefix && match.terms.count == 1
            && store.term(match.terms.lowerBound).count == word.count + 1)
      }
    }
    let choices = matches.filter { match in
      // A short word with a typo would begin too many words: typos in the beginning of a
      // word are looked for from five letters, or four in the last word (being typed).
      let from = Forgiveness.typoInBeginningFrom
      return word.count >= (last ? from.last : from.elsewhere) || match.distance == 0
        || !match.prefix
    }.map { match in
      Choice(
        terms: match.terms, cost: Ranking.cost(distance: match.distance, prefix: match.prefix),
        prefix: match.prefix && match.distance == 0)
    }
    return LookedUp(choices: choices, moreTypos: moreTypos)
  }
}
