import Streams

/// Answers a client asks a server for once and keeps — the image configuration, the genre
/// names of each language — fetched at most once per key however many callers ask at the same
/// time: the first fetches, the others wait for that one fetch and share its result.
///
/// A failure that asking again may mend — cancellation, rate limiting, a server error, no
/// connection — is handed to the callers then forgotten, so that the next caller tries again
/// (a waiting caller that was not cancelled itself asks again at once);
/// any other (no such resource, an answer that cannot be read) is kept like an answer, so that
/// a server without it is not asked again and again.
final class FetchOnce<Value: Sendable>: Sendable {
  typealias Outcome = Result<Value, MovieServiceError>

  private enum Entry {
    case loading(waiters: [CheckedContinuation<Outcome?, Never>])
    case loaded(Outcome)
  }

  private let entries = Lock<[String: Entry]>([:])

  /// What a caller finds under its key.
  private enum Step {
    case have(Outcome)
    case wait
    case fetch
  }

  /// What a waiting caller finds once its continuation is ready to be registered.
  private enum Now {
    case have(Outcome)
    case waiting
    case forgotten
  }

  /// How many callers wait for the fetch under way for `key` (tests look).
  func waitingCount(_ key: String) -> Int {
    entries.withLock { entries in
      if case .loading(let waiters) = entries[key] { waiters.count } else { 0 }
    }
  }

  /// The value for `key` when it is already known.
  func known(_ key: String) -> Value? {
    entries.withLock { entries in
      if case .loaded(.success(let value)) = entries[key] { value } else { nil }
    }
  }

  /// The outcome for `key`: kept, awaited from the fetch under way, or fetched with `fetch`.
  func value(
    for key: String, fetch: () async throws(MovieServiceError) -> Value
  ) async -> Outcome {
    let step = entries.withLock { entries -> Step in
      switch entries[key] {
      case .loaded(let outcome): return .have(outcome)
      case .loading: return .wait
      case nil:
        entries[key] = .loading(waiters: [])
        return .fetch
      }
    }
    switch step {
    case .have(let outcome):
      return outcome
    case .wait:
      let shared = await withCheckedContinuation { continuation in
        let now = entries.withLock { entries -> Now in
          switch entries[key] {
          case .loaded(let outcome): return .have(outcome)
          case .loading(var waiters):
            waiters.append(continuation)
            entries[key] = .loading(waiters: waiters)
            return .waiting
          case nil: return .forgotten
          }
        }
        switch now {
        case .have(let outcome): continuation.resume(returning: outcome)
        case .forgotten: continuation.resume(returning: nil)
        case .waiting: break
        }
      }
      // The fetch failed and was forgotten before this caller could wait: it asks itself.
      guard let shared else { return await value(for: key, fetch: fetch) }
      // The fetch was the cancelled caller's (a search superseded), not this one's: this
      // caller asks itself, as if it had come after.
      if case .failure(.cancelled) = shared, !Task.isCancelled {
        return await value(for: key, fetch: fetch)
      }
      return shared
    case .fetch:
      let outcome: Outcome
      do {
        outcome = .success(try await fetch())
      } catch {
        outcome = .failure(error)
      }
      let waiters = entries.withLock { entries -> [CheckedContinuation<Outcome?, Never>] in
        guard case .loading(let waiters) = entries[key] else { return [] }
        if case .failure(let error) = outcome, Self.isPassing(error) {
          entries[key] = nil
        } else {
          entries[key] = .loaded(outcome)
        }
        return waiters
      }
      for waiter in waiters { waiter.resume(returning: outcome) }
      return outcome
    }
  }

  /// Whether asking again later may succeed.
  private static func isPassing(_ error: MovieServiceError) -> Bool {
    switch error {
    case .cancelled, .rateLimited, .server, .transport, .stalled, .noAnswer: true
    case .invalidCredentials, .notFound, .http, .badResponse, .refused, .invalidRequest,
      .filterRefused,
      .damagedCatalog:
      false
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
