/// The compact binary form of the offline catalog (`Sources/CatalogData/catalog.bin`).
///
/// Little-endian. A 32-byte header (magic, record count, sizes of the title and key blobs,
/// number of postings), fixed 32-byte records in id order, the display titles, the search
/// keys, then a word index: for each bucket, the records that have a word starting with the
/// bucket's first letter (buckets 0–255), first two letters or first three letters (hashed
/// into 4,096 and 16,384 buckets), as offsets into one list of record indices; last, one
/// 8-byte summary per record (votes, key length, first key byte) that ranks a one-letter
/// search without touching the record or its key. Everything a search needs is computed when the file is
/// built: loading costs nothing, and a search compares only the records of one bucket.
enum CatalogFile {
  static let magic: [UInt8] = Array("MSCATLG2".utf8)
  static let headerSize = 32
  static let recordSize = 32
  static let bucketCount = 256 + 4096 + 16384

  /// The index bucket of words starting with `prefix` (its first one to three bytes).
  @inline(__always)
  static func bucket(_ prefix: ArraySlice<UInt8>) -> Int {
    let bytes = prefix.prefix(3).map(Int.init)
    switch bytes.count {
    case 1: return bytes[0]
    case 2: return 256 + (bytes[0] &* 131 &+ bytes[1]) & 4095
    default: return 256 + 4096 + ((bytes[0] &* 131 &+ bytes[1]) &* 131 &+ bytes[2]) & 16383
    }
  }

  /// Genre flags, in the CSV's column order, with TMDb's genre ids.
  static let genres: [(column: String, genre: Genre)] = [
    ("Action", Genre(id: 28, name: "Action")),
    ("Animation", Genre(id: 16, name: "Animation")),
    ("Comedy", Genre(id: 35, name: "Comedy")),
    ("Drama", Genre(id: 18, name: "Drama")),
    ("Documentary", Genre(id: 99, name: "Documentary")),
    ("Romance", Genre(id: 10749, name: "Romance")),
    // TMDb has no "Short" genre; the catalog gives it an id of its own.
    ("Short", Genre(id: 100_001, name: "Short")),
  ]

  /// MPAA ratings, by their code in a record (0: none).
  static let ratings = ["", "G", "PG", "PG-13", "R", "NC-17"]

  /// One film of the catalog, as it comes from the CSV.
  struct Entry: Equatable {
    var id: Int
    var title: String
    var year: Int
    var minutes: Int
    var budget: Int?
    var rating: Double
    var votes: Int
    var mpaa: String
    var genreFlags: UInt8
  }

  /// Why a catalog could not be built or read.
  struct FormatError: Error, Equatable, CustomStringConvertible {
    let description: String
  }

  /// Reads the rows of ggplot2movies' `movies.csv` (see `../shared/data/README.md`).
  static func entries(fromCSV text: String) throws -> [Entry] {
    let rows = try CSV.parse(text)
    guard let header = rows.first else { throw FormatError(description: "the CSV is empty") }
    func column(_ name: String) throws -> Int {
      guard let index = header.firstIndex(of: name) else {
        throw FormatError(description: "the CSV has no '\(name)' column")
      }
      return index
    }
    let id = 0
    let (title, year, length, budget, rating, votes, mpaa) = try (
      column("title"), column("year"), column("length"), column("budget"), column("rating"),
      column("votes"), column("mpaa")
    )
    let flags = try genres.map { try column($0.column) }
    return try rows.dropFirst().enumerated().map { offset, row in
      let line = offset + 2
      guard row.count == header.count else {
        throw FormatError(
          description: "line \(line): \(row.count) fields, expected \(header.count)")
      }
      func number(_ index: Int) throws -> Double {
        guard let value = Double(row[index]) else {
          throw FormatError(description: "line \(line): '\(row[index])' is not a number")
        }
        return value
      }
      var genreFlags: UInt8 = 0
      for (bit, index) in flags.enumerated() where row[index] == "1" {
        genreFlags |= 1 << bit
      }
      return Entry(
        id: Int(try number(id)), title: row[title], year: Int(try number(year)),
        minutes: Int(try number(length)),
        budget: row[budget] == "NA" ? nil : Int(try number(budget)),
        rating: try number(rating), votes: Int(try number(votes)), mpaa: row[mpaa],
        genreFlags: genreFlags)
    }
  }

  /// Encodes entries into the binary form.
  static func encode(_ entries: [Entry]) throws -> [UInt8] {
    var records: [UInt8] = []
    var titles: [UInt8] = []
    var keys: [UInt8] = []
    var buckets = [[UInt32]](repeating: [], count: bucketCount)
    records.reserveCapacity(entries.count * recordSize)
    for (index, entry) in entries.enumerated() {
      let (display, base) = TitleText.displayTitle(entry.title)
      let key = Array(TitleText.searchKey(base, dropArticle: false).utf8)
      let title = Array(display.utf8)
      guard title.count <= UInt16.max, key.count <= UInt16.max, entry.id == index + 1,
        (0...UInt16.max).contains(UInt16(clamping: entry.year)),
        let mpaa = ratings.firstIndex(of: entry.mpaa)
      else { throw FormatError(description: "entry \(entry.id) cannot be encoded") }
      var record: [UInt8] = []
      record.append(uint32: entry.id)
      record.append(uint32: titles.count)
      record.append(uint32: keys.count)
      record.append(uint32: entry.votes)
      record.append(uint32: entry.budget ?? 0)
      record.append(uint16: entry.year)
      record.append(uint16: entry.minutes)
      record.append(uint16: title.count)
      record.append(uint16: key.count)
      record.append(UInt8(clamping: Int((entry.rating * 10).rounded())))
      record.append(UInt8(mpaa))
      record.append(entry.genreFlags)
      record.append(0)
      records += record
      titles += title
      keys += key
      for word in key.split(separator: UInt8(ascii: " ")) {
        for length in 1...min(3, word.count) {
          let bucket = bucket(word.prefix(length))
          if buckets[bucket].last != UInt32(index) { buckets[bucket].append(UInt32(index)) }
        }
      }
    }
    var offsets: [UInt8] = []
    var postings: [UInt8] = []
    var total = 0
    for bucket in buckets {
      offsets.append(uint32: total)
      for record in bucket { postings.append(uint32: Int(record)) }
      total += bucket.count
    }
    offsets.append(uint32: total)
    var file = magic
    file.append(uint32: entries.count)
    file.append(uint32: titles.count)
    file.append(uint32: keys.count)
    file.append(uint32: total)
    file.append(uint32: 0)
    file.append(uint32: 0)
    var summaries: [UInt8] = []
    for entry in entries {
      let key = Array(
        TitleText.searchKey(TitleText.displayTitle(entry.title).base, dropArticle: false).utf8)
      summaries.append(uint32: entry.votes)
      summaries.append(uint16: key.count)
      summaries.append(key.first ?? 0)
      summaries.append(0)
    }
    return file + records + titles + keys + offsets + postings + summaries
  }
}

extension [UInt8] {
  fileprivate mutating func append(uint32 value: Int) {
    let value = UInt32(clamping: value)
    for shift in stride(from: 0, to: 32, by: 8) {
      append(UInt8(truncatingIfNeeded: value >> shift))
    }
  }

  fileprivate mutating func append(uint16 value: Int) {
    let value = UInt16(clamping: value)
    append(UInt8(truncatingIfNeeded: value))
    append(UInt8(truncatingIfNeeded: value >> 8))
  }
}
