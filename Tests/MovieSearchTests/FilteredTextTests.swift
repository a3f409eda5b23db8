import MovieSearch
import Testing

/// The finder's field read as filter tokens and a title (``FilteredText``): every key, its
/// forms, what is not a token, half-typed and hostile values.
@Suite struct FilteredTextTests {
  static let genres = ["Action", "Comedy", "Crime", "Drama", "Science Fiction", "Western"]

  func read(_ text: String, base: MovieFilter = MovieFilter()) -> FilteredText {
    FilteredText(text, base: base, genres: Self.genres)
  }

  func filter(_ change: (inout MovieFilter) -> Void) -> MovieFilter {
    var filter = MovieFilter()
    change(&filter)
    return filter
  }

  @Test(arguments: [
    ("genre:comedy love", "love", ["Comedy"], false),
    ("genre:COMEDY,drama", "", ["Comedy", "Drama"], false),
    ("genre:comedy+drama", "", ["Comedy", "Drama"], true),
    ("genre:comedy genre:drama", "", ["Comedy", "Drama"], true),
    ("genres:sci-fi alien", "alien", ["Science Fiction"], false),
    ("genre:west", "", ["Western"], false),
    ("genre:science_fiction", "", ["Science Fiction"], false),
  ])
  func genres(text: String, title: String, genres: [String], all: Bool) {
    let read = read(text)
    #expect(read.title == title)
    #expect(read.filter == filter { ($0.genres, $0.allGenres) = (genres, all) })
    #expect(read.tokens.allSatisfy { !$0.isProblem })
  }

  @Test(
    arguments: [
      ("year:1994", 1994, 1994), ("year:1990..1999", 1990, 1999), ("year:2000..", 2000, nil),
      ("years:..1950", nil, 1950), ("year:>2000", 2001, nil), ("year:>=2000", 2000, nil),
      ("year:<1950", nil, 1949), ("year:<=1950", nil, 1950), ("year:90s", 1990, 1999),
      ("year:'70s", 1970, 1979), ("year:1980s", 1980, 1989), ("year:00s", 2000, 2009),
    ] as [(String, Int?, Int?)])
  func years(text: String, from: Int?, to: Int?) {
    let read = read(text + " heat")
    #expect(read.title == "heat")
    #expect(read.filter == filter { ($0.fromYear, $0.toYear) = (from, to) })
  }

  @Test func ratingVotesRuntimePersonCertificationAndSort() {
    #expect(read("rating:7.5").filter == filter { $0.minRating = 7.5 })
    #expect(read("rating:>=7.5").filter == filter { $0.minRating = 7.5 })
    // More than 7.5: a film rated exactly 7.5 does not pass.
    #expect(read("rating:>7.5").filter.minRating.map { $0 > 7.5 && $0 < 7.5001 } == true)
    #expect(read("votes:>1000").filter == filter { $0.minVotes = 1001 })
    #expect(read("votes:10k").filter == filter { $0.minVotes = 10_000 })
    #expect(read("votes:1,500").filter == filter { $0.minVotes = 1500 })
    #expect(read("runtime:<100").filter == filter { $0.maxRuntime = 99 })
    #expect(read("runtime:>=90").filter == filter { $0.minRuntime = 90 })
    #expect(
      read("runtime:90..120").filter == filter { ($0.minRuntime, $0.maxRuntime) = (90, 120) })
    #expect(read("by:kubrick").filter == filter { $0.person = "kubrick" })
    let quoted = read(#"the shining by:"stanley kubrick" 1980"#)
    #expect(quoted.filter == filter { $0.person = "stanley kubrick" })
    #expect(quoted.title == "the shining 1980")
    #expect(read("cert:pg-13").filter == filter { $0.certification = "PG-13" })
    #expect(read("cert:pg13").filter == filter { $0.certification = "PG-13" })
    #expect(read("certification:nc-17").filter == filter { $0.certification = "NC-17" })
    #expect(read("sort:rating").filter == filter { $0.sort = .init(.rating) })
    #expect(
      read("sort:year:asc").filter == filter { $0.sort = .init(.year, ascending: true) })
  }

  @Test func wordsWithOtherColonsAreTitleWords() {
    let read = read("mission:impossible re:animator star wars: episode")
    #expect(read.title == "mission:impossible re:animator star wars: episode")
    #expect(read.tokens.isEmpty)
    #expect(read.filter == MovieFilter())
  }

  @Test func tokensSayWhereTheyAreAndWhatTheyDo() {
    let read = read("love genre:comedy year:90s")
    #expect(read.tokens.map(\.range) == [5..<17, 18..<26])
    #expect(read.tokens.map(\.summary) == ["Comedy", "1990–1999"])
  }

  /// Half typed or wrong: neither applied nor searched as a title word, and said.
  @Test(arguments: [
    ("rating:", "rating: needs a value"),
    ("rating:>", "rating: needs a number from 0 to 10, such as >7.5"),
    ("rating:11", "rating: needs a number from 0 to 10, such as >7.5"),
    ("rating:nan", "rating: needs a number from 0 to 10, such as >7.5"),
    ("rating:1e300", "rating: needs a number from 0 to 10, such as >7.5"),
    ("votes:1e300", "votes: needs a count, such as >1000 or 10k"),
    ("votes:9223372036854775807", "votes: needs a count, such as >1000 or 10k"),
    ("rating:-1e300", "rating: needs a number from 0 to 10, such as >7.5"),
    ("year:-1e300", "year: needs a year from 1800 to 2200, a range 1990..1999, or 90s"),
    (
      "year:9223372036854775807", "year: needs a year from 1800 to 2200, a range 1990..1999, or 90s"
    ),
    ("runtime:<9223372036854775807", "runtime: minutes as <100, >90 or 90..120"),
    ("votes:-5", "votes: needs a count, such as >1000 or 10k"),
    ("votes:<5", "votes: needs a count, such as >1000 or 10k"),
    (
      "year:99999999999999999999",
      "year: needs a year from 1800 to 2200, a range 1990..1999, or 90s"
    ),
    ("year:1999..1990", "year: needs a year from 1800 to 2200, a range 1990..1999, or 90s"),
    ("year:1994.5", "year: needs a year from 1800 to 2200, a range 1990..1999, or 90s"),
    ("year:-0", "year: needs a year from 1800 to 2200, a range 1990..1999, or 90s"),
    ("runtime:100", "runtime: minutes as <100, >90 or 90..120"),
    ("runtime:0..1e400", "runtime: minutes as <100, >90 or 90..120"),
    ("genre:c", "genre: “c” could be Comedy, Crime"),
    ("genre:zzz", "genre: no genre “zzz”"),
    ("cert:x", "cert: one of G, PG, PG-13, R, NC-17"),
    ("cert:pg-14", "cert: one of G, PG, PG-13, R, NC-17"),
    (
      "sort:cost",
      "sort: one of popularity, rating, votes, year, title, runtime, with :asc or :desc"
    ),
  ])
  func problems(text: String, problem: String) {
    let read = read("heat " + text)
    #expect(read.title == "heat")
    #expect(read.filter == MovieFilter())
    #expect(read.tokens.map(\.summary) == [problem])
    #expect(read.tokens.map(\.isProblem) == [true])
  }

  @Test func tokensReplaceWhatTheFlagsSaidOfTheSameThing() {
    var base = MovieFilter()
    base.genres = ["Drama"]
    base.minVotes = 1000
    let read = read("genre:western", base: base)
    #expect(read.filter == filter { ($0.genres, $0.minVotes) = (["Western"], 1000) })
  }

  @Test func withoutKnownGenresANameIsTakenAsTyped() {
    let read = FilteredText("genre:film-noir")
    #expect(read.filter.genres == ["film-noir"])
  }
}
