import Foundation
import MovieSearch

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// One event of `movie-search stream`'s input.
package struct StreamEvent: Sendable, Equatable {
  package enum Kind: Sendable, Equatable {
    case search(String)
    /// A film's id, and the source of its row when a merged list says it.
    case select(MoviePick)
    case appear
    /// The next page of the results shown.
    case more
    /// The text searched again.
    case retry
    /// The filters the results must pass, from now on.
    case filter(MovieFilter)
  }

  package var kind: Kind
  /// Milliseconds since the start, when the line says.
  package var at: Int?
  /// The debounce a recorded session ran with, in milliseconds: said on its `appear` line.
  package var debounce: Int?

  /// The latest `at`: a year, in milliseconds. Later stamps are refused, so that no time
  /// the session computes from them can overflow.
  static let latest = 365 * 24 * 3_600_000

  /// Parses one input line: a plain line is search text; a line starting with `{` is a JSON
  /// object. Returns the reason when the line is not a valid event.
  package static func parse(_ line: [UInt8]) -> Result<StreamEvent, StreamInputError> {
    var line = line[...]
    if line.last == UInt8(ascii: "\r") { line = line.dropLast() }
    // A byte-order mark (files saved by some editors start with one) is not text.
    if line.starts(with: [0xEF, 0xBB, 0xBF]) { line = line.dropFirst(3) }
    guard let text = String(validating: line, as: UTF8.self) else {
      return .failure(.init("it is not valid UTF-8"))
    }
    guard text.first == "{" else { return .success(StreamEvent(kind: .search(text))) }
    do {
      return .success(try JSONDecoder().decode(JSONLine.self, from: Data(line)).event)
    } catch let error as StreamInputError {
      return .failure(error)
    } catch let error as FilterJSON.Problem {
      return .failure(.init(error.reason))
    } catch DecodingError.typeMismatch(_, let context) where context.codingPath.isEmpty {
      return .failure(.init("it starts with '{' but is not a JSON object"))
    } catch DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context)
    {
      let key = context.codingPath.first?.stringValue ?? "?"
      return .failure(.init(expected(key)))
    } catch {
      return .failure(.init("it starts with '{' but is not valid JSON"))
    }
  }

  /// What the value of `key` must be.
  static func expected(_ key: String) -> String {
    switch key {
    case "at": "\"at\" must be a whole number of milliseconds, 0 or more"
    case "debounce": "\"debounce\" must be a whole number of milliseconds, 0 to 60000"
    case "search": "\"search\" must be a string"
    case "select": "\"select\" must be a film id (a positive whole number)"
    case "source": "\"source\" must be \"catalog\", \"tmdb\" or \"both\""
    case "appear": "\"appear\" must be true"
    case "more": "\"more\" must be true"
    case "retry": "\"retry\" must be true"
    case "filter":
      "\"filter\" must be an object such as {\"genres\":[\"Comedy\"],\"years\":[1990,1999]}"
    default: "\"\(key.prefix(40))\" has the wrong type"
    }
  }

  /// A JSON input line: exactly one of "search", "select", "appear", "more", "retry",
  /// "filter", and maybe "at" (and, with "appear", "debounce"; with "select", "source").
  private struct JSONLine: Decodable {
    var event: StreamEvent

    struct Key: CodingKey {
      var stringValue: String
      var intValue: Int? { nil }
      init(stringValue: String) { self.stringValue = stringValue }
      init?(intValue: Int) { nil }
    }

    init(from decoder: any Decoder) throws {
      let object = try decoder.container(keyedBy: Key.self)
      var kinds: [Kind] = []
      var at: Int?
      var debounce: Int?
      var source: MovieSource?
      for key in object.allKeys.sorted(by: { $0.stringValue < $1.stringValue }) {
        switch key.stringValue {
        case "at":
          at = try Self.wholeNumber(object, key, in: 0...StreamEvent.latest)
        case "debounce":
          debounce = try Self.wholeNumber(object, key, in: 0...60_000)
        case "search":
          kinds.append(.search(try object.decode(String.self, forKey: key)))
        case "select":
          let id = try Self.wholeNumber(object, key, in: 1...Int(UInt32.max))
          kinds.append(.select(MoviePick(id: id)))
        case "source":
          guard let value = MovieSource(rawValue: try object.decode(String.self, forKey: key))
          else { throw StreamInputError(expected("source")) }
          source = value
        case "appear":
          guard try object.decode(Bool.self, forKey: key) else {
            throw StreamInputError(expected("appear"))
          }
          kinds.append(.appear)
        case "more":
          guard try object.decode(Bool.self, forKey: key) else {
            throw StreamInputError(expected("more"))
          }
          kinds.append(.more)
        case "retry":
          guard try object.decode(Bool.self, forKey: key) else {
            throw StreamInputError(expected("retry"))
          }
          kinds.append(.retry)
        case "filter":
          kinds.append(.filter(try object.decode(FilterJSON.self, forKey: key).filter))
        default:
          throw StreamInputError("unknown key \"\(key.stringValue.prefix(40))\"")
        }
      }
      guard kinds.count == 1, let kind = kinds.first else {
        throw StreamInputError(
          kinds.isEmpty
            ? "the object has none of \"search\", \"select\", \"appear\", \"more\", \"retry\" and \"filter\""
            : "give one of \"search\", \"select\", \"appear\", \"more\", \"retry\" and \"filter\", not several"
        )
      }
      if let source {
        guard case .select(let pick) = kind else {
          throw StreamInputError("\"source\" goes with \"select\": the source of the row selected")
        }
        event = StreamEvent(kind: .select(MoviePick(id: pick.id, source: source)), at: at)
        return
      }
      if debounce != nil, kind != .appear {
        throw StreamInputError("\"debounce\" goes with \"appear\", on a session's first line")
      }
      event = StreamEvent(kind: kind, at: at, debounce: debounce)
    }

    /// A whole number (`12`, `12.0`, `1.2e1`) within `range`: a larger one is "too large"
    /// (stamps and ids from outside must not overflow what is computed from them); a
    /// smaller one, a fraction or anything else says what the value must be.
    private static func wholeNumber(
      _ object: KeyedDecodingContainer<Key>, _ key: Key, in range: ClosedRange<Int>
    ) throws -> Int {
      let number: Double
      if let value = try? object.decode(Int.self, forKey: key) {
        number = Double(value)
      } else if let value = try? object.decode(Double.self, forKey: key) {
        number = value
      } else {
        _ = try object.decode(Int.self, forKey: key)  // not a number: its own error
        number = .nan
      }
      if let value = Int(outside: number, in: range), Double(value) == number { return value }
      if number.isFinite, number.rounded() == number, number > Double(range.upperBound) {
        throw StreamInputError("\"\(key.stringValue)\" is too large")
      }
      let fraction = number.isFinite && number.rounded() != number
      throw StreamInputError(
        expected(key.stringValue) + (fraction ? "; \(number) is not whole" : ""))
    }
  }
}

/// Why an input line was rejected.
package struct StreamInputError: Error, Equatable {
  let reason: String
  init(_ reason: String) { self.reason = reason }
}

/// Reads lines from a file descriptor, with bounded memory: a line longer than `maxLength`
/// is reported (its first bytes only) and skipped up to its end.
struct LineReader {
  enum Line {
    case text([UInt8])
    case tooLong
  }

  let descriptor: Int32
  let maxLength: Int
  private var buffer: [UInt8] = []
  /// Where the current line starts in `buffer`.
  private var start = 0
  /// How far `buffer` has been searched for a line break (so no byte is searched twice).
  private var searched = 0
  private var atEnd = false
  private var chunk = [UInt8](repeating: 0, count: 1 << 16)

  init(descriptor: Int32 = STDIN_FILENO, maxLength: Int = 1 << 20) {
    self.descriptor = descriptor
    self.maxLength = maxLength
  }

  /// The next line without its line break, or `nil` at the end of input.
  mutating func next() -> Line? {
    var skipping = false
    while true {
      if let newline = buffer[max(start, searched)...].firstIndex(of: UInt8(ascii: "\n")) {
        let line = Array(buffer[start..<newline])
        start = newline + 1
        searched = start
        return skipping || line.count > maxLength ? .tooLong : .text(line)
      }
      searched = buffer.count
      if buffer.count - start > maxLength {
        // Too long: forget what was read of it and skip to its end.
        skipping = true
        buffer.removeAll(keepingCapacity: true)
        start = 0
        searched = 0
      }
      if atEnd {
        guard start < buffer.count || skipping else { return nil }
        let line = Array(buffer[start...])
        buffer.removeAll()
        start = 0
        searched = 0
        return skipping ? .tooLong : .text(line)
      }
      if start > 0 {
        buffer.removeSubrange(0..<start)
        searched -= start
        start = 0
      }
      let count = read(descriptor, &chunk, chunk.count)
      if count < 0, errno == EINTR { continue }
      if count <= 0 {
        atEnd = true
      } else {
        buffer += chunk[0..<count]
      }
    }
  }
}
