import Foundation

/// The films of a catalog: their records, their other titles, genres and people.
extension CatalogStore {
  /// One film's record.
  struct Record {
    var id: Int
    var votes: Int
    var budget: Int
    var year: Int
    var minutes: Int
    var rating: Double
    var mpaa: Int
    var genreFlags: UInt8
    var title: String
    /// IMDb's number (0: not known).
    var imdbNumber: Int
  }

  /// Field `field` of the film at `index`'s record, read in place through the
  /// ``recordReader`` as listings read it (a `pread` would be a system call per film shown,
  /// and more per id looked up); 0 past the last film.
  private func recordField(_ index: Int, _ field: RecordLayout.Field) -> Int {
    index >= 0 && index < filmCount ? recordReader[index, field] : 0
  }

  /// The film at `index` (0..<count).
  func record(_ index: Int) -> Record {
    func field(_ field: RecordLayout.Field) -> Int { recordField(index, field) }
    let id = self.id(index)
    return Record(
      id: id, votes: field(.votes), budget: field(.budget), year: field(.year),
      minutes: field(.minutes), rating: Double(field(.rating)) / 10, mpaa: field(.mpaa),
      genreFlags: UInt8(truncatingIfNeeded: field(.genreFlags)), title: title(index).text,
      imdbNumber: layout.recordFields.contains(.imdbNumberIsID) ? id : field(.imdbNumber))
  }

  /// The text of title `index`, from its stored form, `length` bytes at `start` (see
  /// ``TitleSpelling``): as it is, or spelled from the title's words. Damage gives an empty
  /// text.
  private func text(ofTitle index: Int, start: Int, length: Int) -> String {
    guard length >= 0, start + length <= layout.textBytes else { return "" }
    return readBytes(layout.texts + start, length) { stored in
      let first = stored.first ?? TitleSpelling.unstored
      guard TitleSpelling.isValid(first: first) else { return "" }
      if first == TitleSpelling.literal {
        return textSymbols.withDecoded(UnsafeRawBufferPointer(rebasing: stored.dropFirst())) {
          String(decoding: $0, as: UTF8.self)
        }
      }
      let ids = titleWords(index)
      guard let head = TitleSpelling.headLength(stored, words: ids.titleCount) else { return "" }
      let gaps = UnsafeRawBufferPointer(rebasing: stored[head...])
      let trie = trie
      let text = TitleSpelling.text(
        stored: UnsafeRawBufferPointer(rebasing: stored[..<head]), words: ids.titleCount,
        gaps: first & TitleSpelling.hasGaps == 0 ? nil : textSymbols.withDecoded(gaps) { Array($0) }
      ) { position, text in trie.spell(ids[position], appendingTo: &text) }
      return text.map { String(decoding: $0, as: UTF8.self) } ?? ""
    }
  }

  /// The id of the film at `index`.
  func id(_ index: Int) -> Int { index >= 0 && index < filmCount ? filmIDs[index] : 0 }

  /// The index of the film with id `id`: records are stored by id.
  func index(ofID id: Int) -> Int? {
    var low = 0
    var high = filmCount
    while low < high {
      let middle = (low + high) / 2
      let found = self.id(middle)
      if found == id { return middle }
      if found < id { low = middle + 1 } else { high = middle }
    }
    return nil
  }

  /// The index of the film whose IMDb number is `number`: a catalog built from IMDb's files
  /// uses it as the film's id; any other is looked through, its records read in place.
  func index(ofIMDbNumber number: Int) -> Int? {
    if layout.recordFields.contains(.imdbNumberIsID) { return index(ofID: number) }
    guard layout.recordFields.storesIMDbNumber else { return nil }
    let records = recordReader
    return (0..<filmCount).first { records[$0, .imdbNumber] == number }
  }

  /// The films and kinds of the titles after the display ones (see
  /// ``CatalogFile/titleFilm(_:kind:)``).
  var titleKinds: PackedInts { PackedInts(base + layout.titleKinds, width: CatalogFile.kindBits) }

  /// The film of title `index` (a display title's is its own index).
  func film(ofTitle index: Int) -> Int {
    guard index >= filmCount else { return index }
    guard index < titleCount else { return 0 }
    let film = titleFilms[index - filmCount]
    return film < filmCount ? film : 0
  }

  /// The text of title `index`, and what it is to its film.
  ///
  /// A mapped catalog's texts are read with a system call each (see ``readBytes(_:_:_:)``):
  /// the titles read lately are remembered, as a page of results reads two or three per film
  /// and a finder shows the same films keystroke after keystroke.
  func title(_ index: Int) -> (text: String, kind: CatalogFile.TitleKind) {
    guard index < titleCount else { return ("", .alsoKnownAs) }
    let kind = titleKind(index)
    if isMapped, let text = recentTitles.value(for: index) { return (text, kind) }
    let start = titleStarts[index]
    let end = titleStarts[index + 1]
    let text = start <= end ? text(ofTitle: index, start: start, length: end - start) : ""
    if isMapped { recentTitles.remember(text, for: index) }
    return (text, kind)
  }

  /// What title `index` is to its film, read without its text.
  func titleKind(_ index: Int) -> CatalogFile.TitleKind {
    guard index >= 0, index < titleCount else { return .alsoKnownAs }
    guard index >= filmCount else { return .display }
    let bits = titleKinds[index - filmCount]
    return CatalogFile.TitleKind(rawValue: UInt8(bits)) ?? .alsoKnownAs
  }

  /// The other titles of film `film` (original, alternative), as title indices: they follow
  /// the display titles, by film.
  func otherTitles(of film: Int) -> Range<Int> {
    var walk = OffsetTable.Walk()
    return otherTitleIndex.titles(of: film, &walk)
  }

  /// Whether film `film` (below the films) has other titles: half the films have none.
  @inline(__always) func hasOtherTitles(_ film: Int) -> Bool { otherTitleIndex.has(film) }

  /// What film `film` has beyond its record: its genres' names, its directors, its cast.
  func extras(of film: Int) -> (genres: [String], directors: [String], cast: [String]) {
    var directors: [String] = []
    var cast: [String] = []
    forEachPerson(of: film) { person, isDirector in
      guard let name = name(person) else { return }
      if isDirector { directors.append(name) } else { cast.append(name) }
    }
    return (genres(of: film).map(\.name), directors, cast)
  }

  /// The records, read in place a field at a time — from the mapping, as the search reads
  /// (a listing reads every film: a `pread` each would cost a second over a million).
  var recordReader: RecordReader {
    RecordReader(
      layout: records, bytes: base + CatalogFile.headerSize, summaries: base + layout.summaries,
      summaryLayout: summaryLayout, palette: palette,
      exceptions: RecordExceptions(
        base: base + layout.recordExceptions, count: layout.recordExceptionCount))
  }

  /// Whether one of film `film`'s genres (catalog genre indices, see ``extras(of:)``)
  /// passes `test`: read in place, nothing allocated.
  func anyGenre(of film: Int, _ test: (Int) -> Bool) -> Bool {
    guard let (start, end) = extrasBits(of: film) else { return false }
    return extrasLayout.anyGenre(start: start, end: end, in: base + layout.extras, test)
  }

  /// Where film `film`'s extras are, in bits of the extras; `nil` past the last film, or
  /// for damage.
  func extrasBits(of film: Int) -> (start: Int, end: Int)? {
    guard film >= 0, film < filmCount else { return nil }
    let start = extrasStarts[film]
    let end = extrasStarts[film + 1]
    guard start <= end, end <= layout.extrasBits else { return nil }
    return (start, end)
  }

  /// How many people the catalog names.
  var personCount: Int { layout.names }

  /// Person `index`'s name: its block is read, and decoded up to it.
  func name(_ index: Int) -> String? {
    guard index >= 0, index < layout.names else { return nil }
    let block = index / NameBlocks.size
    let start = load32(layout.nameStarts + block * 4)
    let end = load32(layout.nameStarts + (block + 1) * 4)
    guard start <= end, end <= layout.nameBytes else { return nil }
    return readBytes(layout.nameBytesStart + start, end - start) { bytes in
      var found: String?
      NameBlocks.decode(bytes, symbols: nameSymbols, through: index % NameBlocks.size) {
        position, name in
        if position == index % NameBlocks.size { found = String(decoding: name, as: UTF8.self) }
      }
      return found
    }
  }

  /// Genre `index`'s name.
  func genreName(_ index: Int) -> String? {
    string(
      index, count: layout.genres, starts: layout.genreStarts, bytes: layout.genreBytesStart,
      limit: layout.genreBytes)
  }

  /// Every genre's name, in the order of their indices.
  var genreNames: [String] { genreTable.value { (0..<layout.genres).compactMap(genreName) } }

  /// Every genre, by index, with TMDb's id where TMDb has the genre (IMDb's "Sci-Fi" is its
  /// "Science Fiction"), else one of the catalog's own (from 100,000): made once, as a page
  /// of results names the genres of each of its films.
  var genres: [Genre] {
    genreValues.value {
      let names = genreNames
      return names.map { name in
        Genre(
          id: CatalogFile.tmdbGenreIDs[name.lowercased()]
            ?? 100_000 + (names.firstIndex(of: name) ?? 0),
          name: name)
      }
    }
  }

  /// Film `film`'s genres (see ``genres``), read in place: neither its people's names nor the
  /// genre table again (a page of results asks this of every film on it).
  func genres(of film: Int) -> [Genre] {
    let all = genres
    var found: [Genre] = []
    _ = anyGenre(of: film) { index in
      if index < all.count { found.append(all[index]) }
      return false
    }
    return found
  }

  private func string(_ index: Int, count: Int, starts: Int, bytes: Int, limit: Int) -> String? {
    guard index < count else { return nil }
    let start = load32(starts + index * 4)
    let end = load32(starts + (index + 1) * 4)
    guard start <= end, end <= limit else { return nil }
    return readBytes(bytes + start, end - start) { String(decoding: $0, as: UTF8.self) }
  }
}
