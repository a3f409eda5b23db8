import Foundation
import Streams
import Synchronization

/// The events of the search screen, as asynchronous sequences.
public struct MoviesSearchInput<
  Appear: AsyncSequence<Void, Never> & Sendable,
  Search: AsyncSequence<String, Never> & Sendable,
  Selection: AsyncSequence & Sendable,
  More: AsyncSequence<Void, Never> & Sendable,
  Retry: AsyncSequence<Void, Never> & Sendable,
  Filters: AsyncSequence<MovieFilter, Never> & Sendable
>: Sendable where Selection.Element: MoviePicking, Selection.Failure == Never {
  /// The screen appeared.
  public var appear: Appear
  /// The full text of the search field after each edit.
  public var search: Search
  /// The film the user picked: its id (`Int`), or a ``MoviePick`` that says the row's source
  /// too, as a list merged from a catalog and TMDb needs.
  public var selection: Selection
  /// The user wants the next page of the results listed (scrolled past the last row).
  public var more: More
  /// The user wants the text searched again (after a failure, say): the same text, which
  /// `search` alone would not search twice.
  public var retry: Retry
  /// The filters the results must pass (genres, years, rating…, and their order), combined
  /// with the latest text: a change searches again. Until the first, nothing is filtered.
  /// With an empty text and a filter, the films that pass are listed in the filter's order.
  public var filters: Filters

  /// Creates the input.
  public init(
    appear: Appear, search: Search, selection: Selection, more: More, retry: Retry,
    filters: Filters
  ) {
    self.appear = appear
    self.search = search
    self.selection = selection
    self.more = more
    self.retry = retry
    self.filters = filters
  }
}

extension MoviesSearchInput where Filters == Empty<MovieFilter> {
  /// Creates the input of a screen without filters.
  public init(appear: Appear, search: Search, selection: Selection, more: More, retry: Retry) {
    self.init(
      appear: appear, search: search, selection: selection, more: more, retry: retry,
      filters: Empty())
  }
}

extension MoviesSearchInput where Retry == Empty<Void>, Filters == Empty<MovieFilter> {
  /// Creates the input of a screen without a way to search again.
  public init(appear: Appear, search: Search, selection: Selection, more: More) {
    self.init(appear: appear, search: search, selection: selection, more: more, retry: Empty())
  }
}

extension MoviesSearchInput
where More == Empty<Void>, Retry == Empty<Void>, Filters == Empty<MovieFilter> {
  /// Creates the input of a screen that shows only the first page of results.
  public init(appear: Appear, search: Search, selection: Selection) {
    self.init(appear: appear, search: search, selection: selection, more: Empty())
  }
}

/// Where the search screen sends the user.
public enum MoviesSearchRoute: Sendable {
  /// Show the details screen of a film.
  case details(MovieDetailsViewModel)
}

/// What the search screen shows, and where it sends the user: the outputs of
/// ``MoviesSearchViewModel/transform(input:)``. Consume both (for example in a task group).
public struct MoviesSearchOutput<
  States: AsyncSequence<MoviesSearchState, Never> & Sendable,
  Routes: AsyncSequence<MoviesSearchRoute, Never> & Sendable
>: Sendable {
  /// The screen's states, starting with ``MoviesSearchState/initial``.
  public let states: States
  /// A route for each film the user picks.
  public let routes: Routes
}

/// The search screen's logic: keystrokes in, ``MoviesSearchState``s and routes out. Nothing
/// happens on the side: navigation is an output too.
///
/// ```swift
/// let viewModel = MoviesSearchViewModel(service: try OfflineCatalog.builtIn())
/// let output = viewModel.transform(input: input)
/// for await state in output.states { render(state) }    // and, beside it:
/// for await case .details(let details) in output.routes { show(details) }
/// ```
///
/// - `states` starts ``MoviesSearchState/initial``.
/// - Search text is trimmed and combined with the latest filter (`combineLatest`); the pair
///   is debounced (300 ms by default, on the injected clock) and de-duplicated. An empty
///   text without a filter shows ``MoviesSearchState/idle(popular:)``; any other pair shows
///   `loading`, then `success`, `noResults` or `failure`, each carrying the filter: a text
///   is searched and the films that pass kept, an empty text lists the films that pass in
///   the filter's order.
/// - A newer query or filter cancels the search in flight (its HTTP request too); a superseded
///   query's result never appears.
/// - `appear` loads popular films into the idle state, when nothing is typed; it never
///   interrupts a search. If they cannot be loaded the idle state simply stays empty.
/// - `more` loads the next page of the results shown: `loadingMore` (with the rows so far),
///   then `success` with the new page's films appended (a film already listed is not listed
///   twice), or `moreFailed` with the rows kept — another `more` tries that page again,
///   unless the list ended early: a server that sends another page than the one asked for
///   (or three pages in a row with no new film) ends the paging, as `moreFailed` saying so
///   with `total` equal to the films listed (a page of rows that are not films moves on). A
///   `more` counts only once the first page is shown, for the query shown; one that arrives
///   while a page loads loads the page after it. A newer query cancels the page loading, so
///   an older query's page never joins a newer query's rows. After the last page, `more`
///   does nothing. While the popular films are shown (after `appear`, or with the field
///   cleared later), `more` appends their next page to the idle state (a page that fails is
///   not shown; the next `more` tries again).
/// - `retry` searches the text typed last again (`loading`, then its outcome), as a failed
///   search is not searched again by typing the same text; with nothing typed it loads the
///   popular films again.
/// - `selection` emits a route to a ``MovieDetailsViewModel`` for that film on `routes`; in a
///   merged list, for the row of the pick's source (a bare id: the first row with that id).
/// - Consecutive equal states are not repeated.
///
/// **A catalog and TMDb together** (``init(catalog:online:clock:debounce:onlineTimeout:language:)``):
/// every edit is searched in the catalog at once — no debounce — and shown as `success` with
/// `complete: false` (when it has films; otherwise `loading` stays); once the query has rested
/// for the debounce TMDb is asked, and its films merged in (``MovieSource``: each film once,
/// ranked by both lists) as `success` with `complete: true`. A newer edit cancels both halves:
/// TMDb's request too, and no state of the older query follows. TMDb failing, or not answering
/// within `onlineTimeout`, leaves the catalog's films on screen with a `notice` (`TMDb did not
/// answer; showing the offline catalog`) — `failure` only when the catalog had nothing
/// either. `more` loads the next page of both lists and appends their new films; a film
/// picked opens with TMDb's details, unless only the catalog has it (or TMDb fails for a film
/// both have: then the catalog's). The popular films are TMDb's (today's), or the catalog's
/// when TMDb's first page fails or does not answer in time; each says its source.
public struct MoviesSearchViewModel<C: Clock<Duration>>: Sendable {
  private let service: any MovieService
  private let clock: C
  private let debounce: Duration
  private let language: String?
  private var online: OnlineHalf?

  /// Creates the view model.
  ///
  /// - Parameters:
  ///   - service: Where films come from.
  ///   - clock: The clock of the debounce.
  ///   - debounce: How long the text must stay unchanged before it is searched.
  ///   - language: The language of titles, for services that have several.
  public init(
    service: any MovieService, clock: C, debounce: Duration = .milliseconds(300),
    language: String? = nil
  ) {
    self.service = service
    self.clock = clock
    self.debounce = debounce
    self.language = language
  }

  /// Creates the view model of a screen that searches a catalog and TMDb together (see the
  /// type's description).
  ///
  /// - Parameters:
  ///   - catalog: The films on this machine, searched at every edit.
  ///   - online: TMDb, asked once the text has rested for `debounce`.
  ///   - clock: The clock of the debounce and the time limit.
  ///   - debounce: How long the text must stay unchanged before TMDb is asked.
  ///   - onlineTimeout: How long TMDb has to answer before the catalog's films are shown alone.
  ///   - language: The language of TMDb's titles.
  public init(
    catalog: any MovieService, online: any MovieService, clock: C,
    debounce: Duration = .milliseconds(300), onlineTimeout: Duration = .seconds(10),
    language: String? = nil
  ) {
    self.init(service: catalog, clock: clock, debounce: .zero, language: language)
    self.online = OnlineHalf(
      service: online, clock: clock, debounce: debounce, timeout: onlineTimeout)
  }

  /// Turns the screen's events into its states and routes.
  public func transform<Appear, Search, Selection, More, Retry, Filters>(
    input: MoviesSearchInput<Appear, Search, Selection, More, Retry, Filters>
  ) -> MoviesSearchOutput<
    some AsyncSequence<MoviesSearchState, Never> & Sendable,
    some AsyncSequence<MoviesSearchRoute, Never> & Sendable
  > where More: SendableMetatype, More.AsyncIterator: SendableMetatype {
    // Each query's pages listen to `more` while they are the latest. The intents listen too,
    // from the start, so that `more` is read as it comes (its elements are not intents: they
    // go nowhere else); several while a page loads count as one.
    let more = input.more.share(bufferingPolicy: .bufferingLatest(1))
    // A text and a filter that change together (a token typed into the field) are one
    // search: the pair is debounced, not each of them.
    // Both start empty, so that a filter set before anything is typed lists its films.
    let queries = combineLatest(
      input.search.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }.prepend(""),
      input.filters.prepend(MovieFilter())
    )
    .debounce(for: debounce, clock: clock)
    .map { FilteredQuery(text: $0, filter: $1) }
    .removeDuplicates()
    .map { SearchIntent.query($0) }
    let states = merge(
      merge(queries, input.appear.map { SearchIntent.appear }, more.map { .more }),
      input.retry.map { SearchIntent.retry }
    )
    // What was typed decides what an appearance does: it loads popular films only while
    // nothing is typed, so that it never cancels a search.
    .scan(TypedText()) { typed, intent in typed.next(intent) }
    .map(\.intent)
    .compacted()
    .flatMapLatest { [service, language, online, popularPages = SavedPages()] intent in
      IntentWork(
        intent: intent, service: service, language: language, more: more,
        popularPages: popularPages, online: online)
    }
    // The popular films, once loaded, are what the idle state shows.
    .scan(ScreenMemory()) { memory, event in memory.next(event) }
    .map(\.state)
    .prepend(.initial)
    .removeDuplicates()
    // With TMDb beside the catalog, a film only the catalog has opens from the catalog: the
    // list shown says where each film came from.
    let shown = ShownMovies()
    let remembered = states.map { [online] state in
      // Only a merged list's films come from two places.
      if online != nil { shown.remember(state) }
      return state
    }
    let routes = input.selection.map { [service, language, online] picked in
      let pick = picked.moviePick
      // The row picked, by its own id: a film both have is TMDb's number, even when the pick
      // names it by the catalog's.
      let row = online == nil ? nil : shown.film(pick)
      let from =
        online.map {
          row?.detailsService(catalog: service, online: $0.service)
            ?? MoviePick.service(of: pick.source, catalog: service, online: $0.service)
        } ?? service
      return MoviesSearchRoute.details(
        MovieDetailsViewModel(
          movieID: row?.id ?? pick.id, service: from, language: language,
          source: online == nil ? nil : row?.source ?? pick.source))
    }
    return MoviesSearchOutput(states: remembered, routes: routes)
  }
}

extension MoviesSearchViewModel where C == ContinuousClock {
  /// Creates the view model on the continuous clock.
  public init(
    service: any MovieService, debounce: Duration = .milliseconds(300), language: String? = nil
  ) {
    self.init(service: service, clock: ContinuousClock(), debounce: debounce, language: language)
  }
}

extension Movie {
  /// Where the details of this film of a list merged from `catalog` and `online` (TMDb) come
  /// from: the catalog for a film only it has; TMDb for the others — and the catalog after all
  /// when TMDb cannot give them for a film both have. A film of one service's list (no
  /// ``source``) is taken as TMDb's.
  public func detailsService(catalog: any MovieService, online: any MovieService)
    -> any MovieService
  {
    switch source {
    case .catalog: return catalog
    case .both:
      guard let catalogTwin else { return online }
      return DetailsFromEither(online: online, catalog: catalog, catalogID: catalogTwin)
    case .tmdb, nil: return online
    }
  }
}

/// TMDb's details of a film, or the catalog's when TMDb cannot give them.
struct DetailsFromEither: MovieService {
  let online: any MovieService
  let catalog: any MovieService
  let catalogID: Int

  func movieDetails(id: Int, language: String?) async throws(MovieServiceError) -> MovieDetails {
    do {
      return try await online.movieDetails(id: id, language: language)
    } catch .cancelled {
      throw .cancelled
    } catch {
      return try await catalog.movieDetails(id: catalogID, language: language)
    }
  }

  func searchMovies(_ query: MovieQuery) async throws(MovieServiceError) -> MoviePage {
    try await online.searchMovies(query)
  }

  func popularMovies(page: Int, language: String?) async throws(MovieServiceError) -> MoviePage {
    try await online.popularMovies(page: page, language: language)
  }

  func imageConfiguration() async throws(MovieServiceError) -> ImageConfiguration? {
    try await online.imageConfiguration()
  }
}

/// What to look for: a text, and the filter the films must pass.
struct FilteredQuery: Sendable, Hashable {
  var text: String
  var filter = MovieFilter()

  /// Nothing typed and nothing filtered: the popular films.
  var isEmpty: Bool { text.isEmpty && filter == MovieFilter() }
}

enum SearchIntent: Sendable, Equatable {
  case appear
  case query(FilteredQuery)
  /// Read by the pages of the latest query, not acted on here.
  case more
  /// The text typed last, searched again.
  case retry
}

/// What was typed last, and the intent to act on (none for an appearance while text is
/// typed).
struct TypedText: Sendable {
  var query = FilteredQuery(text: "")
  var intent: SearchIntent?

  func next(_ intent: SearchIntent) -> TypedText {
    switch intent {
    // The same query again can only be the empty one both inputs start with: not an
    // intent, as it would cancel the popular films' loading.
    case .query(let query) where query == self.query: TypedText(query: query, intent: nil)
    case .query(let query): TypedText(query: query, intent: intent)
    case .appear: TypedText(query: query, intent: query.isEmpty ? .appear : nil)
    case .more: TypedText(query: query, intent: nil)
    case .retry: TypedText(query: query, intent: query.isEmpty ? .appear : .query(query))
    }
  }
}

/// What an intent's work produces for the screen.
enum ScreenEvent: Sendable {
  /// Nothing is typed: show the popular films, if any were loaded.
  case idle
  /// Popular films were loaded.
  case popular([Movie])
  /// A state of a search.
  case show(MoviesSearchState)
}

/// What the screen remembers (the popular films) and the state it shows.
struct ScreenMemory: Sendable {
  var popular: [Movie] = []
  var state = MoviesSearchState.initial

  func next(_ event: ScreenEvent) -> ScreenMemory {
    switch event {
    case .idle: ScreenMemory(popular: popular, state: .idle(popular: popular))
    case .popular(let movies): ScreenMemory(popular: movies, state: .idle(popular: movies))
    case .show(let state): ScreenMemory(popular: popular, state: state)
    }
  }
}
