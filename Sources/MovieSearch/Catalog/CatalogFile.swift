import Foundation

/// The binary form of a catalog: `Sources/CatalogData/catalog.bin` (built in), or any file
/// made by `movie-search build-catalog` (`--catalog`).
///
/// Little-endian, read in place (embedded, or memory-mapped): opening one only checks its
/// header, so a million films cost nothing until a search touches them.
///
/// What is searched are **titles**: every film's display title first (title *i* is film
/// *i*'s), then its other titles — the original, alternative titles — after them, by film.
/// A title is searched by its words and by the words of its film's people (its directors and
/// first cast, stored once per film), which a query word may match too, at a cost. After a
/// 148-byte header (the magic, thirteen counts, the origin and which record fields are stored,
/// the bytes of the postings, the number of terms in sound order, the number of entries in
/// initials order, the tiers of the words' two books, the bytes of each offset table (*O*), the bits of each field
/// of a record (the top bit set for an escaped field), the bits of each part of the extras, a
/// zero, how many places the popularity palette has, how many of the records' values are
/// kept apart, how the trie's nodes are stored, how the summaries are packed, and the bytes
/// of the other titles' starts; the sixth count is the bits of the words' codes):
///
/// | section | size | what |
/// |---|---|---|
/// | records | as many bits per film as its fields take, by id, + 8 B | votes (what they add to the least of its place in the popularity palette), year, minutes, rating, MPAA, genre flags, flags (none since format `h`), budget, IMDb number (when not the id), each in as many bits as the catalog's largest needs, or an escaped field's as most need (see ``RecordLayout``; the id's field takes none, and the year's when every film's fits a summary, where it is read); its title is title *i* |
/// | records apart | 12 B per value, as many as the header says | the values of escaped fields their bits do not hold, by film and field (see ``RecordExceptions``) |
/// | film ids | *O*: a number per film | each film's id, ascending |
/// | title films | *O*: a number per other title | the film of each title after the display ones, ascending |
/// | other title starts | *O*: a number per film with other titles + 1 | where each film that has titles after the display ones has its first among them (and its last ends: where the next one's start), found by how many films before it have some (see ``OtherTitleIndex``) |
/// | films with other titles | a bit per film, in words of 8 B | whether each film has titles after the display ones: a film's other titles are read only then |
/// | title kinds | *P*: two bits per other title | what each title after the display ones is to its film (original, also known as) |
/// | title starts | *O*: a number per title + 1 | where its stored text starts (and ends: where the next one starts) |
/// | popularity palette | 8 B per place, as many as the header says (at most 2¹⁶) | the popularities and vote counts the films have, each pair once, ascending: each place's popularity (log10, a float's exponent and 16 bits of its fraction), then each place's least votes (see ``PopularityPalette``) |
/// | summaries | as many bits per film as the header says, then 5 per other title, + 8 B | what ranking reads in its loop: a film's place in the palette (as many bits as the last place needs), year (its distance above the catalog's earliest, plus one; 0 for none), whether its display title starts with an article (1), that title's word count (4, at most 15); another title's article and word count alone, its film's place and year read beside them — see ``SummaryLayout`` |
/// | word starts | *O*: a number per film + 1 | where each film's run of words' codes starts (in bits) |
/// | words | the bits of their codes, + 8; *P*: the term ids of each book's two tables, the titles' then the people's | each film's run: its display title's words, its other titles', in order, then its people's, each word as a code as long as its term is rare in its book (the titles' words, the people's) — a title's words are found by counting those before them, each title's count read in its summary (a title of 15 words or more: the rest of its count, in chunks of 7 bits and 1 saying another follows, before its words); then each book's terms of its two shortest kinds of codes, as many as its tiers say (see ``WordCodes``) |
/// | term starts | *O*: a number per term + 1 | where each term's stored bytes start |
/// | posting starts | *O*: a number per term + 1 | how many postings come before each term's |
/// | posting byte starts | *O*: a number per term + 1 | where each term's postings start |
/// | postings | per term: per block of 32 values, 1 B + as many bits per value as its largest needs (a term of one title: its value alone, in as few bytes as it takes); 8 B at the end | for each term, the titles that have it, in order, each as its difference from the one before (the first: itself), in blocks each led by how many bits each of its values takes; the first block's byte also says whether the term is a word of each title itself, of none (only of its people's) or of some (``PostingKind``; a term of one title: its value doubled, plus one when the term is a word of the title itself). A term of people's names alone (none of its titles has it as a word) lists its films' display titles only — as many as its last block's bits hold, the padding read as gaps of none; of one film with other titles, a byte of kind ``PostingKind/oneFilmsPeople`` — every title of a film being searched by its people's words: the reader gives each film's other titles after the display ones, as they would be stored (at IMDb's size 1.9 million postings not stored), and its count is every title's. A mixed term lists how many titles have it as a word, those titles, then the films whose people's names have it, as a word of people's names alone does (see ``PostingKind``) |
/// | trie nodes | 7 B per node + 8; or, in a large catalog, after zeros to a multiple of 64, 64 B per 18 nodes and 144 B per wide block + 8 | the vocabulary as a trie, for the typo walk, breadth first: each node's first term (3 B), first child (23 bits) and whether its path is a term (the top bit), and byte; or, when the header says so, in blocks of 18 nodes a cache line each — a block's smallest first term and first child and how wide its term differences are (53 bits), then each node in 25 bits: its two differences, its flag, its byte; a wide block's nodes whole after the lines (see ``trie(_:)``, ``TrieBlocks``) |
/// | tail symbols | 2,296 B | the symbols the term bytes are coded with (see ``SymbolTable``) |
/// | term bytes | | the vocabulary, sorted bytewise: of each term, the bytes its trie path does not spell — none of a term a node ends at, the rest of a tail's, at most ``longestTail`` (see ``trie(_:)``) — as codes of the tail symbols |
/// | sound order | *P*: a number per title word of five bytes or more (a term some title has, not only its people's names) | their ids, by ``Phonetic`` key (then id): the words that sound alike are neighbours, found by a binary search |
/// | initials order | *P*: a number per entry | the titles of known films by their words' initials (see ``InitialsIndex``): each title's number times two, plus one when its initials skip a leading article |
/// | extras starts | *O*: a number per film + 1 | where each film's extras start, in bits |
/// | extras | the bits, + 8 | per film: how many genres, directors and cast it has, then its genres (indices into the genre names), directors and cast: its searched people as how many words their names have — found by them, a run of the film's people's words, when the name is the first with them — else, like the rest, indices into the names, each in as many bits as the catalog's largest needs (see ``ExtrasLayout``) |
/// | name starts | 4 B per block of names + 4 | where each block of names starts |
/// | name symbols | 2,296 B | the table the names are written in (see ``SymbolTable``) |
/// | names | | the people's names, sorted by their words (``nameKey(_:)``), then bytewise, in blocks of 64 that keep only what a name adds to the one before, as codes of the name symbols, each led by a byte of its lengths (see ``NameBlocks``) |
/// | genre starts | 4 B per genre + 4 | where each genre's name starts |
/// | genres | | the genre names |
/// | text symbols | 2,296 B | the table what the titles store of their texts is written in |
/// | texts | | each title's text: spelled from its words when they give it back byte for byte — a byte, their cases when they differ, its words' apostrophes, the capitals inside a word ("McConnell"), what lies around them when it is not one space each; nothing when every word is capitalised, one space apart — else as it is (see ``TitleSpelling``); what is not a word, as codes of the text symbols |
///
/// *P*: a table of numbers each in as many bits as the largest it can hold needs (the header
/// says it: the texts' bytes, the words, the terms…), and 8 spare bytes (see ``PackedInts``).
/// *O*: a table of offsets in blocks, each a line from its first offset to its last and
/// every offset's distance above the line's lowest point (see ``OffsetTable``).
///
/// Terms are sorted, and postings are laid out in term order: the titles of every term
/// starting with a prefix are one contiguous run of postings. The trie's nodes are stored
/// breadth first, so every node's children are neighbours.
enum CatalogFile {
  /// The format's version, the magic's last byte: a letter, the next one at each change of
  /// what files hold — a section's layout, or a key they store (`Phonetic`, `InitialsKey`).
  static let version = UInt8(ascii: "s")
  static let magic: [UInt8] = Array("MSCATLG".utf8) + [version]
  /// The fingerprint of the keys files of ``version`` store (`StoredKeysTests` computes it
  /// over a fixed list of words and titles): a change to `Phonetic.key` or `InitialsKey`
  /// changes it, and must come with a new ``version`` and its fingerprint, recorded here.
  static let storedKeysFingerprint: (version: UInt8, value: UInt64) = (
    UInt8(ascii: "s"), 0xcfbb_7d06_f120_1a6e
  )
  static let headerSize = 148

  /// The most bytes of a term a tail stores (see ``trie(_:)``): a term that goes on further
  /// is spelled down the trie until this many are left. A tail is read whole, decoded into a
  /// buffer of this size; at IMDb's size the longest is 19 bytes.
  static let longestTail = 32

  /// Where the header says how the trie's nodes are stored, four bytes: 0, seven bytes each
  /// (``nodeSize``); else in blocks a cache line each (``TrieBlocks``), and one more than how
  /// many blocks are wide.
  static let trieBlocksOffset = 136

  /// The most bytes a trie's nodes take at seven bytes each: a larger trie is stored in
  /// blocks (``TrieBlocks``), 3.6 bytes a node (4.6 before format `m`). A walk reads the nodes at random; blocks miss
  /// the caches less, and cost their decoding. Measured (`search-eval --speed`, the same
  /// vocabulary both ways): the built-in catalog's 0.37 MB, its walks 12 % slower in blocks;
  /// the generated million's 2.2 MB, the first pass 8 % slower; IMDb's size, 11.8 MB, the
  /// first pass 2 % slower and the second 3 % faster, for 4.1 MB less. The limit lies
  /// between the last two (sizes between them not measured).
  static let largestTrieOfWholeNodes = 8 << 20

  /// Where the trie's blocks start in a file, after a section ending at `offset`: a
  /// multiple of ``TrieBlocks/slotBytes``, so that each block is one cache line.
  static func trieAligned(_ offset: Int) -> Int {
    (offset + TrieBlocks.slotBytes - 1) / TrieBlocks.slotBytes * TrieBlocks.slotBytes
  }

  /// Where the header says how many values of records' escaped fields are kept apart (see
  /// ``RecordExceptions``), four bytes.
  static let recordExceptionsCountOffset = 132

  /// Where the header says how many bytes each ``OffsetTable`` takes, four each, in the order
  /// of ``OffsetTableKind`` — but the last, ``otherTitleStartsSizeOffset``.
  static let offsetTableSizesOffset = 80

  /// Where the header says how many bytes the other titles' starts take (see
  /// ``OffsetTableKind/otherTitleStarts``): the header's last four bytes.
  static let otherTitleStartsSizeOffset = 144

  /// Where the header says the size of the offset table `kind`.
  static func sizeOffset(of kind: OffsetTableKind) -> Int {
    kind == .otherTitleStarts
      ? otherTitleStartsSizeOffset : offsetTableSizesOffset + 4 * kind.rawValue
  }

  /// The offset tables of a catalog, in the order of their sizes in the header.
  enum OffsetTableKind: Int, CaseIterable {
    case titleStarts, wordStarts, termStarts, postingStarts, postingByteStarts, extrasStarts
    /// The films' ids, ascending (films are stored by id).
    case filmIDs
    /// The film of each title after the display ones, ascending (they come by film).
    case titleFilms
    /// Where each film's other titles start among the titles after the display ones (and
    /// end: where the next film's start), per film + 1.
    case otherTitleStarts
  }

  /// The bytes of a bit per film (which have other titles: see ``CatalogStore/Postings``),
  /// in whole eight-byte words.
  static func filmBitsSize(films: Int) -> Int { (films + 63) / 64 * 8 }

  /// The most other titles a film has: its original, and its alternative titles.
  static let maxOtherTitles = 1 + maxAlternativeTitles

  /// The largest id a film can have: ids are counted in 32 bits.
  static let largestID = Int(UInt32.max)

  /// Where the header says how many bits each field of a record takes, a byte each, in
  /// the order of ``RecordLayout/Field``.
  static let recordWidthsOffset = 112

  /// Where the header says how many bits each part of a film's extras takes, a byte each,
  /// in the order of ``ExtrasLayout/widths``.
  static let extrasWidthsOffset = 122

  /// Which of a record's optional fields a catalog stores (a byte of its header): a
  /// catalog of IMDb's files has no budgets, and its ids are IMDb's numbers; TMDb's export
  /// has neither budgets nor IMDb numbers.
  struct RecordFields: OptionSet, Equatable {
    let rawValue: UInt8
    static let budget = RecordFields(rawValue: 1)
    static let imdbNumber = RecordFields(rawValue: 2)
    /// The IMDb number is the id (and not stored).
    static let imdbNumberIsID = RecordFields(rawValue: 4)
    static let all: RecordFields = [.budget, .imdbNumber, .imdbNumberIsID]

    /// Whether the IMDb number is a field of its own.
    var storesIMDbNumber: Bool { contains(.imdbNumber) && !contains(.imdbNumberIsID) }
  }

  /// Where the header says which of a record's fields are stored (``RecordFields``).
  static let recordFieldsOffset = 63
  /// The most films a catalog can hold (its titles are counted in 32 bits).
  static let mostFilms = 1 << 30

  /// Title films' number for `film` and `kind`: the film times four plus the kind.
  static func titleFilm(_ film: Int, kind: TitleKind) -> Int { film << 2 | Int(kind.rawValue) }

  /// The bits of a title's kind in the title kinds.
  static let kindBits = 2

  /// The initials order's number for an entry of ``InitialsIndex`` (a title, and whether
  /// its initials skip a leading article in the top bit): the title times two, plus one when
  /// they skip it.
  static func initialsEntry(_ entry: UInt32) -> Int {
    Int(entry & ~InitialsKey.skipsArticle) << 1
      | (entry & InitialsKey.skipsArticle != 0 ? 1 : 0)
  }

  /// The largest initials order's number of a catalog of `titles` titles.
  static func largestInitialsEntry(titles: Int) -> Int { max(1, 2 * titles - 1) }
  /// The bits of a place in the popularity palette, at most (a summary's: see
  /// ``SummaryLayout``).
  static let paletteIndexBits = 16

  /// Where the header says how many places the popularity palette has (four bytes).
  static let paletteCountOffset = 128

  /// Where the header says how summaries are packed (see ``SummaryLayout``): the earliest
  /// year (two bytes), the bits of a year's code (one), a zero.
  static let summaryLayoutOffset = 140

  /// A popularity (log10 of votes and the like: never negative) as a catalog keeps it, in 24
  /// bits: its float's exponent and the first 16 bits of its fraction, rounded to the
  /// nearest (eight parts in a million: an order kept, but between films a vote or so apart
  /// among a hundred thousand).
  static func summaryPopularity(_ popularity: Float) -> UInt64 {
    // Nothing (not a number) is no popularity; infinity is kept as such.
    guard popularity > 0 else { return 0 }
    let bits = UInt64(popularity.bitPattern)
    guard popularity.isFinite else { return bits >> popularityDroppedBits }
    // A finite popularity stays finite: rounded up, the largest would become infinite.
    let largest = UInt64(Float.greatestFiniteMagnitude.bitPattern) >> popularityDroppedBits
    return min((bits + 1 << (popularityDroppedBits - 1)) >> popularityDroppedBits, largest)
  }

  /// The popularity 24 kept bits say (see ``summaryPopularity(_:)``).
  static func popularity(kept bits: UInt64) -> Float {
    Float(bitPattern: UInt32(truncatingIfNeeded: (bits & 0xFF_FFFF) << popularityDroppedBits))
  }

  /// The low bits of a popularity's float a catalog does not keep.
  static let popularityDroppedBits: UInt64 = 7
  /// The bits of a year, at most: the latest a catalog holds is 2¹¹ − 1.
  static let yearBits = 11
  /// The latest year a summary holds.
  static let latestYear = 1 << yearBits - 1

  /// The bytes of a whole trie node (see ``trie(_:)``).
  static let nodeSize = 7
  /// The top bit of a whole trie node's first child (three bytes): its path is a term.
  static let trieTermFlag: UInt32 = 1 << 23
  /// The most people of a film whose names are searched (its directors first, then its
  /// cast in billing order).
  static let searchedPeople = 4
  /// The most alternative titles kept per film.
  static let maxAlternativeTitles = 8
  /// The most cast members kept per film.
  static let maxCast = 6
  /// The most directors kept per film (the extras count them in a byte).
  static let maxDirectors = Int(UInt8.max)
  /// The longest title kept, in UTF-8 bytes (the records give its length in 16 bits): a row
  /// with a longer one is skipped and reported.
  static let longestTitle = Int(UInt16.max)

  /// What a title is to its film.
  enum TitleKind: UInt8, Sendable {
    case display = 0
    case original = 1
    /// An alternative title: another language's, a region's, a longer or shorter form.
    case alsoKnownAs = 2
  }

  /// Record flag: the title starts with an article ("The Matrix").
  static let leadingArticle: UInt8 = 1

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

  /// TMDb's genre ids by lower-cased name, IMDb's names included.
  static let tmdbGenreIDs: [String: Int] = [
    "action": 28, "adventure": 12, "animation": 16, "comedy": 35, "crime": 80,
    "documentary": 99, "drama": 18, "family": 10751, "fantasy": 14, "history": 36,
    "horror": 27, "music": 10402, "musical": 10402, "mystery": 9648, "romance": 10749,
    "science fiction": 878, "sci-fi": 878, "tv movie": 10770, "thriller": 53, "war": 10752,
    "western": 37, "short": 100_001,
  ]

  /// What a term is to the titles it lists (the top two bits of its postings' first byte,
  /// when it has more than one): a word of each title itself, of none but their films'
  /// people's, or of some — at IMDb's size all but 5,000 of 1.3 million terms are one of the
  /// first two, first names and surnames the people's alone.
  ///
  /// A mixed term (``mixed``, the byte's other bits zero) lists the titles that have it as a
  /// word — how many, seven bits a byte, low first, the top bit set on each but the last;
  /// then their blocks — and the films whose people's names have it, uncounted, as a word
  /// of people's names alone does: the reader gives all those films' titles, merged in
  /// order with the first list (a title in both once, as a word of its own). At IMDb's size
  /// its 5,282 terms' postings 6.51 → 3.88 MB: 2.0 million of their 5.6 million titles were
  /// other titles of films their people's words made them list, and no value keeps a flag.
  enum PostingKind: UInt8 {
    /// A word of some titles themselves, and of other titles' people's names.
    case mixed = 0
    /// A word of each title itself.
    case titleWords = 1
    /// A word of people's names alone: its films' display titles are listed.
    case peopleWords = 2
    /// A word of one film's people's names alone, the film having other titles: the film in
    /// the byte's other bits (its lowest six) and the bytes after it (the rest, in as few as
    /// it takes) — the reader gives its other titles after it.
    case oneFilmsPeople = 3

    /// Where the kind sits in the first byte: above the width (at most 48, six bits).
    static let shift: UInt8 = 6
    /// The bits of a block's byte that say its width.
    static let widthMask: UInt8 = 1 << shift - 1
  }

  /// How many postings of a term share a width: a term's largest gap would set it for all of
  /// a long list (measured at IMDb's size, with kinds: a width per term 24.5 MB; per 64
  /// values 23.3, per 32 23.1, per 16 23.0 — a width byte every 16 reads for little).
  static let postingBlock = 32

  /// Where the header says how many bytes the postings take.
  static let postingBytesOffset = 64

  /// Where the header says how many terms the sound order holds.
  static let soundOrderOffset = 68

  /// Where the header says how many entries the initials order holds.
  static let initialsOrderOffset = 72

  /// Where the header says the tiers of the words' two books (see ``WordCodes``): a byte
  /// each, the titles' commonest and common, then the people's.
  static let wordTiersOffset = 76

  /// Where four bytes of the header say where a catalog came from (``Origin``);
  /// catalogs made before they said it have zeros there.
  static let originOffset = 60

  /// Where a catalog came from: what it was built from, and the day (since 1970, UTC) it
  /// was built, in four bytes of the header (16-bit day, 8-bit source; the fourth byte says which record fields are stored).
  struct Origin: Equatable {
    var source: OfflineCatalog.Coverage.Source = .unknown
    /// Days since 1970-01-01 (UTC); `nil` when not said.
    var day: Int? = nil

    /// An origin as a header says it.
    init(source: OfflineCatalog.Coverage.Source = .unknown, day: Int? = nil) {
      self.source = source
      self.day = day
    }

    /// The origin of a catalog built at `date` from `source`.
    init(source: OfflineCatalog.Coverage.Source, builtAt date: Date) {
      self.source = source
      day = Int(outside: (date.timeIntervalSince1970 / 86_400).rounded(.down), in: 1...65_535)
    }
  }

  /// MPAA ratings, by their code in a record (0: none).
  static let ratings = ["", "G", "PG", "PG-13", "R", "NC-17"]

  /// One film of a catalog, as a source gives it.
  struct Entry: Equatable {
    var id: Int
    var title: String
    /// Its original title, when it differs from the display title.
    var originalTitle: String? = nil
    /// Other titles it is known by (another language's, a region's).
    var alternativeTitles: [String] = []
    var year: Int = 0
    var minutes: Int = 0
    var budget: Int?
    var rating: Double = 0
    var votes: Int = 0
    /// How popular the film is, on the scale of vote counts (see ``CatalogFile/popularityWeight(_:)``).
    var popularity: Double = 0
    var mpaa: String = ""
    var genreFlags: UInt8 = 0
    /// Genres by name, beside (or instead of) the flags.
    var genres: [String] = []
    /// IMDb's number (`tt0133093` is 133093).
    var imdbNumber: Int? = nil
    var directors: [String] = []
    /// The first-billed cast, in order.
    var cast: [String] = []
  }

  /// Why a catalog could not be built or read.
  struct FormatError: Error, Equatable, CustomStringConvertible {
    let description: String
    /// What kind of problem it is, for a caller that knows how it is fixed.
    var kind: OfflineCatalog.FileError.Kind = .damaged
  }

  /// What the ranking adds for popularity, before its weight: log10(1 + popularity).
  static func popularityWeight(_ popularity: Double) -> Float {
    Float(log10(1 + max(0, popularity)))
  }

  /// The genre names of `entry`: those of its flags, then its own, each once.
  static func genreNames(_ entry: Entry) -> [String] {
    var names = genres.enumerated().compactMap { bit, genre in
      entry.genreFlags & (1 << bit) != 0 ? genre.genre.name : nil
    }
    for name in entry.genres
    where !names.contains(where: { $0.caseInsensitiveCompare(name) == .orderedSame }) {
      names.append(name)
    }
    return names
  }
}
