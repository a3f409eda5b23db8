import Foundation
import MovieSearchBuiltInCatalog
import Testing

@testable import MovieSearch
@testable import TestSupport

/// What people type carelessly, found anyway: the hand-found defects of the search, each on
/// a catalog made for it and on the built-in one.
@Suite(.onOwnThreads) struct CarelessTypingTests {
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

  /// Three words or more typed without spaces are split into title words, the fewest and
  /// the most common; the last may be unfinished.
  @Test(arguments: [
    ("backtothefuture", "Back to the Future (1985)"), ("allthatjazz", "All That Jazz (1979)"),
    ("revengeofthenerds", "Revenge of the Nerds (1984)"),
    ("silenceofthelambs", "The Silence of the Lambs (1991)"),
    ("backtothefut", "Back to the Future (1985)"),
    ("lordoftherings", "The Lord of the Rings (1978)"),
    ("the godfatherpart", "The Godfather: Part II (1974)"), ("madmax2", "Mad Max 2 (1981)"),
    ("bringiton", "Bring It On (2000)"),
  ])
  func wordsRunTogetherAreSplitIntoTitleWords(_ typed: String, _ first: String) throws {
    #expect(try OfflineCatalog.builtIn().titles(typed).first == first, "\(typed)")
  }

  @Test func aSplitIsTheFewestMostCommonTitleWords() throws {
    let catalog = try smallCatalog([
      ("Back to the Future", 1985, 68_000), ("Tot", 1990, 10), ("He", 1991, 10),
      ("Hef", 1992, 10), ("Uture", 1993, 10),
    ])
    let store = catalog.store
    func split(_ word: String) -> [String]? {
      Segmentation.pieces(of: Array(word.utf8), store: store)?.map {
        String(decoding: $0, as: UTF8.self)
      }
    }
    #expect(split("backtothefuture") == ["back", "to", "the", "future"])
    #expect(split("backtothefu") == ["back", "to", "the", "fu"])
    // A title word is not split, nor a word no title words make.
    #expect(split("future") == nil)
    #expect(split("zzzzzzqq") == nil)
    // Letters alone are no words but "a" and "i".
    #expect(split("hetothetot") == ["he", "to", "the", "tot"])
    #expect(try catalog.titles("backtothefuture").first == "Back to the Future (1985)")
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

/// Years as people remember them: a year or two off, a decade in any spelling, and a year
/// that is a title word.
@Suite struct RememberedYearTests {
  let catalog: OfflineCatalog

  init() throws {
    catalog = try smallCatalog([
      ("Grease", 1978, 60_000), ("Greased Lightning", 1977, 60_000),
      ("Matrix, The", 1999, 100_000), ("Matrix Hunter", 1998, 100_000),
      ("Alien", 1979, 50_000), ("Aliens", 1986, 50_000), ("Alien Nation", 1988, 500_000),
      ("Heat", 1995, 40_000), ("Heat", 1972, 40_000), ("Goddess of 1967, The", 2000, 900),
      ("Goddess", 1967, 900), ("1941", 1979, 9_000),
    ])
  }

  @Test(arguments: [
    ("grease 1977", "Grease (1978)"), ("grease 1976", "Grease (1978)"),
    ("the matrix 1998", "The Matrix (1999)"), ("the matrix 1997", "The Matrix (1999)"),
    ("1977 greased", "Greased Lightning (1977)"),
  ])
  func aYearOffByOneOrTwoNeverLetsAWeakerTitleWin(_ typed: String, _ first: String) throws {
    #expect(try catalog.titles(typed).first == first)
  }

  @Test func aYearOffGetsLessThanTheYearTyped() throws {
    let hint = try #require(YearHint(Array("1978".utf8)))
    #expect(hint.bonus(1978) < hint.bonus(1977))
    #expect(hint.bonus(1977) < hint.bonus(1980))
    #expect(hint.bonus(1980) < hint.bonus(1981))
    #expect(hint.bonus(1981) == 0)
    // Two years off still keep more than a typo's worth.
    #expect(hint.bonus(1980) < -Ranking.typo)
  }

  @Test func theOfADecadeLastIsNoTitleWord() throws {
    let builtIn = try OfflineCatalog.builtIn()
    #expect(try builtIn.titles("babe the 90s").first == "Babe (1995)")
    #expect(try builtIn.titles("manhattan the 70s").first == "Manhattan (1979)")
  }

  @Test(arguments: ["alien 70s", "alien '70s", "alien 1970s", "the 70s alien", "alien 70's"])
  func aDecadeInAnySpellingRanksItsFilmsFirst(_ typed: String) throws {
    #expect(try catalog.titles(typed).first == "Alien (1979)", "\(typed)")
    #expect(
      try catalog.titles(typed.replacingOccurrences(of: "70", with: "80")).first
        == "Alien Nation (1988)", "\(typed)")
  }

  @Test func decadesAreReadAsPeopleMeanThem() {
    func decade(_ word: String) -> Int? {
      YearHint(Array(word.utf8)).flatMap { $0.isDecade ? $0.first : nil }
    }
    #expect(decade("90s") == 1990)
    #expect(decade("00s") == 2000)
    #expect(decade("20s") == 2020)
    #expect(decade("30s") == 1930)
    #expect(decade("1920s") == 1920)
    #expect(decade("95s") == nil)
    #expect(decade("1995s") == nil)
    #expect(decade("9000s") == nil)
    #expect(YearHint(Array("1870".utf8))?.first == 1870)
    #expect(YearHint(Array("1869".utf8)) == nil)
  }

  @Test func aYearThatIsATitleWordStillMatchesAsOne() throws {
    #expect(try catalog.titles("the goddess of 1967").first == "The Goddess of 1967 (2000)")
    #expect(try catalog.titles("1941").first == "1941 (1979)")
    #expect(try catalog.titles("heat 1972").first == "Heat (1972)")
    #expect(try catalog.titles("heat 1995").first == "Heat (1995)")
  }
}
