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

/// Where the search screen sends the user: it shows the details of a film.
public protocol MoviesNavigator: Sendable {
  /// Shows the details screen for the film of `viewModel`.
  func showDetails(_ viewModel: MovieDetailsViewModel)
}

/// The search screen's logic: keystrokes in, ``MoviesSearchState``s out.
///
/// ```swift
/// let viewModel = MoviesSearchViewModel(service: try OfflineCatalog.builtIn(), navigator: app)
/// for await state in viewModel.transform(input: input) { render(state) }
/// ```
///
/// - It starts ``MoviesSearchState/initial``.
/// - Search text is trimmed, debounced (300 ms by default, on the injected clock) and
///   de-duplicated; an empty text shows ``MoviesSearchState/idle(popular:)``, any other
///   shows `loading`, then `success`, `noResults` or `failure`.
/// - A newer query cancels the search in flight (its HTTP request too); a superseded
///   query's result never appears.
/// - `appear` loads popular films into the idle state, when nothing is typed; it never
///   interrupts a search. If they cannot be loaded the idle state simply stays empty.
/// - `selection` asks the navigator to show a ``MovieDetailsViewModel`` for that film.
/// - Consecutive equal states are not repeated.
public struct MoviesSearchViewModel<C: Clock<Duration>>: Sendable {
  private let service: any MovieService
  private let navigator: (any MoviesNavigator)?
  private let clock: C
  private let debounce: Duration
  private let language: String?

  /// Creates the view model.
  ///
  /// - Parameters:
  ///   - service: Where films come from.
  ///   - navigator: Called when a film is selected.
  ///   - clock: The clock of the debounce.
  ///   - debounce: How long the text must stay unchanged before it is searched.
  ///   - language: The language of titles, for services that have several.
  public init(
    service: any MovieService, navigator: (any MoviesNavigator)? = nil, clock: C,
    debounce: Duration = .milliseconds(300), language: String? = nil
  ) {
    self.service = service
    self.navigator = navigator
    self.clock = clock
    self.debounce = debounce
    self.language = language
  }

  /// Turns the screen's events into its states.
  public func transform<Appear, Search, Selection>(
    input: MoviesSearchInput<Appear, Search, Selection>
  ) -> some AsyncSequence<MoviesSearchState, Never> & Sendable {
    let screen = ScreenMemory()
    let queries = input.search
      .map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
      .debounce(for: debounce, clock: clock)
      .removeDuplicates()
      .map { SearchIntent.query($0) }
    let intents = merge(
      queries, input.appear.map { SearchIntent.appear },
      input.selection.map { SearchIntent.select($0) })
    return
      intents
      .filter { [navigator, service, language] intent in
        // Selections only navigate; an appearance only matters while nothing is typed, so
        // that it never cancels a search.
        switch intent {
        case .select(let id):
          navigator?.showDetails(
            MovieDetailsViewModel(movieID: id, service: service, language: language))
          return false
        case .appear:
          return screen.query.isEmpty
        case .query(let query):
          screen.query = query
          return true
        }
      }
      .flatMapLatest { [service, language] intent in
        SearchStates(intent: intent, service: service, language: language, screen: screen)
      }
      .prepend(.initial)
      .removeDuplicates()
  }
}

extension MoviesSearchViewModel where C == ContinuousClock {
  /// Creates the view model on the continuous clock.
  public init(
    service: any MovieService, navigator: (any MoviesNavigator)? = nil,
    debounce: Duration = .milliseconds(300), language: String? = nil
  ) {
    self.init(
      service: service, navigator: navigator, clock: ContinuousClock(), debounce: debounce,
      language: language)
  }
}

enum SearchIntent: Sendable, Equatable {
  case appear
  case query(String)
  case select(Int)
}

/// What the screen remembers between events: the current query and the popular films.
final class ScreenMemory: Sendable {
  private let state = Lock<(query: String, popular: [Movie])>(("", []))

  var query: String {
    get { state.withLock { $0.query } }
    set { state.withLock { $0.query = newValue } }
  }

  var popular: [Movie] {
    get { state.withLock { $0.popular } }
    set { state.withLock { $0.popular = newValue } }
  }
}

/// The states one intent leads to. The service is called inside `next()`, in the task
/// `flatMapLatest` runs for this intent, so a newer intent cancels the call itself.
struct SearchStates: AsyncSequence, Sendable {
  typealias Element = MoviesSearchState
  typealias Failure = Never

  let intent: SearchIntent
  let service: any MovieService
  let language: String?
  let screen: ScreenMemory

  func makeAsyncIterator() -> Iterator { Iterator(states: self) }

  struct Iterator: AsyncIteratorProtocol {
    let states: SearchStates
    var step = 0

    mutating func next() async -> MoviesSearchState? {
      defer { step += 1 }
      switch (states.intent, step) {
      case (.query(let query), 0):
        return query.isEmpty ? .idle(popular: states.screen.popular) : .loading(query: query)
      case (.query(let query), 1) where !query.isEmpty:
        return await search(query)
      case (.appear, 0):
        guard
          let page = try? await states.service.popularMovies(page: 1, language: states.language),
          !Task.isCancelled
        else { return nil }
        states.screen.popular = page.results
        return .idle(popular: page.results)
      default:
        return nil
      }
    }

    private func search(_ query: String) async -> MoviesSearchState? {
      do throws(MovieServiceError) {
        let page = try await states.service.searchMovies(
          MovieQuery(query, language: states.language))
        if page.results.isEmpty { return .noResults(query: query) }
        return .success(query: query, movies: page.results, total: page.totalResults)
      } catch .cancelled {
        return nil
      } catch {
        return .failure(query: query, message: error.description)
      }
    }
  }
}
