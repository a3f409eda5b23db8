import Streams
import StreamsTesting
import Testing

/// The code of the "Testing a view model on virtual time" article, as it is printed there:
/// if the article's code stops compiling or its figures change, this fails.
@MainActor final class ArticleSearchModel<C: Clock<Duration>> {
  private(set) var shown: [String] = []
  private let keystrokes = PassthroughSubject<String, Never>()
  private let clock: C
  private let search: @Sendable (String) async -> String

  init(clock: C, search: @escaping @Sendable (String) async -> String) {
    (self.clock, self.search) = (clock, search)
  }

  func type(_ text: String) { keystrokes.send(text) }
  func close() { keystrokes.finish() }

  func run() async {
    let search = search
    for await result
      in keystrokes
      .debounce(for: .milliseconds(300), clock: clock)
      .removeDuplicates()
      .flatMapLatest({ query in Deferred { await search(query) } })
    {
      shown.append(result)  // on the main actor, for the UI
    }
  }
}

@Suite @MainActor struct TestingAViewModelArticleTests {
  @Test func typingShowsTheLatestResults() async throws {
    let shown = try await withVirtualTime { clock in
      let model = await ArticleSearchModel(clock: clock) { query in
        try? await clock.sleep(for: .milliseconds(500))
        return "results for \(query)@\(clock.now)"
      }
      return await withTaskGroup(of: Void.self) { group in
        group.addTask { await model.run() }
        await model.type("m")
        try? await clock.sleep(for: .milliseconds(100))
        await model.type("ma")  // 400 ms: search "ma"
        try? await clock.sleep(for: .milliseconds(1000))  // 900 ms: its results
        await model.type("mat")  // 1400 ms: search "mat"
        try? await clock.sleep(for: .milliseconds(400))
        await model.type("matr")  // 1800 ms: "matr" replaces "mat"
        try? await clock.sleep(for: .milliseconds(2000))
        await model.close()
        await group.waitForAll()
        return await model.shown
      }
    }
    #expect(shown == ["results for ma@900 ms", "results for matr@2300 ms"])
  }
}
