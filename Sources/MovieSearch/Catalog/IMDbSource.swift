import Foundation

/// IMDb's non-commercial dataset files as a catalog source: the folder as downloaded from
/// https://datasets.imdbws.com (`.tsv.gz`, read as they are, or unzipped `.tsv`).
/// `title.basics` is required; `title.ratings` (ratings and votes), `title.akas` (other
/// titles), `title.crew` (directors), `title.principals` (cast) and `name.basics` (people's
/// names) are used when present.
///
/// Films are the rows of the types asked for (`movie` by default), adult titles left out
/// unless asked for. A film's other titles are its original title and its titles in the
/// languages asked for (``TitleLanguages``: English by default), each once however it is
/// written, at most
/// ``CatalogFile/maxAlternativeTitles``; its people are its directors (from `title.crew`, or
/// `title.principals`) and its first-billed cast, at most ``CatalogFile/maxCast``.
enum IMDbSource {
  /// The files, by the name IMDb gives them, without `.tsv` or `.tsv.gz`.
  static let files = [
    "title.basics", "title.ratings", "title.akas", "title.crew", "title.principals",
    "name.basics",
  ]

  /// What each optional file adds, for the note that it is missing.
  static let purposes = [
    "title.ratings": "ratings and votes", "title.akas": "alternative titles",
    "title.crew": "directors", "title.principals": "cast",
    "name.basics": "people's names (no directors or cast)",
  ]

  /// Each file's header: the columns read, in IMDb's order (a file may have more after
  /// them). `title.episode` is known only to name it when it is given for another.
  static let headers: KeyValuePairs<String, [String]> = [
    "title.basics": [
      "tconst", "titleType", "primaryTitle", "originalTitle", "isAdult", "startYear", "endYear",
      "runtimeMinutes", "genres",
    ],
    "title.ratings": ["tconst", "averageRating", "numVotes"],
    "title.akas": [
      "titleId", "ordering", "title", "region", "language", "types", "attributes",
      "isOriginalTitle",
    ],
    "title.crew": ["tconst", "directors", "writers"],
    "title.principals": ["tconst", "ordering", "nconst", "category", "job", "characters"],
    "name.basics": [
      "nconst", "primaryName", "birthYear", "deathYear", "primaryProfession", "knownForTitles",
    ],
    "title.episode": ["tconst", "parentTconst", "seasonNumber", "episodeNumber"],
  ]

  /// The IMDb file whose header `line` is (its columns begin with that file's), or `nil`.
  static func file(withHeader line: ArraySlice<UInt8>) -> String? {
    let names = line.fields.map { String(decoding: $0, as: UTF8.self) }
    return headers.first { names.starts(with: $0.value) }?.key
  }

  /// Whether `name` is the name of one of IMDb's dataset files (`title.basics.tsv.gz`, …).
  static func isDatasetFileName(_ name: String) -> Bool {
    headers.contains { name == $0.key + ".tsv.gz" || name == $0.key + ".tsv" }
  }

  /// Whether `directory` holds IMDb's files (at least `title.basics`).
  static func isDataset(_ directory: String) -> Bool {
    path(of: "title.basics", in: directory) != nil
  }

  /// The path of `file` in `directory`, gzipped or not; `nil` when it is not there.
  /// The columns of IMDb's `file` (none for a name it does not have).
  static func header(of file: String) -> [String] {
    headers.first { $0.key == file }?.value ?? []
  }

  static func path(of file: String, in directory: String) -> String? {
    for name in [file + ".tsv.gz", file + ".tsv"] {
      let path = (directory as NSString).appendingPathComponent(name)
      if FileManager.default.fileExists(atPath: path) { return path }
    }
    return nil
  }

  /// What reading the files found beside the films.
  struct Report {
    /// The optional files that are not there, with what is missing for it.
    var missing: [(file: String, purpose: String)] = []
    /// The first ``keptSkips`` rows that could not be read: the file's path, the line, why.
    private(set) var skipped: [(file: String, line: Int, reason: String)] = []
    /// How many rows could not be read, in all: a file of millions of bad lines is reported
    /// in the memory of a few.
    private(set) var skippedCount = 0
    var adultLeftOut = 0
    /// How many unreadable rows are kept to be listed.
    static let keptSkips = 100

    mutating func skip(_ file: String, line: Int, _ reason: String) {
      skippedCount += 1
      if skipped.count < Self.keptSkips { skipped.append((file, line, reason)) }
    }
  }

  /// The header of `reader`'s file checked to be IMDb's `file`'s; a ``CatalogFile/FormatError``
  /// naming what it is instead.
  private static func checkHeader(of reader: TSVReader, as file: String) throws {
    guard let header = try reader.nextLine(), !header.isEmpty else {
      throw CatalogFile.FormatError(description: "\(reader.name) is empty")
    }
    let expected = Self.header(of: file)
    let names = header.fields.map { String(decoding: $0, as: UTF8.self) }
    guard !names.starts(with: expected) else { return }
    let what =
      if let other = Self.file(withHeader: header) {
        "its header is IMDb's \(other)"
      } else {
        "its first line is not the header \(expected.prefix(3).joined(separator: " "))…"
      }
    throw CatalogFile.FormatError(description: "\(reader.name) is not IMDb's \(file) (\(what))")
  }

  /// The films of the dataset in `directory`. `progress` is told the file read and the lines
  /// read of it, every 100,000. Every file's header is checked first (and an unzipped file's
  /// last line), and every gzipped file is read whole for its checks while `title.basics` is
  /// read (`checkAhead`, given their paths: the others first, then `title.basics`, which it
  /// inflates far faster than the build reads it), so that a damaged one fails the build at
  /// once.
  static func read(
    _ directory: String, types: Set<String> = ["movie"], includeAdult: Bool = false,
    languages: TitleLanguages = .english, progress: (String, Int) -> Void = { _, _ in },
    checkAhead: ([String]) -> IntegrityCheck = IntegrityCheck.start
  ) throws -> (entries: [CatalogFile.Entry], report: Report) {
    var report = Report()
    guard path(of: "title.basics", in: directory) != nil else {
      throw CatalogFile.FormatError(
        description: "'\(directory)' has no title.basics.tsv.gz (nor title.basics.tsv)")
    }
    for file in files.dropFirst() where path(of: file, in: directory) == nil {
      report.missing.append((file, purposes[file] ?? ""))
    }
    for file in files {
      guard let path = path(of: file, in: directory) else { continue }
      let reader = try TSVReader(path: path)
      try checkHeader(of: reader, as: file)
      // An unzipped file's end is its last line: one cut in a line is said now, not when the
      // build reaches it (the gzipped ones are read through by `checkAhead`).
      if !path.hasSuffix(".gz"), TSVReader.endsInALine(path, columns: header(of: file).count) {
        throw CatalogFile.FormatError(description: TSVReader.endsEarly(reader.name))
      }
    }
    let integrity = checkAhead(
      (files.dropFirst() + files.prefix(1)).compactMap { path(of: $0, in: directory) })
    defer { integrity.stop() }
    var films: [CatalogFile.Entry] = []
    var index = NumberIndex()  // IMDb number → place in `films`
    /// Reads `file`'s rows; `keep` sees each line first, so that the many rows of other
    /// titles are skipped before they are split.
    func rows(
      _ file: String, keep: (ArraySlice<UInt8>) -> Bool,
      _ body: ([ArraySlice<UInt8>], Int) -> String?
    ) throws {
      guard let path = path(of: file, in: directory) else { return }
      try integrity.check()
      let reader = try TSVReader(path: path)
      try checkHeader(of: reader, as: file)
      let columns = header(of: file).count
      while let line = try reader.nextLine() {
        if reader.line % CatalogFile.progressStep == 0 {
          try integrity.check()
          progress(file, reader.line)
        }
        if reader.lastLineTooLong {
          report.skip(
            path, line: reader.line, "the line is longer than \(TSVReader.longestLine >> 20) MiB")
          continue
        }
        if reader.lastLineUnended, TSVReader.isCut(line, columns: columns) {
          throw CatalogFile.FormatError(description: TSVReader.endsEarly(reader.name))
        }
        guard keep(line) else { continue }
        if let reason = body(line.fields, reader.line) {
          report.skip(path, line: reader.line, reason)
        }
      }
    }
    /// Whether a line is about a film read from title.basics.
    func aboutFilm(_ line: ArraySlice<UInt8>) -> Bool {
      line.firstField.imdbNumber.flatMap(index.place) != nil
    }
    /// Whether a title.basics line is of a type asked for — or not whole, to be reported.
    func ofTypeAskedFor(_ line: ArraySlice<UInt8>) -> Bool {
      types.contains(String(decoding: line.secondField, as: UTF8.self)) || line.tabs < 8
    }
    // tconst titleType primaryTitle originalTitle isAdult startYear endYear runtimeMinutes genres
    try rows("title.basics", keep: ofTypeAskedFor) { fields, _ in
      guard fields.count >= 9 else { return "\(fields.count) fields where 9 are expected" }
      guard let type = fields[1].text, types.contains(type) else { return nil }
      guard let number = fields[0].imdbNumber, number > 0 else { return "no title id" }
      guard let title = fields[2].text else { return "no title" }
      guard title.utf8.count <= CatalogFile.longestTitle,
        fields[3].count <= CatalogFile.longestTitle
      else { return "the title is longer than \(CatalogFile.longestTitle) bytes" }
      if fields[4].smallNumber == 1, !includeAdult {
        report.adultLeftOut += 1
        return nil
      }
      var entry = CatalogFile.Entry(id: number, title: title, imdbNumber: number)
      if let original = fields[3].text, original != title { entry.originalTitle = original }
      entry.year = fields[5].smallNumber.flatMap { (1..<10_000).contains($0) ? $0 : nil } ?? 0
      entry.minutes = fields[7].smallNumber.flatMap { $0 <= 65_535 ? $0 : nil } ?? 0
      entry.genres = fields[8].text?.split(separator: ",").map(String.init) ?? []
      guard index.add(number, place: films.count) else {
        return "the id tt\(number) was already given"
      }
      films.append(entry)
      return nil
    }
    index.compact()
    // tconst averageRating numVotes
    try rows("title.ratings", keep: aboutFilm) { fields, _ in
      guard fields.count >= 3, let number = fields[0].imdbNumber, let at = index.place(number),
        !fields[1].isMissing || !fields[2].isMissing
      else { return nil }
      guard let rating = fields[1].text.flatMap(Double.init), (0...10).contains(rating),
        let votes = fields[2].smallNumber
      else { return "the rating or the vote count is not a number in range" }
      films[at].rating = rating
      films[at].votes = votes
      films[at].popularity = Double(votes)
      return nil
    }
    // titleId ordering title region language types attributes isOriginalTitle
    try rows("title.akas", keep: aboutFilm) { fields, _ in
      guard fields.count >= 8, let number = fields[0].imdbNumber, let at = index.place(number),
        let title = fields[2].text
      else { return nil }
      guard languages.keeps(language: fields[4].text, region: fields[3].text),
        title.utf8.count <= CatalogFile.longestTitle,
        films[at].alternativeTitles.count < 4 * CatalogFile.maxAlternativeTitles,
        title != films[at].title, !films[at].alternativeTitles.contains(title)
      else { return nil }
      films[at].alternativeTitles.append(title)
      return nil
    }
    // People: their numbers first, by film (names come last, for the people kept only).
    var directorsOf = [[Int]](repeating: [], count: films.count)
    var castOf = [[Int]](repeating: [], count: films.count)
    // tconst directors writers
    try rows("title.crew", keep: aboutFilm) { fields, _ in
      guard fields.count >= 2, let number = fields[0].imdbNumber, let at = index.place(number)
      else { return nil }
      let people = fields[1].split(separator: UInt8(ascii: ",")).lazy.compactMap {
        ArraySlice($0).imdbNumber
      }.prefix(CatalogFile.maxDirectors)
      if !people.isEmpty { directorsOf[at] = Array(people) }
      return nil
    }
    // tconst ordering nconst category job characters
    try rows("title.principals", keep: aboutFilm) { fields, _ in
      guard fields.count >= 4, let number = fields[0].imdbNumber, let at = index.place(number),
        let person = fields[2].imdbNumber, let category = fields[3].text
      else { return nil }
      switch category {
      case "actor", "actress", "self":
        if castOf[at].count < CatalogFile.maxCast { castOf[at].append(person) }
      case "director":
        // Bounded before the look-up: a film with a quarter of a million director rows
        // costs no more than one with the most kept.
        if directorsOf[at].count < CatalogFile.maxDirectors, !directorsOf[at].contains(person) {
          directorsOf[at].append(person)
        }
      default: break
      }
      return nil
    }
    var people = NumberIndex()  // a person's number → place in `names`
    var names: [String] = []
    for person in (directorsOf + castOf).joined() where people.add(person, place: names.count) {
      names.append("")
    }
    people.compact()
    func aboutPersonKept(_ line: ArraySlice<UInt8>) -> Bool {
      line.firstField.imdbNumber.flatMap(people.place) != nil
    }
    // nconst primaryName birthYear deathYear primaryProfession knownForTitles
    try rows("name.basics", keep: aboutPersonKept) { fields, _ in
      guard fields.count >= 2, let number = fields[0].imdbNumber, let at = people.place(number),
        let name = fields[1].text
      else { return nil }
      names[at] = name
      return nil
    }
    func named(_ numbers: [Int]) -> [String] {
      numbers.compactMap { people.place($0).flatMap { names[$0].isEmpty ? nil : names[$0] } }
    }
    for at in films.indices {
      films[at].directors = named(directorsOf[at])
      films[at].cast = named(castOf[at])
    }
    return (films, report)
  }
}

/// IMDb numbers (`tt…`, `nm…`) to places in a list: a dictionary while it is filled, then,
/// when the largest number allows, a flat table — each of the tens of millions of rows read
/// looks a number up, and most are not there.
struct NumberIndex {
  private var places: [Int: Int] = [:]
  private var table: [Int32] = []
  /// Numbers up to this get a flat table (4 bytes each: 256 MB at most; IMDb's numbers are
  /// below 40 million today).
  static let flatLimit = 64_000_000

  /// Records `number` at `place` (before ``compact()``); `false`, and nothing changed, if
  /// it was already recorded.
  mutating func add(_ number: Int, place: Int) -> Bool {
    guard places[number] == nil else { return false }
    places[number] = place
    return true
  }

  /// Makes the flat table, if the numbers allow.
  mutating func compact() {
    guard let largest = places.keys.max(), largest < Self.flatLimit,
      places.count <= Int(Int32.max)
    else { return }
    table = [Int32](repeating: -1, count: largest + 1)
    for (number, place) in places { table[number] = Int32(place) }
    places = [:]
  }

  /// The place of `number`, or `nil`.
  @inline(__always) func place(_ number: Int) -> Int? {
    if !table.isEmpty {
      guard number >= 0, number < table.count, table[number] >= 0 else { return nil }
      return Int(table[number])
    }
    return places[number]
  }
}
