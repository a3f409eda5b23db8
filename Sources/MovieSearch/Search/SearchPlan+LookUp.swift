/// How a query word is looked up in the vocabulary: the term runs it matches as one title
/// word (exactly, as a beginning, within typos, by its sound), remembered per catalog.
extension SearchPlan {
  /// Whether `word` may be a title word with a letter it dropped: of the lengths read so
  /// (from ``Forgiveness/droppedLetterOfTypedWordsFrom``; longer, it is read with every
  /// typo), and not a number, which is typed whole ("300" is not "3000").
  static func mayDropALetter(_ word: [UInt8]) -> Bool {
    (Forgiveness.droppedLetterOfTypedWordsFrom..<Forgiveness.typosOfTypedWordsFrom)
      .contains(word.count) && !TitleText.isNumber(word)
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
        let number = !exact.isEmpty && TitleText.isNumber(word)
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
