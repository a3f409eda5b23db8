import Foundation

/// The search index a catalog file holds, as it is written: the vocabulary, its trie, the
/// postings and the orders built over them (see ``CatalogFile``).
extension CatalogFile {
  /// The search index being built: the titles, their words, the vocabulary.
  struct Index {
    /// Each title's film and kind (see ``CatalogFile/titleFilm(_:kind:)``).
    var titleFilms: [Int] = []
    /// Where each title's stored form starts (its end is where the next one's starts).
    var titleStarts: [Int] = []
    /// How many bytes of each title's stored form are stored as they are, before those
    /// written as symbol codes (see ``TitleSpelling``).
    var titleHeads: [UInt8] = []
    /// Each title's year (0 for none, at most ``CatalogFile/latestYear``): with its word
    /// count and whether it starts with an article, its summary but for its popularity (see
    /// ``SummaryLayout``).
    private var years: [Int] = []
    /// The top bit of a title in `postingsByTerm`: the term is a word of the title itself.
    private static let inTitle: UInt32 = 1 << 31
    /// Each film's people's words, as terms.
    var people: [[Int]] = []
    private var wordCounts: [Int] = []
    /// Each title's film's popularity, and whether the title starts with an article.
    private var popularities: [Float] = []
    private var articles: [Bool] = []
    private var titleTerms: [Int] = []  // each title's words as terms, in the order met
    private var termIndex: [BytesKey: Int] = [:]
    private var terms: [[UInt8]] = []
    private var postingsByTerm: [[UInt32]] = []

    /// The term of each word, made when new.
    mutating func terms(_ words: [[UInt8]]) -> [Int] {
      words.map { word in
        let key = BytesKey(word)
        if let known = termIndex[key] { return known }
        termIndex[key] = terms.count
        terms.append(word)
        postingsByTerm.append([])
        return terms.count - 1
      }
    }

    /// Adds a title (its words, then the `people` terms).
    mutating func add(
      _ text: String, film: Int, kind: TitleKind, people: [Int], popularity: Float,
      year: Int, texts: inout [UInt8]
    ) {
      let found = TitleText.words(text)
      let words = found.map(\.text)
      let article = words.count > 1 && TitleText.articleWords.contains(words[0])
      let number = titleFilms.count
      titleFilms.append(CatalogFile.titleFilm(film, kind: kind))
      titleStarts.append(texts.count)
      let stored = TitleSpelling.stored(text, words: found)
      titleHeads.append(UInt8(stored.head.count))
      texts += stored.head
      texts += stored.rest
      // Its summary but for its place in the popularity palette (see
      // ``summaries(filmVotes:)``).
      years.append(min(max(0, year), CatalogFile.latestYear))
      wordCounts.append(words.count)
      popularities.append(popularity)
      articles.append(article)
      let titleTerms = terms(words)
      self.titleTerms += titleTerms
      // The people's words are stored once per film, but found through every title. A
      // posting says whether the term is a word of the title itself (its top bit).
      for (term, inTitle) in titleTerms.map({ ($0, true) }) + people.map({ ($0, false) })
      where postingsByTerm[term].last.map({ $0 & ~Self.inTitle }) != UInt32(number) {
        postingsByTerm[term].append(UInt32(number) | (inTitle ? Self.inTitle : 0))
      }
    }

    /// The popularity palette of the titles' films (whose vote counts are `filmVotes`), how
    /// summaries are packed, and the summaries (see ``SummaryLayout``): each film's whole,
    /// then each other title's own bits — its place and year are its film's, checked.
    func summaries(filmVotes: [Int]) throws -> (
      palette: PopularityPalette, layout: SummaryLayout, bytes: [UInt8]
    ) {
      let palette = PopularityPalette(
        popularities, votes: titleFilms.map { filmVotes[$0 >> 2] })
      let layout = SummaryLayout.fitting(places: palette.entries.count, years: years)
      let films = filmVotes.count
      let size = layout.size(films: films, others: years.count - films)
      var bytes: [UInt8] = []
      bytes.reserveCapacity(size)
      var pending = PendingBits()
      for title in years.indices {
        let summary = layout.summary(
          place: palette.places[title], year: years[title], article: articles[title],
          words: wordCounts[title])
        guard title >= films else {
          pending.write(summary, bits: layout.width, to: &bytes)
          continue
        }
        let film = titleFilms[title] >> CatalogFile.kindBits
        guard film < films, palette.places[title] == palette.places[film],
          years[title] == years[film]
        else {
          throw CatalogFile.FormatError(
            description: "title \(title) does not share its film's popularity and year")
        }
        pending.write(layout.own(summary), bits: SummaryLayout.ownWidth, to: &bytes)
      }
      pending.flush(to: &bytes)
      bytes += [UInt8](repeating: 0, count: size - bytes.count)
      return (palette, layout, bytes)
    }

    /// The entries of the initials order, sorted (see ``InitialsIndex``): the titles of
    /// films at least two thirds as popular as the most popular.
    func initialsOrder() -> [(key: UInt64, entry: UInt32)] {
      let floor = (popularities.max() ?? 0) * 2 / 3
      var entries: [(key: UInt64, entry: UInt32)] = []
      var start = 0
      for (title, count) in wordCounts.enumerated() {
        defer { start += count }
        guard count >= 2, popularities[title] >= floor else { continue }
        let initials = titleTerms[start..<start + min(count, InitialsKey.depth + 1)].map {
          terms[$0][0]
        }
        entries += InitialsKey.entries(
          title: title, initials: initials, article: articles[title])
      }
      return entries.sorted { ($0.key, $0.entry) < ($1.key, $1.entry) }
    }

    struct Sections {
      var wordStarts: [Int] = []
      var wordIDs: [UInt8] = []
      var termStarts: [Int] = []
      var postingStarts: [Int] = []
      var postingByteStarts: [Int] = []
      var postings: [UInt8] = []
      /// The trie's nodes, the sentinel after them included (see ``trie(_:)``).
      var nodes: [TrieBlocks.Node] = []
      var termBytes: [UInt8] = []
      /// The symbols the term bytes are coded with.
      var tailSymbols = SymbolTable.trained(on: [])
      /// The ids of the terms of ``Phonetic/shortest`` bytes or more, by key.
      var soundOrder: [Int] = []
      /// The titles of known films by their initials (see ``InitialsIndex``), each entry as
      /// ``CatalogFile/initialsEntry(_:)`` writes it.
      var initialsOrder: [Int] = []
      var termCount = 0
      /// The bits of the words' codes.
      var wordBits = 0
      /// The tiers of the titles' words' codes, then the people's (see ``WordCodes``).
      var wordTiers: [WordCodes.Tiers] = []
      var postingCount = 0
    }

    /// The word, term, posting and trie sections of a catalog of `films` films. Term ids are
    /// the terms' places in bytewise order.
    func sections(films: Int) throws(FormatError) -> Sections {
      var sections = Sections()
      let order = terms.indices.sorted { bytewiseLess(terms[$0], terms[$1]) }
      var idOfTerm = [Int](repeating: 0, count: terms.count)
      for (id, term) in order.enumerated() { idOfTerm[term] = id }
      // Term ids take three bytes.
      guard terms.count < 1 << 24 else {
        throw FormatError(description: "the vocabulary is too large to be encoded")
      }
      // Each film's run of words: its display title's, its other titles' in order, then its
      // people's — titles' words and people's as codes of two books (see ``WordCodes``) —
      // and each book's tables of the commonest terms; each film's run's start in bits.
      // One flat array of every run's ids and where each ends: 1.8 million runs as arrays
      // of their own took 150 MB at IMDb's size.
      var titleStarts = [0]
      titleStarts.reserveCapacity(wordCounts.count + 1)
      for count in wordCounts { titleStarts.append(titleStarts[titleStarts.count - 1] + count) }
      let otherStarts = CatalogFile.otherTitleStarts(films: films, titleFilms: titleFilms)
      var ids: [Int32] = []
      ids.reserveCapacity(titleTerms.count + people.reduce(0) { $0 + $1.count })
      var runs: [WordCodes.Run] = []
      runs.reserveCapacity(wordCounts.count + people.count)
      var filmRuns: [Int] = []  // each film's first run
      filmRuns.reserveCapacity(films + 1)
      for film in 0..<films {
        filmRuns.append(runs.count)
        for title in [film] + Array(films + otherStarts[film]..<films + otherStarts[film + 1]) {
          guard titleFilms[title] >> CatalogFile.kindBits == film else {
            throw FormatError(description: "the other titles do not come by film")
          }
          for term in titleTerms[titleStarts[title]..<titleStarts[title + 1]] {
            ids.append(Int32(idOfTerm[term]))
          }
          runs.append(WordCodes.Run(end: ids.count, isTitle: true))
        }
        for term in people[film] { ids.append(Int32(idOfTerm[term])) }
        runs.append(WordCodes.Run(end: ids.count, isTitle: false))
      }
      filmRuns.append(runs.count)
      let coded = try WordCodes.encode(ids: ids, runs: runs, termCount: terms.count)
      sections.wordIDs = coded.codes
      for book in coded.books {
        sections.wordIDs.append(packed: book.commonestTerms, largest: terms.count - 1)
        sections.wordIDs.append(packed: book.commonTerms, largest: terms.count - 1)
      }
      sections.wordTiers = coded.books.map(\.tiers)
      sections.wordStarts = filmRuns.map { coded.starts[$0] }
      sections.wordBits = coded.starts.last ?? 0
      guard sections.wordBits <= UInt32.max else {
        throw FormatError(description: "the words are too many to be encoded")
      }
      // A posting is its title less the one before, doubled, plus its flag: in as many bits
      // as the term's largest needs.
      guard wordCounts.count < 1 << 31 else {
        throw FormatError(description: "the titles are too many to be encoded")
      }
      // The trie spells each term's bytes down to its node: only a tail's rest is stored.
      let sorted = order.map { terms[$0] }
      let (nodes, spelled) = try trie(sorted)
      sections.nodes = nodes
      let mixedFilms = try peopleFilmsOfMixedTerms(films: films)
      // What the trie does not spell of each term, coded with symbols of their own (the
      // ends of rare words: "son", "ski", "ova").
      let tails = sorted.indices.map { sorted[$0][spelled[$0]...] }
      sections.tailSymbols = SymbolTable.trained(
        on: sample(tails.filter { !$0.isEmpty }.map { Array($0) }))
      for (id, term) in order.enumerated() {
        sections.termStarts.append(sections.termBytes.count)
        sections.postingStarts.append(sections.postingCount)
        sections.postingByteStarts.append(sections.postings.count)
        tails[id].withUnsafeBufferPointer {
          sections.tailSymbols.encode($0, into: &sections.termBytes)
        }
        defer { sections.postingCount += postingsByTerm[term].count }
        if let films = mixedFilms[term] {
          // A mixed term: the titles that have it as a word, then the films whose people's
          // names have it (the reader gives all their titles).
          let own = postingsByTerm[term].filter { $0 & Self.inTitle != 0 }
          sections.postings.append(
            mixed: Self.gaps(own.map { Int($0 & ~Self.inTitle) }), films: Self.gaps(films))
          continue
        }
        // A word of people's names alone is every title's of its films: their display titles
        // say it (the reader gives their other titles after them).
        let postings =
          postingsByTerm[term].allSatisfy { $0 & Self.inTitle == 0 }
          ? postingsByTerm[term].prefix { $0 < films } : postingsByTerm[term][...]
        sections.postings.append(
          packing: zip(Self.gaps(postings.map { Int($0 & ~Self.inTitle) }), postings).map {
            $0 << 1 | ($1 & Self.inTitle != 0 ? 1 : 0)
          }, titles: postingsByTerm[term].count)
      }
      sections.termStarts.append(sections.termBytes.count)
      sections.postingStarts.append(sections.postingCount)
      sections.postingByteStarts.append(sections.postings.count)
      // Spare bytes: the last value can be read with an eight-byte load.
      sections.postings += [UInt8](repeating: 0, count: 8)
      guard sections.postings.count <= UInt32.max else {
        throw FormatError(description: "the postings are too many to be encoded")
      }
      // The sound order: the titles' words — a word of people's names alone is matched as
      // typed or with typos, not by ear (at IMDb's size seven in ten of the long words, most
      // of them one film's) — each key made once, the ids sorted by it.
      var isTitleWord = [Bool](repeating: false, count: terms.count)
      for term in titleTerms { isTitleWord[term] = true }
      let sounded: [(key: [UInt8], id: Int)] = order.enumerated().compactMap {
        (id: Int, term: Int) -> (key: [UInt8], id: Int)? in
        isTitleWord[term] && terms[term].count >= Phonetic.shortest
          ? (key: Phonetic.key(terms[term]), id: id) : nil
      }.sorted { bytewiseLess($0.key, $1.key) || ($0.key == $1.key && $0.id < $1.id) }
      sections.soundOrder = sounded.map(\.id)
      sections.initialsOrder = initialsOrder().map { CatalogFile.initialsEntry($0.entry) }
      sections.termCount = terms.count
      return sections
    }

    /// Each number of ascending `numbers` less the one before (the first: itself).
    private static func gaps(_ numbers: [Int]) -> [UInt64] {
      numbers.indices.map { UInt64(numbers[$0] - ($0 == 0 ? 0 : numbers[$0 - 1])) }
    }

    /// The films whose people's names have each **mixed** term — a word of some titles
    /// themselves and of others only through their film's people — ascending: every title of
    /// those films has it, so the file stores the films and the titles that have it as a
    /// word (see `append(mixed:films:)`). Each term's titles are checked to be those two
    /// lists', merged, as the reader gives them.
    private func peopleFilmsOfMixedTerms(films: Int) throws(FormatError) -> [Int: [Int]] {
      var mixed: [Int: [Int]] = [:]
      for term in postingsByTerm.indices {
        let own = postingsByTerm[term].lazy.filter { $0 & Self.inTitle != 0 }.count
        if own > 0, own < postingsByTerm[term].count { mixed[term] = [] }
      }
      for (film, terms) in people.enumerated() {
        for term in terms where mixed[term]?.last != film && mixed[term] != nil {
          mixed[term]?.append(film)
        }
      }
      let starts = CatalogFile.otherTitleStarts(films: films, titleFilms: titleFilms)
      for (term, people) in mixed {
        var titles = Set(people)
        for film in people { titles.formUnion(films + starts[film]..<films + starts[film + 1]) }
        for posting in postingsByTerm[term] where posting & Self.inTitle != 0 {
          titles.insert(Int(posting & ~Self.inTitle))
        }
        let posted = postingsByTerm[term].map { Int($0 & ~Self.inTitle) }
        guard titles.count == posted.count, posted.allSatisfy({ titles.contains($0) }) else {
          throw FormatError(description: "a word's titles could not be encoded")
        }
      }
      return mixed
    }
  }

  /// The trie of sorted `terms`, breadth first: node 0 is the root; a node's children (one per
  /// next byte, in order) are contiguous, so they run from its first child to the next
  /// node's, and a sentinel after the last node closes the run. A node with a single term
  /// that does not end there is a **tail**: it has no children, the rest of its path being
  /// that term's bytes — most of a large vocabulary's nodes would otherwise be chains of one
  /// child each, spelling the ends of terms no other term shares — when they are at most
  /// ``CatalogFile/longestTail`` (a longer rest is spelled down until they are). With the
  /// nodes, how many of each term's bytes its path spells: all of a term whose node it ends
  /// at, a tail's down to the tail (the rest is what the file stores of the term).
  static func trie(_ terms: [[UInt8]]) throws(FormatError) -> (
    nodes: [TrieBlocks.Node], spelled: [Int]
  ) {
    // (terms, depth, byte) of each node, in breadth-first order; children found when a node
    // is read.
    var queue: [(terms: Range<Int>, depth: Int, byte: UInt8)] = [(0..<terms.count, 0, 0)]
    var nodes: [TrieBlocks.Node] = []
    var spelled = [Int](repeating: 0, count: terms.count)
    var next = 0
    while next < queue.count {
      let (range, depth, byte) = queue[next]
      next += 1
      let isTerm = !range.isEmpty && terms[range.lowerBound].count == depth
      let isTail =
        range.count == 1 && !isTerm && terms[range.lowerBound].count - depth <= longestTail
      if isTerm || isTail { spelled[range.lowerBound] = depth }
      var low = range.lowerBound + (isTerm ? 1 : 0)
      let firstChild = queue.count
      while !isTail, low < range.upperBound {
        let child = terms[low][depth]
        var high = low + 1
        while high < range.upperBound, terms[high][depth] == child { high += 1 }
        queue.append((low..<high, depth + 1, child))
        low = high
      }
      guard queue.count < Int(CatalogFile.trieTermFlag) else {
        throw FormatError(description: "the vocabulary is too large to be encoded")
      }
      nodes.append(
        TrieBlocks.Node(
          firstTerm: range.lowerBound, firstChild: firstChild, isTerm: isTerm, byte: byte))
    }
    nodes.append(
      TrieBlocks.Node(firstTerm: terms.count, firstChild: queue.count, isTerm: false, byte: 0))
    return (nodes, spelled)
  }

  /// How a catalog stores its trie's `nodes` (the sentinel included), and the bytes: seven
  /// bytes a node, or blocks (``TrieBlocks``) — `inBlocks`, or when `nil` as their size
  /// says (``largestTrieOfWholeNodes``). The header's word for it: 0 for whole nodes, else
  /// one more than how many blocks are wide.
  static func trieBytes(_ nodes: [TrieBlocks.Node], inBlocks: Bool? = nil) -> (
    bytes: [UInt8], header: Int
  ) {
    guard inBlocks ?? (nodes.count * nodeSize > largestTrieOfWholeNodes) else {
      var bytes: [UInt8] = []
      bytes.reserveCapacity(nodes.count * nodeSize + 1)
      for node in nodes {
        bytes.append(uint24: node.firstTerm)
        bytes.append(
          uint24: node.firstChild | (node.isTerm ? Int(CatalogFile.trieTermFlag) : 0))
        bytes.append(node.byte)
      }
      // A spare byte: the sentinel can be read with an eight-byte load.
      bytes.append(0)
      return (bytes, 0)
    }
    let (bytes, wide) = TrieBlocks.encode(nodes)
    return (bytes, wide + 1)
  }
}
