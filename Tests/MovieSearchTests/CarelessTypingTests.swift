import Foundation
import Testing

@testable import MovieSearch
@testable import TestSupport

/// What people type carelessly, found anyway: the hand-found defects of the search, each on
/// a catalog made for it and on the built-in one.
@Suite struct CarelessTypingTests {
  @Test func lettersBetweenStarsOrDotsAreOneWordInTitlesAndQueries() throws {
    let catalog = try smallCatalog([
      ("MASH", 1970, 14_829), ("Mash'd", 1976, 8), ("C.H.U.D.", 1984, 2_000),
      ("E.T. the Extra-Terrestrial", 1982, 60_000), ("Romy and Michele", 1997, 9_000),
    ])
    #expect(try catalog.titles("m*a*s*h").first == "MASH (1970)")
    #expect(try catalog.titles("m.a.s.h.").first == "MASH (1970)")
    #expect(try catalog.titles("chud").first == "C.H.U.D. (1984)")
    #expect(try catalog.titles("c.h.u.d").first == "C.H.U.D. (1984)")
    // Two letters apart still find one another.
    #expect(try catalog.titles("et").first == "E.T. the Extra-Terrestrial (1982)")
    #expect(try catalog.titles("e t").first == "E.T. the Extra-Terrestrial (1982)")
    #expect(TitleText.searchKey("M*A*S*H, U.S. Marshals 1.5 a.k.a") == "mash us marshals 1 5 aka")
    #expect(TitleText.words("M*A*S*H!").map(\.range) == [0..<7])
  }

  /// A number typed is typed whole: a title word equal to it beats a longer number that
  /// begins with it, even a far more popular one.
  @Test func aNumberThatIsATitleWordBeatsLongerNumbers() throws {
    let catalog = try smallCatalog([
      ("300 Spartans, The", 1962, 548), ("3000 Miles to Graceland", 2001, 7_298),
      ("Mr 3000", 2004, 5_000), ("1941", 1979, 9_000),
    ])
    #expect(try catalog.titles("300").first == "The 300 Spartans (1962)")
    #expect(
      try Set(catalog.titles("3000").prefix(2)) == [
        "3000 Miles to Graceland (2001)", "Mr 3000 (2004)",
      ])
    // A number no title has is still a beginning, typed on.
    #expect(try catalog.titles("194").first == "1941 (1979)")
    #expect(try OfflineCatalog.builtIn().titles("300").first == "The 300 Spartans (1962)")
  }

  /// Star Wars (1977) is also known by its longer title: the episode finds it first.
  @Test func aFilmsWellKnownLongerTitleFindsIt() throws {
    let catalog = try OfflineCatalog.builtIn()
    for typed in ["star wars episode 4", "star wars episode iv", "a new hope"] {
      #expect(try catalog.titles(typed).first == "Star Wars (1977)", "\(typed)")
    }
    #expect(
      try catalog.titles("star wars episode 1").first?.hasPrefix("Star Wars: Episode I ") == true)
  }
}
