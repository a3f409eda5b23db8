import Foundation

/// IMDb's non-commercial dataset files as a catalog source: the folder as downloaded from
/// https://datasets.imdbws.com (`.tsv.gz`, read as they are, or unzipped `.tsv`).
/// `title.basics` is required; `title.ratings` (ratings and votes), `title.akas` (other
/// titles), `title.crew` (directors), `title.principals` (cast) and `name.basics` (people's
/// names) are used when present.
///
/// Films are the rows of the types asked for (`movie` by default), adult titles left out
/// unless asked for. A film's other titles are its original title and its titles in English
/// or in an English-speaking region, each once however it is written, at most
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

  /// Regions whose titles are kept as alternative titles, beside the language `en`.
  static let englishRegions: Set<String> = ["US", "GB", "CA", "AU", "NZ", "IE", "XWW"]

  /// Whether `directory` holds IMDb's files (at least `title.basics`).
  static func isDataset(_ directory: String) -> Bool {
    path(of: "title.basics", in: directory) != nil
  }

  /// The path of `file` in `directory`, gzipped or not; `nil` when it is not there.
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
    /// Rows that could not be read: the file's path, the line, why.
    var skipped: [(file: String, line: Int, reason: String)] = []
    var adultLeftOut = 0
  }

  /// The films of the dataset in `directory`. `progress` is told the file read and the lines
  /// read of it, every 100,000.
  static func read(
    _ directory: String, types: Set<String> = ["movie"], includeAdult: Bool = false,
    progress: (String, Int) -> Void = { _, _ in }
  ) throws -> (entries: [CatalogFile.Entry], report: Report) {
    var report = Report()
    guard path(of: "title.basics", in: directory) != nil else {
      throw CatalogFile.FormatError(
        description: "'\(directory)' has no title.basics.tsv.gz (nor title.basics.tsv)")
    }
    for file in files.dropFirst() where path(of: file, in: directory) == nil {
      report.missing.append((file, purposes[file] ?? ""))
    }
    var films: [CatalogFile.Entry] = []
    var index: [Int: Int] = [:]  // IMDb number → place in `films`
    func rows(_ file: String, _ body: ([ArraySlice<UInt8>], Int) -> String?) throws {
      guard let path = path(of: file, in: directory) else { return }
      let reader = try TSVReader(path: path)
      _ = try reader.next()  // the header
      while let fields = try reader.next() {
        if reader.line % CatalogFile.progressStep == 0 { progress(file, reader.line) }
        if let reason = body(fields, reader.line) {
          report.skipped.append((path, reader.line, reason))
        }
      }
    }
    // tconst titleType primaryTitle originalTitle isAdult startYear endYear runtimeMinutes genres
    try rows("title.basics") { fields, _ in
      guard fields.count >= 9 else { return "\(fields.count) fields where 9 are expected" }
      guard let type = fields[1].text, types.contains(type) else { return nil }
      guard let number = fields[0].imdbNumber, number > 0 else { return "no title id" }
      guard let title = fields[2].text else { return "no title" }
      if fields[4].smallNumber == 1, !includeAdult {
        report.adultLeftOut += 1
        return nil
      }
      var entry = CatalogFile.Entry(id: number, title: title, imdbNumber: number)
      if let original = fields[3].text, original != title { entry.originalTitle = original }
      entry.year = fields[5].smallNumber.flatMap { (1..<10_000).contains($0) ? $0 : nil } ?? 0
      entry.minutes = fields[7].smallNumber.flatMap { $0 <= 65_535 ? $0 : nil } ?? 0
      entry.genres = fields[8].text?.split(separator: ",").map(String.init) ?? []
      guard index[number] == nil else { return "the id tt\(number) was already given" }
      index[number] = films.count
      films.append(entry)
      return nil
    }
    // tconst averageRating numVotes
    try rows("title.ratings") { fields, _ in
      guard fields.count >= 3, let number = fields[0].imdbNumber, let at = index[number],
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
    try rows("title.akas") { fields, _ in
      guard fields.count >= 8, let number = fields[0].imdbNumber, let at = index[number],
        let title = fields[2].text
      else { return nil }
      let english =
        fields[4].text == "en" || fields[3].text.map(englishRegions.contains) == true
      guard english, films[at].alternativeTitles.count < 4 * CatalogFile.maxAlternativeTitles,
        title != films[at].title, !films[at].alternativeTitles.contains(title)
      else { return nil }
      films[at].alternativeTitles.append(title)
      return nil
    }
    // People: their numbers first (names come last, for the people kept only).
    var directorsOf: [Int: [Int]] = [:]
    var castOf: [Int: [Int]] = [:]
    // tconst directors writers
    try rows("title.crew") { fields, _ in
      guard fields.count >= 2, let number = fields[0].imdbNumber, index[number] != nil else {
        return nil
      }
      let people = fields[1].split(separator: UInt8(ascii: ",")).compactMap {
        ArraySlice($0).imdbNumber
      }
      if !people.isEmpty { directorsOf[number] = people }
      return nil
    }
    // tconst ordering nconst category job characters
    try rows("title.principals") { fields, _ in
      guard fields.count >= 4, let number = fields[0].imdbNumber, index[number] != nil,
        let person = fields[2].imdbNumber, let category = fields[3].text
      else { return nil }
      switch category {
      case "actor", "actress", "self":
        if castOf[number, default: []].count < CatalogFile.maxCast {
          castOf[number, default: []].append(person)
        }
      case "director":
        if directorsOf[number]?.contains(person) != true {
          directorsOf[number, default: []].append(person)
        }
      default: break
      }
      return nil
    }
    var names: [Int: String] = [:]
    for people in directorsOf.values { for person in people { names[person] = "" } }
    for people in castOf.values { for person in people { names[person] = "" } }
    // nconst primaryName birthYear deathYear primaryProfession knownForTitles
    try rows("name.basics") { fields, _ in
      guard fields.count >= 2, let number = fields[0].imdbNumber, names[number] != nil,
        let name = fields[1].text
      else { return nil }
      names[number] = name
      return nil
    }
    for (number, at) in index {
      func named(_ people: [Int]?) -> [String] {
        (people ?? []).compactMap { names[$0].flatMap { $0.isEmpty ? nil : $0 } }
      }
      films[at].directors = named(directorsOf[number])
      films[at].cast = named(castOf[number])
    }
    return (films, report)
  }
}
