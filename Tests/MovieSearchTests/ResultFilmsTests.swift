import Foundation
import TestSupport
import Testing

@testable import MovieSearch

/// A page of results reads of each film only what a result shows — its record, its genres,
/// its original title — and shows what the film's details show.
@Suite(.onOwnThreads) struct ResultFilmsTests {
  @Test func aResultHasTheGenresAndTheOriginalTitleItsDetailsHave() throws {
    let genres = ["Drama", "Horror", "Science Fiction", "Film-Noir", "Western"]
    var entries: [CatalogFile.Entry] = []
    for index in 0..<60 {
      var entry = CatalogFile.Entry(
        id: index + 1, title: "Film \(index)", year: 1950 + index, votes: 10 + index)
      entry.genres = (0..<index % 4).map { genres[(index + $0) % genres.count] }
      entry.genreFlags = UInt8(index % 3)
      entry.directors = ["Director \(index % 7)"]
      entry.cast = ["Actor \(index % 5)", "Actor \(index % 11)"]
      // Alternative titles before and after the original now and then.
      if index % 3 == 0 { entry.alternativeTitles = ["Other \(index)", "Third \(index)"] }
      if index % 2 == 0 { entry.originalTitle = "Original \(index)" }
      entries.append(entry)
    }
    let store = try CatalogStore(bytes: CatalogFile.encode(entries))
    let catalog = OfflineCatalog(store: store)
    for (film, entry) in entries.enumerated() {
      let movie = catalog.movie(film)
      #expect(store.extras(of: film).genres == CatalogFile.genreNames(entry))
      #expect(movie.genreNames == CatalogFile.genreNames(entry))
      #expect(movie.genreIDs == store.genres(of: film).map(\.id))
      #expect(movie.originalTitle == entry.originalTitle ?? entry.title)
      #expect(movie.title == entry.title)
      #expect(store.titleKind(film) == .display)
      for title in store.otherTitles(of: film) {
        #expect(store.titleKind(title) == store.title(title).kind)
      }
    }
  }
}
