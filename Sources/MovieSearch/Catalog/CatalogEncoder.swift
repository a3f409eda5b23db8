import Foundation

extension CatalogFile {
  /// Encodes entries (in any order; they are stored by id) into the binary form (see
  /// ``CatalogFile`` for the layout); the trie's nodes in blocks when `trieInBlocks`, whole
  /// when `false`, as their size says when `nil` (``trieBytes(_:inBlocks:)``).
  static func encode(_ entries: [Entry], origin: Origin = Origin(), trieInBlocks: Bool? = nil)
    throws -> [UInt8]
  {
    let entries = entries.sorted { $0.id < $1.id }
    // The people's names, sorted by their words (see ``nameKey(_:)``), then bytewise: a
    // person's index is their place in that order, and a name is found by its words.
    let (sortedNames, nameWords, firstOfItsWords) = {
      var named = Set<String>()
      for entry in entries {
        for people in listedPeople(entry) { named.formUnion(people) }
      }
      let keyed = named.map { (key: nameKey($0), name: Array($0.utf8)) }.sorted {
        bytewiseLess($0.key, $1.key) || ($0.key == $1.key && bytewiseLess($0.name, $1.name))
      }
      return (
        keyed.map(\.name), keyed.map { $0.key.count { $0 == 0 } },
        keyed.indices.map { $0 == 0 || keyed[$0 - 1].key != keyed[$0].key }
      )
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
    var extrasWriter = ExtrasWriter(nameWords: nameWords, firstOfItsWords: firstOfItsWords)
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
      index.add(
        display, film: film, kind: .display, people: people, popularity: popularity,
        year: entry.year, texts: &texts)
      // In the order of `RecordLayout.Field`.
      RecordLayout.append(
        [
          // The id is stored in a table of its own, ascending (see `CatalogFile`).
          0, entry.votes, entry.year, entry.minutes,
          Int(UInt8(clamping: Int((entry.rating * 10).rounded()))), mpaa, Int(entry.genreFlags),
          // The flags: none (whether the title starts with an article is its summary's).
          0, fields.contains(.budget) ? entry.budget ?? 0 : 0,
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
      index.add(
        other.text, film: other.film, kind: other.kind, people: other.people,
        popularity: popularityWeight(entry.popularity), year: entry.year, texts: &texts)
    }
    let search = try index.sections(films: entries.count)
    // What titles store beyond their words (see ``TitleSpelling``) is written as codes of a
    // table of its commonest pieces (see ``SymbolTable``), trained on the titles that store
    // some. Each title coded from where it is in the plain texts (an array of its own per
    // title took three seconds and 60 MB at IMDb's size).
    let plain = texts
    let starts = index.titleStarts + [plain.count]
    let coded = { (title: Int) in starts[title] + Int(index.titleHeads[title])..<starts[title + 1] }
    let storing = index.titleStarts.indices.filter { !coded($0).isEmpty }
    let textSymbols = SymbolTable.trained(
      on: sampled(count: storing.count).map { Array(plain[coded(storing[$0])]) })
    texts = []
    texts.reserveCapacity(plain.count)
    plain.withUnsafeBufferPointer { plain in
      for title in index.titleStarts.indices {
        index.titleStarts[title] = texts.count
        texts += plain[starts[title]..<coded(title).lowerBound]
        textSymbols.encode(UnsafeBufferPointer(rebasing: plain[coded(title)]), into: &texts)
      }
    }
    guard entries.count < CatalogFile.mostFilms, texts.count <= UInt32.max,
      entries.allSatisfy({ (0...largestID).contains($0.id) }),
      extrasStarts.last ?? 0 <= UInt32.max
    else {
      throw FormatError(description: "too many films or titles to encode")
    }
    var header = magic
    for count in [
      entries.count, search.termCount, texts.count, search.termBytes.count, search.postingCount,
      search.wordBits, search.nodes.count - 1, index.titleFilms.count,
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
    header += search.wordTiers.flatMap { [UInt8($0.commonestBits), UInt8($0.commonBits)] }
    // The offset tables, whose sizes the header says (in `OffsetTableKind`'s order).
    func offsets(_ values: [Int], largest: Int) -> [UInt8] {
      var bytes: [UInt8] = []
      bytes.append(offsets: values, largest: largest)
      return bytes
    }
    let otherTitleStarts = Self.otherTitleStarts(films: entries.count, titleFilms: index.titleFilms)
    let tables = [
      offsets(index.titleStarts + [texts.count], largest: texts.count),
      offsets(search.wordStarts, largest: search.wordBits),
      offsets(search.termStarts, largest: search.termBytes.count),
      offsets(search.postingStarts, largest: search.postingCount),
      offsets(search.postingByteStarts, largest: search.postings.count),
      offsets(extrasStarts, largest: extrasStarts.last ?? 0),
      offsets(entries.map(\.id), largest: largestID),
      offsets(
        index.titleFilms.dropFirst(entries.count).map { $0 >> 2 },
        largest: max(0, entries.count - 1)),
      // Of the films that have other titles alone (see ``OtherTitleIndex``).
      offsets(
        entries.indices.filter { otherTitleStarts[$0] < otherTitleStarts[$0 + 1] }.map {
          otherTitleStarts[$0]
        } + [otherTitleStarts[entries.count]],
        largest: index.titleFilms.count - entries.count),
    ]
    header += [UInt8](repeating: 0, count: offsetTableSizesOffset - header.count)
    guard tables.allSatisfy({ $0.count <= UInt32.max }) else {
      throw FormatError(description: "the catalog is too large to be encoded")
    }
    for table in tables.prefix(OffsetTableKind.otherTitleStarts.rawValue) {
      header.append(uint32: table.count)
    }
    // A film's record keeps what its votes add to its place's in the palette.
    let summaries = try index.summaries(filmVotes: entries.map(\.votes))
    let fieldCount = RecordLayout.Field.allCases.count
    for film in entries.indices {
      records[film * fieldCount + RecordLayout.Field.votes.rawValue] = UInt32(
        clamping: entries[film].votes - summaries.palette.leastVotes[summaries.palette.places[film]]
      )
    }
    let recordLayout = RecordLayout(holding: records)
    header += recordLayout.headerBytes
    header += extrasLayout.widths.map { UInt8($0) }
    header += [UInt8](repeating: 0, count: paletteCountOffset - header.count)
    header.append(uint32: summaries.palette.entries.count)
    let (recordBytes, recordsApart) = recordLayout.encode(records)
    header.append(uint32: recordsApart.count / RecordExceptions.entrySize)
    let trie = trieBytes(search.nodes, inBlocks: trieInBlocks)
    header.append(uint32: trie.header)
    header.append(uint16: summaries.layout.earliestYear)
    header += [UInt8(summaries.layout.yearBits), 0]
    header.append(uint32: tables[OffsetTableKind.otherTitleStarts.rawValue].count)
    header += [UInt8](repeating: 0, count: headerSize - header.count)
    // The sections in order, copied once into a buffer of the file's size (`+` after `+`
    // would copy the front again at every step, and hold two copies at the end).
    let beforeTrie = [
      header, recordBytes, recordsApart, tables[6], tables[7], tables[8],
      filmBits(entries.indices.map { otherTitleStarts[$0] < otherTitleStarts[$0 + 1] }),
      PackedInts.encode(
        index.titleFilms.dropFirst(entries.count).map { $0 & 3 }, largest: (1 << kindBits) - 1),
      tables[0], summaries.palette.encoded, summaries.bytes, tables[1], search.wordIDs,
      tables[2], tables[3], tables[4], search.postings,
    ]
    // A trie in blocks starts at a multiple of a cache line (see ``trieAligned(_:)``).
    let trieStart = beforeTrie.reduce(0) { $0 + $1.count }
    let padding = trie.header == 0 ? 0 : trieAligned(trieStart) - trieStart
    let sections =
      beforeTrie + [
        [UInt8](repeating: 0, count: padding), trie.bytes, search.tailSymbols.stored,
        search.termBytes,
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

  /// Where each of `films` films' other titles start among the titles after the display
  /// ones, and where the last one's end (`titleFilms`: each title's ``titleFilm(_:kind:)``;
  /// the other titles come by film).
  static func otherTitleStarts(films: Int, titleFilms: [Int]) -> [Int] {
    var starts = [Int](repeating: 0, count: films + 1)
    for titleFilm in titleFilms.dropFirst(films) { starts[(titleFilm >> 2) + 1] += 1 }
    for film in 0..<films { starts[film + 1] += starts[film] }
    return starts
  }

  /// A bit per film, set for those of `films` that hold, in words of eight bytes (see
  /// ``filmBitsSize(films:)``).
  static func filmBits(_ films: [Bool]) -> [UInt8] {
    var bytes = [UInt8](repeating: 0, count: filmBitsSize(films: films.count))
    for (film, set) in films.enumerated() where set { bytes[film >> 3] |= 1 << (film & 7) }
    return bytes
  }

  /// What people's names are sorted by, and found by: their words (as the search reads
  /// them), each followed by a zero byte (no word holds one).
  static func nameKey(_ name: String) -> [UInt8] {
    nameKey(words: TitleText.words(name).map(\.text))
  }

  /// ``nameKey(_:)`` of a name whose words are `words`.
  static func nameKey(words: [[UInt8]]) -> [UInt8] { words.flatMap { $0 + [0] } }

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
}

extension [UInt8] {
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
