import Foundation
import Testing

@testable import MovieSearch
@testable import TestSupport

/// Each film's genres, directors and cast are written as bits (``ExtrasLayout``): its
/// searched people by their names' words when the name is the first with them, the others as
/// indices as wide as the catalog's largest needs. Every film reads back as it was, and a
/// damaged film or header reads as fewer, never past its bits.
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

  /// Names' word counts and whether each is the first with its words, for `names` names:
  /// mostly two or three words, some none or more than a count holds; one in five not first.
  static func names(_ names: Int, seed: UInt64) -> (words: [Int], first: [Bool]) {
    var random = SeededGenerator(seed: seed)
    let counts = [2, 2, 2, 2, 3, 3, 1, 0, 4, 70]
    let words = (0..<min(names + 1, 5_000)).map { _ in counts[Int(random.next() % 10)] }
    return (words, words.indices.map { _ in random.next() % 5 != 0 })
  }

  /// What the writer is given, and what each film's people read back as.
  struct Written {
    let layout: ExtrasLayout
    let bytes: [UInt8]
    let starts: [Int]

    init(_ films: [Extras], nameWords: [Int], first: [Bool]) {
      var writer = ExtrasWriter(nameWords: nameWords, firstOfItsWords: first)
      for film in films {
        writer.add(genres: film.genres, directors: film.directors, cast: film.cast)
      }
      (layout, bytes, starts) = writer.finished()
    }

    func genres(of film: Int, end: Int? = nil) -> [Int] {
      bytes.withUnsafeBytes { raw in
        var values: [Int] = []
        _ = layout.anyGenre(start: starts[film], end: end ?? starts[film + 1], in: raw.baseAddress!)
        {
          values.append($0)
          return false
        }
        return values
      }
    }

    func people(of film: Int, end: Int? = nil, peopleWords: Int = .max) -> [(
      ExtrasLayout.Credit, Bool
    )] {
      bytes.withUnsafeBytes { raw in
        var values: [(ExtrasLayout.Credit, Bool)] = []
        _ = layout.forEachPerson(
          start: starts[film], end: end ?? starts[film + 1], in: raw.baseAddress!,
          peopleWords: peopleWords
        ) {
          values.append(($0, $1))
          return false
        }
        return values
      }
    }
  }

  /// How `film`'s people should read back: a searched person by their words when their name
  /// is the first with them, has words, and its run ends within a title's words after runs
  /// whose counts are exact.
  static func expected(_ film: Extras, nameWords: [Int], first: [Bool]) -> [(
    ExtrasLayout.Credit, Bool
  )] {
    var words = 0
    var exact = true
    return (film.directors + film.cast).enumerated().map { position, name in
      let isDirector = position < film.directors.count
      guard position < CatalogFile.searchedPeople else { return (.name(name), isDirector) }
      let count = name < nameWords.count ? nameWords[name] : 0
      defer {
        words += count
        exact = exact && count <= SearchedCredit.largestCount
      }
      let byWords =
        exact && count > 0 && name < first.count && first[name]
        && words + count <= CatalogStore.WordIDs.capacity
      return (byWords ? .words(words..<words + count) : .name(name), isDirector)
    }
  }

  @Test(arguments: [(1, 0), (28, 1), (28, 4_999), (255, Int(Int32.max))])
  func everyFilmReadsBack(genres: Int, names: Int) {
    let films = Self.films(count: 2_000, genres: genres, names: names, seed: UInt64(names))
    let (nameWords, first) = Self.names(names, seed: UInt64(genres))
    let written = Written(films, nameWords: nameWords, first: first)
    #expect(written.bytes.count == ExtrasLayout.size(bits: written.starts.last ?? 0))
    var byWords = 0
    for (film, wanted) in films.enumerated() {
      #expect(written.genres(of: film) == wanted.genres)
      let read = written.people(of: film)
      let expected = Self.expected(wanted, nameWords: nameWords, first: first)
      #expect(read.map(\.0) == expected.map(\.0), "film \(film)")
      #expect(read.map(\.1) == expected.map(\.1))
      byWords += read.filter { if case .words = $0.0 { true } else { false } }.count
    }
    // Names past those the writer knows the words of are written as indices.
    if names < 5_000 { #expect(byWords > 1_000) }
  }

  @Test func eachPartIsAsWideAsItsLargestNeeds() {
    let nameWords = [Int](repeating: 2, count: 1_613_276)
    var first = [Bool](repeating: true, count: 1_613_276)
    first[1] = false
    var writer = ExtrasWriter(nameWords: nameWords, firstOfItsWords: first)
    writer.add(genres: [27], directors: [5], cast: [1_613_275, 0, 1, 2, 3, 4])
    writer.add(genres: [], directors: [], cast: [])
    let (layout, _, starts) = writer.finished()
    // Counts to 1, 1 and 6; genres to 27; names to 1,613,275.
    #expect(layout.widths == [1, 1, 3, 5, 21])
    // The first four people searched: three by their two words (a bit, and a bit that says
    // so), one (name 1, not the first with its words) by its index too; three more by index.
    let people = 4 * 2 + 21 + 3 * 21
    #expect(starts == [0, 1 + 1 + 3 + 5 + people, 2 * (1 + 1 + 3) + 5 + people])
  }

  @Test func aFilmWhoseCountsClaimMoreThanItsBitsHasNoMoreThanItsBitsHold() {
    let (nameWords, first) = Self.names(10, seed: 3)
    let films: [Extras] = [([1, 2], [3], [4, 5, 6, 7, 8])]
    let written = Written(films, nameWords: nameWords, first: first)
    let whole = written.people(of: 0)
    #expect(whole.count == 6)
    for end in 0..<written.starts[1] {
      let genres = written.genres(of: 0, end: end)
      #expect(genres.isEmpty || genres == [1, 2], "cut at \(end)")
      let people = written.people(of: 0, end: end)
      #expect(people.count < whole.count, "cut at \(end) of \(written.starts[1]) bits")
      #expect(people.indices.allSatisfy { people[$0].0 == whole[$0].0 })
    }
  }

  @Test func aRunOfWordsPastTheFilmsWordsEndsItsPeople() {
    let nameWords = [2, 3, 2, 2, 2]
    let films: [Extras] = [([], [0], [1, 2, 3, 4])]
    let written = Written(films, nameWords: nameWords, first: [Bool](repeating: true, count: 5))
    // Words 0..<2, 2..<5, 5..<7, 7..<9; then one by index.
    #expect(written.people(of: 0).count == 5)
    #expect(written.people(of: 0, peopleWords: 9).count == 5)
    #expect(written.people(of: 0, peopleWords: 6).map(\.0) == [.words(0..<2), .words(2..<5)])
    #expect(written.people(of: 0, peopleWords: 0).isEmpty)
  }

  @Test func widthsPastTheirLimitsAreDamage() {
    #expect(ExtrasLayout(widths: [8, 8, 8, 32, 32]) != nil)
    #expect(ExtrasLayout(widths: [9, 0, 0, 0, 0]) == nil)
    #expect(ExtrasLayout(widths: [0, 0, 0, 33, 0]) == nil)
    #expect(ExtrasLayout(widths: [0, 0, 0, 0, 255]) == nil)
    #expect(ExtrasLayout(widths: [0, 0, 0, 0]) == nil)
  }
}
