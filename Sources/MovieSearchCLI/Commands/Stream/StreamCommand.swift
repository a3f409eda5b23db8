import Foundation
import MovieSearch
import Streams
import Synchronization

/// `movie-search stream`: the search view model driven from stdin, states out as NDJSON.
package struct StreamCommand: Command {
  struct Options: BackendCommandOptions {
    let virtualTime = Flag(
      "virtual-time", "Run on a virtual clock honouring \"at\" stamps: instant, repeatable.")
    let debounce = Option.debounce
    let backend = BackendOptions()
  }

  static let name = "stream"
  static let abstract =
    "Drive the search view model from standard input; print every state as NDJSON."
  static let summary = "Drive the search view model from standard input, states out as NDJSON."
  static let arguments = Arguments.none
  static let discussion: String? = """
    INPUT, one event per line: a plain line is the full text of the search field after an
    edit; a line starting with '{' is a JSON object: {"search":"mat"}, {"select":603}
    (with the row's "source" in a list of a catalog and TMDb together), {"appear":true} (a recording's first line adds "debounce":MS, used unless --debounce
    is given), {"more":true} (the next page of the results shown), {"retry":true}
    (the text searched again) or {"filter":{...}}: the filters from now on, such as
    {"filter":{"genres":["Comedy"],"years":[1990,1999],"minRating":7.5,
    "minVotes":1000,"sort":"rating"}} (also "allGenres", "runtime":[a,b], "certification",
    "person"; null leaves an end of a range open; {} filters nothing). Each may have "at":
    milliseconds since the start. A line without "at" happens when it is read (or, with
    --virtual-time, right after the previous event). A bad line is reported on stderr with its number; the stream goes on.

    OUTPUT, one JSON object per line: {"at":ms,"state":"idle"|"loading"|"success"|
    "loadingMore"|"moreFailed"|"noResults"|"failure", ...} and, for selections, {"at":ms,"details":"loading"|"success"|
    "failure","id":id, ...}. See the README for every field.
    """

  static func run(_ invocation: Invocation<Self>) async throws -> Int32 {
    // Played by movie-search-replay, which brings virtual time (test machinery this program
    // does not carry): this program hands over to it before anything else.
    if invocation[\.virtualTime], invocation.capabilities.virtualTime == nil {
      return ReplayTool.handOver()
    }
    let sources = try Backend.sources(for: invocation)
    let (service, online) = (sources.main.service, sources.online)
    let language = invocation[\.backend.language]
    if invocation[\.virtualTime], let player = invocation.capabilities.virtualTime {
      try await player.play(
        service: service, online: online, debounce: invocation[\.debounce], language: language)
    } else {
      var input = EventReader()
      // A recording's debounce is read ahead from a file only: a terminal or a live pipe
      // must not hold the first state back until its first line comes.
      var status = stat()
      let fromFile = fstat(STDIN_FILENO, &status) == 0 && (status.st_mode & S_IFMT) == S_IFREG
      let debounce =
        fromFile
        ? input.debounce(given: invocation[\.debounce])
        : .milliseconds(invocation[\.debounce] ?? 300)
      let reading = input
      let clock = ContinuousClock()
      let start = clock.now
      let channels = EventChannels()
      Thread.detachNewThread {
        var reader = reading
        while let event = reader.next() {
          if let at = event.at {
            let wait = start.advanced(by: .milliseconds(at)) - clock.now
            if wait > .zero { Thread.sleep(forTimeInterval: wait / .seconds(1)) }
          }
          channels.send(event.kind)
        }
        channels.finish()
      }
      let writer = StateWriter { Int(start.duration(to: clock.now) / .milliseconds(1)) }
      await play(
        channels.input, service: service, online: online, clock: clock, debounce: debounce,
        language: language, writer: writer)
    }
    return 0
  }

  /// How many selections' details load at once.
  static let concurrentSelections = 16

  /// Runs the view model over `input` and writes every state, and every details state of a
  /// selection, until all of them have ended. With `online` (TMDb beside the catalog
  /// `service`), both are searched together: the catalog at once, TMDb after `debounce`.
  package static func play<C: Clock<Duration>, A, S, L, M, R, F>(
    _ input: MoviesSearchInput<A, S, L, M, R, F>, service: any MovieService,
    online: (any MovieService)? = nil, clock: C, debounce: Duration,
    language: String?, writer: StateWriter
  ) async where M: SendableMetatype, M.AsyncIterator: SendableMetatype {
    let viewModel =
      online.map {
        MoviesSearchViewModel(
          catalog: service, online: $0, clock: clock, debounce: debounce, language: language)
      }
      ?? MoviesSearchViewModel(
        service: service, clock: clock, debounce: debounce, language: language)
    let output = viewModel.transform(input: input)
    await withTaskGroup(of: Void.self) { group in
      // Each selection's details states go to the output too, as they come. At most
      // `concurrentSelections` load at once; later ones wait their turn (in order): memory
      // stays flat however many selections come at once.
      group.addTask {
        await withTaskGroup(of: Void.self) { details in
          var running = 0
          for await case .details(let viewModel) in output.routes {
            if running == concurrentSelections {
              await details.next()
              running -= 1
            }
            running += 1
            details.addTask {
              let appear = [()].async
              for await state in viewModel.transform(input: MovieDetailsInput(appear: appear)) {
                writer.write(state, id: viewModel.movieID, source: viewModel.source)
              }
            }
          }
        }
      }
      for await state in output.states { writer.write(state) }
    }
  }
}

/// The valid events of stdin, one at a time; each bad line is reported on stderr with its
/// number, and skipped.
package struct EventReader: Sendable {
  private var lines = LineReader()
  private var number = 0
  /// The first event, read ahead by ``debounce(given:)``.
  private var pending: StreamEvent?

  /// A reader of stdin.
  package init() {}

  /// The debounce to play with: `given` (`--debounce`), else the one the session's first
  /// line records (a finder's `--record`), else 300 ms. Reads the first event ahead.
  package mutating func debounce(given: Int?) -> Duration {
    if let given { return .milliseconds(given) }
    if pending == nil { pending = read() }
    return .milliseconds(pending?.debounce ?? 300)
  }

  /// The next valid event; `nil` at the end of the input.
  package mutating func next() -> StreamEvent? {
    if let pending {
      self.pending = nil
      return pending
    }
    return read()
  }

  private mutating func read() -> StreamEvent? {
    while let line = lines.next() {
      number += 1
      switch line {
      case .tooLong:
        Output.error(
          "Error: line \(number): the line is longer than \(lines.maxLength) bytes; skipped.")
      case .text(let bytes):
        switch StreamEvent.parse(bytes) {
        case .success(let event): return event
        case .failure(let error): Output.error("Error: line \(number): \(error.reason); skipped.")
        }
      }
    }
    return nil
  }
}

/// The view model's six inputs, fed event by event from one reader.
package struct EventChannels: Sendable {
  private let appear = AsyncStream.makeStream(of: Void.self)
  private let search = AsyncStream.makeStream(of: String.self)
  private let selection = AsyncStream.makeStream(of: MoviePick.self)
  private let more = AsyncStream.makeStream(of: Void.self)
  private let retry = AsyncStream.makeStream(of: Void.self)
  private let filters = AsyncStream.makeStream(of: MovieFilter.self)

  /// Six new inputs.
  package init() {}

  /// The inputs, to give the view model.
  package var input:
    MoviesSearchInput<
      AsyncStream<Void>, AsyncStream<String>, AsyncStream<MoviePick>, AsyncStream<Void>,
      AsyncStream<Void>, AsyncStream<MovieFilter>
    >
  {
    MoviesSearchInput(
      appear: appear.stream, search: search.stream, selection: selection.stream,
      more: more.stream, retry: retry.stream, filters: filters.stream)
  }

  /// Sends an event to its input.
  package func send(_ kind: StreamEvent.Kind) {
    switch kind {
    case .appear: appear.continuation.yield()
    case .search(let text): search.continuation.yield(text)
    case .select(let pick): selection.continuation.yield(pick)
    case .more: more.continuation.yield()
    case .retry: retry.continuation.yield()
    case .filter(let filter): filters.continuation.yield(filter)
    }
  }

  /// Ends every input.
  package func finish() {
    appear.continuation.finish()
    search.continuation.finish()
    selection.continuation.finish()
    more.continuation.finish()
    retry.continuation.finish()
    filters.continuation.finish()
  }
}

/// Writes NDJSON lines, one whole line at a time, with the time since the start.
package final class StateWriter: Sendable {
  private let elapsed: @Sendable () -> Int
  private let lock = Lock(())

  /// A writer stamping each line with `elapsed()` milliseconds.
  package init(elapsed: @escaping @Sendable () -> Int) {
    self.elapsed = elapsed
  }

  func write(_ state: MoviesSearchState) {
    emit(StateLine(at: elapsed(), state: state))
  }

  func write(_ state: MovieDetailsState, id: Int, source: MovieSource? = nil) {
    emit(DetailsLine(at: elapsed(), id: id, source: source, state: state))
  }

  private func emit(_ line: some Encodable) {
    guard let text = try? JSON.line(line) else { return }
    lock.withLock { _ in Output.print(text) }
  }
}

/// A film in an NDJSON line; `matches` are the parts of the title the search matched, as
/// `[start, length]` in characters (offline catalogs only) — of `aka`, the other title the
/// film was found by, when there is one.
struct FilmLine: Encodable {
  var id: Int
  var title: String
  var aka: String?
  var year: Int?
  var rating: Double
  var genres: [String]?
  var matches: [[Int]]?
  /// Where a merged list found it: `catalog`, `tmdb` or `both`.
  var source: String?

  init(_ movie: Movie) {
    id = movie.id
    title = movie.title
    aka = movie.alsoKnownAs
    year = movie.year
    rating = movie.voteAverage
    genres = movie.genreNames.isEmpty ? nil : movie.genreNames
    matches =
      movie.titleMatches.isEmpty ? nil : movie.titleMatches.map { [$0.lowerBound, $0.count] }
    source = movie.source?.rawValue
  }
}

/// `{"at":…,"state":…}`.
struct StateLine: Encodable {
  var at: Int
  var state: String
  var query: String?
  var total: Int?
  var results: [FilmLine]?
  var popular: [FilmLine]?
  var message: String?
  /// The filter the films pass, when there is one.
  var filter: FilterJSON?
  /// With a catalog and TMDb together: whether TMDb's films are in (`false` while they are
  /// awaited), and why they are not, when it failed.
  var complete: Bool?
  var notice: String?

  init(at: Int, state: MoviesSearchState) {
    self.at = at
    if let filter = state.filter, filter != MovieFilter() { self.filter = FilterJSON(filter) }
    switch state {
    case .idle(let popular):
      self.state = "idle"
      self.popular = popular.isEmpty ? nil : popular.map(FilmLine.init)
    case .loading(let query, _):
      self.state = "loading"
      self.query = query
    case .success(let query, let movies, let total, _, let complete, let notice):
      self.state = "success"
      self.query = query
      self.total = total
      results = movies.map(FilmLine.init)
      // Said only of a merged list: a list from one service is always complete.
      if !complete || movies.contains(where: { $0.source != nil }) { self.complete = complete }
      self.notice = notice
    case .loadingMore(let query, let movies, let total, _):
      self.state = "loadingMore"
      self.query = query
      self.total = total
      results = movies.map(FilmLine.init)
    case .moreFailed(let query, let movies, let total, let message, _):
      self.state = "moreFailed"
      self.query = query
      self.total = total
      results = movies.map(FilmLine.init)
      self.message = message
    case .noResults(let query, _):
      self.state = "noResults"
      self.query = query
    case .failure(let query, let message, _):
      self.state = "failure"
      self.query = query
      self.message = message
    }
  }
}

/// `{"at":…,"details":…,"id":…}`.
struct DetailsLine: Encodable {
  var at: Int
  var details: String
  var id: Int
  /// The source of the row selected, in a merged list.
  var source: String?
  var title: String?
  var year: Int?
  var runtime: Int?
  var genres: [String]?
  var rating: Double?
  var votes: Int?
  var tagline: String?
  var overview: String?
  var poster: String?
  var directors: [String]?
  var cast: [String]?
  var collection: String?
  var message: String?

  init(at: Int, id: Int, source: MovieSource?, state: MovieDetailsState) {
    self.at = at
    self.id = id
    self.source = source?.rawValue
    switch state {
    case .loading:
      details = "loading"
    case .success(let film, let poster):
      details = "success"
      title = film.movie.title
      year = film.movie.year
      runtime = film.runtime
      genres = film.genres.map(\.name)
      rating = film.movie.voteAverage
      votes = film.movie.voteCount
      tagline = film.tagline
      overview = film.movie.overview
      self.poster = poster
      directors = film.credits.map(\.directors).flatMap { $0.isEmpty ? nil : $0 }
      cast = film.cast().isEmpty ? nil : film.cast().map(\.name)
      collection = film.collection?.name
    case .failure(let message):
      details = "failure"
      self.message = message
    }
  }
}
