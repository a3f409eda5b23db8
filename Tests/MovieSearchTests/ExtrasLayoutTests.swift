import Foundation
import Testing

@testable import MovieSearch
@testable import TestSupport

/// Each film's genres, directors and cast are written as bits, as wide as the catalog's
/// largest needs (``ExtrasLayout``): every film reads back as it was, and a damaged film or
/// header reads as fewer, never past its bits.
@Suite struct ExtrasLayoutTests {
  typealias Extras = (genres: [Int], directors: [Int], cast: [Int])

  /// `count` films' extras: some with none, most with a few, people to `names`.
  static func films(count: Int, genres: Int, names: Int, seed: UInt64) -> [Extras] {
    var random = SeededGenerator(seed: seed)
    func list(_ length: UInt64, _ largest: Int) -> [Int] {
      (0..<Int(random.next() % length)).map { _ in Int(random.next() % UInt64(largest + 1)) }
    }
    return (0..<count).map { _ in (list(4, genres), list(3, names), list(7, names)) }
  }

  /// The list `list` of each film, read back.
  private func readBack(_ films: [Extras]) -> [Extras] {
    var writer = ExtrasWriter()
    for film in films {
      writer.add(genres: film.genres, directors: film.directors, cast: film.cast)
    }
    let (layout, bytes, starts) = writer.finished()
    #expect(bytes.count == ExtrasLayout.size(bits: starts.last ?? 0))
    return bytes.withUnsafeBytes { raw in
      films.indices.map { film in
        let lists = (0..<3).map { list in
          var values: [Int] = []
          _ = layout.any(
            list: list, start: starts[film], end: starts[film + 1], in: raw.baseAddress!
          ) {
            values.append($0)
            return false
          }
          return values
        }
        return (lists[0], lists[1], lists[2])
      }
    }
  }

  @Test(arguments: [(1, 0), (28, 1), (28, 1_613_276), (255, Int(Int32.max))])
  func everyFilmReadsBack(genres: Int, names: Int) {
    let films = Self.films(count: 2_000, genres: genres, names: names, seed: UInt64(names))
    let read = readBack(films)
    #expect(read.count == films.count)
    for (got, wanted) in zip(read, films) {
      #expect(got.genres == wanted.genres)
      #expect(got.directors == wanted.directors)
      #expect(got.cast == wanted.cast)
    }
  }

  @Test func eachPartIsAsWideAsItsLargestNeeds() {
    var writer = ExtrasWriter()
    writer.add(genres: [27], directors: [5], cast: [1_613_275, 0, 1, 2, 3, 4])
    writer.add(genres: [], directors: [], cast: [])
    let (layout, _, starts) = writer.finished()
    // Counts to 1, 1 and 6; genres to 27; names to 1,613,275.
    #expect(layout.widths == [1, 1, 3, 5, 21])
    #expect(starts == [0, 1 + 1 + 3 + 5 + 7 * 21, 2 * (1 + 1 + 3) + 5 + 7 * 21])
  }

  @Test func aFilmWhoseCountsClaimMoreThanItsBitsHasNone() {
    var writer = ExtrasWriter()
    writer.add(genres: [1, 2], directors: [3], cast: [4, 5])
    let (layout, bytes, starts) = writer.finished()
    bytes.withUnsafeBytes { raw in
      for end in 0..<starts[1] {
        var read: [Int] = []
        for list in 0..<3 {
          _ = layout.any(list: list, start: 0, end: end, in: raw.baseAddress!) {
            read.append($0)
            return false
          }
        }
        #expect(read.isEmpty, "cut at \(end) of \(starts[1]) bits")
      }
    }
  }

  @Test func widthsPastTheirLimitsAreDamage() {
    #expect(ExtrasLayout(widths: [8, 8, 8, 32, 32]) != nil)
    #expect(ExtrasLayout(widths: [9, 0, 0, 0, 0]) == nil)
    #expect(ExtrasLayout(widths: [0, 0, 0, 33, 0]) == nil)
    #expect(ExtrasLayout(widths: [0, 0, 0, 0, 255]) == nil)
    #expect(ExtrasLayout(widths: [0, 0, 0, 0]) == nil)
  }
}
