import Foundation
import Testing

@testable import MovieSearch

/// A catalog stores most titles as a byte or two beside the words its index holds anyway
/// (see ``TitleSpelling``): every title reads back byte for byte as it was written, however
/// it is written, and a damaged stored form reads as an empty text, never another title.
@Suite struct TitleSpellingTests {
  /// Titles written every way a catalog meets: cases, marks, accents, apostrophes, initials,
  /// spaces, signs with lower-case forms, control characters, and more words than are spelled.
  static let titles = [
    "Star Wars", "the lord of the rings: the fellowship of the ring", "MASH", "M*A*S*H",
    "C.H.U.D.", "The Lord of the Rings", "Dr. Strangelove or: How I Learned to Stop Worrying",
    "Amélie", "Léon", "A Bug's Life", "L'Avventura", "'Breaker' Morant", "Lock, Stock & Two",
    "iPhone McQueen", "2001: A Space Odyssey", "1984", "$", "#$*! Sundown", "  Two  spaces  ",
    "Tab\there", "Line\r\nbreak", "Nul\u{0}inside", "\u{212A}elvin", "İstanbul", "Straße",
    "Ωmega Ψ", "😀 Smile", "x" + String(repeating: " Word", count: 40), "ALL CAPS Title",
    "Se7en", "WALL·E", "Ocean's 11", "-dash- -- ends-", "a", "A", "Don't Look Now",
    "Rock 'n' Roll High School", "It's a Wonderful Life", "DON'T BE A MENACE", "Y'all'll",
    "'''", "A''b", "o'Brien's 'Tis", "A Bug\u{2019}s Life", "GhostWatcher",
    "McDonald's iPhone", "HealtH sIDney", "McQUEEN", "DeNiro 2: The mcQueen Years",
  ]

  static func catalog(_ titles: [String]) throws -> [UInt8] {
    try CatalogFile.encode(
      titles.enumerated().map { index, title in
        var entry = CatalogFile.Entry(id: index + 1, title: title, year: 1990, votes: index)
        entry.originalTitle = title + " Original"
        entry.alternativeTitles = ["Also " + title.uppercased()]
        return entry
      })
  }

  @Test func everyTitleReadsBackAsItWasWritten() throws {
    let store = try CatalogStore(bytes: Self.catalog(Self.titles))
    for (film, title) in Self.titles.enumerated() {
      #expect(store.title(film).text == title)
      let others = store.otherTitles(of: film).map { store.title($0).text }
      #expect(others == [title + " Original", "Also " + title.uppercased()])
      // Each with its film and what it is to it (the title films and kinds).
      #expect(store.otherTitles(of: film).map(store.film(ofTitle:)) == [film, film])
      #expect(store.otherTitles(of: film).map(store.titleKind) == [.original, .alsoKnownAs])
    }
  }

  /// What each title stores: its first byte, its words' cases when they differ, its
  /// apostrophes, and what lies around its words when that is not one space each — and
  /// nothing at all for the commonest form, every word capitalised, one space apart.
  @Test(arguments: [
    ("Star Wars", []),
    ("STAR WARS", [TitleSpelling.Case.upper.rawValue]),
    // One apostrophe: in word 1, after its third letter.
    (
      "A Bug's Life",
      [TitleSpelling.Case.capitalized.rawValue | TitleSpelling.hasApostrophes, 1, 1, 3]
    ),
    // lower 1, capitalized 2: the first word's two bits lowest.
    ("The Lord of the Rings", [TitleSpelling.perWord, 0b01_01_10_10, 0b10]),
    ("1984", [TitleSpelling.Case.lower.rawValue]),
  ])
  func aSpelledTitleStoresItsCasesOnly(title: String, stored: [UInt8]) throws {
    let store = try CatalogStore(bytes: Self.catalog([title]))
    #expect(Self.storedForm(store, title: 0) == stored)
    #expect(store.title(0).text == title)
  }

  @Test func whatLiesAroundTheWordsIsStoredWhenNotOneSpace() throws {
    let store = try CatalogStore(bytes: Self.catalog(["Star Wars: Episode IV"]))
    let stored = try #require(Self.storedForm(store, title: 0))
    #expect(stored.first == TitleSpelling.perWord | TitleSpelling.hasGaps)
    #expect(stored.count > 2)
  }

  @Test(arguments: ["Amélie", "ÉMILE", "$", "A Bug\u{2019}s Life"])
  func aTitleItsWordsCannotSpellIsStoredAsItIs(title: String) throws {
    let store = try CatalogStore(bytes: Self.catalog([title]))
    #expect(Self.storedForm(store, title: 0)?.first == TitleSpelling.literal)
    #expect(store.title(0).text == title)
  }

  /// A word with capitals inside is spelled too: its case code ``TitleSpelling/mixed``, then,
  /// after the apostrophes, how many bytes of capitals follow and each such word's capitals,
  /// a bit a letter in whole bytes.
  @Test(arguments: [
    // "mcqueen": capitals at 0 and 2.
    ("McQueen", [TitleSpelling.perWord, TitleSpelling.mixed, 1, 0b101]),
    // "ghostwatcher" (12 letters: two bytes), capitals at 0 and 5; "returns" capitalised.
    ("GhostWatcher Returns", [TitleSpelling.perWord, 0b10_00, 2, 0b0010_0001, 0]),
    // The apostrophe in word 0 after its eighth letter, before the capitals.
    (
      "McDonald's Farm",
      [TitleSpelling.perWord | TitleSpelling.hasApostrophes, 0b10_00, 1, 0, 8, 2, 0b101, 0]
    ),
  ])
  func aWordWithCapitalsInsideStoresThem(title: String, stored: [UInt8]) throws {
    let store = try CatalogStore(bytes: Self.catalog([title]))
    #expect(Self.storedForm(store, title: 0) == stored)
    #expect(store.title(0).text == title)
  }

  /// Capitals said to be fewer or more bytes than a mixed word needs, or than the stored
  /// form holds: an empty text, the next title as it was.
  @Test(arguments: [UInt8(0), 2, 200])
  func missingOrExtraCapitalsReadAsNoText(count: UInt8) throws {
    let titles = ["McQueen", "Star Wars"]
    var bytes = try Self.catalog(titles)
    let store = try CatalogStore(bytes: bytes)
    // The capitals' count: after the first byte and the cases' byte.
    bytes[store.layout.texts + store.titleStarts[0] + 2] = count
    let damaged = try CatalogStore(bytes: bytes)
    #expect(damaged.title(0).text == "")
    #expect(damaged.title(1).text == titles[1])
  }

  /// A first byte no writer writes, cases that are not there, gaps for a different number of
  /// words (none for two): an empty text.
  @Test(arguments: [
    (0, UInt8(0x40)), (0, TitleSpelling.perWord),
    (0, TitleSpelling.Case.capitalized.rawValue | TitleSpelling.hasGaps),
    (0, TitleSpelling.Case.upper.rawValue | TitleSpelling.hasApostrophes),
  ])
  func aDamagedStoredFormReadsAsNoText(title: Int, first: UInt8) throws {
    let titles = ["STAR WARS", "Star Wars: Episode IV"]
    var bytes = try Self.catalog(titles)
    let store = try CatalogStore(bytes: bytes)
    bytes[store.layout.texts + store.titleStarts[title]] = first
    let damaged = try CatalogStore(bytes: bytes)
    #expect(damaged.title(title).text == "")
    #expect(damaged.title(1 - title).text == titles[1 - title])
  }

  /// The stored form of title `title`, as its bytes (`nil`: none).
  static func storedForm(_ store: CatalogStore, title: Int) -> [UInt8]? {
    let start = store.titleStarts[title]
    let end = store.titleStarts[title + 1]
    guard start <= end else { return nil }
    return Array(store.inPlace(store.layout.texts + start, count: end - start))
  }
}
