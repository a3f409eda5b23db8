import Foundation
import Testing

@testable import MovieSearch

/// A film's searched people are written by their names' words, the name found as the first
/// whose words they are (see ``ExtrasLayout``): names that share their words, a name of no
/// words and one of more words than a title's are read, listed and found as they were
/// written, whether a film searches them or only lists them.
@Suite struct PeopleFoundByTheirWordsTests {
  /// Four names of the same words, as the search reads them.
  static let garcias = ["José García", "Jose Garcia", "JOSE GARCIA", "Jose  Garcia"]
  static let long = (1...70).map { "Word\($0)" }.joined(separator: " ")

  static let entries: [CatalogFile.Entry] = {
    func film(_ id: Int, _ directors: [String], _ cast: [String]) -> CatalogFile.Entry {
      var entry = CatalogFile.Entry(id: id, title: "Film \(id)", year: 2000, votes: 5_000)
      entry.genres = ["Drama"]
      (entry.directors, entry.cast) = (directors, cast)
      return entry
    }
    let g = garcias
    return [
      film(1, [g[0]], [g[1], "Ann Lee", g[2], "Bo Wu", g[3]]),
      film(2, [g[3], g[1]], ["Ann Lee"]),
      film(3, ["???"], [long, "Bo Wu", g[2]]),
      film(4, [], ["Bo Wu", "Ann Lee", "Cy Twombly", "Di Ng", g[0], g[1]]),
      film(5, ["Ann Lee"], []),
      film(6, [g[2]], [long, "Di Ng"]),
    ]
  }()

  static func catalog() throws -> OfflineCatalog {
    OfflineCatalog(store: try CatalogStore(bytes: CatalogFile.encode(entries)))
  }

  /// Each name's index in the catalog.
  static func indices(_ store: CatalogStore) -> [String: Int] {
    var indices: [String: Int] = [:]
    store.forEachName { indices[String(decoding: $1, as: UTF8.self)] = $0 }
    return indices
  }

  @Test func namesOfTheSameWordsAreSortedTogetherAndFoundByThem() throws {
    #expect(Set(Self.garcias.dropFirst().map(CatalogFile.nameKey)).count == 1)
    let store = try Self.catalog().store
    let indices = Self.indices(store)
    #expect(indices.count == 10)
    let garcias = Self.garcias.compactMap { indices[$0] }.sorted()
    #expect(garcias.count == 4)
    // Some film writes each searched person by words: the runs read back as those people.
    var byWords = 0
    for film in 0..<store.filmCount {
      _ = store.forEachCredit(of: film) { credit, words, _ in
        if case .words(let run) = credit {
          byWords += 1
          #expect(store.person(withWords: words, run) != nil)
        }
        return false
      }
    }
    #expect(byWords >= 8)
  }

  @Test func everyFilmsPeopleReadBackAsWritten() throws {
    let catalog = try Self.catalog()
    for (film, entry) in Self.entries.enumerated() {
      let extras = catalog.store.extras(of: film)
      #expect(extras.directors == entry.directors, "film \(entry.id)")
      #expect(extras.cast == entry.cast, "film \(entry.id)")
      let details = try catalog.movieDetails(id: entry.id, language: nil)
      #expect(details.credits?.cast.map(\.name) ?? [] == entry.cast)
    }
  }

  @Test func eachPersonsFilmsAreTheirsAlone() throws {
    let catalog = try Self.catalog()
    for (name, index) in Self.indices(catalog.store) {
      let films = catalog.films(of: CatalogPerson(id: index, name: name))
      let expected = Self.entries.filter { $0.directors.contains(name) || $0.cast.contains(name) }
      #expect(films.map(\.movie.id) == expected.map(\.id), "\(name)")
      for (credit, entry) in zip(films, expected) {
        let roles: [CreditRole] =
          (entry.directors.contains(name) ? [.director] : [])
          + (entry.cast.contains(name) ? [.cast] : [])
        #expect(Set(credit.roles) == Set(roles), "\(name) in \(entry.id)")
      }
    }
  }

  @Test func peopleCalledAWordCountTheirOwnFilms() throws {
    let catalog = try Self.catalog()
    let found = catalog.people(named: "garcia")
    #expect(Set(found.map(\.name)) == Set(Self.garcias))
    for person in found {
      let films = Self.entries.filter {
        $0.directors.contains(person.name) || $0.cast.contains(person.name)
      }
      #expect(person.films == films.count, "\(person.name)")
      #expect(person.directed == films.filter { $0.directors.contains(person.name) }.count)
    }
    #expect(catalog.people(named: "word70").map(\.films) == [2])
  }

  @Test func aPersonFilterAndMoreLikeThisFindThePeopleWrittenByWords() throws {
    let catalog = try Self.catalog()
    var filter = MovieFilter()
    filter.person = "ann lee"
    let page = try catalog.discoverMovies(filter, page: 1, pageSize: 100)
    #expect(Set(page.results.map(\.id)) == [1, 2, 4, 5])
    filter.person = "di ng"
    #expect(
      Set(try catalog.discoverMovies(filter, page: 1, pageSize: 100).results.map(\.id)) == [4, 6])
    // Far from film 2's year, only a film its director "Jose Garcia" directs is like it: not
    // one in whose searched cast that name is, nor one its other director's words direct.
    var same = CatalogFile.Entry(id: 7, title: "Film 7", year: 2030, votes: 5_000)
    same.directors = ["Bo Wu", Self.garcias[1]]
    var cast = CatalogFile.Entry(id: 8, title: "Film 8", year: 2050, votes: 5_000)
    (cast.directors, cast.cast) = (["Di Ng"], [Self.garcias[1]])
    var other = CatalogFile.Entry(id: 9, title: "Film 9", year: 2070, votes: 5_000)
    other.directors = [Self.garcias[0]]
    let withSame = OfflineCatalog(
      store: try CatalogStore(bytes: CatalogFile.encode(Self.entries + [same, cast, other])))
    let like = try withSame.moreLikeThis(id: 2, language: nil).map(\.id)
    #expect(like.first == 7)
    #expect(!like.contains(8))
    #expect(!like.contains(9))
  }
}
