/// How each film's extras — its genres (indices into the genre names), directors and cast
/// (indices into the names) — are written: one array of bits, per film the three lists'
/// counts, then the genres, then the people, each in as many bits as the catalog's largest
/// needs, as the header says (``CatalogFile/extrasWidthsOffset``, a byte each).
///
/// At IMDb's size a film's counts take 8 bits instead of 3 bytes, and a person 21 bits
/// instead of a three-byte varint: 14.6 MB of extras become 11.5.
struct ExtrasLayout: Equatable {
  /// The bits of the genres', the directors' and the cast's counts.
  let countBits: (genres: Int, directors: Int, cast: Int)
  /// The bits of a genre index and of a name index.
  let genreBits, nameBits: Int

  static func == (a: ExtrasLayout, b: ExtrasLayout) -> Bool { a.widths == b.widths }

  /// The widths in the header's order: the three counts', a genre's, a name's.
  var widths: [Int] {
    [countBits.genres, countBits.directors, countBits.cast, genreBits, nameBits]
  }

  /// The number of widths the header holds.
  static let widthCount = 5

  /// The layout of extras whose fields take `widths` bits (in ``widths``' order); `nil` when
  /// one is wider than it can be (damage).
  init?(widths: [Int]) {
    guard widths.count == Self.widthCount, widths.prefix(3).allSatisfy({ (0...8).contains($0) }),
      widths.suffix(2).allSatisfy({ (0...32).contains($0) })
    else { return nil }
    countBits = (widths[0], widths[1], widths[2])
    (genreBits, nameBits) = (widths[3], widths[4])
  }

  /// The layout of no extras (a damaged header's: every film reads as having none).
  static let none = ExtrasLayout(widths: [0, 0, 0, 0, 0])!

  /// The bytes extras of `bits` bits take, with eight spare.
  static func size(bits: Int) -> Int { (max(0, bits) + 7) / 8 + 8 }

  /// Whether a value of list `list` (0: genres, 1: directors, 2: cast) of the extras at bits
  /// `start..<end` of `bytes` (eight spare past `end`) passes `test`. Damage — lists that
  /// claim more than the film's bits — reads as none.
  @inline(__always) func any(
    list: Int, start: Int, end: Int, in bytes: UnsafeRawPointer, _ test: (Int) -> Bool
  ) -> Bool {
    func read(_ at: Int, _ width: Int) -> Int { bytes.bits(at: at, width: width) }
    let countsBits = countBits.genres + countBits.directors + countBits.cast
    guard end - start >= countsBits else { return false }
    let genres = read(start, countBits.genres)
    let directors = read(start + countBits.genres, countBits.directors)
    let cast = read(start + countBits.genres + countBits.directors, countBits.cast)
    let peopleStart = start + countsBits + genres * genreBits
    guard peopleStart + (directors + cast) * nameBits <= end else { return false }
    let (first, count, width) =
      switch list {
      case 0: (start + countsBits, genres, genreBits)
      case 1: (peopleStart, directors, nameBits)
      default: (peopleStart + directors * nameBits, cast, nameBits)
      }
    for item in 0..<count where test(read(first + item * width, width)) { return true }
    return false
  }
}

/// Films' extras as they are added, then written as bits (see ``ExtrasLayout``).
struct ExtrasWriter {
  /// Each film's three counts.
  private var counts: [UInt8] = []
  /// Every film's genres then people, in order.
  private var values: [Int32] = []

  /// Adds the next film's extras (each list at most 255 long, each value below 2³¹).
  mutating func add(genres: [Int], directors: [Int], cast: [Int]) {
    counts += [genres.count, directors.count, cast.count].map { UInt8(clamping: $0) }
    for list in [genres, directors, cast] {
      values += list.prefix(Int(UInt8.max)).map { Int32(clamping: max(0, $0)) }
    }
  }

  /// The layout that holds every film's extras, the bits, and where each film's start (and
  /// the last one's end) in bits.
  func finished() -> (layout: ExtrasLayout, bytes: [UInt8], starts: [Int]) {
    func bits(_ largest: Int) -> Int { Int.bitWidth - largest.leadingZeroBitCount }
    var largestCounts = [0, 0, 0]
    var (largestGenre, largestName) = (0, 0)
    var at = 0
    for film in 0..<counts.count / 3 {
      for list in 0..<3 {
        let count = Int(counts[film * 3 + list])
        largestCounts[list] = max(largestCounts[list], count)
        for value in values[at..<at + count] {
          if list == 0 {
            largestGenre = max(largestGenre, Int(value))
          } else {
            largestName = max(largestName, Int(value))
          }
        }
        at += count
      }
    }
    let layout = ExtrasLayout(
      widths: largestCounts.map(bits) + [bits(largestGenre), bits(largestName)])!
    var writer = BitWriter()
    var starts: [Int] = []
    starts.reserveCapacity(counts.count / 3 + 1)
    let countBits = [layout.countBits.genres, layout.countBits.directors, layout.countBits.cast]
    at = 0
    for film in 0..<counts.count / 3 {
      starts.append(writer.bits)
      for list in 0..<3 { writer.write(UInt64(counts[film * 3 + list]), bits: countBits[list]) }
      for list in 0..<3 {
        let width = list == 0 ? layout.genreBits : layout.nameBits
        for value in values[at..<at + Int(counts[film * 3 + list])] {
          writer.write(UInt64(value), bits: width)
        }
        at += Int(counts[film * 3 + list])
      }
    }
    starts.append(writer.bits)
    return (layout, writer.finished(), starts)
  }
}
