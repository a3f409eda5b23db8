import MovieSearch
import Streams

// A program as an app would write it with the two libraries alone: a catalog of its own, a
// debounced search. `LibraryContentsTests` reads this binary's symbols: none of the built-in
// catalog, the test machinery or the tool's start may be in it.
let catalog = try OfflineCatalog(csv: "title,year\nThe Matrix,1999\nAlien,1979\n")
let typed = ["m", "ma", "mat"].async.debounce(for: .milliseconds(1), clock: ContinuousClock())
for await text in typed {
  print(try catalog.searchMovies(MovieQuery(text)).results.map(\.title))
}
