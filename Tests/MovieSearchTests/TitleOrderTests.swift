import Foundation
import Testing

@testable import MovieSearch
@testable import TestSupport

/// Titles sorted as a person reads them: case and accents folded, not byte order.
@Suite struct TitleOrderTests {
  @Test func accentsAndCaseAreFoldedWhenTitlesAreSorted() throws {
    let catalog = try smallCatalog([
      ("Zuru", 2000, 10), ("Ängen", 2000, 10), ("alpha", 2000, 10), ("Beta", 2000, 10),
      ("Éclair", 2000, 10),
    ])
    func titles(ascending: Bool) throws -> [String] {
      var filter = MovieFilter()
      filter.sort = MovieFilter.Sort(.title, ascending: ascending)
      return try catalog.discoverMovies(filter, page: 1, language: nil).results.map(\.title)
    }
    #expect(try titles(ascending: true) == ["alpha", "Ängen", "Beta", "Éclair", "Zuru"])
    #expect(try titles(ascending: false) == ["Zuru", "Éclair", "Beta", "Ängen", "alpha"])
    #expect(
      ["Zuru", "Ängen", "Drama"].sorted(by: TitleOrder.areInOrder) == ["Ängen", "Drama", "Zuru"])
  }

  /// An ASCII title is folded without Foundation: the same as Foundation folds it.
  @Test func asciiIsFoldedAsFoundationFoldsIt() {
    let every = String(decoding: (0..<0x80).map { UInt8($0) }, as: UTF8.self)
    for text in [every, "The Matrix", "M*A*S*H", "$1000 a Touchdown", "Line\r\nbreak", ""] {
      #expect(
        TitleOrder.folded(text)
          == text.folding(
            options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil))
    }
  }
}
