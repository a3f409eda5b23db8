import Testing

@testable import MovieSearch

/// Edits between two words, as the typo walk counts them: a swap of neighbours is one.
@Suite struct EditDistanceTests {
  @Test(arguments: [
    ("", "", 0), ("", "abc", 3), ("abc", "", 3), ("venus", "venus", 0),
    ("eating", "meeting", 2), ("vincent", "violent", 2), ("detials", "details", 1),
    ("ab", "ba", 1), ("abc", "ca", 3), ("treasure", "pleasure", 2), ("condor", "corndog", 2),
  ])
  func editsAreCountedAsTheWalkCountsThem(a: String, b: String, edits: Int) {
    #expect(EditDistance.between(Array(a.utf8), Array(b.utf8)) == edits)
    #expect(EditDistance.between(Array(b.utf8), Array(a.utf8)) == edits)
  }

  /// A real word is read as another title word an edit away, or two from seven letters.
  @Test func aRealWordsSlipIsTwoEditsOnlyFromSevenLetters() {
    let slip = { (term: String, word: String) in
      Searcher.realWordSlipEdits(Array(term.utf8), of: Array(word.utf8))
    }
    #expect(slip("violent", "vincent") == 2)
    #expect(slip("remedy", "comedy") == nil)
    #expect(slip("remedy", "remedi") == 1)
    #expect(slip("violence", "vincent") == nil)
  }
}
