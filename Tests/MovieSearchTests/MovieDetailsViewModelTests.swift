import Foundation
import MovieSearch
import Streams
import StreamsTesting
import Synchronization
import Testing

@testable import TestSupport

@Suite struct MovieDetailsViewModelTests {
  func states(id: Int, appear: [Int]) async throws -> [String] {
    try await withVirtualTime { clock in
      let viewModel = MovieDetailsViewModel(movieID: id, service: FakeMovieService(clock: clock))
      let input = MovieDetailsInput(
        appear: AsyncScheduledSequence(appear.map { (.milliseconds($0), ()) }, clock: clock))
      var states: [String] = []
      for await state in viewModel.transform(input: input) {
        let text: String =
          switch state {
          case .loading: "loading"
          case .success(let details, let poster): "success \(details.movie.title) \(poster ?? "-")"
          case .failure(let message): "failure \(message)"
          }
        states.append("\(clock.now.offset.milliseconds) \(text)")
      }
      return states
    }
  }

  @Test func appearLoadsTheDetailsWithThePoster() async throws {
    #expect(
      try await states(id: 603, appear: [0])
        == ["0 loading", "100 success Film 603 https://img.test/w342/603.jpg"])
  }

  @Test func aFailureShowsItsMessage() async throws {
    #expect(
      try await states(id: 404, appear: [0])
        == [
          "0 loading",
          "100 failure Not found: The resource you requested could not be found.",
        ])
  }

  @Test func aSecondAppearReloadsAndCancelsTheFirst() async throws {
    #expect(
      try await states(id: 7, appear: [0, 50])
        == ["0 loading", "150 success Film 7 https://img.test/w342/7.jpg"])
  }
}
