/// Which of a catalog's films have titles after their display ones, and where those start:
/// a bit per film, and — of the films whose bit is set alone — where each one's other titles
/// start among the titles after the display ones, found by how many bits are set before its
/// own (see ``CatalogFile``).
///
/// Half the films have no other title: a start per film repeated each of theirs. At IMDb's
/// size (344,709 films of 687,195 have some) the starts take 0.16 MB instead of 0.34. The
/// bits set before each line of ``lineFilms`` films are counted when the catalog is opened
/// (a few thousand numbers, kept beside it), so that a film's count costs its line's
/// number and a few population counts of the line it is read from.
struct OtherTitleIndex: @unchecked Sendable {  // Its memory is immutable and outlives it.
  /// The films of a line of bits: a cache line's (64 bytes).
  static let lineShift = 9
  static let lineFilms = 1 << lineShift
  static let wordsPerLine = lineFilms / 64

  /// The bits, in words of eight bytes (see ``CatalogFile/filmBitsSize(films:)``).
  let bits: UnsafeRawPointer
  /// The bits set before each line.
  let lineCounts: UnsafePointer<UInt32>
  /// Where each film with other titles has its first, then where the last ends.
  let starts: OffsetTable
  let films: Int
  /// How many titles follow the display ones; how many films have some.
  let others: Int
  let filmsWithOthers: Int

  /// The index of no other titles.
  static var none: OtherTitleIndex {
    let zeros = UnsafePointer<UInt32>(bitPattern: zerosAddress)!
    return OtherTitleIndex(
      bits: UnsafeRawPointer(zeros), lineCounts: zeros, starts: .damaged, films: 0, others: 0,
      filmsWithOthers: 0)
  }

  /// Zeros for the index of no other titles to read (a line's words and its count), for the
  /// life of the process.
  private static let zerosAddress: UInt = {
    let zeros = UnsafeMutableRawPointer.allocate(byteCount: 64, alignment: 8)
    zeros.initializeMemory(as: UInt8.self, repeating: 0, count: 64)
    return UInt(bitPattern: zeros)
  }()

  /// The bits set before each line of the `films` bits at `bits`, and how many in all
  /// (bits past the last film are not counted).
  static func lineCounts(bits: UnsafeRawPointer, films: Int) -> (lines: [UInt32], set: Int) {
    var lines: [UInt32] = []
    lines.reserveCapacity(films / lineFilms + 1)
    var set = 0
    for word in 0..<(films + 63) / 64 {
      if word % wordsPerLine == 0 { lines.append(UInt32(truncatingIfNeeded: set)) }
      var value = UInt64(
        littleEndian: bits.loadUnaligned(fromByteOffset: word * 8, as: UInt64.self))
      if word == films / 64 { value &= (1 << UInt64(films % 64)) &- 1 }
      set += value.nonzeroBitCount
    }
    return (lines, set)
  }

  /// Whether film `film` has other titles (none past the films).
  @inline(__always) func has(_ film: Int) -> Bool {
    guard film >= 0, film < films else { return false }
    let word = UInt64(
      littleEndian: bits.loadUnaligned(fromByteOffset: (film &>> 6) &<< 3, as: UInt64.self))
    return word &>> UInt64(film & 63) & 1 != 0
  }

  /// How many films before film `film` (below ``films``) have other titles: its place among
  /// ``starts``, within them whatever the bits have become.
  @inline(__always) func place(_ film: Int) -> Int {
    let word = film &>> 6
    var count = Int(lineCounts[film &>> Self.lineShift])
    var before = word & ~(Self.wordsPerLine &- 1)
    while before < word {
      count &+=
        UInt64(littleEndian: bits.loadUnaligned(fromByteOffset: before &<< 3, as: UInt64.self))
        .nonzeroBitCount
      before &+= 1
    }
    let last = UInt64(littleEndian: bits.loadUnaligned(fromByteOffset: word &<< 3, as: UInt64.self))
    count &+= (last & ((1 &<< UInt64(film & 63)) &- 1)).nonzeroBitCount
    return min(count, max(0, filmsWithOthers &- 1))
  }

  /// The other titles of film `film` (read through `walk`: films in order read a block of
  /// starts once): titles after the display ones, within them, and never more than a film
  /// can have — none of a film whose bit is not set.
  @inline(__always) func titles(of film: Int, _ walk: inout OffsetTable.Walk) -> Range<Int> {
    guard has(film) else { return films..<films }
    let (first, last) = starts.pair(place(film), &walk)
    let start = min(first, others)
    let end = min(last, others, start &+ CatalogFile.maxOtherTitles)
    return films &+ start..<films &+ max(start, end)
  }

  /// Where film `film`'s start is read (for a prefetch hint).
  @inline(__always) func startAddress(of film: Int) -> UnsafeRawPointer {
    starts.address(of: film >= 0 && film < films ? place(film) : 0)
  }
}
