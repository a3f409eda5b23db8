import MovieSearch
import Streams

// A program as an app would write it with the two libraries alone: a catalog of its own, a
// search of each new text. `LibraryContentsTests` reads this binary's symbols: none of the built-in
// catalog, the test machinery or the tool's start may be in it.
let catalog = try OfflineCatalog(csv: "title,year\nThe Matrix,1999\nAlien,1979\n")
// No real clock here (the test that runs this compares its output): the same text typed
// twice is searched once.
let typed = ["mat", "mat"].async.removeDuplicates()
for await text in typed {
  print(try catalog.searchMovies(MovieQuery(text)).results.map(\.title))
}
