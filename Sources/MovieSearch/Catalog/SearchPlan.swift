/// What a query asks of the catalog: its words, each with the ways it may match a title's
/// words (the term runs of the vocabulary it matches, and what each costs), and the year it
/// may name.
struct SearchPlan {
  /// A run of terms a query word matches, and what matching a title word in it costs.
  struct Choice {
    var terms: Range<Int>
    var cost: Float
    /// Whether only the beginning of those terms matched (highlighted as such).
    var prefix = false
  }

  typealias Choices = [Choice]

  /// One way a query word matches: one title word, or two neighbours (`spiderman` →
  /// "Spider-Man"), or, taking the next query word along, one title word (`spider man` →
  /// "Spiderman").
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
  }

  struct Word {
    var text: [UInt8]
    var options: [Option]
    var optional: Optional?
  }

  var words: [Word]
  var year: Int?

  /// The most edits a query word of `length` bytes may be away from a title word: one from
  /// three letters (as the beginning of a longer word, from five), two from seven — a typed
  /// word is often a letter short of the word it means ("rlvaded" for "reloaded").
  static func maxDistance(_ length: Int) -> Int {
    length >= 7 ? 2 : length >= 3 ? 1 : 0
  }

  /// The plan for `text`, or `nil` when it has nothing to search for. Queries of many words
  /// are cut to their first 16 (no title is longer), and repeated words are looked up once,
  /// so a query's cost grows with its length at most linearly.
  init?(_ text: String, store: CatalogStore, everyTypo: Bool = false) {
    var words = TitleText.words(text).map(\.text)
    guard !words.isEmpty else { return nil }
    if words.count > 16 { words = Array(words.prefix(16)) }
    // A leading or trailing year, beside other words.
    if words.count > 1 {
      for position in [words.count - 1, 0] {
        guard words[position].count == 4,
          let value = Int(String(decoding: words[position], as: UTF8.self)),
          (1870...2035).contains(value), year == nil
        else { continue }
        year = value
      }
    }
    var lookups: [[UInt8]: [Option]] = [:]
    self.words = []
    for (position, word) in words.enumerated() {
      let last = position == words.count - 1
      let options =
        lookups[word]
        ?? Self.options(
          for: word, next: last ? nil : words[position + 1], store: store, everyTypo: everyTypo)
      lookups[word] = options
      var optional: Optional?
      if words.count > 1, position == 0 || last, TitleText.articleWords.contains(word) {
        optional = .article
      }
      if let year, String(decoding: word, as: UTF8.self) == String(year), position == 0 || last {
        optional = .year
      }
      self.words.append(Word(text: word, options: options, optional: optional))
    }
    // A query of nothing but optional words must still match them.
    if self.words.allSatisfy({ $0.optional != nil }) {
      for index in self.words.indices { self.words[index].optional = nil }
      year = nil
    }
  }

  /// The ways `word` matches, by cost (see ``Ranking``).
  static func options(for word: [UInt8], next: [UInt8]?, store: CatalogStore, everyTypo: Bool)
    -> [Option]
  {
    var options = [Option(first: choices(for: word, store: store, everyTypo: everyTypo))]
    // Sequels: "2" finds "II", "iii" finds "3".
    if let numeral = TitleText.numerals[String(decoding: word, as: UTF8.self)] {
      let exact = store.exactAndPrefix(Array(numeral.utf8)).exact
      if !exact.isEmpty {
        options.append(Option(first: [Choice(terms: exact, cost: Ranking.numeral)]))
      }
    }
    // Words joined in the query: "spiderman" finds "Spider-Man", "xmen" "X-Men", "et" "E.T.".
    if word.count >= 2 {
      for split in 1..<word.count {
        let head = store.exactAndPrefix(Array(word[..<split])).exact
        guard !head.isEmpty else { continue }
        let tail = store.exactAndPrefix(Array(word[split...]))
        var second: Choices = []
        if !tail.exact.isEmpty { second.append(Choice(terms: tail.exact, cost: 0)) }
        if !tail.longer.isEmpty {
          second.append(Choice(terms: tail.longer, cost: Ranking.typedPrefix, prefix: true))
        }
        if !second.isEmpty {
          options.append(
            Option(first: [Choice(terms: head, cost: Ranking.compound)], second: second))
        }
      }
    }
    // Words split in the query: "spider man" finds "Spiderman".
    if let next {
      let joined = store.exactAndPrefix(word + next)
      var first: Choices = []
      if !joined.exact.isEmpty { first.append(Choice(terms: joined.exact, cost: Ranking.compound)) }
      if !joined.longer.isEmpty {
        first.append(
          Choice(terms: joined.longer, cost: Ranking.compound + Ranking.typedPrefix, prefix: true))
      }
      if !first.isEmpty { options.append(Option(first: first, absorbsNext: true)) }
    }
    return options
  }

  /// The term runs `word` matches as one title word: exactly, as the beginning of a longer
  /// word, or within a few typos (also as a beginning); sorted by term, neighbours of equal
  /// cost merged, so that scoring finds a term's cost by binary search. Remembered per
  /// catalog: typing repeats words with every key.
  static func choices(for word: [UInt8], store: CatalogStore, everyTypo: Bool) -> Choices {
    let key = everyTypo ? word + [0] : word
    if let known = store.remembered(key) { return known }
    let choices = coalesced(lookUp(word, store: store, everyTypo: everyTypo))
    store.remember(key, choices)
    return choices
  }

  /// Sorts choices by term and merges neighbours of equal cost.
  static func coalesced(_ choices: Choices) -> Choices {
    var merged: Choices = []
    for choice in choices.sorted(by: { $0.terms.lowerBound < $1.terms.lowerBound })
    where !choice.terms.isEmpty {
      if var last = merged.last, last.terms.upperBound == choice.terms.lowerBound,
        last.cost == choice.cost, last.prefix == choice.prefix
      {
        last.terms = last.terms.lowerBound..<choice.terms.upperBound
        merged[merged.count - 1] = last
      } else {
        merged.append(choice)
      }
    }
    return merged
  }

  static func lookUp(_ word: [UInt8], store: CatalogStore, everyTypo: Bool) -> Choices {
    let limit = maxDistance(word.count)
    let (exact, longer) = store.exactAndPrefix(word)
    // A title word — or, from six letters, the beginning of one — is taken as typed: its
    // typos are looked for only if the search finds nothing (`everyTypo`), as the walk is
    // the costly part of a search.
    let typed = !exact.isEmpty || (word.count >= 6 && !longer.isEmpty)
    guard limit > 0, !typed || everyTypo else {
      var choices: Choices = []
      if !exact.isEmpty { choices.append(Choice(terms: exact, cost: 0)) }
      if !longer.isEmpty {
        choices.append(Choice(terms: longer, cost: Ranking.typedPrefix, prefix: true))
      }
      return choices
    }
    // One edit first; two only for a long word that one edit does not make a whole word, or
    // when nothing was found without them.
    var matches = store.fuzzyMatches(word, maxDistance: 1)
    if limit > 1, everyTypo || !matches.contains(where: { !$0.prefix && $0.distance == 1 }) {
      matches = store.fuzzyMatches(word, maxDistance: limit)
    }
    return matches.filter { match in
      // A short word with a typo would begin too many words: typos in a word being typed
      // are looked for from five letters.
      word.count >= 5 || match.distance == 0 || !match.prefix
    }.map { match in
      Choice(
        terms: match.terms, cost: Ranking.cost(distance: match.distance, prefix: match.prefix),
        prefix: match.prefix && match.distance == 0)
    }
  }
}
