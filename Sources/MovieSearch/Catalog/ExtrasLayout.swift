/// How each film's extras — its genres (indices into the genre names), directors and cast —
/// are written: one array of bits, per film the three lists' counts, then the genres, then
/// the people, as the header says (``CatalogFile/extrasWidthsOffset``, a byte each).
///
/// A film's searched people (its first ``CatalogFile/searchedPeople`` of directors then cast)
/// have their names' words in the film's people's words already (see ``CatalogFile``): each is
/// written as how many words its name has (``SearchedCredit``) and, when its name is the first
/// in the names' order whose words those are, nothing more — the name is found by its words.
/// The others, and the rest of the people, are written as name indices, in as many bits as the
/// catalog's largest needs.
///
/// At IMDb's size a film's counts take 8 bits instead of 3 bytes, and a person 21 bits
/// instead of a three-byte varint: 14.6 MB of extras became 11.4; a searched person's count
/// of words instead of their index (2.75 million of the 3.85 million people listed) takes
/// 2.2 bits on average instead of 21: 11.4 MB became 4.9.
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

  /// A person of a film's extras as written: a name's index, or the run of the film's
  /// people's words that are its name's (the first name, in the names' order, whose words
  /// they are).
  enum Credit: Equatable {
    case name(Int)
    case words(Range<Int>)
  }

  /// The three counts of the extras at bits `start..<end`, and where the genres start;
  /// `nil` when the counts do not fit (damage).
  @inline(__always) private func counts(
    start: Int, end: Int, in bytes: UnsafeRawPointer
  ) -> (genres: Int, directors: Int, cast: Int, next: Int)? {
    let countsBits = countBits.genres + countBits.directors + countBits.cast
    guard end - start >= countsBits else { return nil }
    return (
      bytes.bits(at: start, width: countBits.genres),
      bytes.bits(at: start + countBits.genres, width: countBits.directors),
      bytes.bits(at: start + countBits.genres + countBits.directors, width: countBits.cast),
      start + countsBits
    )
  }

  /// Whether a genre of the extras at bits `start..<end` of `bytes` (eight spare past `end`)
  /// passes `test`. Damage — genres that claim more than the film's bits — reads as none.
  @inline(__always) func anyGenre(
    start: Int, end: Int, in bytes: UnsafeRawPointer, _ test: (Int) -> Bool
  ) -> Bool {
    guard let counts = counts(start: start, end: end, in: bytes),
      counts.next + counts.genres * genreBits <= end
    else { return false }
    for item in 0..<counts.genres
    where test(bytes.bits(at: counts.next + item * genreBits, width: genreBits)) {
      return true
    }
    return false
  }

  /// Calls `body` with each person of the extras at bits `start..<end` of `bytes`, directors
  /// first, and whether they are one, until it says `true` (then returns `true`). A run of
  /// words is checked against `peopleWords`, how many words the film's people have. Damage —
  /// a person past the film's bits, words past the film's — ends the list there.
  @inline(__always) func forEachPerson(
    start: Int, end: Int, in bytes: UnsafeRawPointer, peopleWords: Int,
    _ body: (Credit, _ isDirector: Bool) -> Bool
  ) -> Bool {
    guard let counts = counts(start: start, end: end, in: bytes) else { return false }
    var bit = counts.next + counts.genres * genreBits
    var words = 0
    for person in 0..<counts.directors + counts.cast {
      let isDirector = person < counts.directors
      var credit: Credit
      if person < CatalogFile.searchedPeople {
        guard let read = SearchedCredit.read(at: &bit, end: end, in: bytes) else { return false }
        if read.isNamed {
          guard bit + nameBits <= end else { return false }
          credit = .name(bytes.bits(at: bit, width: nameBits))
          bit += nameBits
        } else {
          guard words + read.words <= peopleWords else { return false }
          credit = .words(words..<words + read.words)
        }
        words += read.words
      } else {
        guard bit + nameBits <= end else { return false }
        credit = .name(bytes.bits(at: bit, width: nameBits))
        bit += nameBits
      }
      if body(credit, isDirector) { return true }
    }
    return false
  }
}

/// How one of a film's searched people is written in its extras (see ``ExtrasLayout``): how
/// many words their name has — `0`: two, `01`: three, `11` then six bits: that many (the
/// largest: at least) — then a bit: `0` when the name is the first whose words they are (found
/// by them), `1` when its index follows. Bits are read from the low end: at IMDb's size 83 %
/// of the searched people's names have two words and 16 % three.
enum SearchedCredit {
  /// The bits of a count of words that is not two or three.
  static let countBits = 6
  /// The largest count written: a name with more words is written as having this many.
  static let largestCount = 1 << countBits - 1

  /// Writes a searched person whose name has `words` words, found by them unless `named`.
  static func write(words: Int, named: Bool, to writer: inout BitWriter) {
    switch words {
    case 2: writer.write(0b0, bits: 1)
    case 3: writer.write(0b01, bits: 2)
    default: writer.write(0b11 | UInt64(min(max(0, words), largestCount)) << 2, bits: 2 + countBits)
    }
    writer.write(named ? 1 : 0, bits: 1)
  }

  /// The searched person at `bit` of `bytes` (eight spare past `end`), `bit` moved past it;
  /// `nil` when it does not end by `end` (damage).
  @inline(__always) static func read(
    at bit: inout Int, end: Int, in bytes: UnsafeRawPointer
  ) -> (words: Int, isNamed: Bool)? {
    let code = bytes.bits(at: bit, width: 3 + countBits)
    let (words, length) =
      code & 1 == 0 ? (2, 1) : code & 2 == 0 ? (3, 2) : ((code >> 2) & largestCount, 2 + countBits)
    guard bit + length + 1 <= end else { return nil }
    bit += length + 1
    return (words, (code >> length) & 1 == 1)
  }
}

/// Films' extras as they are added, then written as bits (see ``ExtrasLayout``).
struct ExtrasWriter {
  /// How many words each name has, by index.
  let nameWords: [Int]
  /// Whether each name is the first, in the names' order, whose words they are: only such a
  /// name is found by its words.
  let firstOfItsWords: [Bool]
  /// Each film's three counts.
  private var counts: [UInt8] = []
  /// Every film's genres then people, in order.
  private var values: [Int32] = []

  /// A writer of films whose people are names of `nameWords` words each, those of
  /// `firstOfItsWords` found by them.
  init(nameWords: [Int], firstOfItsWords: [Bool]) {
    (self.nameWords, self.firstOfItsWords) = (nameWords, firstOfItsWords)
  }

  /// Adds the next film's extras (each list at most 255 long; people are indices into the
  /// names, genres below 2³¹).
  mutating func add(genres: [Int], directors: [Int], cast: [Int]) {
    let lists = [genres, directors, cast].map { $0.prefix(Int(UInt8.max)) }
    counts += lists.map { UInt8($0.count) }
    for list in lists { values += list.map { Int32(clamping: max(0, $0)) } }
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
      let filmCounts = (0..<3).map { Int(counts[film * 3 + $0]) }
      for list in 0..<3 { writer.write(UInt64(filmCounts[list]), bits: countBits[list]) }
      for genre in values[at..<at + filmCounts[0]] {
        writer.write(UInt64(genre), bits: layout.genreBits)
      }
      at += filmCounts[0]
      // The searched people's words come one person after the other, as many as a title's
      // words are read (see `CatalogStore.WordIDs`); a name found by its words is one whose
      // run is whole, after runs whose counts are exact.
      var words = 0
      var exact = true
      for (position, value) in values[at..<at + filmCounts[1] + filmCounts[2]].enumerated() {
        let name = Int(value)
        guard position < CatalogFile.searchedPeople else {
          writer.write(UInt64(name), bits: layout.nameBits)
          continue
        }
        let count = name < nameWords.count ? nameWords[name] : 0
        let byWords =
          exact && count > 0 && name < firstOfItsWords.count && firstOfItsWords[name]
          && words + count <= CatalogStore.WordIDs.capacity
        SearchedCredit.write(words: count, named: !byWords, to: &writer)
        if !byWords { writer.write(UInt64(name), bits: layout.nameBits) }
        words += count
        exact = exact && count <= SearchedCredit.largestCount
      }
      at += filmCounts[1] + filmCounts[2]
    }
    starts.append(writer.bits)
    return (layout, writer.finished(), starts)
  }
}
