import Foundation

extension OfflineCatalog {
  /// A reviewed list of other titles for a catalog's films — `data/english-titles.tsv` gives
  /// the built-in catalog's foreign-language films their English titles — added to a catalog
  /// as it is built (`build-catalog --titles FILE`), and searched as alternative titles.
  ///
  /// Tab-separated, with a header line naming (in any order) an `id` column, a `year`
  /// column and a title column (`title` or `english_title`); other columns are for the
  /// reader; lines starting with `#` and blank lines are ignored. Each row names its film by
  /// id and checks it by year: a row whose film is not in the catalog, or is from another
  /// year, is reported and not added, so a list made for one catalog cannot give its titles
  /// to another's films.
  public struct TitleList: Sendable {
    /// One title to add: the film's id and year, the title, and its line in the list.
    struct Row: Sendable {
      var id: Int
      var year: Int
      var title: String
      var line: Int
    }

    var rows: [Row] = []
    /// The lines that could not be read (numbered from 1), and why.
    public private(set) var skipped: [(line: Int, reason: String)] = []

    /// The most characters of a title in a list (longer is not a title).
    static let maxTitleLength = 500

    /// Reads a list; throws when it has no header with the columns it needs.
    public init(_ text: String) throws {
      var columns: (id: Int, year: Int, title: Int)?
      for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false)
        .enumerated()
      {
        let line = line.hasSuffix("\r") ? line.dropLast() : line
        if line.allSatisfy(\.isWhitespace) || line.hasPrefix("#") { continue }
        let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map {
          $0.trimmingCharacters(in: .whitespaces)
        }
        guard let (id, year, title) = columns else {
          let names = fields.map { $0.lowercased() }
          guard let id = names.firstIndex(of: "id"), let year = names.firstIndex(of: "year"),
            let title = names.firstIndex(of: "english_title") ?? names.firstIndex(of: "title")
          else {
            throw CatalogFile.FormatError(
              description:
                "line \(number + 1): the header does not name the columns id, year and title (tab-separated)"
            )
          }
          columns = (id, year, title)
          continue
        }
        switch Self.row(fields, id: id, year: year, title: title, line: number + 1) {
        case .success(let row): rows.append(row)
        case .failure(let reason): skipped.append((number + 1, reason.description))
        }
      }
      guard columns != nil else {
        throw CatalogFile.FormatError(description: "it has no header line (id, year, title)")
      }
    }

    private static func row(_ fields: [String], id: Int, year: Int, title: Int, line: Int)
      -> Result<Row, CatalogFile.FormatError>
    {
      func failure(_ text: String) -> Result<Row, CatalogFile.FormatError> {
        .failure(CatalogFile.FormatError(description: text))
      }
      guard fields.count > max(id, year, title) else {
        return failure("it has \(fields.count) fields, not \(max(id, year, title) + 1)")
      }
      guard let number = Int(fields[id]), Plausible.id.contains(number) else {
        return failure("the id '\(fields[id].prefix(40))' is not a film id")
      }
      guard let when = Int(fields[year]), (0...9999).contains(when) else {
        return failure("the year '\(fields[year].prefix(40))' is not a year")
      }
      let text = fields[title]
      guard !text.isEmpty, text.count <= maxTitleLength else {
        return failure(text.isEmpty ? "the title is empty" : "the title is too long")
      }
      return .success(Row(id: number, year: when, title: text, line: line))
    }

    /// Adds the titles to `entries` — before their own alternative titles, so that the cap on
    /// a film's titles keeps the reviewed ones; the rows that name no film of them, or a film
    /// of another year, and why.
    func add(to entries: inout [CatalogFile.Entry]) -> [(line: Int, reason: String)] {
      var index: [Int: Int] = [:]
      var added: [Int: [String]] = [:]
      for (position, entry) in entries.enumerated() { index[entry.id] = position }
      var refused: [(line: Int, reason: String)] = []
      for row in rows {
        guard let position = index[row.id] else {
          refused.append((row.line, "the catalog has no film with id \(row.id)"))
          continue
        }
        guard entries[position].year == row.year else {
          refused.append(
            (
              row.line,
              "film \(row.id) ('\(entries[position].title)') is from \(entries[position].year), not \(row.year)"
            ))
          continue
        }
        added[position, default: []].append(row.title)
      }
      for (position, titles) in added {
        entries[position].alternativeTitles.insert(contentsOf: titles, at: 0)
      }
      return refused
    }
  }
}
