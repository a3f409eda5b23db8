import Foundation
import Testing

@testable import TestSupport

/// Listings past 20 films (`--limit` up to 100, `--all`), for a search and a discover, offline
/// and with TMDb — through the binary: pages of any size tile the whole listing, `--all` is
/// the listing, and a server that repeats or ends its pages early cannot make it loop.
@Suite(.timeLimit(.minutes(3))) struct PagingTests {
  /// The ids of the films ranked `ranks` in ``page(_:of:sent:)``'s listing. (A function: the
  /// same `map` written inside `#expect` took the type checker seconds each time.)
  func films(_ ranks: ClosedRange<Int>) -> [String] {
    ranks.map { String(1000 + $0) }
  }

  @Test(arguments: [
    (["love"], [7, 20, 100]),
    (["discover", "--genre", "comedy", "--years", "1990..1999"], [45, 100]),
  ])
  func pagesOfAnySizeTileWhatAllLists(_ command: [String], _ limits: [Int]) async throws {
    let all = try await CLI.run(command + ["--all"])
    #expect(all.status == 0)
    let every = all.idColumn
    #expect(every.count > 300 && Set(every).count == every.count)
    // Ranks run on from 1.
    #expect(all.stdout.split(separator: "\n").last?.hasPrefix("\(every.count)\t") == true)
    // Each page is its slice of the whole: the first two, one in the middle, the last (a
    // part-filled one when the count is not a multiple), and one past it, empty. A run each
    // — not every page, which took hundreds of runs of the binary.
    for limit in limits {
      let last = (every.count + limit - 1) / limit
      for page in Set([1, 2, last / 2, last, last + 1]).sorted() {
        let result = try await CLI.run(
          command + ["--limit", String(limit), "--page", String(page)])
        #expect(result.status == 0, "\(result.stderr)")
        let slice = Array(every.dropFirst((page - 1) * limit).prefix(limit))
        #expect(result.idColumn == slice, "limit \(limit) page \(page)")
        if !slice.isEmpty {
          #expect(
            result.stdout.hasPrefix("\((page - 1) * limit + 1)\t"), "limit \(limit) page \(page)")
        }
      }
    }
  }

  @Test func allOnAClosedPipeEndsQuietly() async throws {
    let result = try await CLI.run(
      executable: "/bin/sh", ["-c", "\"$0\" --all the | head -1", CLI.binary], stdin: Data(),
      environment: CLI.environment())
    #expect(result.status == 0)
    #expect(result.stderr == "")
    #expect(result.stdout.split(separator: "\n").count == 1)
  }

  /// TMDb's pages of 20, three of them: films 1–60 with ids 1000 + rank.
  static func page(_ number: Int, of pages: Int = 3, sent: Int? = nil) -> String {
    let shown = sent ?? number
    let films = (1...20).map { offset in
      let id = 1000 + (shown - 1) * 20 + offset
      return
        #"{"id":\#(id),"title":"Film \#(id)","release_date":"1999-01-01","vote_average":7,"vote_count":100}"#
    }
    return
      #"{"page":\#(shown),"total_pages":\#(pages),"total_results":\#(pages * 20),"results":[\#(films.joined(separator: ","))]}"#
  }

  func discover(_ arguments: [String], _ server: LoopbackServer) async throws -> CLI.Result {
    try await CLI.run(
      ["discover"] + arguments + ["--base-url", server.baseURL.absoluteString, "--token", "t"])
  }

  @Test func tmdbsPagesOfTwentyMakeAPageOfAnySizeAndAllOfThem() async throws {
    let server = try LoopbackServer { request in
      .json(200, Self.page(Int(request.query["page"] ?? "1") ?? 1))
    }
    defer { server.stop() }
    let fifty = try await discover(["--limit", "50"], server)
    #expect(fifty.status == 0, "\(fifty.stderr)")
    #expect(fifty.idColumn == films(1...50))
    #expect(server.requests.map { $0.query["page"] } == ["1", "2", "3"])
    let second = try await discover(["--limit", "25", "--page", "2"], server)
    #expect(second.idColumn == films(26...50))
    let all = try await discover(["--all"], server)
    #expect(all.idColumn == films(1...60))
    #expect(all.stdout.split(separator: "\n").last?.hasPrefix("60\t") == true)
  }

  @Test func aServerThatRepeatsItsFirstPageEndsTheListingOnce() async throws {
    // Says 500 pages, sends page 1 whatever is asked.
    let server = try LoopbackServer { _ in .json(200, Self.page(1, of: 500, sent: 1)) }
    defer { server.stop() }
    let all = try await discover(["--all"], server)
    #expect(all.status == 0)
    #expect(all.idColumn == films(1...20))
    #expect(server.requests.count == 2)
    let hundred = try await discover(["--limit", "100"], server)
    #expect(hundred.idColumn == films(1...20))
  }

  @Test func pagesThatBringNoNewFilmEndAllAfterThreeAndAnEmptyPageAtOnce() async throws {
    // Numbers each page as asked, but sends page 1's films for every page.
    let repeating = try LoopbackServer { request in
      let asked = Int(request.query["page"] ?? "1") ?? 1
      return .json(
        200,
        Self.page(1, of: 500).replacingOccurrences(of: #""page":1,"#, with: #""page":\#(asked),"#))
    }
    defer { repeating.stop() }
    let all = try await discover(["--all"], repeating)
    #expect(all.status == 0, "\(all.stderr)")
    #expect(all.idColumn == films(1...20))
    #expect(repeating.requests.map { $0.query["page"] } == ["1", "2", "3", "4"])
    // Says ten pages; the third is empty.
    let ending = try LoopbackServer { request in
      let asked = Int(request.query["page"] ?? "1") ?? 1
      return .json(
        200,
        asked < 3
          ? Self.page(asked, of: 10)
          : #"{"page":\#(asked),"total_pages":10,"total_results":200,"results":[]}"#)
    }
    defer { ending.stop() }
    let ended = try await discover(["--all"], ending)
    #expect(ended.status == 0, "\(ended.stderr)")
    #expect(ended.idColumn == films(1...40))
    #expect(ending.requests.count == 3)
  }

  @Test func aPageThatFailsEndsAllWithAnErrorAfterWhatCame() async throws {
    let server = try LoopbackServer { request in
      request.query["page"] == "2"
        ? .json(500, #"{"status_message":"broken"}"#)
        : .json(200, Self.page(Int(request.query["page"] ?? "1") ?? 1))
    }
    defer { server.stop() }
    let all = try await discover(["--all", "--timeout", "2"], server)
    #expect(all.status == 1)
    #expect(all.idColumn == films(1...20))
    #expect(all.stderr.hasPrefix("Error: "))
  }
}
