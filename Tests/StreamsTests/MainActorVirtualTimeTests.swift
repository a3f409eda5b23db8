import Streams
import StreamsTesting
import Testing
import XCTest

/// A search screen's view model as an app writes it: isolated to the main actor, its state
/// read by the UI; keystrokes debounced, each search replacing the one before
/// (flatMapLatest). Its searches take 500 ms of the clock it is given.
@MainActor final class MainActorSearchModel {
  private(set) var shown: [String] = []
  let clock: VirtualClock
  private let keystrokes = PassthroughSubject<String, Never>()

  init(clock: VirtualClock) {
    self.clock = clock
  }

  func type(_ text: String) { keystrokes.send(text) }
  func close() { keystrokes.finish() }

  /// Shows results until the keystrokes end.
  func run() async {
    let clock = clock
    let results = keystrokes.debounce(for: .milliseconds(300), clock: clock)
      .flatMapLatest { query in
        Deferred { () async -> String? in
          try? await clock.sleep(for: .milliseconds(500))
          return Task.isCancelled ? nil : "results for \(query)"
        }
      }
    for await result in results {
      // On the main actor, as the UI needs it.
      MainActor.assertIsolated()
      shown.append("\(result)@\(clock.now)")
    }
  }
}

/// A `@MainActor` view model tested on virtual time — in a `@MainActor` Swift
/// Testing test and in a `@MainActor` XCTest — exactly, the same on every run.
@Suite @MainActor struct MainActorVirtualTimeTests {
  /// Types "m", "ma" (debounced into one search), waits, then "mat" while that search runs
  /// (which replaces it).
  static func session() async throws -> [String] {
    try await withVirtualTime { clock in
      let model = await MainActorSearchModel(clock: clock)
      return await withTaskGroup(of: Void.self) { group in
        group.addTask { await model.run() }
        await model.type("m")
        try? await clock.sleep(for: .milliseconds(100))
        await model.type("ma")
        try? await clock.sleep(for: .milliseconds(1000))  // 400: search "ma"; 900: its results
        await model.type("mat")  // 1100
        try? await clock.sleep(for: .milliseconds(400))  // 1400: search "mat"
        await model.type("matr")  // 1500: search "matr" at 1800 replaces "mat" (due at 1900)
        try? await clock.sleep(for: .milliseconds(2000))
        await model.close()
        await group.waitForAll()
        return await model.shown
      }
    }
  }

  @Test func aMainActorViewModelRunsOnVirtualTime() async throws {
    #expect(
      try await Self.session() == [
        "results for ma@900 ms", "results for matr@2300 ms",
      ])
  }

  @Test func theSameOnEveryRun() async throws {
    let first = try await Self.session()
    for _ in 0..<50 { #expect(try await Self.session() == first) }
  }

  @Test func mainActorWorkDoesNotEscape() async throws {
    // `MainActor.run` from a task of the test is main-actor work of the test, not an escape.
    let value = try await withVirtualTime { clock in
      try? await clock.sleep(for: .seconds(1))
      return await MainActor.run { "on the main actor at \(clock.now)" }
    }
    #expect(value == "on the main actor at 1000 ms")
  }
}

/// The same view model in a `@MainActor` XCTest.
@MainActor final class MainActorVirtualTimeXCTests: XCTestCase {
  func testAMainActorViewModelRunsOnVirtualTime() async throws {
    let shown = try await MainActorVirtualTimeTests.session()
    XCTAssertEqual(shown, ["results for ma@900 ms", "results for matr@2300 ms"])
  }
}
