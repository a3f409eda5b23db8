import Foundation
import Streams
import Synchronization

/// The events of the search screen, as asynchronous sequences.
public struct MoviesSearchInput<
  Appear: AsyncSequence<Void, Never> & Sendable,
  Search: AsyncSequence<String, Never> & Sendable,
  Selection: AsyncSequence<Int, Never> & Sendable
>: Sendable {
  /// The screen appeared.
  public var appear: Appear
  /// The full text of the search field after each edit.
  public var search: Search
  /// The id of a film the user picked.
  public var selection: Selection

  /// Creates the input.
  public init(appear: Appear, search: Search, selection: Selection) {
    self.appear = appear
    self.search = search
    self.selection = selection
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
/// - Search text is trimmed, debounced (300 ms by default, on the injected clock) and
///   de-duplicated; an empty text shows ``MoviesSearchState/idle(popular:)``, any other
///   shows `loading`, then `success`, `noResults` or `failure`.
/// - A newer query cancels the search in flight (its HTTP request too); a superseded
///   query's result never appears.
/// - `appear` loads popular films into the idle state, when nothing is typed; it never
///   interrupts a search. If they cannot be loaded the idle state simply stays empty.
/// - `selection` emits a route to a ``MovieDetailsViewModel`` for that film on `routes`.
/// - Consecutive equal states are not repeated.
public struct MoviesSearchViewModel<C: Clock<Duration>>: Sendable {
  private let service: any MovieService
  private let clock: C
  private let debounce: Duration
  private let language: String?

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

  /// Turns the screen's events into its states and routes.
  public func transform<Appear, Search, Selection>(
    input: MoviesSearchInput<Appear, Search, Selection>
  ) -> MoviesSearchOutput<
    some AsyncSequence<MoviesSearchState, Never> & Sendable,
    some AsyncSequence<MoviesSearchRoute, Never> & Sendable
  > {
    let queries = input.search
      .map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
      .debounce(for: debounce, clock: clock)
      .removeDuplicates()
      .map { SearchIntent.query($0) }
    let states = merge(queries, input.appear.map { SearchIntent.appear })
      // What was typed decides what an appearance does: it loads popular films only while
      // nothing is typed, so that it never cancels a search.
      .scan(TypedText()) { typed, intent in typed.next(intent) }
      .map(\.intent)
      .compacted()
      .flatMapLatest { [service, language] intent in
        Self.events(for: intent, service: service, language: language)
      }
      // The popular films, once loaded, are what the idle state shows.
      .scan(ScreenMemory()) { memory, event in memory.next(event) }
      .map(\.state)
      .prepend(.initial)
      .removeDuplicates()
    let routes = input.selection.map { [service, language] id in
      MoviesSearchRoute.details(
        MovieDetailsViewModel(movieID: id, service: service, language: language))
    }
    return MoviesSearchOutput(states: states, routes: routes)
  }

  /// What one intent leads to. The service is called in the task `flatMapLatest` runs for
  /// the intent, so a newer intent cancels the call itself.
  static func events(for intent: SearchIntent, service: any MovieService, language: String?)
    -> AsyncPrependSequence<Deferred<ScreenEvent>>
  {
    switch intent {
    case .query(let query) where query.isEmpty:
      return Deferred { nil }.prepend(.idle)
    case .query(let query):
      return Deferred { .show(await search(query, service: service, language: language)) }
        .prepend(.show(.loading(query: query)))
    case .appear:
      return Deferred {
        do throws(MovieServiceError) {
          return .popular(try await service.popularMovies(page: 1, language: language).results)
        } catch .cancelled {
          return nil
        } catch {
          return .show(
            .failure(query: "", message: "Popular films could not be loaded: \(error)"))
        }
      }.prepend(.idle)
    }
  }

  static func search(_ query: String, service: any MovieService, language: String?) async
    -> MoviesSearchState
  {
    do throws(MovieServiceError) {
      let page = try await service.searchMovies(MovieQuery(query, language: language))
      if page.results.isEmpty { return .noResults(query: query) }
      return .success(query: query, movies: page.results, total: page.totalResults)
    } catch {
      return .failure(query: query, message: error.description)
    }
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

enum SearchIntent: Sendable, Equatable {
  case appear
  case query(String)
}

/// What was typed last, and the intent to act on (none for an appearance while text is
/// typed).
struct TypedText: Sendable {
  var query = ""
  var intent: SearchIntent?

  func next(_ intent: SearchIntent) -> TypedText {
    switch intent {
    case .query(let query): TypedText(query: query, intent: intent)
    case .appear: TypedText(query: query, intent: query.isEmpty ? .appear : nil)
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
