import MovieSearch

/// What a listing of films asks for — one page of it, or every film — and how it is
/// printed: the options `search` and `discover` share, declared once.
struct ListingOptions: ValueGroup {
  let page = Option.integer(
    "page", "n", in: 1...MoviePage.maxCatalogPage,
    "The page of results (of --limit films; TMDb serves 10,000 films at most).")
  let limit = Option.integer(
    "limit", "n", in: 1...MoviePage.maxPageSize, "Films a page, 1-100 (default 20).")
  let all = Flag(
    "all", "Every film listed, one line each as it comes (TSV, or with --ndjson JSON).")
  let json = Flag("json", "Print the page of results as one JSON document.")
  let ndjson = Flag("ndjson", "Print one JSON object per film, one per line.")

  func value(_ given: GivenOptions) -> Listing {
    Listing(
      page: given[page], limit: given[limit], every: given[all], json: given[json],
      ndjson: given[ndjson])
  }

  /// The listing asked for; `--all` goes with none of `--page`, `--limit` and `--json`.
  static func checked<C: Command>(_ invocation: Invocation<C>) throws -> Listing
  where C.Options: ListingCommandOptions {
    let listing = invocation[\.listing]
    guard !listing.every || (listing.page == nil && listing.limit == nil && !listing.json) else {
      throw invocation.usageError(
        "'--all' lists every film, one line each: not with --page, --limit or --json (--ndjson is one JSON object a line)."
      )
    }
    return listing
  }
}

/// The options of a command that lists films.
protocol ListingCommandOptions: OptionGroup {
  var listing: ListingOptions { get }
}

/// A listing as asked for (see ``ListingOptions``).
struct Listing: Sendable {
  /// The page asked for, if one was.
  var page: Int?
  /// The films a page, if said.
  var limit: Int?
  /// Every film, one line each, instead of a page.
  var every: Bool
  var json: Bool
  var ndjson: Bool

  /// The page's number: 1 unless asked.
  var number: Int { page ?? 1 }
  /// The films a page: 20 unless asked.
  var size: Int { limit ?? MoviePage.pageSize }
  /// The rank of the page's first film.
  var firstRank: Int { (number - 1) * size + 1 }
  /// How the page is printed.
  var output: SearchOutput { SearchOutput(json: json, ndjson: ndjson) }
}
