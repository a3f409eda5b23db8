import Streams

/// What one intent of the search screen leads to, as the sequence `flatMapLatest` runs for
/// it: the service is called in that sequence's task, so a newer intent cancels the call
/// itself — and the pages of a query, which listen to `more` only while theirs is the latest
/// query.
struct IntentWork<More: AsyncSequence<Void, Never> & Sendable>: AsyncSequence, Sendable
where More: SendableMetatype, More.AsyncIterator: SendableMetatype {
  typealias Element = ScreenEvent
  typealias Failure = Never

  let intent: SearchIntent
  let service: any MovieService
  let language: String?
  let more: AsyncShareSequence<More>
  /// The pages of popular films loaded so far, kept across intents.
  let popularPages: SavedPages
  /// TMDb beside the catalog (`service`), when the screen has both.
  var online: OnlineHalf? = nil

  func makeAsyncIterator() -> Iterator { Iterator(work: self) }

  /// Whether this intent shows the popular films: an appearance, or an empty field (which
  /// shows those loaded so far, and pages on from them).
  var isPopular: Bool { intent == .appear || intent == .query(FilteredQuery(text: "")) }

  struct Iterator: AsyncIteratorProtocol {
    enum Step {
      case start, popular, firstPage, online, waitForMore, nextPage, done
    }

    let work: IntentWork
    var step = Step.start
    var pages = MoviePages()
    var wants: AsyncShareSequence<More>.AsyncIterator?
    /// With TMDb beside the catalog: the catalog's first page, the merged list, and why
    /// TMDb's films are missing from it.
    var localFirst: MoviePage?
    var merged = MergedResults()
    var notice: String?
    /// The debounce before TMDb is asked, from the moment the query came.
    var restEnds: (@Sendable () async throws -> Void)?

    init(work: IntentWork) {
      self.work = work
    }

    mutating func next() async -> ScreenEvent? {
      switch (step, work.intent) {
      case (.start, .appear):
        step = .popular
        return .idle
      case (.start, .query(let request)) where request.isEmpty:
        pages = work.popularPages.value
        step = pages.page > 0 ? .waitForMore : .done
        if pages.page > 0 { listenForMore() }
        return .idle
      case (.start, .query(let request)):
        step = .firstPage
        restEnds = work.online?.startRest()
        return .show(.loading(query: request.text, filter: request.filter))
      case (.popular, _):
        return await popular()
      case (.firstPage, .query(let request)) where work.online != nil:
        return await localFirstPage(request)
      case (.firstPage, .query(let request)):
        return await firstPage(request)
      case (.online, .query(let request)):
        guard let online = work.online else { return nil }
        return await onlineFirstPage(request, online)
      case (.waitForMore, _):
        // The popular films are one list, whatever else is beside the catalog.
        let complete =
          work.online == nil || work.isPopular ? pages.isComplete : merged.isComplete
        guard !complete else { return nil }
        listenForMore()
        guard await wants?.next() != nil, !Task.isCancelled else { return nil }
        step = .nextPage
        guard case .query(let request) = work.intent, !work.isPopular else {
          return await next()
        }
        let (movies, total) =
          work.online == nil ? (pages.movies, pages.total) : (merged.movies, merged.total)
        return .show(
          .loadingMore(query: request.text, movies: movies, total: total, filter: request.filter))
      case (.nextPage, _) where work.isPopular:
        return await popular()
      case (.nextPage, .query(let request)):
        guard let online = work.online else { return await nextPage(request) }
        return await mergedNextPage(request, online)
      default:
        return nil
      }
    }

    /// The next page of popular films: all so far. A later page that fails is not shown
    /// (the idle screen has nowhere to say so); the next `more` tries it again.
    private mutating func popular() async -> ScreenEvent? {
      let first = pages.page == 0
      step = first ? .done : .waitForMore
      do throws(MovieServiceError) {
        let loaded = try await popularPage(pages.page + 1)
        if Task.isCancelled { return nil }
        pages.add(loaded)
        work.popularPages.value = pages
        step = .waitForMore
        listenForMore()
        return .popular(pages.movies)
      } catch .cancelled {
        return nil
      } catch {
        if !first { return await next() }
        return .show(.failure(query: "", message: "Popular films could not be loaded: \(error)"))
      }
    }

    /// A page of popular films: TMDb's when it is beside the catalog (they are today's, the
    /// catalog's end when it was built) — the catalog's from the first, when TMDb's first page
    /// fails or does not answer in time; beside each other, each film says its source.
    private func popularPage(_ number: Int) async throws(MovieServiceError) -> MoviePage {
      guard work.online != nil else {
        return try await work.service.popularMovies(page: number, language: work.language)
      }
      var page = try await popularPageOfEither(number)
      let source: MovieSource = work.popularPages.fromCatalog ? .catalog : .tmdb
      for index in page.results.indices { page.results[index].source = source }
      return page
    }

    private func popularPageOfEither(_ number: Int) async throws(MovieServiceError) -> MoviePage {
      let language = work.language
      if let online = work.online, !work.popularPages.fromCatalog {
        let answer = await online.withinTimeout {
          () async throws(MovieServiceError) -> MoviePage in
          try await online.service.popularMovies(page: number, language: language)
        }
        switch answer {
        case .page(let page): return page
        case .failed(.cancelled): throw .cancelled
        case .failed(let error) where number > 1: throw error
        case .timedOut where number > 1: throw .stalled(host: "TMDb")
        case .failed, .timedOut: work.popularPages.fromCatalog = true
        }
      }
      return try await work.service.popularMovies(page: number, language: language)
    }

    private mutating func firstPage(_ request: FilteredQuery) async -> ScreenEvent? {
      step = .done
      let (query, filter) = (request.text, request.filter)
      let result = await fetch(request, page: 1, from: work.service)
      if Task.isCancelled { return nil }
      switch result {
      case .success(let first) where first.results.isEmpty:
        return .show(.noResults(query: query, filter: filter))
      case .success(let first):
        step = .waitForMore
        pages.add(first)
        listenForMore()
        return .show(
          .success(query: query, movies: pages.movies, total: pages.total, filter: filter))
      case .failure(let error):
        return .show(.failure(query: query, message: error.description, filter: filter))
      }
    }

    private mutating func nextPage(_ request: FilteredQuery) async -> ScreenEvent? {
      step = .waitForMore
      let (query, filter) = (request.text, request.filter)
      let asked = pages.page + 1
      let result = await fetch(request, page: asked, from: work.service)
      if Task.isCancelled { return nil }
      switch result {
      case .success(let next):
        if let end = pages.add(next, asked: asked) {
          return .show(
            .moreFailed(
              query: query, movies: pages.movies, total: pages.total, message: end,
              filter: filter))
        }
        return .show(
          .success(query: query, movies: pages.movies, total: pages.total, filter: filter))
      case .failure(let error):
        return .show(
          .moreFailed(
            query: query, movies: pages.movies, total: pages.total, message: error.description,
            filter: filter))
      }
    }

    /// Listens to `more` from now on: before the rows it is about are shown, so that a
    /// screen asking as soon as it shows them (its list does not fill it) is heard.
    mutating func listenForMore() {
      if wants == nil { wants = work.more.makeAsyncIterator() }
    }

    /// A page of the request's films from `service`: a search (filtered when there is a
    /// filter), or with no text, a listing of the films that pass the filter.
    func fetch(_ request: FilteredQuery, page: Int, from service: any MovieService) async
      -> Result<MoviePage, MovieServiceError>
    {
      await IntentWork.fetch(request, page: page, from: service, language: work.language)
    }
  }

  /// A page of `request`'s films from `service` (see ``Iterator/fetch(_:page:from:)``).
  static func fetch(
    _ request: FilteredQuery, page: Int, from service: any MovieService, language: String?
  ) async -> Result<MoviePage, MovieServiceError> {
    do throws(MovieServiceError) {
      if request.text.isEmpty {
        return .success(
          try await service.discoverMovies(request.filter, page: page, language: language))
      }
      // Keystrokes: the last word may be unfinished (``MovieQuery/isBeingTyped``).
      let query = MovieQuery(request.text, page: page, language: language, isBeingTyped: true)
      if request.filter == MovieFilter() {
        return .success(try await service.searchMovies(query))
      }
      return .success(try await service.searchMovies(query, filter: request.filter))
    } catch {
      return .failure(error)
    }
  }
}

/// Pages kept from one intent to the next (the popular films), and where they come from.
final class SavedPages: Sendable {
  private let saved = Lock((pages: MoviePages(), fromCatalog: false))

  var value: MoviePages {
    get { saved.withLock { $0.pages } }
    set { saved.withLock { $0.pages = newValue } }
  }

  /// They are the catalog's although TMDb is beside it: TMDb's first page failed.
  var fromCatalog: Bool {
    get { saved.withLock { $0.fromCatalog } }
    set { saved.withLock { $0.fromCatalog = newValue } }
  }
}
