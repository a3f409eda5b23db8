import Foundation
import MovieSearch
import Testing

@testable import MovieSearchCLI
@testable import TestSupport

#if canImport(Glibc)
  import Glibc
#endif

@Suite struct OutputTests {
  @Test func aLongWaitForARateLimitedRequestIsToldOnATerminal() {
    let capped = RetryWait(delay: .seconds(10), asked: .seconds(3600), retry: 1)
    #expect(
      Backend.retryNotice(capped, onTerminal: true)
        == "TMDb limits the requests: retrying in 10 s (it asked for 3600 s; waits are capped)…")
    #expect(
      Backend.retryNotice(RetryWait(delay: .seconds(4), asked: nil, retry: 3), onTerminal: true)
        == "TMDb limits the requests: retrying in 4 s…")
    #expect(Backend.retryNotice(capped, onTerminal: false) == nil)
    #expect(
      Backend.retryNotice(
        RetryWait(delay: .seconds(1), asked: .seconds(1), retry: 1), onTerminal: true)
        == nil)
  }

  @Test func matchesFollowTheTextAsShownAfterCleaning() {
    // The highlight was computed on the text before its escape sequence or bidi
    // control was removed, and so shifted ("Fi[lm]").
    func shown(_ title: String, _ matches: [Range<Int>]) -> String {
      let (text, ranges) = title.printable(moving: matches)
      var marked = ""
      for (offset, character) in text.enumerated() {
        if ranges.contains(where: { $0.lowerBound == offset }) { marked += "[" }
        marked.append(character)
        if ranges.contains(where: { $0.upperBound == offset + 1 }) { marked += "]" }
      }
      return marked
    }
    let escape = "\u{1B}[31mFilm\u{1B}[0m Noir"  // "Film" is characters 5..<9, "Noir" 14..<18
    #expect(shown(escape, [5..<9, 14..<18]) == "[Film] [Noir]")
    let bidi = "\u{202E}Film Noir"
    #expect(shown(bidi, [1..<5]) == "[Film] Noir")
    #expect(shown("A\tB", [2..<3]) == "A [B]")
    // A match on removed characters is gone; one past the end is cut to it.
    #expect(shown("x\u{1B}[2Jy", [1..<5]) == "xy")
    #expect(shown("Alien", [0..<99, 7..<9]) == "[Alien]")
    #expect(shown("\u{7}Amélie 千と千尋", [1..<7, 8..<12]) == "[Amélie] [千と千尋]")
    let listed = Movie(id: 1, title: "\u{1B}]0;pwned\u{7}Film Noir")
    var found = listed
    found.titleMatches = [15..<19]  // "Noir" after the 10 characters of the title sequence
    #expect(found.listedTitle.text == "Film Noir")
    #expect(found.listedTitle.matches == [5..<9])
  }

  @Test func textFromServersIsMadePrintable() {
    #expect("plain".printable == "plain")
    #expect("a\rb\nc\td".printable == "a b c d")
    #expect("x\u{1B}[31my\u{1B}[0m".printable == "xy")
    #expect("t\u{1B}]0;title\u{07}u".printable == "tu")
    #expect("t\u{1B}]0;title\u{1B}\\u".printable == "tu")
    #expect("n\u{0}u\u{7F}l\u{9B}2Jl".printable == "null")
    #expect("\u{202E}evil".printable == "evil")
    #expect("Amélie 千と千尋".printable == "Amélie 千と千尋")
    var screen = FinderState(size: (columns: 40, rows: 6))
    screen.handle([.character("a")])
    screen.show(
      .success(query: "a", movies: [Movie(id: 1, title: "A\rB\u{1B}[2J")], total: 1))
    #expect(screen.lines(colour: false)[2] == "> A B" + String(repeating: " ", count: 35))
    screen.show(.failure(query: "a", message: "bad\r\u{1B}[2Jnews"))
    #expect(screen.lines(colour: false)[1] == "bad news · Ctrl-R retries")
  }
}
