import Streams
import StreamsTesting
import Synchronization
import Testing

@testable import TestSupport

/// The error thrown at `#` in the marble tests.
struct Boom: Error, Equatable {}

/// One frame of a marble test.
let frame = Duration.milliseconds(100)

/// Checks a recorded diagram; on failure prints both diagrams one above the other.
func expectMarbles(
  _ actual: MarbleDiagram,
  _ expected: MarbleDiagram,
  sourceLocation: SourceLocation = #_sourceLocation
) {
  #expect(
    actual == expected,
    "\nexpected: \(expected)\nactual:   \(actual)",
    sourceLocation: sourceLocation)
}

/// Consumes `sequence` and notes each event with its virtual time: `value@time`, then
/// `|@time` at the end or `#@time` at a failure — for elements a marble diagram cannot draw.
func timeline<S: AsyncSequence>(
  _ sequence: S, on clock: VirtualClock, _ describe: (S.Element) -> String = { "\($0)" }
) async -> [String] {
  var events: [String] = []
  var iterator = sequence.makeAsyncIterator()
  do throws(S.Failure) {
    while let element = try await iterator.next(isolation: nil) {
      events.append("\(describe(element))@\(clock.now)")
    }
    events.append("|@\(clock.now)")
  } catch {
    events.append("#@\(clock.now)")
  }
  return events
}

/// A thread-safe log for tests.
final class Log<Entry: Sendable>: Sendable {
  private let entries = Lock<[Entry]>([])
  func append(_ entry: Entry) { entries.withLock { $0.append(entry) } }
  var all: [Entry] { entries.withLock { $0 } }
}

/// Wraps a sequence and logs how its iteration ended: "finished", "failed", "cancelled"
/// (the consumer's task was cancelled while it waited) or "dropped" (the iterator went away
/// before the end).
struct Probe<Base: AsyncSequence & Sendable>: AsyncSequence, Sendable {
  typealias Element = Base.Element
  typealias Failure = Base.Failure
  let base: Base
  let log: Log<String>

  final class Token: Sendable {
    let log: Log<String>
    let ended = Lock(false)
    init(log: Log<String>) { self.log = log }
    func end(_ how: String) {
      let first = ended.withLock { ended in
        defer { ended = true }
        return !ended
      }
      guard first else { return }
      log.append(how)
    }
    deinit { end("dropped") }
  }

  func makeAsyncIterator() -> Iterator {
    Iterator(base: base.makeAsyncIterator(), token: Token(log: log))
  }

  struct Iterator: AsyncIteratorProtocol {
    var base: Base.AsyncIterator
    let token: Token
    mutating func next() async throws(Failure) -> Element? {
      do throws(Failure) {
        guard let element = try await base.next(isolation: nil) else {
          token.end(Task.isCancelled ? "cancelled" : "finished")
          return nil
        }
        return element
      } catch {
        token.end("failed")
        throw error
      }
    }
  }
}

extension AsyncSequence where Self: Sendable {
  func probed(_ log: Log<String>) -> Probe<Self> { Probe(base: self, log: log) }
}
