import Foundation
import MovieSearchBuiltInCatalog
import Testing

@testable import MovieSearch
@testable import TestSupport

/// The rules of human typing, each on a catalog made for it: what people type beyond typos —
/// extra words, numbers in any spelling, abbreviations, other spellings, words joined or
/// split — finds the film, and an answer is never empty when some word matches.
@Suite(.onOwnThreads) struct SearchHumanTests {
  @Test func anExtraWordDoesNotEmptyTheAnswer() throws {
    let catalog = try smallCatalog([
      ("Matrix, The", 1999, 140_000), ("Shining, The", 1980, 50_000),
      ("Movie Movie", 1978, 900), ("Scary Movie", 2000, 40_000), ("Movie Days", 1994, 80),
      ("Film", 1965, 300),
    ])
    #expect(try catalog.titles("the matrix movie").first == "The Matrix (1999)")
    #expect(try catalog.titles("matrix film 1999").first == "The Matrix (1999)")
    #expect(try catalog.titles("the shining kubrick") == ["The Shining (1980)"])
    // A word people add after a title ("movie") is no answer alone: the films that have
    // only it are not listed.
    #expect(try catalog.titles("matrix movie") == ["The Matrix (1999)"])
    // Films that match some words follow, the rarer words weighing more: "matrix" (one
    // film) covers more of "matrix scary days" than "scary" or "days" (one film each,
    // less popular).
    #expect(
      try catalog.titles("matrix scary days") == [
        "The Matrix (1999)", "Scary Movie (2000)", "Movie Days (1994)",
      ])
    #expect(try catalog.searchMovies(MovieQuery("matrix scary days")).totalResults == 3)
    // Nothing matches: nothing comes back.
    #expect(try catalog.titles("zzzz qqqq").isEmpty)
  }

  @Test func filmsMatchingEveryWordComeFirstHoweverPopularTheOthers() throws {
    let catalog = try smallCatalog([
      ("Star Wars", 1977, 5), ("Star Trek", 1979, 900_000), ("Wars of the Roses", 1989, 900_000),
    ])
    #expect(try catalog.titles("star wars").first == "Star Wars (1977)")
  }

  @Test func theCommonestWordsAloneAreNoAnswerToAQueryWithOthers() throws {
    // "of" is in more than one title in fifty: a film matching only it is not an answer.
    let films = (0..<30).map { ("Tale of \($0)", 1990, 1_000) } + [("Matrix, The", 1999, 100)]
    let catalog = try smallCatalog(films)
    #expect(try catalog.titles("matrix of").first == "The Matrix (1999)")
    #expect(try catalog.searchMovies(MovieQuery("matrix of")).totalResults == 1)
    // Alone, it is searched as any word.
    #expect(try catalog.searchMovies(MovieQuery("of")).totalResults == 30)
  }

  @Test func numbersMatchInDigitsWordsRomanNumeralsAndOrdinals() throws {
    let catalog = try smallCatalog([
      ("Rocky", 1976, 30_000), ("Rocky II", 1979, 9_000), ("Rocket to the Moon", 1967, 90),
      ("Ocean's Eleven", 2001, 44_000), ("Ocean's 11", 1960, 2_800),
      ("Friday the 13th", 1980, 10_000), ("Thirteenth Floor, The", 1999, 9_000),
      ("Henry V", 1989, 8_000), ("21 Grams", 2003, 30_000), ("Seven", 1979, 50),
    ])
    #expect(try catalog.titles("rocky two").first == "Rocky II (1979)")
    // Either spelling finds both, as the same title: the more popular first.
    #expect(
      try catalog.titles("oceans 11").prefix(2) == ["Ocean's Eleven (2001)", "Ocean's 11 (1960)"])
    #expect(
      try catalog.titles("oceans eleven").prefix(2) == [
        "Ocean's Eleven (2001)", "Ocean's 11 (1960)",
      ])
    #expect(try catalog.titles("friday the thirteenth").first == "Friday the 13th (1980)")
    #expect(try catalog.titles("13th floor").first == "The Thirteenth Floor (1999)")
    #expect(try catalog.titles("henry the fifth").first == "Henry V (1989)")
    #expect(try catalog.titles("twenty one grams").first == "21 Grams (2003)")
    #expect(try catalog.titles("7").first == "Seven (1979)")
  }

  @Test func aTitleThatIsTheNumberTypedComesFirst() throws {
    let catalog = try smallCatalog([
      ("X-Men", 2000, 45_000), ("X Files, The", 1998, 18_000), ("10", 1979, 3_000),
    ])
    #expect(try catalog.titles("10").first == "10 (1979)")
    #expect(try catalog.titles("ten").first == "10 (1979)")
    // A letter is a letter before it is a numeral.
    #expect(try catalog.titles("x").first == "X-Men (2000)")
  }

  @Test func abbreviationsAndTheirLongFormsAreTheSameWord() throws {
    let catalog = try smallCatalog([
      ("Mr. Deeds", 2002, 11_000), ("Dr. Strangelove", 1964, 60_000),
      ("St. Elmo's Fire", 1985, 5_000), ("Kramer vs. Kramer", 1979, 15_000),
      ("Doctor Zhivago", 1965, 20_000), ("Saint, The", 1997, 12_000),
    ])
    #expect(try catalog.titles("mister deeds").first == "Mr. Deeds (2002)")
    #expect(try catalog.titles("doctor strangelove").first == "Dr. Strangelove (1964)")
    #expect(try catalog.titles("saint elmos fire").first == "St. Elmo's Fire (1985)")
    #expect(try catalog.titles("kramer versus kramer").first == "Kramer vs. Kramer (1979)")
    #expect(try catalog.titles("dr zhivago").first == "Doctor Zhivago (1965)")
  }

  @Test func americanAndBritishSpellingsAndLigaturesMatch() throws {
    let catalog = try smallCatalog([
      ("Colors", 1988, 3_000), ("Theatre of Blood", 1973, 1_000), ("Gray Lady Down", 1978, 900),
      ("Un coeur en hiver", 1992, 1_900), ("Defence of the Realm", 1986, 500),
      ("Traveller", 1997, 700), ("Catalog", 2001, 40), ("Strasse, Die", 1923, 60),
    ])
    #expect(try catalog.titles("colours") == ["Colors (1988)"])
    #expect(try catalog.titles("theater of blood").first == "Theatre of Blood (1973)")
    #expect(try catalog.titles("grey lady down").first == "Gray Lady Down (1978)")
    #expect(try catalog.titles("un cœur en hiver").first == "Un coeur en hiver (1992)")
    #expect(try catalog.titles("defense of the realm").first == "Defence of the Realm (1986)")
    #expect(try catalog.titles("traveler") == ["Traveller (1997)"])
    #expect(try catalog.titles("catalogue") == ["Catalog (2001)"])
    #expect(try catalog.titles("die straße").first == "Die Strasse (1923)")
  }

  @Test func anyTwoNeighbouringWordsMayBeJoinedOrSplit() throws {
    let catalog = try smallCatalog([
      ("Daylight", 1996, 7_000), ("Light of Day", 1987, 500), ("Catwoman", 2004, 8_800),
      ("Pretty Woman", 1990, 23_000), ("Night Fall", 2000, 100),
    ])
    // The second word has fewer films than the first: the joined title is still found.
    #expect(try catalog.titles("day light").first == "Daylight (1996)")
    #expect(try catalog.titles("cat woman").first == "Catwoman (2004)")
    #expect(try catalog.titles("nightfall").first == "Night Fall (2000)")
  }

  @Test func aRealWordMayStillBeATypoWhenThatFindsTheBetterTitle() throws {
    let catalog = try smallCatalog([
      ("Glory", 1989, 21_000), ("Gory Gory Hallelujah", 2003, 40), ("Phone Booth", 2002, 21_000),
      ("Hone", 1999, 30),
    ])
    #expect(
      try catalog.titles("gory").prefix(2) == ["Glory (1989)", "Gory Gory Hallelujah (2003)"])
    #expect(try catalog.titles("hone booh").first == "Phone Booth (2002)")
    // As typed, when that is as good: an obscure exact title is not overruled by a
    // popular one a typo away.
    let exact = try smallCatalog([("Glory", 1989, 21_000), ("Gory", 1990, 20_000)])
    #expect(try exact.titles("gory").first == "Gory (1990)")
  }

  @Test func anUnfinishedLastWordMayHaveATypoFromFourLetters() throws {
    let catalog = try smallCatalog([("Dirty Dancing", 1987, 14_000), ("Dirty Harry", 1971, 20_000)])
    #expect(try catalog.titles("dirty dnac").first == "Dirty Dancing (1987)")
  }

  @Test func partialMatchesHighlightWhatMatched() throws {
    let catalog = try smallCatalog([("Matrix, The", 1999, 140_000)])
    let found = try #require(catalog.searchMovies(MovieQuery("matrix movie")).results.first)
    #expect(found.titleMatches == [4..<10])
  }

  @Test func aHundredThousandCharacterWordEndsAtOnceAndFindsNothing() throws {
    let catalog = try OfflineCatalog.builtIn()
    let word = String(repeating: "x", count: 100_000)
    #expect(try catalog.searchMovies(MovieQuery(word)).results.isEmpty)
    // Beside real words, it is one word that matches nothing.
    #expect(
      try catalog.searchMovies(MovieQuery("the matrix " + word)).results.first?.title
        == "The Matrix")
  }
}
