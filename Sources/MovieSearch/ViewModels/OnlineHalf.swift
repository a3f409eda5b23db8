import Streams

/// TMDb beside a catalog (``MoviesSearchViewModel/init(catalog:online:clock:debounce:onlineTimeout:language:)``):
/// asked once a query has rested for `debounce`, and given `timeout` to answer, both on the
/// view model's clock.
struct OnlineHalf: Sendable {
  /// What became of one request.
  enum Answer: Sendable {
    case page(MoviePage)
    case failed(MovieServiceError)
    case timedOut
  }

  let service: any MovieService
  /// Starts a query's rest on the view model's clock: the sleep it returns ends `debounce`
  /// after the query came (not after the catalog answered), and throws when cancelled.
  let startRest: @Sendable () -> @Sendable () async throws -> Void
  /// Runs a request within `timeout` on the view model's clock.
  let withinTimeout:
    @Sendable (@escaping @Sendable () async throws(MovieServiceError) -> MoviePage) async ->
      Answer

  init<C: Clock<Duration>>(
    service: any MovieService, clock: C, debounce: Duration, timeout: Duration
  ) {
    self.service = service
    startRest = {
      let end = clock.now.advanced(by: debounce)
      return { try await clock.sleep(until: end, tolerance: nil) }
    }
    withinTimeout = { request async -> Answer in
      do throws(TimeoutFailure<MovieServiceError>) {
        return .page(try await withTimeout(timeout, clock: clock, operation: request))
      } catch {
        switch error {
        case .timedOut: return .timedOut
        case .base(let error): return .failed(error)
        }
      }
    }
  }

  /// The line a screen shows when TMDb's films are missing for `answer`'s reason; `nil`
  /// when it brought a page.
  static func notice(_ answer: Answer) -> String? {
    switch answer {
    case .page: nil
    case .timedOut: "TMDb did not answer; showing the offline catalog"
    case .failed(let error): error.offlineCatalogNotice
    }
  }
}

extension IntentWork.Iterator {
  /// The catalog's first page, shown at once (`complete: false`) when it has films; TMDb is
  /// asked next (``onlineFirstPage(_:_:)``).
  mutating func localFirstPage(_ request: FilteredQuery) async -> ScreenEvent? {
    step = .online
    if case .success(let page) = await fetch(request, page: 1, from: work.service) {
      localFirst = page
    }
    if Task.isCancelled { return nil }
    guard let localFirst, !localFirst.results.isEmpty else { return await next() }
    var shown = MergedResults()
    shown.add(local: localFirst, online: nil)
    return .show(
      .success(
        query: request.text, movies: shown.movies, total: shown.total, filter: request.filter,
        complete: false))
  }

  /// TMDb's first page after the debounce, merged with the catalog's: the list complete, or
  /// the catalog's alone with a notice when TMDb failed or did not answer in time.
  mutating func onlineFirstPage(_ request: FilteredQuery, _ online: OnlineHalf) async
    -> ScreenEvent?
  {
    step = .done
    do { try await (restEnds ?? online.startRest())() } catch { return nil }
    if Task.isCancelled { return nil }
    let answer = await ask(online, request, page: 1)
    if Task.isCancelled { return nil }
    merged = MergedResults()
    if case .page(let page) = answer {
      merged.add(local: localFirst, online: page)
    } else {
      notice = OnlineHalf.notice(answer)
      merged.add(local: localFirst, online: nil)
      merged.endOnline()
    }
    let (query, filter) = (request.text, request.filter)
    guard !merged.movies.isEmpty else {
      if case .failed(let error) = answer {
        return .show(.failure(query: query, message: error.description, filter: filter))
      }
      if let notice, localFirst == nil {
        return .show(.failure(query: query, message: notice, filter: filter))
      }
      return .show(.noResults(query: query, filter: filter))
    }
    step = .waitForMore
    listenForMore()
    return .show(
      .success(
        query: query, movies: merged.movies, total: merged.total, filter: filter, notice: notice))
  }

  /// The next page of both lists (of those with more), appended below the films listed.
  mutating func mergedNextPage(_ request: FilteredQuery, _ online: OnlineHalf) async
    -> ScreenEvent?
  {
    step = .waitForMore
    let asked = (local: merged.local.page + 1, online: merged.online.page + 1)
    var localPage: MoviePage?
    if !merged.local.isComplete,
      case .success(let page) = await fetch(request, page: asked.local, from: work.service)
    {
      localPage = page
    }
    var onlinePage: MoviePage?
    if !merged.online.isComplete {
      let answer = await ask(online, request, page: asked.online)
      if case .page(let page) = answer { onlinePage = page }
      if let reason = OnlineHalf.notice(answer) {
        notice = reason
        merged.endOnline()
      }
    }
    if Task.isCancelled { return nil }
    if localPage == nil, onlinePage == nil { merged.endLocal() }
    // A list that ended early (its server sent page 1 again, say) is asked no more.
    if let ended = merged.add(local: localPage, online: onlinePage, asked: asked) {
      notice = ended
    }
    return .show(
      .success(
        query: request.text, movies: merged.movies, total: merged.total, filter: request.filter,
        notice: notice))
  }

  /// One page from TMDb, within its time limit.
  private func ask(_ online: OnlineHalf, _ request: FilteredQuery, page: Int) async
    -> OnlineHalf.Answer
  {
    let language = work.language
    return await online.withinTimeout { () async throws(MovieServiceError) -> MoviePage in
      try await IntentWork.fetch(request, page: page, from: online.service, language: language)
        .get()
    }
  }
}
