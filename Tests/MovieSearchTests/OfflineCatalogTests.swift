import Foundation
import MovieSearchBuiltInCatalog
import Testing

@testable import MovieSearch
@testable import TestSupport

@Suite(.onOwnThreads) struct OfflineCatalogTests {
  let catalog: OfflineCatalog

  init() throws {
    catalog = try OfflineCatalog.builtIn()
  }

  func titles(_ text: String, year: Int? = nil) throws -> [String] {
    try catalog.searchMovies(MovieQuery(text, year: year)).results.map {
      "\($0.title) (\($0.year ?? 0))"
    }
  }

  @Test func holdsEveryFilmOfTheSourceData() {
    #expect(catalog.count == 58_788)
  }

  @Test func theMatrixComesFirstForTheMatrix() throws {
    let results = try titles("the matrix")
    #expect(results.first == "The Matrix (1999)")
    #expect(results.prefix(3).contains("The Matrix Reloaded (2003)"))
  }

  @Test func rankingPutsTheExactTitleFirstThenByVotes() throws {
    #expect(try titles("star wars").first == "Star Wars (1977)")
    #expect(
      try titles("godfather").prefix(3)
        == [
          "The Godfather (1972)", "The Godfather: Part II (1974)", "The Godfather: Part III (1990)",
        ])
  }

  @Test func matchesAsAPersonTypes() throws {
    #expect(try titles("matr").first == "The Matrix (1999)")
    #expect(try titles("MATRIX").first == "The Matrix (1999)")
    #expect(try titles("Mátrix").first == "The Matrix (1999)")
    #expect(try titles("matrix, the").first == "The Matrix (1999)")
    #expect(try titles("matr rel").first == "The Matrix Reloaded (2003)")
    #expect(try titles("reloaded matrix").first == "The Matrix Reloaded (2003)")
  }

  @Test func everyTitleOfAFilmIsSearchedWithItsPeople() throws {
    // The people's words are stored once per film: an alternative title is searched with
    // them as its display title is. Only "Ladri di biciclette" by its English title and its
    // director has every word of the query; the other film lacks "sica".
    var thieves = CatalogFile.Entry(id: 1, title: "Ladri di biciclette", year: 1948, votes: 10)
    thieves.alternativeTitles = ["Bicycle Thieves"]
    thieves.directors = ["Vittorio De Sica"]
    var other = CatalogFile.Entry(id: 2, title: "Bicycle Thieves", year: 2020, votes: 1000)
    other.directors = ["Jane Doe"]
    let people = OfflineCatalog(
      store: try CatalogStore(bytes: CatalogFile.encode([thieves, other])))
    let found = try people.searchMovies(MovieQuery("bicycle thieves sica")).results
    #expect(found.map(\.title) == ["Ladri di biciclette", "Bicycle Thieves"])
  }

  @Test func aWordTypedForTwoIsTwoWordsOfATitleNotOfAName() throws {
    var alien = CatalogFile.Entry(id: 1, title: "Alien", year: 1979, votes: 1000)
    alien.directors = ["Ridley Scott"]
    let story = CatalogFile.Entry(id: 2, title: "The Ridley Scott Story", year: 2020, votes: 1)
    let store = try CatalogStore(bytes: CatalogFile.encode([alien, story]))
    // "ridley" is a word of both films' titles' postings, but of one title itself.
    let ridley = store.exactAndPrefix(Array("ridley".utf8)).exact
    var all: [Int] = []
    var flagged: [Int] = []
    var own: [Int] = []
    store.postings(ridley).visit {
      all.append($0)
      if $1 { flagged.append($0) }
    }
    store.postings(ridley).visit(titleWordsOnly: true) { title, _ in own.append(title) }
    #expect(all == [0, 1])
    #expect(flagged == [1])
    #expect(own == [1])
    let found = try OfflineCatalog(store: store).searchMovies(MovieQuery("ridleyscott")).results
    #expect(found.map(\.title) == ["The Ridley Scott Story"])
  }

  @Test func anEmptyOrWhitespaceQueryFindsNothing() throws {
    for text in ["", "   ", "\n\t", "!!!"] {
      #expect(try catalog.searchMovies(MovieQuery(text)) == .empty)
    }
  }

  @Test func pagesHoldTwentyRowsAndCountEveryMatch() throws {
    let first = try catalog.searchMovies(MovieQuery("love"))
    let second = try catalog.searchMovies(MovieQuery("love", page: 2))
    #expect(first.results.count == 20)
    #expect(first.totalResults > 40)
    #expect(first.totalPages == (first.totalResults + 19) / 20)
    #expect(Set(first.results.map(\.id)).isDisjoint(with: second.results.map(\.id)))
    #expect(throws: MovieServiceError.self) {
      try catalog.searchMovies(MovieQuery("love", page: 0))
    }
    #expect(throws: MovieServiceError.self) {
      try catalog.searchMovies(MovieQuery("love", page: 501))
    }
  }

  @Test func filtersByYear() throws {
    #expect(try titles("matrix", year: 2003).prefix(2).allSatisfy { $0.hasSuffix("(2003)") })
  }

  @Test func idsAreTheSourceRowNumbersAndDetailsFindThem() throws {
    let matrix = try #require(try catalog.searchMovies(MovieQuery("the matrix")).results.first)
    #expect(matrix.id == 32_710)
    let details = try catalog.movieDetails(id: 32_710, language: nil)
    #expect(details.movie.title == "The Matrix")
    #expect(details.runtime == 136)
    #expect(details.budget == 63_000_000)
    #expect(details.movie.voteAverage == 8.5)
    #expect(details.movie.voteCount == 143_853)
    #expect(details.genres.map(\.name) == ["Action"])
    #expect(throws: MovieServiceError.notFound(message: "the catalog has no film with id 0")) {
      try catalog.movieDetails(id: 0, language: nil)
    }
  }

  @Test func popularMoviesAreTheMostVoted() throws {
    let popular = try catalog.popularMovies(page: 1, language: nil)
    #expect(popular.results.count == 20)
    let votes = popular.results.map(\.voteCount)
    #expect(votes == votes.sorted(by: >))
    #expect(popular.results.contains { $0.title == "The Matrix" })
  }

  @Test func aCatalogBuildsFromCSVAndRejectsDamage() throws {
    let csv = """
      "","title","year","length","budget","rating","votes","r1","mpaa","Action","Animation","Comedy","Drama","Documentary","Romance","Short"
      "1","Matrix, The",1999,136,63000000,8.5,143853,4.5,"R",1,0,0,0,0,0,0
      "2","$",1971,121,NA,6.4,348,4.5,"",0,0,1,1,0,0,0
      """
    let small = try OfflineCatalog(csv: csv)
    #expect(try small.searchMovies(MovieQuery("$")) == .empty)
    #expect(try small.movieDetails(id: 2, language: nil).movie.title == "$")
    #expect(try small.movieDetails(id: 2, language: nil).budget == nil)
    let bytes = try OfflineCatalog.catalogFile(fromCSV: csv)
    #expect(throws: CatalogFile.FormatError.self) {
      try CatalogStore(bytes: Array(bytes.dropLast(3)))
    }
    #expect(throws: CatalogFile.FormatError.self) { try CatalogStore(bytes: []) }
    #expect(throws: CatalogFile.FormatError.self) {
      try OfflineCatalog(csv: csv.replacingOccurrences(of: "8.5", with: "eight"))
    }
  }
}
