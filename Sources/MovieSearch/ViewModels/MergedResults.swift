import Foundation

/// Where a film of a merged list comes from (``MoviesSearchViewModel`` with a catalog and
/// TMDb together).
public enum MovieSource: String, Sendable, Hashable, Codable, CaseIterable {
  /// Only the catalog has it: its id is the catalog's, and its details come from there.
  case catalog
  /// Only TMDb has it (a film newer than the catalog, say).
  case tmdb
  /// Both have it: the row is TMDb's (its id, so its details come from TMDb).
  case both
}

/// The catalog's films and TMDb's for one query, as one list: each film once, ranked by
/// both.
///
/// **The same film.** TMDb's search rows carry no IMDb id, so two rows are the same film when
/// their titles read the same — lower-cased, accents and punctuation dropped, `&` read as
/// "and", a leading "the", "a" or "an" dropped; a row's title, original title or the title the
/// catalog found it by — and their years are at most ``yearsApart`` apart (a release date and
/// the year a catalog gives often differ by one), or one of them has none. Each catalog row
/// is the same film as one TMDb row at most, the first that TMDb ranks.
///
/// **The order** is reciprocal-rank fusion (Cormack, Clarke and Büttcher, 2009): a film at
/// rank r (from 1) in a list gets 1 / (``fusionConstant`` + r) from it, and a film both lists
/// hold the sum — so a film both rank high stays on top, and a film only TMDb knows enters
/// where TMDb ranks it. Equal scores keep TMDb's order, then the catalog's.
///
/// **Pages** add below what is listed: the films of the next pages that are not listed yet
/// are merged among themselves and appended, so nothing listed moves.
struct MergedResults: Sendable {
  /// What rank fusion adds to each rank: the constant of its paper, which damps the weight
  /// of the first ranks so that one list alone cannot decide the top.
  static let fusionConstant = 60.0
  /// How many years apart two rows of the same title may be and still be one film.
  static let yearsApart = 1

  /// The films listed, in order.
  private(set) var movies: [Movie] = []
  /// The catalog's pages and TMDb's, as loaded.
  private(set) var local = MoviePages()
  private(set) var online = MoviePages()
  /// The films of both lists found to be one.
  private var matched = 0
  /// The keys of the films listed, for the next pages' films.
  private var listedKeys: [String: [Int?]] = [:]

  /// How many films the list has: both lists' totals, less those found in both.
  var total: Int { max(movies.count, local.total + online.total - matched) }

  /// Whether no page of either list follows.
  var isComplete: Bool { local.isComplete && online.isComplete }

  /// Adds the next page of either list or both (the pages asked for `asked`, when they
  /// were), and appends their new films, merged. Returns why a list ended before its last
  /// page (``MoviePages/add(_:asked:)``: a server sending another page than the one asked
  /// for, or pages with nothing new), if one did.
  @discardableResult
  mutating func add(
    local localPage: MoviePage?, online onlinePage: MoviePage?,
    asked: (local: Int, online: Int)? = nil
  ) -> String? {
    let localBefore = local.movies.count
    let onlineBefore = online.movies.count
    var ended: String?
    if let localPage, let end = local.add(localPage, asked: asked?.local) {
      ended = "The catalog: \(end)"
    }
    if let onlinePage, let end = online.add(onlinePage, asked: asked?.online) {
      ended = "TMDb: \(end)"
    }
    let newLocal = local.movies[localBefore...].filter { !isListed($0) }
    let newOnline = online.movies[onlineBefore...].filter { !isListed($0) }
    for movie in Self.merge(local: Array(newLocal), online: Array(newOnline), matched: &matched) {
      movies.append(movie)
      for key in Self.keys(of: movie) { listedKeys[key, default: []].append(movie.year) }
    }
    return ended
  }

  /// Takes TMDb's list as complete (it failed): only the catalog's pages follow.
  mutating func endOnline() { online.end() }

  /// Takes the catalog's list as complete (its next page failed).
  mutating func endLocal() { local.end() }

  /// Whether a film like `movie` is listed already (a later page repeating it).
  private func isListed(_ movie: Movie) -> Bool {
    Self.keys(of: movie).contains { key in
      listedKeys[key]?.contains { Self.yearsMatch($0, movie.year) } ?? false
    }
  }

  /// `local` and `online` as one list (see the type's description), each film marked with
  /// its ``MovieSource``; `matched` counts the films found in both.
  static func merge(local: [Movie], online: [Movie], matched: inout Int) -> [Movie] {
    var byKey: [String: [Int]] = [:]
    for (index, movie) in local.enumerated() {
      for key in keys(of: movie) { byKey[key, default: []].append(index) }
    }
    var taken = Set<Int>()
    var scored: [(movie: Movie, score: Double, onlineRank: Int, localRank: Int)] = []
    for (rank, movie) in online.enumerated() {
      var row = movie
      row.source = .tmdb
      var score = 1 / (fusionConstant + Double(rank + 1))
      var localRank = Int.max
      let twin = keys(of: movie).lazy.compactMap { key in
        byKey[key]?.first { !taken.contains($0) && yearsMatch(local[$0].year, movie.year) }
      }.first
      if let twin {
        taken.insert(twin)
        matched += 1
        row.source = .both
        row.catalogTwin = local[twin].id
        // What the catalog's search matched in the title still shows (TMDb says nothing of
        // it), when the two titles are written alike.
        if row.title == local[twin].title, row.titleMatches.isEmpty {
          row.titleMatches = local[twin].titleMatches
        }
        score += 1 / (fusionConstant + Double(twin + 1))
        localRank = twin
      }
      scored.append((row, score, rank, localRank))
    }
    for (rank, movie) in local.enumerated() where !taken.contains(rank) {
      var row = movie
      row.source = .catalog
      scored.append((row, 1 / (fusionConstant + Double(rank + 1)), Int.max, rank))
    }
    return scored.sorted {
      ($1.score, $0.onlineRank, $0.localRank) < ($0.score, $1.onlineRank, $1.localRank)
    }.map(\.movie)
  }

  /// Whether two years may be one film's.
  static func yearsMatch(_ one: Int?, _ other: Int?) -> Bool {
    guard let one, let other else { return true }
    return abs(one - other) <= yearsApart
  }

  /// The titles a row may be known by, as they read (see the type's description).
  static func keys(of movie: Movie) -> Set<String> {
    Set([movie.title, movie.originalTitle, movie.alsoKnownAs].compactMap { $0.map(readAs) })
      .subtracting([""])
  }

  /// A title as it reads: lower case, without accents and punctuation, a leading article
  /// dropped.
  static func readAs(_ title: String) -> String {
    let folded = TitleOrder.folded(title.replacingOccurrences(of: "&", with: " and "))
    var words = folded.split { !$0.isLetter && !$0.isNumber }.map(String.init)
    if words.count > 1, ["the", "a", "an"].contains(words[0]) { words.removeFirst() }
    return words.joined(separator: " ")
  }
}

extension MoviePage {
  /// The catalog's page and TMDb's page of one search as one page: each film once, marked
  /// with its ``Movie/source``, in the order of ``MoviesSearchViewModel``'s merged lists
  /// (the same film by its title as it reads and its year; reciprocal-rank fusion). Its
  /// totals are both pages' — the films found in both counted once — and it holds the films
  /// of both pages (up to twice a page).
  public static func merged(catalog: MoviePage, online: MoviePage) -> MoviePage {
    var matched = 0
    let films = MergedResults.merge(
      local: catalog.results, online: online.results, matched: &matched)
    return MoviePage(
      page: max(catalog.page, online.page), results: films,
      totalPages: max(catalog.totalPages, online.totalPages),
      totalResults: max(films.count, catalog.totalResults + online.totalResults - matched),
      skippedRows: catalog.skippedRows + online.skippedRows,
      unreadableRows: catalog.unreadableRows + online.unreadableRows)
  }
}
