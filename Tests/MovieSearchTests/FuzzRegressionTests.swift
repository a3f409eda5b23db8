import Foundation
import Testing

@testable import FuzzHarnesses
@testable import TestSupport

/// Every committed fuzz input — the seeds of each harness and every input that once crashed
/// or hung one (`regression-…`) — is read again by the reader it was found for, and ends.
/// `scripts/fuzz.sh` finds new ones.
@Suite(.timeLimit(.minutes(3)), .onOwnThreads) struct FuzzRegressionTests {
  static let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Fuzz/Corpus")

  @Test(arguments: Harness.allCases)
  func everyCommittedInputEnds(_ harness: Harness) async throws {
    let folder = Self.corpus.appendingPathComponent(harness.rawValue)
    let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    #expect(!files.isEmpty, "no inputs for \(harness.rawValue)")
    for file in files {
      let bytes = [UInt8](try Data(contentsOf: folder.appendingPathComponent(file)))
      // On a thread of its own: the TMDb harness waits for its client there.
      try await onOwnThread { harness.run(bytes) }
    }
  }

  @Test func theIMDbHarnessSplitsItsInputIntoSixFilesAtMost() {
    let separator = "\n\u{1E}\n"
    func parts(_ texts: [String]) -> [String] {
      IMDbFiles.parts(Array(texts.joined(separator: separator).utf8)).map {
        String(decoding: $0, as: UTF8.self)
      }
    }
    #expect(parts(["a", "b", "", "d"]) == ["a", "b", "", "d"])
    // The sixth part keeps the rest, separators included.
    let eight = ["1", "2", "3", "4", "5", "6", "7", "8"]
    #expect(parts(eight) == ["1", "2", "3", "4", "5", "6\(separator)7\(separator)8"])
  }
}
