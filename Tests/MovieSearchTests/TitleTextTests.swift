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

  /// ASCII titles are split byte by byte, others character by character: the same title
  /// with one more character that is not ASCII has the same words before it, at the same
  /// places — a carriage return and line feed being one character.
  @Test(arguments: [
    "L'Absence & M*A*S*H: Un'Altra Notte, D'Artagnan", "C.H.U.D. II", "  the   MATRIX!! ",
    "Line\r\nBreak & Co", "Bug's Life",
  ])
  func asciiTitlesAreSplitAsOthersAre(title: String) {
    let ascii = TitleText.words(title)
    let other = TitleText.words(title + " \u{E9}t\u{E9}")
    #expect(Array(other.prefix(ascii.count)) == ascii)
    #expect(other.dropFirst(ascii.count).map(\.text) == [Array("ete".utf8)])
    #expect(ascii.last?.range.upperBound ?? 0 <= title.count)
  }
}
