import CatalogData

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Read-only access to the records of a catalog file, without copying it.
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
    fileprivate var key: Range<Int>
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
    let keysSize = header(16)
    func damaged(_ reason: String) -> CatalogFile.FormatError {
      CatalogFile.FormatError(description: "the movie catalog is damaged: \(reason)")
    }
    guard size >= CatalogFile.headerSize, Array(bytes[0..<8]) == CatalogFile.magic else {
      throw damaged(size == 0 ? "it is empty" : "unknown format")
    }
    guard keysStart + keysSize <= size else { throw damaged("it is truncated") }
    // Check every record once, so that reading one later never goes out of bounds.
    for index in 0..<count {
      let offset = CatalogFile.headerSize + index * CatalogFile.recordSize
      func field32(_ at: Int) -> Int {
        Int(bytes.loadUnaligned(fromByteOffset: offset + at, as: UInt32.self).littleEndian)
      }
      func field16(_ at: Int) -> Int {
        Int(bytes.loadUnaligned(fromByteOffset: offset + at, as: UInt16.self).littleEndian)
      }
      guard field32(0) == index + 1, field32(4) + field16(24) <= keysStart - titlesStart,
        field32(8) + field16(26) <= keysSize
      else { throw damaged("record \(index + 1) is out of bounds") }
    }
  }

  deinit {
    if ownsBytes { UnsafeMutableRawPointer(bitPattern: address)?.deallocate() }
  }

  private var bytes: UnsafeRawBufferPointer {
    UnsafeRawBufferPointer(start: UnsafeRawPointer(bitPattern: address), count: size)
  }

  /// The record of the film at `index` (its id minus one).
  func record(_ index: Int) -> Record {
    let bytes = self.bytes
    let offset = CatalogFile.headerSize + index * CatalogFile.recordSize
    func field32(_ at: Int) -> Int {
      Int(bytes.loadUnaligned(fromByteOffset: offset + at, as: UInt32.self).littleEndian)
    }
    func field16(_ at: Int) -> Int {
      Int(bytes.loadUnaligned(fromByteOffset: offset + at, as: UInt16.self).littleEndian)
    }
    let titleStart = titlesStart + field32(4)
    let keyStart = keysStart + field32(8)
    return Record(
      id: field32(0), votes: field32(12), budget: field32(16), year: field16(20),
      minutes: field16(22), rating: Double(bytes[offset + 28]) / 10, mpaa: Int(bytes[offset + 29]),
      genreFlags: bytes[offset + 30], title: titleStart..<titleStart + field16(24),
      key: keyStart..<keyStart + field16(26))
  }

  /// The display title of a record.
  func title(of record: Record) -> String {
    String(decoding: UnsafeRawBufferPointer(rebasing: bytes[record.title]), as: UTF8.self)
  }

  /// The votes of the film at `index`, read without building a record.
  func votes(_ index: Int) -> Int {
    Int(
      bytes.loadUnaligned(
        fromByteOffset: CatalogFile.headerSize + index * CatalogFile.recordSize + 12,
        as: UInt32.self
      ).littleEndian)
  }

  /// The year of the film at `index`.
  func year(_ index: Int) -> Int {
    Int(
      bytes.loadUnaligned(
        fromByteOffset: CatalogFile.headerSize + index * CatalogFile.recordSize + 20,
        as: UInt16.self
      ).littleEndian)
  }

  /// Calls `body` with the index and the search key of every film, in id order.
  func forEachKey(_ body: (Int, UnsafeRawBufferPointer) -> Void) {
    let bytes = self.bytes
    for index in 0..<count {
      let offset = CatalogFile.headerSize + index * CatalogFile.recordSize
      let start =
        keysStart
        + Int(bytes.loadUnaligned(fromByteOffset: offset + 8, as: UInt32.self).littleEndian)
      let length = Int(
        bytes.loadUnaligned(fromByteOffset: offset + 26, as: UInt16.self).littleEndian)
      body(index, UnsafeRawBufferPointer(rebasing: bytes[start..<start + length]))
    }
  }
}
