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
    // As a catalog packs them: every film's whole, then another title of each film (its
    // article and word count those of the next film's, wrapping) by its own bits alone.
    let summaries = values.map {
      layout.summary(place: $0.place, year: $0.year, article: $0.article, words: $0.words)
    }
    var bytes: [UInt8] = []
    var pending = PendingBits()
    for summary in summaries { pending.write(summary, bits: layout.width, to: &bytes) }
    for film in summaries.indices {
      pending.write(
        layout.own(summaries[(film + 1) % summaries.count]), bits: SummaryLayout.ownWidth,
        to: &bytes)
    }
    pending.flush(to: &bytes)
    let size = layout.size(films: values.count, others: values.count)
    bytes += [UInt8](repeating: 0, count: size - bytes.count)
    #expect(bytes.count == (values.count * (26 + 5) + 7) / 8 + 8)
    bytes.withUnsafeBytes { buffer in
      for (film, value) in values.enumerated() {
        let bits = layout.bits(in: buffer.baseAddress!, film: film)
        #expect(layout.place(bits) == value.place)
        #expect(layout.year(bits) == value.year)
        #expect(layout.startsWithArticle(bits) == value.article)
        #expect(layout.words(bits) == min(value.words, SummaryLayout.mostWords))
        let next = values[(film + 1) % values.count]
        let other = layout.bits(
          in: buffer.baseAddress!, other: film, films: values.count, film: bits)
        #expect(layout.place(other) == value.place)
        #expect(layout.year(other) == value.year)
        #expect(layout.startsWithArticle(other) == next.article)
        #expect(layout.words(other) == min(next.words, SummaryLayout.mostWords))
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

  @Test func anotherTitleReadsItsFilmsPopularityAndYearAndItsOwnArticleAndWords() throws {
    let years = (0..<120).map { $0 % 7 == 0 ? 0 : 1_930 + $0 }
    // Every third film has another title: its article and word count unlike its display
    // title's (up to 18 words, past what a summary counts).
    var entries = entries(years: years)
    for film in entries.indices where film % 3 == 0 {
      entries[film].alternativeTitles = [
        (film % 2 == 0 ? "Some Other" : "The Other") + String(repeating: " Name", count: film % 17)
      ]
    }
    let store = try CatalogStore(bytes: CatalogFile.encode(entries))
    #expect(store.titleCount == entries.count + 40)
    for title in store.filmCount..<store.titleCount {
      let film = store.film(ofTitle: title)
      let (summary, filmSummary) = (store.summary(title), store.summary(film))
      #expect(film % 3 == 0)
      #expect(summary.year == years[film])
      #expect(summary.popularity == filmSummary.popularity)
      #expect((summary.flags & CatalogFile.leadingArticle != 0) == (film % 2 != 0), "\(title)")
      #expect(summary.titleWords == min(2 + film % 17, SummaryLayout.mostWords), "\(title)")
      #expect(filmSummary.titleWords == 2)
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
