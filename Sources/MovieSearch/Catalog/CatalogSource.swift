import Foundation

/// The sources a catalog is built from: TMDb's daily export of movie ids, or a CSV of films.
extension CatalogFile {
  /// The films of a source, and the lines that were skipped, with why.
  struct Source {
    var entries: [Entry]
    var skipped: [(line: Int, reason: String)] = []
    /// Rows of an export left out because they are adult titles.
    var adultLeftOut = 0
    /// What kind of source it is.
    var kind: OfflineCatalog.Coverage.Source = .csv
  }

  /// Reads either source, told apart by its content: TMDb's daily export of movie ids (one
  /// JSON object per line) or a CSV with a header line. `progress` is told how many lines
  /// were read, now and then.
  static func source(
    _ text: String, includeAdult: Bool = false, progress: (Int) -> Void = { _ in }
  ) throws -> Source {
    let first = text.drop { $0.isWhitespace || $0 == "\u{FEFF}" }.first
    if first == "{" { return try tmdbExport(text, includeAdult: includeAdult, progress: progress) }
    return try csv(text, progress: progress)
  }

  /// Reads TMDb's export: `{"adult":false,"id":603,"original_title":"The Matrix",
  /// "popularity":43.1,"video":false}` per line. Its ids are TMDb's, so details of an offline
  /// result can be asked of TMDb. Adult titles are left out unless `includeAdult`; a bad line
  /// is noted and skipped. TMDb's popularity is scaled by 100 to be on the scale of vote
  /// counts (a popularity of 1 weighs like 100 votes).
  static func tmdbExport(_ text: String, includeAdult: Bool, progress: (Int) -> Void = { _ in })
    throws(FormatError) -> Source
  {
    struct Row: Decodable {
      var adult: Bool?
      var id: Int
      var originalTitle: String
      var popularity: Double?
      enum CodingKeys: String, CodingKey {
        case adult, id, popularity
        case originalTitle = "original_title"
      }
    }
    var source = Source(entries: [], kind: .tmdbExport)
    var seen = Set<Int>()
    let decoder = JSONDecoder()
    var number = 0
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    for line in lines {
      number += 1
      if number % progressStep == 0 { progress(number) }
      let trimmed = line.trimmingCharacters(in: .whitespaces.union(["\r", "\u{FEFF}"]))
      guard !trimmed.isEmpty else { continue }
      guard let row = try? decoder.decode(Row.self, from: Data(trimmed.utf8)) else {
        // The last line, without its line end and not whole: the file was cut there.
        if number == lines.count, !trimmed.hasSuffix("}") {
          throw FormatError(description: "the export ends early (an incomplete download?)")
        }
        source.skipped.append((number, "not a JSON object with an id and an original_title"))
        continue
      }
      guard row.id > 0, row.id <= Int(UInt32.max) else {
        source.skipped.append((number, "the id \(row.id) is out of range"))
        continue
      }
      guard (0...1e12).contains(row.popularity ?? 0) else {
        source.skipped.append((number, "the popularity \(row.popularity ?? 0) is out of range"))
        continue
      }
      guard !row.originalTitle.isEmpty else {
        source.skipped.append((number, "the title is empty"))
        continue
      }
      guard seen.insert(row.id).inserted else {
        source.skipped.append((number, "the id \(row.id) was already given"))
        continue
      }
      if row.adult == true, !includeAdult {
        source.adultLeftOut += 1
        continue
      }
      source.entries.append(
        Entry(
          id: row.id, title: row.originalTitle, popularity: (row.popularity ?? 0) * 100))
    }
    return source
  }

  /// How often `progress` is told, in lines.
  static let progressStep = 100_000

  /// Reads a CSV of films with a header line (names in any case, in any order): a `title`
  /// column, and optionally `id` (or ggplot2movies' unnamed first column; otherwise a film's
  /// id is its row number), `year` (or `release_date`), `rating` (or `vote_average`),
  /// `votes` (or `vote_count`), `length` (or `runtime`, minutes), `budget`, `mpaa`,
  /// `popularity`, `genres` (names separated by `|`, `,` or `;`) or ggplot2movies' genre
  /// flag columns. Popularity is the vote count unless given. A row that cannot be read is
  /// skipped and reported with its line, as a malformed one is.
  static func csv(_ text: String, progress: (Int) -> Void = { _ in }) throws -> Source {
    let (rows, damaged) = CSV.rows(text)
    if let open = damaged.last, open.reason == CSV.neverClosed {
      throw FormatError(
        description:
          "the quote opened on line \(open.line) is never closed: the rest of the file would be one field (a damaged or cut file?)"
      )
    }
    guard let header = rows.first else { throw FormatError(description: "the CSV is empty") }
    let names = header.fields.map {
      $0.trimmingCharacters(in: .whitespaces.union(["\u{FEFF}"])).lowercased()
    }
    func column(_ candidates: String...) -> Int? {
      candidates.lazy.compactMap { names.firstIndex(of: $0) }.first
    }
    guard let title = column("title") else {
      throw FormatError(
        description:
          "the CSV has no 'title' column (its header: \(header.fields.joined(separator: ",")))")
    }
    let columns = CSVColumns(
      title: title, id: column("id") ?? (names.first == "" ? 0 : nil),
      year: column("year", "release_date"), rating: column("rating", "vote_average"),
      votes: column("votes", "vote_count"), minutes: column("length", "runtime", "minutes"),
      budget: column("budget"), mpaa: column("mpaa"), popularity: column("popularity"),
      genres: column("genres"),
      flags: genres.map { names.firstIndex(of: $0.column.lowercased()) })
    var source = Source(entries: [])
    source.skipped = damaged.map { ($0.line, $0.reason) }
    var seen = Set<Int>()
    for (number, row) in rows.dropFirst().enumerated() {
      if (number + 1) % progressStep == 0 { progress(row.line) }
      guard row.fields.count == header.fields.count else {
        source.skipped.append(
          (row.line, "\(row.fields.count) fields where the header has \(header.fields.count)"))
        continue
      }
      switch columns.entry(row.fields, number: number + 1) {
      case .success(let entry) where seen.insert(entry.id).inserted:
        source.entries.append(entry)
      case .success(let entry):
        source.skipped.append((row.line, "the id \(entry.id) was already given"))
      case .failure(let reason):
        source.skipped.append((row.line, reason.description))
      }
    }
    source.skipped.sort { $0.line < $1.line }
    return source
  }
}

/// Where a CSV's fields are, and how a row becomes an entry.
struct CSVColumns {
  var title: Int
  var id, year, rating, votes, minutes, budget, mpaa, popularity, genres: Int?
  var flags: [Int?]

  struct Reason: Error, CustomStringConvertible {
    let description: String
  }

  /// The entry of a row (the `number`th after the header), or why it cannot be one.
  func entry(_ fields: [String], number row: Int) -> Result<CatalogFile.Entry, Reason> {
    func value(_ column: Int?) -> String? {
      guard let column else { return nil }
      let text = fields[column].trimmingCharacters(in: .whitespaces)
      return text.isEmpty || text == "NA" || text == "null" ? nil : text
    }
    func failure(_ name: String, _ text: String, _ range: ClosedRange<Int>) -> Reason {
      Reason(
        description:
          "the \(name) '\(text.prefix(40))' is not a number from \(range.lowerBound) to \(range.upperBound)"
      )
    }
    func measure(_ column: Int?, _ name: String, in range: ClosedRange<Int>) throws(Reason)
      -> Double?
    {
      guard let text = value(column) else { return nil }
      guard let number = Double(text),
        (Double(range.lowerBound)...Double(range.upperBound)).contains(number)
      else { throw failure(name, text, range) }
      return number
    }
    /// A whole number (a fraction is rounded) within `range`.
    func whole(_ column: Int?, _ name: String, in range: ClosedRange<Int>) throws(Reason) -> Int? {
      guard let number = try measure(column, name, in: range) else { return nil }
      guard let value = Int(outside: number, in: range) else {
        throw failure(name, value(column) ?? "", range)
      }
      return value
    }
    let name = fields[title].trimmingCharacters(in: .whitespaces)
    guard !name.isEmpty else { return .failure(Reason(description: "the title is empty")) }
    guard name.utf8.count <= CatalogFile.longestTitle else {
      return .failure(
        Reason(description: "the title is longer than \(CatalogFile.longestTitle) bytes"))
    }
    do {
      let maxID = Int(UInt32.max)
      if let text = value(self.id), let id = Double(text), id != id.rounded() {
        throw Reason(description: "the id is not a whole number")
      }
      let id = try whole(self.id, "id", in: 1...maxID) ?? row
      // A date ("1999-03-31") gives its year.
      let year: Int? =
        if let text = value(self.year), text.count >= 4,
          text.prefix(4).allSatisfy({ $0.isASCII && $0.isNumber }), let value = Int(text.prefix(4))
        {
          value
        } else {
          try whole(self.year, "year", in: 0...9999)
        }
      let votes = try whole(self.votes, "vote count", in: 0...maxID) ?? 0
      let rating = try measure(self.rating, "rating", in: 0...10) ?? 0
      let minutes = try whole(self.minutes, "running time", in: 0...65_535) ?? 0
      let budget = try whole(self.budget, "budget", in: 0...maxID)
      let popularity = try measure(self.popularity, "popularity", in: 0...1_000_000_000_000)
      var flags: UInt8 = 0
      for (bit, column) in self.flags.enumerated() where value(column) == "1" { flags |= 1 << bit }
      // Genres by name, any of them ("Horror", "Science Fiction", "Thriller|Horror"); the
      // seven the flags have set their flags too.
      var genreNames: [String] = []
      if let list = value(genres) {
        genreNames = list.split { "|,;".contains($0) }.map {
          $0.trimmingCharacters(in: .whitespaces)
        }.filter { !$0.isEmpty }
        for (bit, genre) in CatalogFile.genres.enumerated()
        where genreNames.contains(where: {
          $0.caseInsensitiveCompare(genre.genre.name) == .orderedSame
        }) {
          flags |= 1 << bit
        }
      }
      let mpaa = value(self.mpaa).map { $0.uppercased() } ?? ""
      return .success(
        CatalogFile.Entry(
          id: id, title: name, year: year ?? 0, minutes: minutes, budget: budget,
          rating: rating, votes: votes, popularity: popularity.map { $0 * 100 } ?? Double(votes),
          mpaa: CatalogFile.ratings.contains(mpaa) ? mpaa : "", genreFlags: flags,
          genres: genreNames))
    } catch let reason as Reason {
      return .failure(reason)
    } catch {
      return .failure(Reason(description: "\(error)"))
    }
  }
}
