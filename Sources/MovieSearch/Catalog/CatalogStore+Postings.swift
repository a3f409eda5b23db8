/// The postings of a catalog's terms, read in place: the titles that have each term, as a
/// word of their own or of their film's people's names (see ``CatalogFile``).
extension CatalogStore {
  /// The postings (title indices) of the terms `terms`, one contiguous run.
  @inline(__always) func postings(_ terms: Range<Int>) -> Postings {
    let start = postingStarts[terms.lowerBound]
    let end = postingStarts[terms.upperBound]
    guard start <= end, end <= layout.postings else {
      return Postings(
        terms: 0..<0, starts: postingStarts, byteStarts: postingByteStarts, postings: base,
        count: 0, bytes: 0, limit: 0, otherTitles: .none)
    }
    return Postings(
      terms: terms, starts: postingStarts, byteStarts: postingByteStarts,
      postings: base + layout.postingsStart,
      count: end - start, bytes: layout.postingBytes, limit: titleCount,
      otherTitles: otherTitleIndex)
  }

  /// A run of postings, read in place. Each term's are packed (see ``CatalogFile``): each
  /// title less the one before (the first: less 0), in blocks of
  /// ``CatalogFile/postingBlock``, each a byte saying how many bits its values take, then
  /// their bits; what the term is to its titles (``CatalogFile/PostingKind``) in the first
  /// byte's top bits. A fixed width reads without a branch per posting; a block's largest gap
  /// sets it. A term of one title is its value alone (doubled, plus one when it is a word of
  /// the title itself), in as few bytes as it takes.
  ///
  /// A term of people's names alone stores its films' display titles only (one film alone as
  /// ``CatalogFile/PostingKind/oneFilmsPeople``): each film's other titles are given after
  /// them, in order, as they would have been stored. A mixed term stores the titles that
  /// have it as a word, then such a list of films, the two merged in order as they are read.
  /// A term's count is every title's.
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
    /// Which films have other titles, and where they start; how many films there are (a
    /// display title is below it).
    let otherTitles: OtherTitleIndex
    var films: Int { otherTitles.films }

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
          visitFilms(head: start, end: nextStart, body)
          continue
        }
        if kind == .mixed {
          visitMixed(
            head: start, end: nextStart, titles: nextCount &- count,
            titleWordsOnly: titleWordsOnly, body)
          continue
        }
        visitTitleWords(nextCount &- count, head: start, end: nextStart, body)
      }
    }

    /// Calls `body` with the `count` titles at `head` (of bytes ending at `end`) that have the
    /// term as a word of their own; returns where their last block ends.
    @discardableResult @inline(__always) private func visitTitleWords(
      _ count: Int, head: Int, end: Int, _ body: (Int, Bool) -> Void
    ) -> Int {
      let limit = UInt64(limit)
      return decode(count, head: head, end: end) { title in
        if title < limit { body(Int(title), true) }
      }
    }

    /// Calls `body` with the titles of the films at `head` (of a term's bytes ending at
    /// `end`, uncounted): their display titles, then each one's other titles (they follow
    /// every display title, by film) — a word of their people's names.
    @inline(__always) private func visitFilms(head: Int, end: Int, _ body: (Int, Bool) -> Void) {
      let limit = UInt64(limit)
      decode(nil, head: head, end: end) { film in
        if film < limit { body(Int(film), false) }
      }
      var walk = OffsetTable.Walk()
      decode(nil, head: head, end: end) { film in
        if film < UInt64(films) { visitOtherTitles(of: Int(film), &walk, body) }
      }
    }

    /// Calls `body` with the titles of a mixed term, whose `titles` titles' bytes are at
    /// `head..<end`: its title words' titles — how many, then the list — merged in order with
    /// the titles of its people's films (see ``visitFilms(head:end:_:)``), a title in both
    /// given once, as a word of its own; with `titleWordsOnly`, the first list alone.
    @inline(__always) private func visitMixed(
      head: Int, end: Int, titles: Int, titleWordsOnly: Bool, _ body: (Int, Bool) -> Void
    ) {
      let limit = UInt64(limit)
      // Some of its titles, fewer than all (the others are its people's), and no more than
      // the titles or its bits can hold (damage: what is set aside for them stays small).
      guard let (own, listHead) = count(at: head &+ 1, end: end), own > 0, own < titles,
        UInt64(own) <= limit, own <= (end &- listHead) &* 8
      else { return }
      guard !titleWordsOnly else {
        visitTitleWords(own, head: listHead, end: end, body)
        return
      }
      withUnsafeTemporaryAllocation(of: Int.self, capacity: own) { ownTitles in
        var stored = 0
        let filmsHead = visitTitleWords(own, head: listHead, end: end) { title, _ in
          ownTitles[stored] = title
          stored &+= 1
        }
        // The next of its own titles to give: those below each title of its people's films
        // are given before it. (Not a local function that the closures call: one captures its
        // variables in boxes, counted and checked for exclusive access at every title.)
        var next = 0
        if filmsHead < end {
          visitFilms(head: filmsHead, end: end) { title, _ in
            while next < stored, ownTitles[next] < title {
              body(ownTitles[next], true)
              next &+= 1
            }
            if next < stored, ownTitles[next] == title {
              next &+= 1
              body(title, true)
            } else {
              body(title, false)
            }
          }
        }
        while next < stored {
          body(ownTitles[next], true)
          next &+= 1
        }
      }
    }

    /// The count written at `offset` (seven bits a byte, low first, the top bit set on each
    /// but the last; at most five, as many as a count of titles takes), and where what follows
    /// it starts; `nil` past `end` or longer (damage).
    @inline(__always) private func count(at offset: Int, end: Int) -> (Int, Int)? {
      var value = 0
      for place in 0..<5 where offset &+ place < end {
        let byte = Int(postings.load(fromByteOffset: offset &+ place, as: UInt8.self))
        value |= (byte & 0x7F) &<< (7 &* place)
        if byte < 0x80 { return (value, offset &+ place &+ 1) }
      }
      return nil
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
      for title in otherTitles.titles(of: film, &walk) { body(title, false) }
    }

    /// Calls `body` with each of a term's titles — blocks whose first's width is said by the
    /// byte at `head` (below its kind's bits), its bits after it, the next's byte after them,
    /// none past `end` — and returns where the byte after the last block read is; stops at
    /// damage. `values`: how many; `nil` for films of a word of people's names, which are not
    /// counted (the term's count is its titles'): the last block holds as many as its bits
    /// do, the padding read as gaps of none, which no two films have.
    @discardableResult @inline(__always) private func decode(
      _ values: Int?, head: Int, end: Int, _ body: (UInt64) -> Void
    ) -> Int {
      var title: UInt64 = 0
      var left = values ?? .max
      var first = true
      var data = head &+ 1
      var after = data
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
        after = blockEnd
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
          title &+= value
          body(title)
        }
        left &-= count
        guard left > 0, blockEnd < end, values != nil || count == CatalogFile.postingBlock
        else { break }
        width = Int(postings.load(fromByteOffset: blockEnd, as: UInt8.self))
        data = blockEnd &+ 1
      }
      return after
    }
  }
}
