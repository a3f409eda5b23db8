import Streams

/// TMDb's genre names (`/genre/movie/list`), fetched at most once per language and client,
/// however many searches ask at the same time.
///
/// The first search to need a language's names fetches them; searches that need them
/// meanwhile wait for that one fetch. A fetch that fails is remembered as "no names": a
/// search never fails for the sake of its genres. A failure that asking again may mend —
/// cancellation, rate limiting, a server error, no connection — is forgotten, so that the next
/// search tries again; any other (no such list, an answer that cannot be read) is kept, so
/// that a server without the list is not asked for it with every search.
final class GenreCache: Sendable {
  private enum Entry {
    case loading(waiters: [CheckedContinuation<[Int: String], Never>])
    case loaded([Int: String])
  }

  private let entries = Lock<[String: Entry]>([:])

  /// The names for `language` when they are already known.
  func known(language: String?) -> [Int: String]? {
    entries.withLock { entries in
      if case .loaded(let names) = entries[language ?? ""] { names } else { nil }
    }
  }

  /// The names for `language` by genre id, fetched with `fetch` if no one has yet; empty
  /// when the fetch failed.
  func names(
    language: String?, fetch: () async throws(MovieServiceError) -> [Genre]
  ) async -> [Int: String] {
    let key = language ?? ""
    enum Step {
      case have([Int: String])
      case wait
      case fetch
    }
    let step = entries.withLock { entries -> Step in
      switch entries[key] {
      case .loaded(let names): return .have(names)
      case .loading: return .wait
      case nil:
        entries[key] = .loading(waiters: [])
        return .fetch
      }
    }
    switch step {
    case .have(let names):
      return names
    case .wait:
      return await withCheckedContinuation { continuation in
        let known = entries.withLock { entries -> [Int: String]? in
          switch entries[key] {
          case .loaded(let names): return names
          case .loading(var waiters):
            waiters.append(continuation)
            entries[key] = .loading(waiters: waiters)
            return nil
          case nil: return [:]  // The fetch failed and was forgotten: this search goes without.
          }
        }
        if let known { continuation.resume(returning: known) }
      }
    case .fetch:
      var names: [Int: String] = [:]
      var keep = true
      do {
        for genre in try await fetch() { names[genre.id] = genre.name }
      } catch {
        keep = !Self.isPassing(error)
      }
      let waiters = entries.withLock { entries -> [CheckedContinuation<[Int: String], Never>] in
        guard case .loading(let waiters) = entries[key] else { return [] }
        entries[key] = keep ? .loaded(names) : nil
        return waiters
      }
      for waiter in waiters { waiter.resume(returning: names) }
      return names
    }
  }

  /// Whether asking again later may succeed.
  private static func isPassing(_ error: MovieServiceError) -> Bool {
    switch error {
    case .cancelled, .rateLimited, .server, .transport: true
    case .invalidCredentials, .notFound, .http, .badResponse, .invalidRequest: false
    }
  }
}

/// `/genre/movie/list`'s answer.
struct GenreList: Decodable {
  var genres: [Genre]
}

extension MoviePage {
  /// The page with each film's ``Movie/genreNames`` filled from `names`, in the order of its
  /// genre ids (an id without a name is left out).
  func naming(_ names: [Int: String]) -> MoviePage {
    guard !names.isEmpty else { return self }
    var page = self
    for index in page.results.indices {
      page.results[index].genreNames = page.results[index].genreIDs.compactMap { names[$0] }
    }
    return page
  }
}
