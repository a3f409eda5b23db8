import Foundation

extension CatalogFile {
  /// Encodes entries (in any order; they are stored by id) into the binary form (see
  /// ``CatalogFile`` for the layout).
  static func encode(_ entries: [Entry], origin: Origin = Origin()) throws -> [UInt8] {
    let entries = entries.sorted { $0.id < $1.id }
    // The people's names, sorted bytewise: a person's index is their place in that order.
    let sortedNames = {
      var named = Set<String>()
      for entry in entries {
        for people in listedPeople(entry) { named.formUnion(people) }
      }
      return named.map { Array($0.utf8) }.sorted(by: bytewiseLess)
    }()
    guard sortedNames.count < 1 << 28 else {
      throw FormatError(description: "too many people to encode (\(sortedNames.count))")
    }
    var nameIndex: [String: Int] = [:]
    nameIndex.reserveCapacity(sortedNames.count)
    for (index, name) in sortedNames.enumerated() {
      nameIndex[String(decoding: name, as: UTF8.self)] = index
    }
    // Names are written as codes of a table of their commonest pieces (see ``SymbolTable``).
    let nameSymbols = SymbolTable.trained(on: sample(sortedNames))
    let names = NameBlocks.encode(sortedNames, symbols: nameSymbols)
    var genreNames = Table(folding: true)
    var texts: [UInt8] = []
    // Every film's record, by ``RecordLayout/Field``, one after the other.
    var records: [UInt32] = []
    var extrasWriter = ExtrasWriter()
    // The optional fields only when some film has them; an IMDb number that is its film's
    // id (a catalog of IMDb's files) is not stored again.
    var fields: RecordFields = []
    if entries.contains(where: { ($0.budget ?? 0) > 0 }) { fields.insert(.budget) }
    if entries.contains(where: { $0.imdbNumber != nil }) {
      fields.insert(
        entries.allSatisfy { $0.imdbNumber == $0.id } ? .imdbNumberIsID : .imdbNumber)
    }
    records.reserveCapacity(entries.count * RecordLayout.Field.allCases.count)
    var index = Index()
    // Display titles first, one per film; the others after all of them, by film.
    var others: [(film: Int, text: String, kind: TitleKind, people: [Int])] = []
    var previousID = 0
    for (film, entry) in entries.enumerated() {
      let display = TitleText.displayTitle(entry.title).display
      let title = Array(display.utf8)
      guard entry.id > previousID, entry.id <= Int(UInt32.max), title.count <= UInt16.max,
        (0...Int(UInt16.max)).contains(entry.year), let mpaa = ratings.firstIndex(of: entry.mpaa)
      else { throw FormatError(description: "film \(entry.id) cannot be encoded") }
      previousID = entry.id
      // The people's words, as terms once for all the film's titles.
      let people = index.terms(
        (entry.directors + entry.cast).prefix(searchedPeople).flatMap {
          TitleText.words($0).map(\.text)
        })
      index.people.append(people)
      let popularity = popularityWeight(entry.popularity)
      let article = index.add(
        display, film: film, kind: .display, people: people, popularity: popularity,
        year: entry.year, texts: &texts)
      // In the order of `RecordLayout.Field`.
      RecordLayout.append(
        [
          entry.id, entry.votes, entry.year, entry.minutes,
          Int(UInt8(clamping: Int((entry.rating * 10).rounded()))), mpaa, Int(entry.genreFlags),
          Int(article ? leadingArticle : 0), fields.contains(.budget) ? entry.budget ?? 0 : 0,
          fields.storesIMDbNumber ? entry.imdbNumber ?? 0 : 0,
        ], to: &records)
      // Its other titles: the original when it differs, then the alternative titles, each
      // once however it is written.
      var seen: Set<String> = [TitleText.searchKey(display)]
      let candidates =
        (entry.originalTitle.map { [($0, TitleKind.original)] } ?? [])
        + entry.alternativeTitles.prefix(maxAlternativeTitles).map { ($0, TitleKind.alsoKnownAs) }
      for (text, kind) in candidates {
        let shown = TitleText.displayTitle(text).display
        let key = TitleText.searchKey(shown)
        guard !key.isEmpty, shown.utf8.count <= UInt16.max, seen.insert(key).inserted else {
          continue
        }
        others.append((film, shown, kind, people))
      }
      let listed = listedPeople(entry).map { $0.map { nameIndex[$0] ?? 0 } }
      extrasWriter.add(
        genres: CatalogFile.genreNames(entry).prefix(Int(UInt8.max)).map {
          genreNames.index(of: $0)
        },
        directors: listed[0], cast: listed[1])
    }
    let (extrasLayout, extras, extrasStarts) = extrasWriter.finished()
    for other in others {
      let entry = entries[other.film]
      _ = index.add(
        other.text, film: other.film, kind: other.kind, people: other.people,
        popularity: popularityWeight(entry.popularity), year: entry.year, texts: &texts)
    }
    let search = try index.sections()
    // Titles are written as codes of a table of their commonest pieces (see ``SymbolTable``).
    // Each title coded from where it is in the plain texts (an array of its own per title
    // took three seconds and 60 MB at IMDb's size).
    let plain = texts
    let starts = index.titleStarts + [plain.count]
    let textSymbols = SymbolTable.trained(
      on: sampled(count: index.titleStarts.count).map { Array(plain[starts[$0]..<starts[$0 + 1]]) })
    texts = []
    texts.reserveCapacity(plain.count)
    plain.withUnsafeBufferPointer { plain in
      for title in index.titleStarts.indices {
        index.titleStarts[title] = texts.count
        textSymbols.encode(
          UnsafeBufferPointer(rebasing: plain[starts[title]..<starts[title + 1]]), into: &texts)
      }
    }
    guard entries.count < CatalogFile.mostFilms, texts.count <= UInt32.max,
      extrasStarts.last ?? 0 <= UInt32.max
    else {
      throw FormatError(description: "too many films or titles to encode")
    }
    var header = magic
    for count in [
      entries.count, search.termCount, texts.count, search.termBytes.count, search.postingCount,
      search.wordBits, search.nodes.count / nodeSize - 1, index.titleFilms.count,
      extrasStarts.last ?? 0,
      sortedNames.count, names.bytes.count, genreNames.count, genreNames.bytes.count,
    ] {
      header.append(uint32: count)
    }
    header += [UInt8](repeating: 0, count: originOffset - header.count)
    header.append(uint16: origin.day ?? 0)
    header += [origin.source.rawValue, fields.rawValue]
    header.append(uint32: search.postings.count)
    header.append(uint32: search.soundOrder.count)
    header.append(uint32: search.initialsOrder.count)
    // The offset tables, whose sizes the header says (in `OffsetTableKind`'s order).
    func offsets(_ values: [Int], largest: Int) -> [UInt8] {
      var bytes: [UInt8] = []
      bytes.append(offsets: values, largest: largest)
      return bytes
    }
    let tables = [
      offsets(index.titleStarts + [texts.count], largest: texts.count),
      offsets(search.wordStarts, largest: search.wordBits),
      offsets(search.termStarts, largest: search.termBytes.count),
      offsets(search.postingStarts, largest: search.postingCount),
      offsets(search.postingByteStarts, largest: search.postings.count),
      offsets(extrasStarts, largest: extrasStarts.last ?? 0),
    ]
    header += [UInt8](repeating: 0, count: offsetTableSizesOffset - header.count)
    for table in tables {
      guard table.count <= UInt32.max else {
        throw FormatError(description: "the catalog is too large to be encoded")
      }
      header.append(uint32: table.count)
    }
    let recordLayout = RecordLayout(holding: records)
    header += recordLayout.widths.map { UInt8($0) }
    header += extrasLayout.widths.map { UInt8($0) }
    header += [UInt8](repeating: 0, count: headerSize - header.count)
    // The sections in order, copied once into a buffer of the file's size (`+` after `+`
    // would copy the front again at every step, and hold two copies at the end).
    let sections = [
      header, recordLayout.encode(records),
      PackedInts.encode(
        Array(index.titleFilms.dropFirst(entries.count)),
        largest: CatalogFile.largestTitleFilm(films: entries.count)),
      tables[0], index.summaries + [UInt8](repeating: 0, count: 8), tables[1], search.wordIDs,
      tables[2], tables[3], tables[4],
      search.postings, search.nodes, search.termBytes,
      PackedInts.encode(search.soundOrder, largest: search.termCount - 1),
      PackedInts.encode(
        search.initialsOrder,
        largest: CatalogFile.largestInitialsEntry(titles: index.titleFilms.count)),
      tables[5], extras, nameSymbols.stored, names.starts,
      names.bytes, genreNames.starts, genreNames.bytes, textSymbols.stored, texts,
    ]
    var file: [UInt8] = []
    file.reserveCapacity(sections.reduce(0) { $0 + $1.count })
    for section in sections { file += section }
    return file
  }

  /// Whether `a` sorts before `b` bytewise (a prefix first): `memcmp`, as a million terms
  /// and names are sorted (the generic comparison took two seconds of a build).
  static func bytewiseLess(_ a: [UInt8], _ b: [UInt8]) -> Bool {
    a.withUnsafeBufferPointer { a in
      b.withUnsafeBufferPointer { b in
        let shared = min(a.count, b.count)
        let order = shared == 0 ? 0 : memcmp(a.baseAddress!, b.baseAddress!, shared)
        return order != 0 ? order < 0 : a.count < b.count
      }
    }
  }

  /// At most 16,384 of `texts`, spread evenly over them: what a ``SymbolTable`` is trained on.
  static func sample(_ texts: [[UInt8]]) -> [[UInt8]] {
    sampled(count: texts.count).map { texts[$0] }
  }

  /// Which of `count` texts ``sample(_:)`` takes.
  static func sampled(count: Int) -> StrideTo<Int> {
    stride(from: 0, to: count, by: max(1, count / 16_384))
  }

  /// The directors and the cast of `entry` that its extras list (see ``CatalogFile``).
  static func listedPeople(_ entry: Entry) -> [[String]] {
    [Array(entry.directors.prefix(maxDirectors)), Array(entry.cast.prefix(maxCast))]
  }

  /// Strings stored once each, by index: the genres.
  struct Table {
    private var indices: [String: Int] = [:]
    private(set) var starts: [UInt8] = []
    private(set) var bytes: [UInt8] = []
    private(set) var count = 0
    /// Whether "horror" and "Horror" are one entry (the first spelling kept).
    let folding: Bool

    init(folding: Bool = false) {
      self.folding = folding
      starts.append(uint32: 0)
    }

    mutating func index(of text: String) -> Int {
      let key = folding ? text.lowercased() : text
      if let known = indices[key] { return known }
      indices[key] = count
      bytes += Array(text.utf8)
      starts.append(uint32: bytes.count)
      count += 1
      return count - 1
    }
  }

  /// The search index being built: the titles, their words, the vocabulary.
  struct Index {
    /// Each title's film and kind (see ``CatalogFile/titleFilm(_:kind:)``).
    var titleFilms: [Int] = []
    /// Where each title's text starts (its end is where the next one's starts).
    var titleStarts: [Int] = []
    var summaries: [UInt8] = []
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

    /// Adds a title (its words, then the `people` terms); returns whether it starts with an
    /// article.
    mutating func add(
      _ text: String, film: Int, kind: TitleKind, people: [Int], popularity: Float,
      year: Int, texts: inout [UInt8]
    ) -> Bool {
      let title = Array(text.utf8)
      let words = TitleText.words(text).map(\.text)
      let article = words.count > 1 && TitleText.articleWords.contains(words[0])
      let number = titleFilms.count
      titleFilms.append(CatalogFile.titleFilm(film, kind: kind))
      titleStarts.append(texts.count)
      texts += title
      // Six bytes (see ``CatalogStore/summary(_:)``): the popularity's bits, then the year,
      // whether the title starts with an article and its words, up to 15.
      let fields =
        UInt64(popularity.bitPattern) | UInt64(min(year, CatalogFile.latestYear)) << 32
        | (article ? 1 : 0) << 43 | UInt64(min(words.count, 15)) << 44
      for byte in 0..<CatalogFile.summarySize {
        summaries.append(UInt8(truncatingIfNeeded: fields >> UInt64(8 * byte)))
      }
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
      return article
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
        let initials = titleTerms[start..<start + min(count, InitialsIndex.depth + 1)].map {
          terms[$0][0]
        }
        entries += InitialsIndex.entries(
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
      var nodes: [UInt8] = []
      var termBytes: [UInt8] = []
      /// The ids of the terms of ``Phonetic/shortest`` bytes or more, by key.
      var soundOrder: [Int] = []
      /// The titles of known films by their initials (see ``InitialsIndex``), each entry as
      /// ``CatalogFile/initialsEntry(_:)`` writes it.
      var initialsOrder: [Int] = []
      var termCount = 0
      /// The bits of the words' codes.
      var wordBits = 0
      var postingCount = 0
    }

    /// The word, term, posting and trie sections. Term ids are the terms' places in
    /// bytewise order.
    func sections() throws(FormatError) -> Sections {
      var sections = Sections()
      let order = terms.indices.sorted { bytewiseLess(terms[$0], terms[$1]) }
      var idOfTerm = [Int](repeating: 0, count: terms.count)
      for (id, term) in order.enumerated() { idOfTerm[term] = id }
      // Term ids take three bytes.
      guard terms.count < 1 << 24 else {
        throw FormatError(description: "the vocabulary is too large to be encoded")
      }
      // The titles' words, then the films' people's, as codes (see ``WordCodes``), and the
      // terms of the commonest codes; each title's and film's start in bits.
      // One flat array of every run's ids and where each ends: 1.8 million runs as arrays
      // of their own took 150 MB at IMDb's size.
      var ids: [Int32] = []
      ids.reserveCapacity(titleTerms.count + people.reduce(0) { $0 + $1.count })
      var ends: [Int] = []
      ends.reserveCapacity(wordCounts.count + people.count)
      for term in titleTerms { ids.append(Int32(idOfTerm[term])) }
      for count in wordCounts { ends.append((ends.last ?? 0) + count) }
      for film in people {
        for term in film { ids.append(Int32(idOfTerm[term])) }
        ends.append(ids.count)
      }
      let coded = WordCodes.encode(ids: ids, ends: ends, termCount: terms.count)
      sections.wordIDs = coded.codes
      sections.wordIDs.append(packed: coded.commonestTerms, largest: terms.count - 1)
      sections.wordIDs.append(packed: coded.commonTerms, largest: terms.count - 1)
      sections.wordStarts = coded.starts
      sections.wordBits = coded.starts.last ?? 0
      guard sections.wordBits <= UInt32.max else {
        throw FormatError(description: "the words are too many to be encoded")
      }
      // A posting is its title less the one before, doubled, plus its flag: in as many bits
      // as the term's largest needs.
      guard wordCounts.count < 1 << 31 else {
        throw FormatError(description: "the titles are too many to be encoded")
      }
      for term in order {
        sections.termStarts.append(sections.termBytes.count)
        sections.postingStarts.append(sections.postingCount)
        sections.postingByteStarts.append(sections.postings.count)
        sections.termBytes += terms[term]
        var previous = 0
        let values = postingsByTerm[term].map { posting in
          let title = Int(posting & ~Self.inTitle)
          defer { previous = title }
          return UInt64(title - previous) << 1 | (posting & Self.inTitle != 0 ? 1 : 0)
        }
        sections.postings.append(packing: values)
        sections.postingCount += postingsByTerm[term].count
      }
      sections.termStarts.append(sections.termBytes.count)
      sections.postingStarts.append(sections.postingCount)
      sections.postingByteStarts.append(sections.postings.count)
      // Spare bytes: the last value can be read with an eight-byte load.
      sections.postings += [UInt8](repeating: 0, count: 8)
      guard sections.postings.count <= UInt32.max else {
        throw FormatError(description: "the postings are too many to be encoded")
      }
      sections.nodes = try trie(order.map { terms[$0] })
      // The sound order: each key made once, the ids sorted by it.
      let sounded = order.enumerated().compactMap { id, term in
        terms[term].count >= Phonetic.shortest ? (key: Phonetic.key(terms[term]), id: id) : nil
      }.sorted { bytewiseLess($0.key, $1.key) || ($0.key == $1.key && $0.id < $1.id) }
      sections.soundOrder = sounded.map(\.id)
      sections.initialsOrder = initialsOrder().map { CatalogFile.initialsEntry($0.entry) }
      sections.termCount = terms.count
      return sections
    }
  }

  /// The trie of sorted `terms`, breadth first: node 0 is the root; a node's children (one per
  /// next byte, in order) are contiguous, so they run from its first child to the next
  /// node's, and a sentinel after the last node closes the run. A node with a single term
  /// that does not end there is a **tail**: it has no children, the rest of its path being
  /// that term's bytes — most of a large vocabulary's nodes would otherwise be chains of one
  /// child each, spelling the ends of terms no other term shares.
  static func trie(_ terms: [[UInt8]]) throws(FormatError) -> [UInt8] {
    // (terms, depth, byte) of each node, in breadth-first order; children found when a node
    // is read.
    var queue: [(terms: Range<Int>, depth: Int, byte: UInt8)] = [(0..<terms.count, 0, 0)]
    var bytes: [UInt8] = []
    var next = 0
    while next < queue.count {
      let (range, depth, byte) = queue[next]
      next += 1
      let isTerm = !range.isEmpty && terms[range.lowerBound].count == depth
      let isTail = range.count == 1 && !isTerm
      var low = range.lowerBound + (isTerm ? 1 : 0)
      let firstChild = queue.count
      while !isTail, low < range.upperBound {
        let child = terms[low][depth]
        var high = low + 1
        while high < range.upperBound, terms[high][depth] == child { high += 1 }
        queue.append((low..<high, depth + 1, child))
        low = high
      }
      guard queue.count < Int(CatalogStore.Trie.termFlag) else {
        throw FormatError(description: "the vocabulary is too large to be encoded")
      }
      bytes.appendNode(terms: range.lowerBound, firstChild: firstChild, isTerm: isTerm, byte: byte)
    }
    bytes.appendNode(terms: terms.count, firstChild: queue.count, isTerm: false, byte: 0)
    // A spare byte: the sentinel can be read with an eight-byte load.
    bytes.append(0)
    return bytes
  }
}

extension [UInt8] {
  /// A trie node (see ``CatalogFile/trie(_:)``): its first term, its first child with the
  /// term flag in the top bit, its byte.
  fileprivate mutating func appendNode(terms: Int, firstChild: Int, isTerm: Bool, byte: UInt8) {
    append(uint24: terms)
    append(uint24: firstChild | (isTerm ? Int(CatalogStore.Trie.termFlag) : 0))
    append(byte)
  }

  mutating func append(uint32 value: Int) {
    let value = UInt32(clamping: value)
    for shift in stride(from: 0, to: 32, by: 8) {
      append(UInt8(truncatingIfNeeded: value >> shift))
    }
  }

  mutating func append(uint24 value: Int) {
    let value = UInt32(clamping: value)
    for shift in stride(from: 0, to: 24, by: 8) {
      append(UInt8(truncatingIfNeeded: value >> shift))
    }
  }

  mutating func append(uint16 value: Int) {
    let value = UInt16(clamping: value)
    append(UInt8(truncatingIfNeeded: value))
    append(UInt8(truncatingIfNeeded: value >> 8))
  }

  mutating func append(float value: Float) {
    append(uint32: Int(value.bitPattern))
  }
}
