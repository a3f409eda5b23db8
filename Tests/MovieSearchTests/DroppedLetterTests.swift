import Testing

@testable import MovieSearch
@testable import TestSupport

/// A short real word typed for a title word a letter longer ("fall tie" for Fall Time, "god"
/// for "good"): when the words as typed leave a word unmatched, a title word of three letters
/// is read as one of four with the letter it dropped — a typo's cost, so the whole title
/// comes before the titles holding some of the words as typed.
@Suite(.onOwnThreads) struct DroppedLetterTests {
  @Test func aThreeLetterWordALetterShortFindsTheWholeTitle() throws {
    let catalog = try smallCatalog([
      ("Fall Time", 1995, 330), ("School Ties", 1992, 3_327), ("Legends of the Fall", 1994, 13_327),
      ("Debt Collector, The", 1999, 212), ("Bone Collector, The", 1999, 17_766),
      ("Det sjunde inseglet", 1957, 9_000), ("Tie Me Up! Tie Me Down!", 1990, 5_000),
    ])
    #expect(try catalog.titles("fall tie").first == "Fall Time (1995)")
    let explained = try #require(catalog.searcher.explain("fall tie", filmID: 1))
    #expect(!explained.isPartial && explained.pass == .typos)
    #expect(explained.matches == [0..<4, 5..<9])
    // An article where it cannot be left out is a word like any other: "det" for "debt".
    #expect(try catalog.titles("the det collector").first == "The Debt Collector (1999)")
  }

  @Test func onlyWhenTheWordsAsTypedLeaveOneUnmatched() throws {
    let catalog = try smallCatalog([
      ("Time Bandits", 1981, 50_000), ("Tie Bandits", 1990, 10), ("Good", 2008, 5_000),
      ("God", 1999, 10),
    ])
    // In a long query a word found nowhere is most often one people add: no letter is
    // looked for.
    #expect(Forgiveness.longQueryWords == 6)
    let long = try smallCatalog([
      ("Time of the Day and the Night", 1990, 100), ("Tie Me Up! Tie Me Down!", 1990, 5_000),
    ])
    let explained = try #require(
      long.searcher.explain("tie of the day and the night", filmID: 1))
    #expect(explained.isPartial)
    // A title with the words as typed is the answer, however popular the other.
    #expect(try catalog.titles("tie bandits").first == "Tie Bandits (1990)")
    #expect(try catalog.titles("god").first == "God (1999)")
    #expect(Forgiveness.droppedLetterOfTypedWordsFrom == 3)
    #expect(Forgiveness.typosOfTypedWordsFrom == 4)
  }

  @Test func anArticleThatMayBeLeftOutANumberAndAWordBeingTypedKeepTheirLetters() throws {
    let catalog = try smallCatalog([
      ("They Live", 1988, 5_000), ("Then and Now", 2001, 500), ("Fall Time", 1995, 330),
      ("Tie Me Up! Tie Me Down!", 1990, 5_000), ("Das Boot", 1981, 50_000),
      ("Days of Heaven", 1978, 10_000),
    ])
    let searcher = catalog.searcher
    /// The terms the first way of matching word `position` of `text` reaches.
    func reached(_ text: String, _ position: Int, beingTyped: Bool = false) throws -> Set<String> {
      let query = try #require(TitleQuery(text, beingTyped: beingTyped))
      let plan = SearchPlan(query, searcher: searcher, everyTypo: true, droppedLetters: true)
      let choices = plan.words[position].options.first?.first ?? []
      return Set(
        choices.flatMap { choice in
          choice.terms.map { String(decoding: searcher.store.term($0), as: UTF8.self) }
        })
    }
    #expect(try reached("fall tie", 1).contains("time"))
    // An article first (or last) may be left out: "das" is not read as "days" there — "the"
    // so read would be "thee", "then", "they"… and reach most titles.
    #expect(try !reached("das tie", 0).contains("days"))
    #expect(try reached("tie das tie", 1).contains("days"))
    // A number is typed whole: "300" is neither "3000" nor the beginning of one.
    let numbers = try smallCatalog([("300", 2006, 500), ("3000 Miles to Graceland", 2001, 900)])
    let numberPlan = SearchPlan(
      try #require(TitleQuery("fall 300")), searcher: numbers.searcher, everyTypo: true,
      droppedLetters: true)
    #expect(numberPlan.words[1].options.first?.first.map(\.cost) == [0, Ranking.numberPrefix])
    // Being typed, a word is a beginning only: each letter typed narrows the list.
    #expect(try !reached("fall tie", 1, beingTyped: true).contains("time"))
  }
}
