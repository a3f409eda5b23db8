import Foundation
import MovieSearch
import Testing

@testable import TestSupport

@Suite struct ModelDecodingTests {
  func page(_ rows: String) throws -> MoviePage {
    let json = #"{"page":1,"results":[\#(rows)],"total_pages":1,"total_results":3}"#
    return try JSONDecoder().decode(MoviePage.self, from: Data(json.utf8))
  }

  func movie(_ fields: String) throws -> Movie {
    try JSONDecoder().decode(Movie.self, from: Data("{\"id\":1,\"title\":\"T\",\(fields)}".utf8))
  }

  @Test func decodesAFullTMDbRow() throws {
    let row = """
      {"adult":false,"backdrop_path":"/b.jpg","genre_ids":[28,878],"id":603,
       "original_language":"en","original_title":"The Matrix","overview":"Neo…",
       "popularity":83.5,"poster_path":"/p.jpg","release_date":"1999-03-31",
       "title":"The Matrix","video":false,"vote_average":8.2,"vote_count":26000}
      """
    let movie = try JSONDecoder().decode(Movie.self, from: Data(row.utf8))
    #expect(
      movie
        == Movie(
          id: 603, title: "The Matrix", originalTitle: "The Matrix", originalLanguage: "en",
          overview: "Neo…", releaseDate: ReleaseDate(year: 1999, month: 3, day: 31),
          posterPath: "/p.jpg", backdropPath: "/b.jpg", genreIDs: [28, 878], popularity: 83.5,
          voteAverage: 8.2, voteCount: 26000))
  }

  @Test func theRuntimeAndTheCatalogsIdOfAMergedRowAreRangeChecked() throws {
    let read = try movie(#""runtime":136,"source":"both","catalog_id":32710"#)
    #expect(read.runtime == 136 && read.catalogID == 32710 && read.source == .both)
    // Out of range, or not a number: unknown, and the row is kept.
    for bad in OutsideNumberTests.extremes + ["0", "\"NaN\"", "\"1e999\"", "null"] {
      let row = try movie(#""runtime":\#(bad),"source":"both","catalog_id":\#(bad)"#)
      #expect(row.runtime == nil && row.catalogID == nil, "\(bad)")
    }
    // A catalog id means something only for a film both sources have.
    #expect(try movie(#""source":"tmdb","catalog_id":5"#).catalogID == nil)
    #expect(try movie(#""source":"catalog""#).catalogID == 1)
  }

  @Test func anEmptyOrMissingReleaseDateIsNoDate() throws {
    #expect(try movie(#""release_date":"""#).releaseDate == nil)
    #expect(try movie(#""overview":"x""#).releaseDate == nil)
    #expect(try movie(#""release_date":null"#).releaseDate == nil)
    #expect(try movie(#""release_date":"1999-02-30""#).releaseDate == nil)
  }

  @Test func releaseDatesAreParsedInUTCWhateverTheLocale() throws {
    let date = try #require(try movie(#""release_date":"1999-03-31""#).releaseDate)
    #expect(date.description == "1999-03-31")
    #expect(date.date.timeIntervalSince1970 == 922_838_400)
    #expect(ReleaseDate("2000-02-29") != nil)
    #expect(ReleaseDate("1900-02-29") == nil)
    #expect(ReleaseDate("1999") == ReleaseDate(year: 1999))
    #expect(ReleaseDate("99-03-31") == nil)
  }

  @Test func nullImagePathsAreNil() throws {
    let movie = try movie(#""poster_path":null,"backdrop_path":null"#)
    #expect(movie.posterPath == nil)
    #expect(movie.backdropPath == nil)
  }

  @Test func anEmptyOrMissingOverviewIsNil() throws {
    #expect(try movie(#""overview":"""#).overview == nil)
    #expect(try movie(#""popularity":1"#).overview == nil)
  }

  @Test func integerValuedNumbersAreAccepted() throws {
    let movie = try movie(#""vote_average":8,"popularity":12,"vote_count":3.0"#)
    #expect(movie.voteAverage == 8)
    #expect(movie.popularity == 12)
    #expect(movie.voteCount == 3)
  }

  @Test func unknownFieldsAndMissingGenreIDsAreTolerated() throws {
    let movie = try movie(#""media_type":"collection","extra":{"deep":[1,2,{"x":null}]}"#)
    #expect(movie.genreIDs == [])
    #expect(movie.title == "T")
  }

  @Test func aRowThatCannotBeDecodedIsSkippedNotFatal() throws {
    let page = try page(
      #"{"id":1,"title":"One","vote_count":0},{"title":"no id","release_date":""},"not even an object",{"id":3,"title":"Three","genre_ids":[]}"#
    )
    #expect(page.results.map(\.title) == ["One", "Three"])
    #expect(page.skippedRows == 2)
    #expect(page.totalResults == 3)
  }

  @Test func rowsThatAreNotFilmsAreSkippedAndCounted() throws {
    let page = try page(
      [
        #"{"id":1,"title":"A Film","release_date":"2008-01-18","genre_ids":[28],"vote_average":6.7,"vote_count":9000}"#,
        // Collection entries as /search/movie mixes them in: a title or a name, nothing else.
        #"{"adult":false,"id":373722,"title":"Cloverfield Collection","poster_path":"/p.jpg","overview":"…"}"#,
        #"{"id":2,"name":"Another Collection","original_name":"Another Collection"}"#,
        #"{"id":3,"title":"A Show","media_type":"tv","release_date":"2001-01-01","vote_count":1}"#,
        #"{"id":4,"name":"A Person","media_type":"person","known_for_department":"Acting"}"#,
        #"{"id":5,"title":"C","media_type":"collection","vote_count":0}"#,
        #"{"id":6,"title":"A Movie Row","media_type":"movie","vote_count":3}"#,
      ].joined(separator: ","))
    #expect(page.results.map(\.id) == [1, 6])
    #expect(page.skippedRows == 5)
  }

  @Test func nonLatinTitlesSurviveIntact() throws {
    let titles = ["千と千尋の神隠し", "Москва слезам не верит", "🎬 Ünïcödé", "باب الحديد"]
    for title in titles {
      // Raw UTF-8 in the JSON, and \u escapes (which is how some servers send it).
      let raw = try JSONDecoder().decode(
        Movie.self, from: Data(#"{"id":1,"title":"\#(title)"}"#.utf8))
      let escaped = title.unicodeScalars.map { scalar in
        scalar.utf16.map { String(format: "\\u%04x", $0) }.joined()
      }.joined()
      let decoded = try JSONDecoder().decode(
        Movie.self, from: Data(#"{"id":1,"title":"\#(escaped)"}"#.utf8))
      #expect(raw.title == title)
      #expect(decoded.title == title)
    }
  }

  @Test func aMovieRoundTripsThroughItsTMDbShape() throws {
    let movie = Movie(
      id: 7, title: "Le Samouraï", originalTitle: "Le Samouraï", overview: nil,
      releaseDate: ReleaseDate(year: 1967, month: 10, day: 25), genreIDs: [80],
      voteAverage: 7.9, voteCount: 900)
    let decoded = try JSONDecoder().decode(Movie.self, from: JSONEncoder().encode(movie))
    #expect(decoded == movie)
  }

  @Test func detailsDecodeGenresAndTreatZeroAsUnknown() throws {
    let json = """
      {"id":603,"title":"The Matrix","genres":[{"id":28,"name":"Action"}],"runtime":136,
       "tagline":"Welcome to the Real World.","status":"Released","budget":63000000,
       "revenue":0,"imdb_id":"tt0133093","homepage":""}
      """
    let details = try JSONDecoder().decode(MovieDetails.self, from: Data(json.utf8))
    #expect(details.genres == [Genre(id: 28, name: "Action")])
    #expect(details.movie.genreIDs == [28])
    #expect(details.runtime == 136)
    #expect(details.budget == 63_000_000)
    #expect(details.revenue == nil)
    #expect(details.homepage == nil)
    #expect(details.imdbID == "tt0133093")
  }

  @Test func posterURLsJoinBaseSizeAndPath() throws {
    let json =
      #"{"images":{"secure_base_url":"https://image.tmdb.org/t/p/","base_url":"http://x/","poster_sizes":["w92","w154","w342","w500","original"]}}"#
    let configuration = try JSONDecoder().decode(APIConfiguration.self, from: Data(json.utf8))
    #expect(
      configuration.images.posterURL(path: "/p.jpg")?.absoluteString
        == "https://image.tmdb.org/t/p/w342/p.jpg")
    #expect(
      configuration.images.posterURL(path: "/p.jpg", width: 100)?.absoluteString
        == "https://image.tmdb.org/t/p/w154/p.jpg")
    #expect(
      configuration.images.posterURL(path: "/p.jpg", width: 4000)?.absoluteString
        == "https://image.tmdb.org/t/p/original/p.jpg")
  }
}
