import CacheHints

/// The search index of a catalog, read in place: each title's summary and words, the
/// vocabulary's sound and initials orders (its trie and terms: `CatalogStore+Trie.swift`; the
/// postings: `CatalogStore+Postings.swift`), and the packed tables of offsets they are found
/// through (see ``CatalogFile``).
extension CatalogStore {
  /// What ranking reads of title `index` in one load of its summary (see
  /// ``SummaryLayout``): its film's log10(1 + popularity) (through the popularity palette,
  /// which stays in the cache) and year, its flags (whether it starts with an article), and
  /// how many words the title has (up to 15: ranking's lower bounds count no more, which
  /// keeps them bounds).
  @inline(__always) func summary(_ index: Int) -> (
    popularity: Float, year: Int, flags: UInt8, titleWords: Int
  ) {
    let layout = summaryLayout
    let summaries = base + self.layout.summaries
    let value: UInt64
    if index < filmCount {
      value = layout.bits(in: summaries, film: index)
    } else {
      // Another title: its film's place and year, its own article and words (a title past
      // the last, none a caller asks for, reads as film 0's).
      let film = film(ofTitle: index)
      value = layout.bits(
        in: summaries, other: index < titleCount ? index &- filmCount : 0, films: filmCount,
        film: layout.bits(in: summaries, film: film))
    }
    let palette = palette
    return (
      palette.popularity(palette.place(layout.place(value))), layout.year(value),
      layout.startsWithArticle(value) ? CatalogFile.leadingArticle : 0, layout.words(value)
    )
  }

  /// The popularity palette, read in place (see ``PopularityPalette``).
  @inline(__always) var palette: PopularityPalette.Reader {
    PopularityPalette.Reader(base: base + layout.palette, count: layout.paletteCount)
  }

  /// The term ids of title `index`: its words in order, then its film's people's (stored
  /// once per film, read after the title's words whichever of its titles it is), decoded
  /// (see ``WordCodes``); at most ``WordIDs/capacity``.
  @inline(__always) func words(_ index: Int) -> WordIDs {
    guard index >= 0, index < titleCount else { return WordIDs() }
    return filmWords(film(ofTitle: index), title: index, people: true)
  }

  /// The term ids of title `index`'s own words (not its people's).
  @inline(__always) func titleWords(_ index: Int) -> WordIDs {
    guard index >= 0, index < titleCount else { return WordIDs() }
    return filmWords(film(ofTitle: index), title: index, people: false)
  }

  /// The term ids of film `film`'s title `title` (none when it is not one of the film's),
  /// then — when `people` — of the film's people, read from the film's run of words: its
  /// display title's, its other titles' in order, then its people's (see ``CatalogFile``).
  /// A title's words are found by skipping those of the titles before it, counted by their
  /// summaries (and, past what a summary counts, at their run's start). Within the run's
  /// bits and a title's longest, whatever the bytes say.
  @inline(__always) func filmWords(_ film: Int, title: Int, people: Bool) -> WordIDs {
    var words = WordIDs()
    guard film >= 0, film < filmCount else { return words }
    var walk = OffsetTable.Walk()
    let (start, runEnd) = wordStarts.pair(film, &walk)
    let end = min(runEnd, layout.wordBits)
    var bit = min(start, end)
    let codes = titleWordCodes
    let summaries = base + layout.summaries
    let summaryLayout = summaryLayout
    // Reads or skips the words of the title whose summary counts `counted`; whether the
    // words wanted are all read.
    func pass(_ index: Int, counted: Int) -> Bool {
      let count = codes.titleWordCount(counted: counted, at: &bit, end: end)
      guard index == title else {
        codes.skip(count, from: &bit, to: end)
        return false
      }
      words.titleCount = codes.decode(from: &bit, to: end, count: count, into: &words.ids, at: 0)
      words.count = words.titleCount
      return !people || words.count == WordIDs.capacity
    }
    if pass(film, counted: summaryLayout.words(summaryLayout.bits(in: summaries, film: film))) {
      return words
    }
    // Another title's words, or the people's after every title's.
    if title >= filmCount || (people && hasOtherTitles(film)) {
      for other in otherTitles(of: film) {
        let counted = summaryLayout.ownWords(
          in: summaries, other: other &- filmCount, films: filmCount)
        if pass(other, counted: counted) { return words }
      }
    }
    if people {
      words.count = peopleWordCodes.decode(
        from: bit, to: end, into: &words.ids, at: words.titleCount)
    }
    return words
  }

  /// The codes of every title's words, read as the titles' book writes them (see
  /// ``WordCodes``).
  @inline(__always) var titleWordCodes: WordCodes.Reader {
    WordCodes.Reader(
      codes: base + layout.wordIDs, bits: layout.wordBits, tiers: wordBooks.titles,
      tables: base + wordTables.titles, termCount: termCount)
  }

  /// The codes of every film's people's words, read as the people's book writes them.
  @inline(__always) var peopleWordCodes: WordCodes.Reader {
    WordCodes.Reader(
      codes: base + layout.wordIDs, bits: layout.wordBits, tiers: wordBooks.people,
      tables: base + wordTables.people, termCount: termCount)
  }

  /// A title's term ids, decoded: its own words, then its film's people's (-1 for damage).
  struct WordIDs {
    /// The most words read of a title and its people.
    static let capacity = 64
    typealias Storage = InlineArray<64, Int32>

    var ids = Storage(repeating: -1)
    /// How many words are the title's: the rest are its film's people's.
    var titleCount = 0
    var count = 0

    @inline(__always) subscript(position: Int) -> Int { Int(ids[position]) }
  }

  /// Asks for title `index`'s summary ahead of reading it (see CacheHints): a display title's;
  /// another title's own bits and where its film is found — not its film's summary, which
  /// that read would find (asked for as well, a read ahead or twice as far ahead, it cost more
  /// than it saved: Benchmarks/README, rounds twenty-seven and twenty-eight).
  @inline(__always) func prefetchSummary(_ index: Int) {
    let summaries = base + layout.summaries
    guard index >= filmCount, index < titleCount else {
      ms_prefetch(summaries + summaryLayout.byteOffset(film: index))
      return
    }
    ms_prefetch(summaries + summaryLayout.byteOffset(other: index &- filmCount, films: filmCount))
    ms_prefetch(titleFilms.address(of: index &- filmCount))
  }

  /// Asks for where title `index`'s words start ahead of reading them: its film's run's
  /// start — a display title is its film; another title's film is asked for (see
  /// ``prefetchTitleWords(_:)``).
  @inline(__always) func prefetchWordStart(_ index: Int) {
    guard index >= 0, index < titleCount else { return }
    if index < filmCount {
      ms_prefetch(wordStarts.address(of: index))
    } else {
      prefetchFilm(ofTitle: index)
    }
  }

  /// Asks for title `index`'s first words ahead of reading them (its film and where its
  /// film's run starts are read): its film's run's first, and, of another title, where its
  /// film's other titles start and its film's summary — what finding its words counts by.
  @inline(__always) func prefetchTitleWords(_ index: Int) {
    guard index >= 0, index < titleCount else { return }
    let film = film(ofTitle: index)
    ms_prefetch(base + layout.wordIDs + min(wordStarts[film], layout.wordBits) &>> 3)
    guard index >= filmCount else { return }
    ms_prefetch(otherTitleIndex.startAddress(of: film))
    ms_prefetch(base + layout.summaries + summaryLayout.byteOffset(film: film))
  }

  /// Asks for the film of title `index` ahead of reading it (a display title's is itself).
  @inline(__always) func prefetchFilm(ofTitle index: Int) {
    guard index >= filmCount else { return }
    ms_prefetch(titleFilms.address(of: index &- filmCount))
  }

  /// Asks for what scoring each of `titles` reads, in three rounds: its summary and its film
  /// (where a display title's film's run of words starts); where its film's run starts,
  /// its film's summary and where its other titles start; then the run's first words and
  /// the other titles' own summaries. Each round reads what the one before asked for, so
  /// that a round's misses overlap rather than each title's coming one after the other.
  @inline(__always) func prefetchForScoring<Titles: Collection<Int32>>(_ titles: Titles) {
    let count = titleCount
    for title in titles where title >= 0 && Int(title) < count {
      prefetchSummary(Int(title))
      prefetchWordStart(Int(title))
    }
    let summaries = base + layout.summaries
    for title in titles where title >= 0 && Int(title) < count {
      let film = film(ofTitle: Int(title))
      ms_prefetch(wordStarts.address(of: film))
      if Int(title) >= filmCount {
        ms_prefetch(summaries + summaryLayout.byteOffset(film: film))
      }
      if hasOtherTitles(film) { ms_prefetch(otherTitleIndex.startAddress(of: film)) }
    }
    for title in titles where title >= 0 && Int(title) < count {
      let film = film(ofTitle: Int(title))
      ms_prefetch(base + layout.wordIDs + min(wordStarts[film], layout.wordBits) &>> 3)
      if let first = otherTitles(of: film).first {
        ms_prefetch(
          summaries + summaryLayout.byteOffset(other: first &- filmCount, films: filmCount))
      }
    }
  }

  /// The id of the term at `position` of the sound order (see ``CatalogFile``); -1 for damage.
  @inline(__always) func soundOrderTerm(_ position: Int) -> Int {
    guard position >= 0, position < layout.soundOrderCount else { return -1 }
    let id = soundOrderIDs[position]
    return id < termCount ? id : -1
  }

  /// Entry `position` of the initials order (see ``InitialsIndex``); 0 past the end.
  @inline(__always) func initialsEntry(_ position: Int) -> UInt32 {
    guard position >= 0, position < layout.initialsCount else { return 0 }
    let entry = PackedInts(
      base + layout.initialsOrder,
      largest: CatalogFile.largestInitialsEntry(titles: titleCount))[position]
    return UInt32(truncatingIfNeeded: entry >> 1)
      | (entry & 1 != 0 ? InitialsKey.skipsArticle : 0)
  }

  /// The term ids in sound order (see ``CatalogFile``).
  var soundOrderIDs: PackedInts { PackedInts(base + layout.soundOrder, largest: termCount - 1) }
}
