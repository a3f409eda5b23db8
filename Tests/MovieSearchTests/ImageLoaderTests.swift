import Foundation
import MovieSearch
import Testing

@testable import TestSupport

@Suite(.timeLimit(.minutes(5))) struct ImageLoaderTests {
  let server: LoopbackServer

  init() throws {
    server = try LoopbackServer { request in
      switch request.path {
      case "/missing.jpg": .json(404, "")
      case "/empty.jpg": .respond(status: 200, body: Data())
      default:
        .respond(
          status: 200, headers: ["Content-Type": "image/jpeg"], body: Data(request.path.utf8))
      }
    }
  }

  func url(_ path: String) -> URL { URL(string: "http://127.0.0.1:\(server.port)\(path)")! }

  @Test func aSecondLoadComesFromTheCache() async throws {
    defer { server.stop() }
    let loader = ImageLoader()
    let first = try await loader.image(at: url("/a.jpg"))
    let second = try await loader.image(at: url("/a.jpg"))
    #expect(first == Data("/a.jpg".utf8))
    #expect(second == first)
    #expect(server.requests.count == 1)
  }

  @Test func theCacheIsBoundedAndDropsTheLeastRecentlyUsed() async throws {
    defer { server.stop() }
    let loader = ImageLoader(capacity: 14)  // two 6-byte images fit, three do not
    _ = try await loader.image(at: url("/a.jpg"))
    _ = try await loader.image(at: url("/b.jpg"))
    _ = try await loader.image(at: url("/a.jpg"))  // a is now more recent than b
    _ = try await loader.image(at: url("/c.jpg"))  // evicts b
    #expect(loader.cachedBytes == 12)
    _ = try await loader.image(at: url("/a.jpg"))
    _ = try await loader.image(at: url("/b.jpg"))
    #expect(server.requests.map(\.path) == ["/a.jpg", "/b.jpg", "/c.jpg", "/b.jpg"])
  }

  @Test func anErrorStatusIsAnErrorNotAnImage() async throws {
    defer { server.stop() }
    let loader = ImageLoader()
    await #expect(throws: MovieServiceError.notFound(message: "Not Found (HTTP 404)")) {
      try await loader.image(at: url("/missing.jpg"))
    }
    await #expect(throws: MovieServiceError.badResponse("the image at /empty.jpg is empty")) {
      try await loader.image(at: url("/empty.jpg"))
    }
    #expect(loader.cachedBytes == 0)
  }
}
