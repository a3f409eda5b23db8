import Foundation
import Testing

@testable import TestSupport

/// The programs tests start hold no descriptor of the test runner: one that kept another
/// test's pipe open would make that test's read of it wait as long as the program runs.
@Suite(.timeLimit(.minutes(1))) struct SpawnedDescriptorsTests {
  @Test func aProgramOnAPseudoTerminalHoldsOnlyItsTerminal() async throws {
    // A pipe as another test's run has one: Foundation's are not close-on-exec.
    let pipe = Pipe()
    let pipeDescriptors = [pipe.fileHandleForReading, pipe.fileHandleForWriting]
      .map { String($0.fileDescriptor) }
    let terminal = try PseudoTerminal(["-1", "/proc/self/fd"], executable: "/bin/ls")
    #expect(await terminal.waitForExit() == 0)
    // 0–2 are the terminal; 3 is the folder `ls` reads.
    let listed = terminal.lines.map { $0.trimmingCharacters(in: .whitespaces) }
    #expect(listed == ["0", "1", "2", "3"])
    #expect(Set(listed).isDisjoint(with: pipeDescriptors))
  }

  @Test func aProgramRunForATestHoldsOnlyItsInputAndOutputs() async throws {
    let pipe = Pipe()
    let result = try await ProcessRunner.run(executable: "/bin/ls", ["-1", "/proc/self/fd"])
    #expect(result.status == 0)
    let listed = result.stdout.split(separator: "\n").map(String.init)
    #expect(!listed.contains(String(pipe.fileHandleForReading.fileDescriptor)))
    #expect(!listed.contains(String(pipe.fileHandleForWriting.fileDescriptor)))
    #expect(Set(["0", "1", "2"]).isSubset(of: listed))
  }
}
