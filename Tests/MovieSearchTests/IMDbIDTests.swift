import Foundation
import MovieSearch
import Streams
import Testing

@testable import TestSupport

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// A film looked up by its IMDb id — `details tt0047478`, or a link to its IMDb page — in an
/// offline catalog (through its records) and on TMDb (`/find`).
@Suite(.timeLimit(.minutes(3))) struct IMDbIDTests {
  @Test func idsAndLinksAreReadAndAnythingElseIsNot() {
    #expect(IMDbID("tt0047478")?.number == 47478)
    #expect(IMDbID("TT47478")?.description == "tt0047478")
    #expect(IMDbID(" https://www.imdb.com/title/tt0047478/?ref_=nv_sr_1 ")?.number == 47478)
    #expect(IMDbID("m.imdb.com/title/tt12345678")?.description == "tt12345678")
    // A localised link: a language before the path.
    #expect(IMDbID("https://www.imdb.com/de/title/tt0047478/")?.number == 47478)
    #expect(IMDbID("https://m.imdb.com/fr/title/tt0047478/?ref_=x")?.number == 47478)
    for text in [
      "", "tt", "47478", "tt12x", "tt-1", "tt0", "tt99999999999", "tt4294967296", "nm0000040",
      "https://www.imdb.com/name/nm0000040/", "tt１２",
    ] {
      #expect(IMDbID(text) == nil, "\(text)")
    }
  }

  @Test func detailsFindAnOfflineCatalogsFilmByItsIMDbIDOrLink() async throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("imdb.bin").path
    let built = try await CLI.run(["build-catalog", CLI.fixture("imdb").path, path])
    #expect(built.status == 0, "\(built.stderr)")
    let byID = try await CLI.run(["details", "47478", "--catalog", path])
    #expect(byID.stdout.hasPrefix("Shichinin no samurai (1954)\n"))
    for text in ["tt0047478", "https://www.imdb.com/title/tt0047478/"] {
      let found = try await CLI.run(["details", text, "--catalog", path])
      #expect(found.status == 0, "\(text)")
      #expect(found.stdout == byID.stdout, "\(text)")
    }
    let missing = try await CLI.run(["details", "tt7654321", "--catalog", path])
    #expect(missing.status == 1)
    #expect(missing.stdout == "")
    #expect(missing.stderr == "Error: Not found: the catalog has no film with IMDb id tt7654321\n")
  }

  @Test func tmdbFindsTheFilmThroughItsFindRequest() async throws {
    let server = try LoopbackServer { request in
      .json(200, request.path == "/3/find/tt0133093" ? Self.found : Self.nothingFound)
    }
    defer { server.stop() }
    let client = TMDbClient(
      credentials: .bearerToken("tok-123"), baseURL: server.baseURL, clock: RecordingClock(),
      timeout: 15)
    #expect(try await client.movieID(imdbID: #require(IMDbID("tt0133093"))) == 603)
    let request = try #require(server.requests.first)
    #expect(request.query == ["external_source": "imdb_id"])
    await #expect(
      throws: MovieServiceError.notFound(message: "TMDb has no film with IMDb id tt0000001")
    ) {
      try await client.movieID(imdbID: #require(IMDbID("tt1")))
    }
  }

  /// TMDb's answer to `GET /3/find/tt0133093?external_source=imdb_id`.
  static let found = """
    {"movie_results":[{"backdrop_path":"/icmmSD4vTTDKOq2vvdulafOGw93.jpg","id":603,\
    "title":"The Matrix","original_title":"The Matrix","overview":"Set in the 22nd century, \
    The Matrix tells the story of a computer hacker.","poster_path":"/p96dm7sCMn4VYAStA6siNz30G1r.jpg",\
    "media_type":"movie","adult":false,"original_language":"en","genre_ids":[28,878],\
    "popularity":79.1,"release_date":"1999-03-31","video":false,"vote_average":8.2,\
    "vote_count":26000}],"person_results":[],"tv_results":[],"tv_episode_results":[],\
    "tv_season_results":[]}
    """

  /// TMDb's answer when no film has the id.
  static let nothingFound = """
    {"movie_results":[],"person_results":[],"tv_results":[],"tv_episode_results":[],\
    "tv_season_results":[]}
    """
}
