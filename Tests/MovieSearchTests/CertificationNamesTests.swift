import Testing

@testable import MovieSearch

/// A certification named however people type it ("pg13", "nc 17") is the one they mean; a
/// code that is none is said, not answered with an empty list.
@Suite struct CertificationNamesTests {
  @Test(arguments: [
    ("PG-13", "PG-13"), ("pg13", "PG-13"), ("Pg-13", "PG-13"), ("pg 13", "PG-13"),
    ("nc-17", "NC-17"), ("NC17", "NC-17"), ("nc 17", "NC-17"), ("r", "R"), ("g", "G"),
    ("pg", "PG"), (" R ", "R"), ("p.g.", "PG"), ("n_c_17", "NC-17"),
  ])
  func spellingsOfACertificationNameIt(_ typed: String, _ named: String) {
    #expect(MovieFilter.certification(named: typed) == named)
  }

  @Test(arguments: [
    "", "X", "PG-14", "NR", "13", "PG-1", "NC", "RR", "G\u{0}", "R!", "\u{1B}[31mR",
  ])
  func whatIsNoCertificationNamesNone(_ typed: String) {
    #expect(MovieFilter.certification(named: typed) == nil)
  }

  @Test func theCatalogListsTheSameFilmsForAnySpelling() throws {
    let catalog = try OfflineCatalog.builtIn()
    func listing(_ certification: String) throws -> MoviePage {
      var filter = MovieFilter()
      filter.certification = certification
      return try catalog.discoverMovies(filter, page: 1)
    }
    let spelt = try listing("PG-13")
    #expect(spelt.totalResults > 100)
    for typed in ["pg13", "pg 13", "Pg-13"] {
      let page = try listing(typed)
      #expect(page.totalResults == spelt.totalResults, "\(typed)")
      #expect(page.results.map(\.id) == spelt.results.map(\.id), "\(typed)")
    }
    // The built-in catalog's NC-17 films are a handful: none of them rated otherwise.
    let strict = try listing("nc17")
    #expect((1...100).contains(strict.totalResults))
    #expect(try Set(listing("NC-17").results.map(\.id)) == Set(strict.results.map(\.id)))
  }

  @Test func aCodeThatIsNoCertificationIsRefusedInWords() {
    var filter = MovieFilter()
    filter.certification = "PG-14"
    #expect(
      throws: MovieServiceError.invalidRequest(
        "there is no certification 'PG-14' (they are G, PG, PG-13, R, NC-17)")
    ) {
      try OfflineCatalog.builtIn().discoverMovies(filter, page: 1)
    }
  }
}
