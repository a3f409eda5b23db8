import Foundation
import Testing

@testable import MovieSearch

/// A title's summary is packed in as many bits as its catalog's palette and years need:
/// every field reads back whatever its neighbours hold, a catalog's layout is the narrowest
/// that holds its films, and a header saying wider fields than a catalog has, or a year code
/// past the latest year, is refused or read within range.
@Suite struct SummaryLayoutTests {
  /// A film of each of `years`, its votes its number (so each has a place of its own).
  func entries(years: [Int], titles: (Int) -> String = { "Film \($0)" }) -> [CatalogFile.Entry] {
    years.enumerated().map { index, year in
      CatalogFile.Entry(
        id: index + 1, title: titles(index), year: year, votes: index * 7,
        popularity: Double(index * 7))
    }
  }

  @Test(arguments: [
    (1, [0], 0, 0, 0), (2, [1_999], 1, 1, 1_999), (3, [0, 1_900, 1_901], 2, 2, 1_900),
    (4_374, [1_893, 2_030], 13, 8, 1_893), (65_536, [1, 2_047], 16, 11, 1),
  ])
  func aLayoutIsTheNarrowestThatHoldsItsPlacesAndYears(
    places: Int, years: [Int], placeBits: Int, yearBits: Int, earliest: Int
  ) {
    let layout = SummaryLayout.fitting(places: places, years: years)
    #expect(layout.placeBits == placeBits)
    #expect(layout.yearBits == yearBits)
    #expect(layout.earliestYear == (yearBits == 0 ? 0 : earliest))
    #expect(layout.width == placeBits + yearBits + 5)
  }

  @Test func everyFieldReadsBackBesideItsNeighbours() {
    let layout = SummaryLayout.fitting(places: 4_374, years: [1_893, 2_030])
    // Summaries of every width's extremes, packed one after another as a catalog packs them.
    var values: [(place: Int, year: Int, article: Bool, words: Int)] = []
    for place in [0, 1, 4_373] {
      for year in [0, 1_893, 1_950, 2_030] {
        for (article, words) in [(false, 0), (true, 1), (true, 15), (false, 40)] {
          values.append((place, year, article, words))
        }
      }
    }
    var bytes: [UInt8] = []
    var pending = PendingBits()
    for value in values {
      pending.write(
        layout.summary(
          place: value.place, year: value.year, article: value.article, words: value.words),
        bits: layout.width, to: &bytes)
    }
    pending.flush(to: &bytes)
    bytes += [UInt8](repeating: 0, count: layout.size(titles: values.count) - bytes.count)
    #expect(bytes.count == (values.count * 26 + 7) / 8 + 8)
    bytes.withUnsafeBytes { buffer in
      for (title, value) in values.enumerated() {
        let bits = layout.bits(in: buffer.baseAddress!, title: title)
        #expect(layout.place(bits) == value.place)
        #expect(layout.year(bits) == value.year)
        #expect(layout.startsWithArticle(bits) == value.article)
        #expect(layout.words(bits) == min(value.words, SummaryLayout.mostWords))
      }
    }
  }

  @Test func aCatalogsTitlesReadBackTheirYearsArticlesAndWords() throws {
    let years = (0..<300).map { $0 % 13 == 0 ? 0 : 1_950 + $0 % 11 }
    // Even films' titles start with an article, odd ones' do not; up to 21 words.
    let entries = entries(years: years) {
      ($0 % 2 == 0 ? "The Film" : "Long Film") + String(repeating: " Word", count: $0 % 20)
    }
    let store = try CatalogStore(bytes: CatalogFile.encode(entries))
    // Years 1950–1960 and none: codes 0 to 11, four bits.
    #expect(store.summaryLayout.yearBits == 4)
    #expect(store.summaryLayout.earliestYear == 1_950)
    for film in entries.indices {
      let summary = store.summary(film)
      #expect(summary.year == years[film])
      #expect(store.record(film).year == years[film])
      #expect((summary.flags & CatalogFile.leadingArticle != 0) == (film % 2 == 0))
      #expect(summary.titleWords == min(2 + film % 20, SummaryLayout.mostWords), "film \(film)")
    }
  }

  @Test func aHeaderSayingFieldsWiderThanACatalogsIsDamage() throws {
    let bytes = try CatalogFile.encode(entries(years: [1_950, 1_960, 1_970]))
    let at = CatalogFile.summaryLayoutOffset
    #expect(try CatalogStore(bytes: bytes).summaryLayout.yearBits == 5)
    // A year code of 12 bits; an earliest year past the latest; a top byte not zero.
    for (offset, value) in [(at + 2, UInt8(12)), (at + 1, 0xFF), (at + 3, 1)] {
      var damaged = bytes
      damaged[offset] = value
      #expect(throws: CatalogFile.FormatError.self) { try CatalogStore(bytes: damaged) }
    }
  }

  @Test func aYearCodePastTheLatestYearReadsAsTheLatest() throws {
    let layout = try #require(SummaryLayout(placeBits: 0, yearBits: 11, earliestYear: 2_000))
    let summary = UInt64(SummaryLayout.mostWords) << 12 | UInt64(1 << 11 - 1)
    #expect(layout.year(summary) == CatalogFile.latestYear)
    #expect(layout.words(summary) == SummaryLayout.mostWords)
    // A place or a year a layout was not made for stays in its field's bits.
    let narrow = SummaryLayout.fitting(places: 4, years: [1_990, 1_993])
    let cut = narrow.summary(place: 9, year: 1_900, article: true, words: -3)
    #expect(narrow.place(cut) == 9 & 3)
    #expect(narrow.year(cut) == 0)
    #expect(narrow.startsWithArticle(cut))
    #expect(narrow.words(cut) == 0)
    #expect(SummaryLayout(placeBits: 17, yearBits: 0, earliestYear: 0) == nil)
    #expect(SummaryLayout(placeBits: 0, yearBits: 0, earliestYear: 2_048) == nil)
  }
}
