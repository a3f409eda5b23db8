import MovieSearch
import MovieSearchCLI
import StreamsTesting

/// `stream --virtual-time`: a session played on virtual time, instantly and the same on
/// every run, as stdin is read — a line at a time, each event sent at its time, so memory
/// stays flat however long the input. Requests to a server are real I/O: virtual time waits
/// for them (``ExternalWorkService``; a catalog answers at once and needs no such care).
struct VirtualTimeReplay: VirtualTimeStreamPlayer {
  func play(
    service: any MovieService, online: (any MovieService)?, debounce given: Int?,
    language: String?
  ) async throws {
    let service = service.traits.answersInstantly ? service : ExternalWorkService(base: service)
    let online = online.map { ExternalWorkService(base: $0) }
    var input = EventReader()
    let debounce = input.debounce(given: given)
    let reading = input
    try await withVirtualTime(stallLimit: .seconds(30)) { clock in
      let start = clock.now
      let channels = EventChannels()
      let writer = StateWriter { Int(start.duration(to: clock.now) / .milliseconds(1)) }
      await withTaskGroup(of: Void.self) { group in
        group.addTask {
          var reader = reading
          var last = 0
          while let event = reader.next() {
            let time = max(event.at ?? last, last)
            if time > last {
              try? await clock.sleep(until: start.advanced(by: .milliseconds(time)))
            } else {
              // The same instant: what the last event started runs first, so that events
              // are not read faster than they are taken.
              await Task.yield()
            }
            last = time
            channels.send(event.kind)
          }
          // Every channel stays open until the last event of the session: the search field
          // does not close just because the last line was a selection.
          channels.finish()
        }
        group.addTask {
          await StreamCommand.play(
            channels.input, service: service, online: online, clock: clock, debounce: debounce,
            language: language, writer: writer)
        }
      }
    }
  }
}

/// The replay tool's program: movie-search's, able to play sessions on virtual time.
public enum MovieSearchReplayApp {
  /// Runs the command line as `movie-search` does (`movie-search-replay stream
  /// --virtual-time < session.ndjson`, or any other command); the exit status.
  public static func run(_ commandLine: [String]) async -> Int32 {
    await MovieSearchApp.run(
      commandLine, capabilities: Capabilities(virtualTime: VirtualTimeReplay()))
  }
}
