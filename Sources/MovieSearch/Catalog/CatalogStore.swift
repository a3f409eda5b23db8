import CatalogData

/// Read-only access to a catalog file (see ``CatalogFile``), without copying it.
final class CatalogStore: Sendable {
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
    fileprivate var title: Range<Int>
  }

  // The bytes are immutable and outlive this object (the embedded catalog lives as long as
  // the process; a buffer built in memory is owned and freed in `deinit`), so their address
  // can be shared between threads as a plain integer.
  private let address: UInt
  private let size: Int
  private let ownsBytes: Bool
  /// The number of films.
  let count: Int
  private let titlesStart: Int
  private let keysStart: Int
  private let offsetsStart: Int
  private let postingsStart: Int
  private let summariesStart: Int

  /// The catalog built into the binary.
  static func embedded() throws(CatalogFile.FormatError) -> CatalogStore {
    try CatalogStore(
      address: UInt(bitPattern: movie_catalog_bytes()), size: movie_catalog_size(), owned: false)
  }

  /// A catalog from bytes in memory (they are copied once).
  convenience init(bytes: [UInt8]) throws(CatalogFile.FormatError) {
    let memory = UnsafeMutableRawPointer.allocate(byteCount: max(bytes.count, 1), alignment: 16)
    bytes.withUnsafeBytes { memory.copyMemory(from: $0.baseAddress!, byteCount: $0.count) }
    try self.init(address: UInt(bitPattern: memory), size: bytes.count, owned: true)
  }

  private init(address: UInt, size: Int, owned: Bool) throws(CatalogFile.FormatError) {
    let bytes = UnsafeRawBufferPointer(start: UnsafeRawPointer(bitPattern: address), count: size)
    func header(_ at: Int) -> Int {
      guard size >= CatalogFile.headerSize else { return 0 }
      return Int(bytes.loadUnaligned(fromByteOffset: at, as: UInt32.self).littleEndian)
    }
    // Every stored property is set before the first check, so that `deinit` (which frees
    // owned bytes) also runs when a check throws.
    self.address = address
    self.size = size
    ownsBytes = owned
    count = header(8)
    titlesStart = CatalogFile.headerSize + count * CatalogFile.recordSize
    keysStart = titlesStart + header(12)
    offsetsStart = keysStart + header(16)
    postingsStart = offsetsStart + (CatalogFile.bucketCount + 1) * 4
    let postings = header(20)
    summariesStart = postingsStart + postings * 4
    func damaged(_ reason: String) -> CatalogFile.FormatError {
      CatalogFile.FormatError(description: "the movie catalog is damaged: \(reason)")
    }
    guard size >= CatalogFile.headerSize, Array(bytes[0..<8]) == CatalogFile.magic else {
      throw damaged(size == 0 ? "it is empty" : "unknown format")
    }
    guard summariesStart + count * 8 == size else { throw damaged("its size is wrong") }
    // Check every record and every posting once, so that reading one later never goes out
    // of bounds.
    for index in 0..<count {
      let record = index * CatalogFile.recordSize
      guard field32(record, 0) == index + 1,
        field32(record, 4) + field16(record, 24) <= keysStart - titlesStart,
        field32(record, 8) + field16(record, 26) <= offsetsStart - keysStart
      else { throw damaged("record \(index + 1) is out of bounds") }
    }
    var previous = 0
    for bucket in 0...CatalogFile.bucketCount {
      let offset = load32(offsetsStart + bucket * 4)
      guard offset >= previous, offset <= postings else { throw damaged("bad index") }
      previous = offset
    }
    for posting in 0..<postings where load32(postingsStart + posting * 4) >= count {
      throw damaged("bad index entry")
    }
  }

  deinit {
    if ownsBytes { UnsafeMutableRawPointer(bitPattern: address)?.deallocate() }
  }

  private var base: UnsafeRawPointer { UnsafeRawPointer(bitPattern: address)! }

  @inline(__always) private func load32(_ offset: Int) -> Int {
    Int(base.loadUnaligned(fromByteOffset: offset, as: UInt32.self).littleEndian)
  }

  @inline(__always) private func field32(_ record: Int, _ at: Int) -> Int {
    load32(CatalogFile.headerSize + record + at)
  }

  @inline(__always) private func field16(_ record: Int, _ at: Int) -> Int {
    Int(
      base.loadUnaligned(fromByteOffset: CatalogFile.headerSize + record + at, as: UInt16.self)
        .littleEndian)
  }

  /// The record of the film at `index` (its id minus one).
  func record(_ index: Int) -> Record {
    let record = index * CatalogFile.recordSize
    let titleStart = titlesStart + field32(record, 4)
    let bytes = base + CatalogFile.headerSize + record
    return Record(
      id: field32(record, 0), votes: votes(index), budget: field32(record, 16),
      year: year(index), minutes: field16(record, 22),
      rating: Double(bytes.load(fromByteOffset: 28, as: UInt8.self)) / 10,
      mpaa: Int(bytes.load(fromByteOffset: 29, as: UInt8.self)),
      genreFlags: bytes.load(fromByteOffset: 30, as: UInt8.self),
      title: titleStart..<titleStart + field16(record, 24))
  }

  /// The display title of a record.
  func title(of record: Record) -> String {
    String(
      decoding: UnsafeRawBufferPointer(
        start: base + record.title.lowerBound, count: record.title.count),
      as: UTF8.self)
  }

  /// The votes of the film at `index`, read without building a record.
  @inline(__always) func votes(_ index: Int) -> Int {
    field32(index * CatalogFile.recordSize, 12)
  }

  /// The year of the film at `index`.
  @inline(__always) func year(_ index: Int) -> Int {
    field16(index * CatalogFile.recordSize, 20)
  }

  /// The search key of the film at `index`.
  @inline(__always) func key(_ index: Int) -> UnsafeRawBufferPointer {
    let record = index * CatalogFile.recordSize
    return UnsafeRawBufferPointer(
      start: base + keysStart + field32(record, 8), count: field16(record, 26))
  }

  /// The number of records in an index bucket.
  func bucketSize(_ bucket: Int) -> Int {
    load32(offsetsStart + (bucket + 1) * 4) - load32(offsetsStart + bucket * 4)
  }

  /// The records that are in every one of `buckets`, in id order: the intersection of their
  /// sorted lists, walked from the smallest.
  func records(inAll buckets: [Int]) -> [Int32] {
    let ranges = Set(buckets).map { bucket in
      load32(offsetsStart + bucket * 4)..<load32(offsetsStart + (bucket + 1) * 4)
    }.sorted { $0.count < $1.count }
    guard let smallest = ranges.first else { return [] }
    var records = smallest.map { Int32(load32(postingsStart + $0 * 4)) }
    for range in ranges.dropFirst() {
      var posting = range.lowerBound
      records.removeAll { record in
        while posting < range.upperBound, load32(postingsStart + posting * 4) < Int(record) {
          posting += 1
        }
        return posting == range.upperBound || load32(postingsStart + posting * 4) != Int(record)
      }
      if records.isEmpty { break }
    }
    return records
  }

  /// The votes, key length and first key byte of a record, in one load.
  @inline(__always) func summary(_ index: Int) -> (votes: Int, keyLength: Int, first: UInt8) {
    let value = base.loadUnaligned(fromByteOffset: summariesStart + index * 8, as: UInt64.self)
      .littleEndian
    return (
      Int(value & 0xFFFF_FFFF), Int((value >> 32) & 0xFFFF), UInt8(truncatingIfNeeded: value >> 48)
    )
  }

  /// Calls `body` with the index of every record in a bucket, in id order.
  @inline(__always) func forEachRecord(inBucket bucket: Int, _ body: (Int) -> Void) {
    let start = load32(offsetsStart + bucket * 4)
    let end = load32(offsetsStart + (bucket + 1) * 4)
    for posting in start..<end { body(load32(postingsStart + posting * 4)) }
  }
}
