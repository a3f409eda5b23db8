import Foundation
import FuzzHarnesses

// Built by scripts/fuzz.sh with `-sanitize=fuzzer` and `-D FUZZING`, this is a libFuzzer
// target: libFuzzer's own main calls the function below, and FUZZ_HARNESS names the harness.
// Built plainly (as `swift build` builds every target), it replays files instead:
// `movie-search-fuzz HARNESS FILE…` runs each file through the harness.

/// The harness FUZZ_HARNESS names; the process ends with a line when it names none.
let harness: Harness = {
  let name = ProcessInfo.processInfo.environment["FUZZ_HARNESS"] ?? ""
  guard let harness = Harness(rawValue: name) else {
    let names = Harness.allCases.map(\.rawValue).joined(separator: ", ")
    FileHandle.standardError.write(Data("FUZZ_HARNESS must be one of \(names)\n".utf8))
    exit(2)
  }
  return harness
}()

/// libFuzzer's entry: one input, through the harness.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
  harness.run(
    count > 0 && start != nil ? Array(UnsafeBufferPointer(start: start, count: count)) : [])
  return 0
}

#if FUZZING
  /// libFuzzer's driver (in its runtime, linked by -sanitize=fuzzer).
  @_silgen_name("LLVMFuzzerRunDriver")
  func runFuzzerDriver(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ test: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
  ) -> CInt

  /// The package manager names an executable's entry point after its module (so that tests
  /// could link it): it hands over to libFuzzer's driver.
  @_cdecl("movie_search_fuzz_main")
  func fuzzerMain(
    _ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
  ) -> CInt {
    var count = argc
    var arguments = argv
    return runFuzzerDriver(&count, &arguments) { fuzzOneInput($0, $1) }
  }
#else
  @main enum Replay {
    static func main() {
      let arguments = CommandLine.arguments.dropFirst()
      guard let name = arguments.first, let harness = Harness(rawValue: name) else {
        let names = Harness.allCases.map(\.rawValue).joined(separator: "|")
        FileHandle.standardError.write(Data("usage: movie-search-fuzz <\(names)> FILE…\n".utf8))
        exit(2)
      }
      for path in arguments.dropFirst() {
        guard let data = FileManager.default.contents(atPath: path) else {
          FileHandle.standardError.write(Data("cannot read \(path)\n".utf8))
          exit(1)
        }
        harness.run([UInt8](data))
        print("\(path): ran")
      }
    }
  }
#endif
