import Foundation
import Testing

@testable import MovieSearch
@testable import TestSupport

@Suite struct TitleTextTests {
  @Test func movedArticlesComeBackToTheFront() {
    #expect(TitleText.displayTitle("Matrix, The").display == "The Matrix")
    #expect(TitleText.displayTitle("Godfather: Part II, The").display == "The Godfather: Part II")
    #expect(TitleText.displayTitle("Absence, L'").display == "L'Absence")
    #expect(
      TitleText.displayTitle("Midsummer Night's Dream, A").display == "A Midsummer Night's Dream")
    #expect(TitleText.displayTitle("$40,000").display == "$40,000")
    #expect(
      TitleText.displayTitle("Crouching Tiger, Hidden Dragon").display
        == "Crouching Tiger, Hidden Dragon")
  }

  @Test func wordsFoldCaseAccentsApostrophesAndAmpersands() {
    #expect(TitleText.searchKey("Amélie: Le Fabuleux") == "amelie le fabuleux")
    #expect(TitleText.searchKey("A Bug's Life") == "a bugs life")
    #expect(TitleText.searchKey("L'Absence") == "l absence")
    #expect(TitleText.searchKey("Ocean\u{2019}s Eleven") == "oceans eleven")
    #expect(TitleText.searchKey("  the   MATRIX!! ") == "the matrix")
    #expect(TitleText.searchKey("Fast & Furious") == "fast and furious")
    #expect(TitleText.searchKey("Spider-Man 2") == "spider man 2")
  }

  @Test func wordsRememberWhereTheyAreInTheTitle() {
    let words = TitleText.words("Amélie & L'Absence")
    #expect(words.map(\.range) == [0..<6, 7..<8, 9..<10, 11..<18])
  }
}
