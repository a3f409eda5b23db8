import CacheHints

/// The search index of a catalog, read in place: each title's summary and words, the
/// vocabulary's sound and initials orders (its trie and terms: `CatalogStore+Trie.swift`),
/// the postings, and the packed tables of offsets they are found through (see
/// ``CatalogFile``).
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
    let value = layout.bits(in: base + self.layout.summaries, title: index)
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
    var words = WordIDs()
    guard index >= 0, index < titleCount else { return words }
    let people = layout.titles + film(ofTitle: index)
    let starts = wordStarts
    words.titleCount = titleWordCodes.decode(
      from: starts[index], to: starts[index + 1], into: &words.ids, at: 0)
    words.count = peopleWordCodes.decode(
      from: starts[people], to: starts[people + 1], into: &words.ids, at: words.titleCount)
    return words
  }

  /// The term ids of title `index`'s own words (not its people's).
  @inline(__always) func titleWords(_ index: Int) -> WordIDs {
    var words = WordIDs()
    guard index >= 0, index < titleCount else { return words }
    words.titleCount = titleWordCodes.decode(
      from: wordStarts[index], to: wordStarts[index + 1], into: &words.ids, at: 0)
    words.count = words.titleCount
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

  /// Asks for title `index`'s summary ahead of reading it (see CacheHints).
  @inline(__always) func prefetchSummary(_ index: Int) {
    ms_prefetch(base + layout.summaries + summaryLayout.byteOffset(title: index))
  }

  /// Asks for where title `index`'s words start ahead of reading them.
  @inline(__always) func prefetchWordStart(_ index: Int) {
    ms_prefetch(wordStarts.address(of: index))
  }

  /// Asks for title `index`'s first words ahead of reading them (where they start is read).
  @inline(__always) func prefetchTitleWords(_ index: Int) {
    guard index >= 0, index < titleCount else { return }
    ms_prefetch(base + layout.wordIDs + min(wordStarts[index], layout.wordBits) &>> 3)
  }

  /// Asks for the film of title `index` ahead of reading it (a display title's is itself).
  @inline(__always) func prefetchFilm(ofTitle index: Int) {
    guard index >= filmCount else { return }
    ms_prefetch(titleFilms.address(of: index &- filmCount))
  }

  /// Asks for what scoring each of `titles` reads, in three rounds: its summary, where its
  /// words start and its film; its words, and where its film's people's words start; then
  /// those. Each round reads what the one before asked for, so that a round's misses overlap
  /// rather than each title's coming one after the other.
  @inline(__always) func prefetchForScoring<Titles: Collection<Int32>>(_ titles: Titles) {
    let count = titleCount
    for title in titles where title >= 0 && Int(title) < count {
      prefetchSummary(Int(title))
      prefetchWordStart(Int(title))
      prefetchFilm(ofTitle: Int(title))
    }
    for title in titles where title >= 0 && Int(title) < count {
      prefetchTitleWords(Int(title))
      prefetchWordStart(layout.titles + film(ofTitle: Int(title)))
    }
    for title in titles where title >= 0 && Int(title) < count {
      let start = wordStarts[layout.titles + film(ofTitle: Int(title))]
      ms_prefetch(base + layout.wordIDs + min(start, layout.wordBits) &>> 3)
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

  /// The postings (title indices) of the terms `terms`, one contiguous run.
  @inline(__always) func postings(_ terms: Range<Int>) -> Postings {
    let start = postingStarts[terms.lowerBound]
    let end = postingStarts[terms.upperBound]
    guard start <= end, end <= layout.postings else {
      return Postings(
        terms: 0..<0, starts: postingStarts, byteStarts: postingByteStarts, postings: base,
        count: 0, bytes: 0, limit: 0, otherTitleStarts: otherTitleStarts,
        filmsWithOtherTitles: base, films: 0)
    }
    return Postings(
      terms: terms, starts: postingStarts, byteStarts: postingByteStarts,
      postings: base + layout.postingsStart,
      count: end - start, bytes: layout.postingBytes, limit: titleCount,
      otherTitleStarts: otherTitleStarts,
      filmsWithOtherTitles: base + layout.filmsWithOtherTitles, films: filmCount)
  }

  /// A run of postings, read in place. Each term's are packed (see ``CatalogFile``): each
  /// title less the one before (the first: less 0), doubled, plus one when the term is a word
  /// of the title itself — the flag kept only when the term is that of some of its titles and
  /// not others (``CatalogFile/PostingKind``) — in blocks of ``CatalogFile/postingBlock``,
  /// each a byte saying how many bits its values take, then their bits. A fixed width reads
  /// without a branch per posting; a block's largest gap sets it. A term of one title is its
  /// value alone (flag kept), in as few bytes as it takes.
  ///
  /// A term of people's names alone stores its films' display titles only (one film alone as
  /// ``CatalogFile/PostingKind/oneFilmsPeople``): each film's other titles are given after
  /// them, in order, as they would have been stored. Its count is every title's.
  struct Postings {
    /// Their terms; how many postings, and how many bytes of them, come before each one's.
    let terms: Range<Int>
    let starts: OffsetTable
    let byteStarts: OffsetTable
    let postings: UnsafeRawPointer
    /// How many titles they give.
    let count: Int
    /// The postings' bytes: a term's past them are damage, skipped.
    let bytes: Int
    /// Indices at or past this are damage, skipped.
    let limit: Int
    /// Where each film's other titles start, which films have some (a bit each), and how
    /// many films there are: a display title is below it.
    let otherTitleStarts: OffsetTable
    let filmsWithOtherTitles: UnsafeRawPointer
    let films: Int

    /// Calls `body` with the titles of ``visit(titleWordsOnly:_:)`` in batches of up to
    /// ``batchSize``, each as its index times two, plus one when the term is a word of the
    /// title itself: a caller that reads something of each title at random can ask for all of
    /// a batch's first (see CacheHints), so that their cache misses overlap.
    @inline(__always) func visitBatches(
      titleWordsOnly: Bool = false, _ body: (UnsafeBufferPointer<Int>) -> Void
    ) {
      guard !terms.isEmpty else { return }
      withUnsafeTemporaryAllocation(of: Int.self, capacity: Self.batchSize) { batch in
        var count = 0
        visit(titleWordsOnly: titleWordsOnly) { title, inTitle in
          batch[count] = title &<< 1 | (inTitle ? 1 : 0)
          count &+= 1
          if count == Self.batchSize {
            body(UnsafeBufferPointer(rebasing: batch[..<count]))
            count = 0
          }
        }
        if count > 0 { body(UnsafeBufferPointer(rebasing: batch[..<count])) }
      }
    }

    /// How many titles a batch of ``visitBatches(titleWordsOnly:_:)`` holds at most: enough
    /// to keep the processor's outstanding misses busy, few enough to stay in its first cache.
    static let batchSize = 32

    /// Calls `body` with each title, in order for each term, and whether the term is a word
    /// of the title itself; with `titleWordsOnly`, only with those that have it so (not only
    /// in their people's names).
    @inline(__always) func visit(titleWordsOnly: Bool = false, _ body: (Int, Bool) -> Void) {
      guard !terms.isEmpty else { return }
      let limit = UInt64(limit)
      var count = starts[terms.lowerBound]
      var start = byteStarts[terms.lowerBound]
      for term in terms {
        let nextCount = starts[term &+ 1]
        let nextStart = byteStarts[term &+ 1]
        defer { (count, start) = (nextCount, nextStart) }
        // The spare bytes after the last term's are not its own.
        guard start < nextStart, nextStart <= bytes &- 8, count < nextCount else { continue }
        if nextCount &- count == 1 {
          // One title alone: its value in the term's bytes, without a width.
          let length = nextStart &- start
          guard length <= 8 else { continue }
          let value = alone(at: start, length: length)
          let (title, inTitle) = (value &>> 1, value & 1 != 0)
          if title < limit, inTitle || !titleWordsOnly { body(Int(title), inTitle) }
          continue
        }
        let head = postings.load(fromByteOffset: start, as: UInt8.self)
        guard let kind = CatalogFile.PostingKind(rawValue: head &>> CatalogFile.PostingKind.shift)
        else { continue }
        if kind == .oneFilmsPeople {
          let length = nextStart &- start &- 1
          guard !titleWordsOnly, length < 8 else { continue }
          let film =
            alone(at: start &+ 1, length: length) &<< UInt64(CatalogFile.PostingKind.shift)
            | UInt64(head & CatalogFile.PostingKind.widthMask)
          guard film < UInt64(films) else { continue }
          body(Int(film), false)
          var walk = OffsetTable.Walk()
          visitOtherTitles(of: Int(film), &walk, body)
          continue
        }
        if kind == .peopleWords {
          guard !titleWordsOnly else { continue }
          // Its films' display titles, then each one's other titles (they follow every
          // display title, by film).
          decode(nil, head: start, end: nextStart, flagBits: 0) { film, _ in
            if film < limit { body(Int(film), false) }
          }
          var walk = OffsetTable.Walk()
          decode(nil, head: start, end: nextStart, flagBits: 0) { film, _ in
            if film < UInt64(films) { visitOtherTitles(of: Int(film), &walk, body) }
          }
          continue
        }
        // A mixed term's values keep their flag in the low bit; the others' are gaps alone.
        let flagBits: UInt64 = kind == .mixed ? 1 : 0
        let alwaysInTitle: UInt64 = kind == .titleWords ? 1 : 0
        decode(nextCount &- count, head: start, end: nextStart, flagBits: flagBits) {
          title, flag in
          let inTitle = (flag | alwaysInTitle) != 0
          if title < limit, inTitle || !titleWordsOnly { body(Int(title), inTitle) }
        }
      }
    }

    /// A value written alone in the `length` bytes (at most eight) at `offset` (see
    /// `append(alone:atLeast:)`).
    @inline(__always) private func alone(at offset: Int, length: Int) -> UInt64 {
      let word = postings.loadUnaligned(fromByteOffset: offset, as: UInt64.self).littleEndian
      return length == 8 ? word : word & ((1 &<< UInt64(length &* 8)) &- 1)
    }

    /// Calls `body` with each other title of film `film` (below ``films``), as one of its
    /// people's names' words.
    @inline(__always) private func visitOtherTitles(
      of film: Int, _ walk: inout OffsetTable.Walk, _ body: (Int, Bool) -> Void
    ) {
      // Half the films have none: a bit says it, read where the table's two numbers would be.
      let word = filmsWithOtherTitles.loadUnaligned(
        fromByteOffset: (film &>> 6) &<< 3, as: UInt64.self)
      guard UInt64(littleEndian: word) &>> UInt64(film & 63) & 1 != 0 else { return }
      for title in CatalogStore.otherTitles(
        of: film, starts: otherTitleStarts, films: films, titles: limit, walk: &walk)
      {
        body(title, false)
      }
    }

    /// Calls `body` with each of a term's titles — blocks whose first's width is said by the
    /// byte at `head`, its bits after it, the next's byte after them, none past `end` — and
    /// each one's flag when the values keep one (`flagBits` 1); stops at damage. `values`:
    /// how many; `nil` for a term of people's names alone, whose films are not counted (its
    /// count is its titles'): its last block holds as many as its bits do, the padding read
    /// as gaps of none, which no two films have.
    @inline(__always) private func decode(
      _ values: Int?, head: Int, end: Int, flagBits: UInt64, _ body: (UInt64, UInt64) -> Void
    ) {
      var title: UInt64 = 0
      var left = values ?? .max
      var first = true
      var data = head &+ 1
      var width = Int(
        postings.load(fromByteOffset: head, as: UInt8.self) & CatalogFile.PostingKind.widthMask)
      while left > 0, data < end {
        guard (1...48).contains(width) else { break }
        let mask: UInt64 = (1 &<< UInt64(width)) &- 1
        let full = data &+ (CatalogFile.postingBlock &* width &+ 7) &>> 3
        // Uncounted, a full block has another after it.
        let count =
          values == nil && full >= end
          ? min(CatalogFile.postingBlock, (end &- data) &* 8 / width)
          : min(left, CatalogFile.postingBlock)
        let blockEnd = data &+ (count &* width &+ 7) &>> 3
        // A block past the term's bytes is damage.
        guard blockEnd <= end else { break }
        var bit = 0
        for _ in 0..<count {
          let word = postings.loadUnaligned(fromByteOffset: data &+ bit &>> 3, as: UInt64.self)
            .littleEndian
          let value = (word &>> UInt64(bit & 7)) & mask
          bit &+= width
          if values == nil {
            guard value > 0 || first else { continue }
            first = false
          }
          title &+= value &>> flagBits
          body(title, value & flagBits)
        }
        left &-= count
        guard left > 0, blockEnd < end, values != nil || count == CatalogFile.postingBlock
        else { break }
        width = Int(postings.load(fromByteOffset: blockEnd, as: UInt8.self))
        data = blockEnd &+ 1
      }
    }
  }
}
