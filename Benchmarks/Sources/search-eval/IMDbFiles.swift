import Foundation
import MovieSearch
import MovieSearchBuiltInCatalog

/// IMDb's six dataset files at full size, in their exact format (the columns, `\N`, the
/// `tt`/`nm` numbers, JSON-quoted characters), generated deterministically — IMDb's own files
/// cannot be downloaded here, and their licence forbids committing them.
///
/// Shapes, from the real files of 2025: 11,000,000 `title.basics` rows, of which 700,000
/// feature films spread evenly among episodes (77 %), shorts, videos, series, TV films and
/// games; 4,000,000 `title.akas` rows (most for films: their original title, a US or GB
/// title, titles in other regions); about 1,500,000 ratings with long-tailed votes (a feature
/// film's drawn from the built-in catalog's real ones); one `title.crew` row per title;
/// 10,000,000 `title.principals` rows (about ten per film: cast, director, writer, producer,
/// composer…); 3,000,000 people in `name.basics`, a few of them in very many titles.
///
/// The first 58,788 films are the built-in catalog's, with their year, runtime, genres,
/// votes and other titles, so the evaluation's queries have their answers among 700,000.
/// The others' titles are made of real title words (each from a random real title, one in
/// eight changed into a new word), as in the million-film export; names are common first
/// names and surnames made of syllables, so the people's vocabulary is as large as IMDb's.
struct IMDbFiles {
  static let titleRows = 11_000_000
  static let films = 700_000
  static let akaRows = 4_000_000
  static let principalRows = 10_000_000
  static let people = 3_000_000

  var random = SeededRandom(seed: 20_261_124)
  let real: [Movie]
  let realDetails: [MovieDetails]
  let words: [[String]]

  init() throws {
    let catalog = try OfflineCatalog.builtIn()
    real = catalog.allMovies
    realDetails = try real.map { try catalog.movieDetails(id: $0.id, language: nil) }
    words = real.map { $0.title.split(separator: " ").map(String.init) }
  }

  /// Writes the six files (plain `.tsv`) into `directory`.
  mutating func write(to directory: String) throws {
    try FileManager.default.createDirectory(
      atPath: directory, withIntermediateDirectories: true)
    var basics = try TSVWriter(directory, "title.basics", header: Self.basicsHeader)
    var akas = try TSVWriter(directory, "title.akas", header: Self.akasHeader)
    var ratings = try TSVWriter(
      directory, "title.ratings", header: "tconst\taverageRating\tnumVotes")
    var crew = try TSVWriter(directory, "title.crew", header: "tconst\tdirectors\twriters")
    var principals = try TSVWriter(
      directory, "title.principals", header: "tconst\tordering\tnconst\tcategory\tjob\tcharacters")
    var film = 0
    for row in 0..<Self.titleRows {
      let number = row + 1
      // Exactly `films` of the rows, evenly spread, as films are among IMDb's numbers.
      if (row + 1) * Self.films / Self.titleRows > row * Self.films / Self.titleRows {
        // `--evaluate --imdb-catalog` finds the built-in films by this number.
        precondition(number == Self.number(ofFilm: film))
        writeFilm(film, number: number, &basics, &akas, &ratings, &crew, &principals)
        film += 1
      } else {
        writeOther(number: number, &basics, &akas, &ratings, &crew, &principals)
      }
    }
    try basics.close()
    try akas.close()
    try ratings.close()
    try crew.close()
    try principals.close()
    var names = try TSVWriter(
      directory, "name.basics",
      header: "nconst\tprimaryName\tbirthYear\tdeathYear\tprimaryProfession\tknownForTitles")
    for person in 1...Self.people {
      let birth =
        Int.random(in: 0..<10, using: &random) < 4
        ? 1880 + Int.random(in: 0..<125, using: &random) : 0
      let death =
        birth > 0 && birth < 1950 && Int.random(in: 0..<3, using: &random) > 0
        ? birth + 40 + Int.random(in: 0..<50, using: &random) : 0
      let profession = Self.professions[Int.random(in: 0..<Self.professions.count, using: &random)]
      let known = (0..<Int.random(in: 0...4, using: &random)).map { _ in
        Self.tconst(Int.random(in: 1...Self.titleRows, using: &random))
      }
      names.line([
        Self.nconst(person), name(of: person), birth > 0 ? String(birth) : "\\N",
        death > 0 ? String(death) : "\\N", profession,
        known.isEmpty ? "\\N" : known.joined(separator: ","),
      ])
    }
    try names.close()
  }

  static let basicsHeader =
    "tconst\ttitleType\tprimaryTitle\toriginalTitle\tisAdult\tstartYear\tendYear\truntimeMinutes\tgenres"
  static let akasHeader =
    "titleId\tordering\ttitle\tregion\tlanguage\ttypes\tattributes\tisOriginalTitle"
  static let genres = [
    "Action", "Adult", "Adventure", "Animation", "Biography", "Comedy", "Crime", "Documentary",
    "Drama", "Family", "Fantasy", "Film-Noir", "Game-Show", "History", "Horror", "Music",
    "Musical", "Mystery", "News", "Reality-TV", "Romance", "Sci-Fi", "Short", "Sport",
    "Talk-Show", "Thriller", "War", "Western",
  ]
  static let professions = [
    "actor", "actress", "actor,director", "director,writer", "writer", "producer",
    "composer,soundtrack", "cinematographer", "editor", "actress,soundtrack", "miscellaneous",
  ]
  static let otherRegions = ["DE", "FR", "ES", "IT", "JP", "BR", "MX", "SE", "PL", "RU", "IN"]

  /// The number (`tt…`) of feature film `film` (0-based; the first 58,788 are the built-in
  /// catalog's, in its order): the films are `films` of the `titleRows` rows, evenly spread,
  /// row `r` (number `r + 1`) a film when `(r + 1) × films / titleRows` goes up there (see
  /// ``write(to:)``) — film `k` at the least number `n` with `n × films / titleRows ≥ k + 1`.
  static func number(ofFilm film: Int) -> Int {
    ((film + 1) * titleRows + films - 1) / films
  }

  static func tconst(_ number: Int) -> String {
    let digits = String(number)
    return "tt" + String(repeating: "0", count: max(0, 7 - digits.count)) + digits
  }

  static func nconst(_ number: Int) -> String {
    let digits = String(number)
    return "nm" + String(repeating: "0", count: max(0, 7 - digits.count)) + digits
  }
}
