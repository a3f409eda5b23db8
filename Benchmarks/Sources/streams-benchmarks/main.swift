import Dispatch
import Foundation
import PeerCases
import StreamsCases

#if canImport(Glibc)
  import Glibc
#endif

// Usage: streams-benchmarks [--filter TEXT] [--library NAME] [--scale X] [--reps N] [--binary PATH]
//        streams-benchmarks --memory streams|async-algorithms --outer N   (one child run)

let arguments = Array(CommandLine.arguments.dropFirst())
func option(_ name: String) -> String? {
  arguments.firstIndex(of: name).flatMap {
    arguments.indices.contains($0 + 1) ? arguments[$0 + 1] : nil
  }
}
let filter = option("--filter")
/// Runs only this library's side of each case (for profiling one library alone).
let onlyLibrary = option("--library")
let scale = option("--scale").flatMap(Double.init) ?? 1
let repetitions = max(1, option("--reps").flatMap(Int.init) ?? 5)

// A child of this benchmark dies with it: a parent killed by a time limit leaves no child
// spinning (or hanging) behind.
if arguments.contains("--die-with-parent") {
  // prctl(PR_SET_PDEATHSIG, SIGKILL): <sys/prctl.h> is not in Glibc's module, so by name.
  typealias Prctl = @convention(c) (Int32, UInt, UInt, UInt, UInt) -> Int32
  if let symbol = dlsym(dlopen(nil, RTLD_NOW), "prctl") {
    _ = unsafeBitCast(symbol, to: Prctl.self)(1, UInt(SIGKILL), 0, 0, 0)
  }
  if getppid() == 1 { exit(1) }  // the parent is already gone
}

// A child run for the memory case: one flatMapLatest over `outer` elements, then the peak.
if let library = option("--memory"), let outer = option("--outer").flatMap(Int.init) {
  let checksum =
    library == "streams"
    ? await StreamsCases.flatMapLatest(outer).checksum
    : await AsyncAlgorithmsCases.flatMapLatest(outer).checksum
  print(peakMemory(), checksum & 1)
  exit(0)
}

var results: [Measurement] = []
var checksum = 0
let clock = ContinuousClock()

/// Runs each library's version of a case: a warm-up, then `repetitions` timed runs.
@MainActor func measure(
  _ name: String, elements: Int, size: Int,
  _ runs: [(String, @Sendable (Int) async -> (emitted: Int, checksum: Int))]
) async {
  guard filter.map({ name.contains($0) }) ?? true else { return }
  var ours: Double?
  for (library, run) in runs where onlyLibrary.map({ library.hasPrefix($0) }) ?? true {
    _ = await run(max(1, size / 10))
    var times: [Double] = []
    var emitted = 0
    for _ in 0..<repetitions {
      var outcome = (emitted: 0, checksum: 0)
      let time = await clock.measure { outcome = await run(size) }
      times.append(nanoseconds(time) / Double(elements))
      emitted = outcome.emitted
      checksum &+= outcome.checksum
    }
    let perElement = median(times)
    if ours == nil { ours = perElement }
    results.append(
      Measurement(
        name: name, library: library, elements: elements, nanosecondsPerElement: perElement,
        emitted: emitted, ratio: library == runs[0].0 ? nil : (ours ?? perElement) / perElement))
  }
}

func scaled(_ size: Int) -> Int { max(10, Int(Double(size) * scale)) }

let floorSize = scaled(10_000_000)
await measure(
  "floor", elements: floorSize, size: floorSize,
  [
    ("Streams", { await StreamsCases.floor($0).pair }),
    ("async-algorithms", { await AsyncAlgorithmsCases.floor($0).pair }),
  ])
await measure(
  "removeDuplicates", elements: floorSize, size: floorSize,
  [
    ("Streams", { await StreamsCases.removeDuplicates($0).pair }),
    ("async-algorithms", { await AsyncAlgorithmsCases.removeDuplicates($0).pair }),
    ("OpenCombine", { OpenCombineCases.removeDuplicates($0).pair }),
  ])
let mergeSize = scaled(150_000)
await measure(
  "merge", elements: 2 * mergeSize, size: mergeSize,
  [
    ("Streams", { await StreamsCases.merge($0).pair }),
    ("async-algorithms", { await AsyncAlgorithmsCases.merge($0).pair }),
    ("OpenCombine", { OpenCombineCases.merge($0).pair }),
  ])
let debounceSize = scaled(1_000_000)
await measure(
  "debounce (burst)", elements: debounceSize, size: debounceSize,
  [
    ("Streams", { await StreamsCases.debounce($0).pair }),
    ("async-algorithms", { await AsyncAlgorithmsCases.debounce($0).pair }),
  ])
let outerSize = scaled(100_000)
await measure(
  "flatMapLatest", elements: outerSize, size: outerSize,
  [
    ("Streams", { await StreamsCases.flatMapLatest($0).pair }),
    ("async-algorithms", { await AsyncAlgorithmsCases.flatMapLatest($0).pair }),
    ("OpenCombine", { OpenCombineCases.flatMapLatest($0).pair }),
  ])

let throttleSize = scaled(1_000_000)
await measure(
  "throttle (burst)", elements: throttleSize, size: throttleSize,
  [
    ("Streams", { await StreamsCases.throttle($0).pair }),
    ("async-algorithms", { await AsyncAlgorithmsCases.throttle($0).pair }),
  ])
let combineSize = scaled(150_000)
await measure(
  "combineLatest", elements: 2 * combineSize, size: combineSize,
  [
    ("Streams", { await StreamsCases.combineLatest($0).pair }),
    ("async-algorithms", { await AsyncAlgorithmsCases.combineLatest($0).pair }),
  ])
let shareSize = scaled(300_000)
await measure(
  "share (2 consumers)", elements: shareSize, size: shareSize,
  [
    ("Streams", { await StreamsCases.share($0).pair }),
    ("async-algorithms", { await AsyncAlgorithmsCases.share($0).pair }),
    ("OpenCombine", { OpenCombineCases.share($0).pair }),
  ])

let zipSize = scaled(150_000)
await measure(
  "zip", elements: 2 * zipSize, size: zipSize,
  [
    ("Streams", { await StreamsCases.zip($0).pair }),
    ("async-algorithms", { await AsyncAlgorithmsCases.zip($0).pair }),
    ("OpenCombine", { OpenCombineCases.zip($0).pair }),
  ])
let chunkSize = scaled(1_000_000)
await measure(
  "chunks(ofCount: 10)", elements: chunkSize, size: chunkSize,
  [
    ("Streams", { await StreamsCases.chunksOfCount($0).pair }),
    ("async-algorithms", { await AsyncAlgorithmsCases.chunksOfCount($0).pair }),
    ("OpenCombine", { OpenCombineCases.chunksOfCount($0).pair }),
  ])
await measure(
  "chunked(by: 10 ms timer)", elements: chunkSize, size: chunkSize,
  [
    ("Streams", { await StreamsCases.chunkedByTime($0).pair }),
    ("async-algorithms", { await AsyncAlgorithmsCases.chunkedByTime($0).pair }),
  ])
await measure(
  "throttle reducing", elements: throttleSize, size: throttleSize,
  [
    ("Streams", { await StreamsCases.throttleReducing($0).pair }),
    ("async-algorithms", { await AsyncAlgorithmsCases.throttleReducing($0).pair }),
  ])
let timeoutSize = scaled(1_000_000)
await measure(
  "timeout", elements: timeoutSize, size: timeoutSize,
  [
    ("Streams", { await StreamsCases.timeout($0).pair }),
    ("OpenCombine", { OpenCombineCases.timeout($0).pair }),
  ])
// Issue 30's sequence algorithms, beside swift-async-algorithms'.
let sequentialSize = scaled(1_000_000)
await measure(
  "chain", elements: 2 * sequentialSize, size: sequentialSize,
  [
    ("Streams", { await StreamsCases.chain($0).pair }),
    ("async-algorithms", { await AsyncAlgorithmsCases.chain($0).pair }),
  ])
await measure(
  "adjacentPairs", elements: sequentialSize, size: sequentialSize,
  [
    ("Streams", { await StreamsCases.adjacentPairs($0).pair }),
    ("async-algorithms", { await AsyncAlgorithmsCases.adjacentPairs($0).pair }),
  ])
await measure(
  "interspersed", elements: sequentialSize, size: sequentialSize,
  [
    ("Streams", { await StreamsCases.interspersed($0).pair }),
    ("async-algorithms", { await AsyncAlgorithmsCases.interspersed($0).pair }),
  ])
let bufferSize = scaled(300_000)
await measure(
  "buffer(.bounded(64))", elements: bufferSize, size: bufferSize,
  [
    ("Streams", { await StreamsCases.buffer($0).pair }),
    ("async-algorithms", { await AsyncAlgorithmsCases.buffer($0).pair }),
  ])
let channelSize = scaled(100_000)
await measure(
  "AsyncChannel", elements: channelSize, size: channelSize,
  [
    ("Streams", { await StreamsCases.channel($0).pair }),
    ("async-algorithms", { await AsyncAlgorithmsCases.channel($0).pair }),
  ])
// The higher-order operators: OpenCombine has flatMap(maxPublishers:), prefix and drop
// (untilOutputFrom:); swift-async-algorithms has none.
await measure(
  "flatMap(maxConcurrent: 4)", elements: outerSize, size: outerSize,
  [
    ("Streams", { await StreamsCases.flatMapMaxConcurrent($0).pair }),
    ("OpenCombine", { OpenCombineCases.flatMapMaxPublishers($0, 4).pair }),
  ])
await measure(
  "flatMapConcat", elements: outerSize, size: outerSize,
  [
    ("Streams", { await StreamsCases.flatMapConcat($0).pair }),
    ("OpenCombine .max(1)", { OpenCombineCases.flatMapMaxPublishers($0, 1).pair }),
  ])
let untilSize = scaled(1_000_000)
await measure(
  "prefix(untilOutputFrom:)", elements: untilSize, size: untilSize,
  [
    ("Streams", { await StreamsCases.prefixUntilOutput($0).pair }),
    ("OpenCombine", { OpenCombineCases.prefixUntilOutput($0).pair }),
  ])
await measure(
  "drop(untilOutputFrom:)", elements: untilSize, size: untilSize,
  [
    ("Streams", { await StreamsCases.dropUntilOutput($0).pair }),
    ("OpenCombine", { OpenCombineCases.dropUntilOutput($0).pair }),
  ])
// No peer has these: each is measured against the Streams operator it is closest to.
await measure(
  "withLatestFrom", elements: 2 * combineSize, size: combineSize,
  [
    ("Streams", { await StreamsCases.withLatestFrom($0).pair }),
    ("Streams combineLatest", { await StreamsCases.combineLatest($0).pair }),
  ])
await measure(
  "combineLatest([a, b])", elements: 2 * combineSize, size: combineSize,
  [
    ("Streams", { await StreamsCases.combineLatestMany($0).pair }),
    ("Streams combineLatest", { await StreamsCases.combineLatest($0).pair }),
  ])

// The removeDuplicates target is relative to the floor.
if let floor = results.first(where: { $0.name == "floor" && $0.library == "Streams" }),
  let index = results.firstIndex(where: { $0.name == "removeDuplicates" && $0.library == "Streams" }
  )
{
  results[index].note = String(
    format: "%.2fx the floor", results[index].nanosecondsPerElement / floor.nanosecondsPerElement)
}

// Memory: peak RSS of a child process running flatMapLatest at 100k and 1M outer elements.
var memoryLines: [String] = []
if filter.map({ "flatMapLatest memory".contains($0) }) ?? true {
  let childLimit = Duration.seconds(option("--child-limit").flatMap(Int.init) ?? 300)
  for library in ["streams", "async-algorithms"] {
    var peaks: [(Int, Int)] = []
    var hung: Int?
    for outer in [scaled(100_000), scaled(1_000_000)] {
      guard
        let output = try runChild(
          ["--memory", library, "--outer", String(outer)], limit: childLimit)
      else {
        hung = outer
        break
      }
      peaks.append((outer, Int(output.split(separator: " ").first ?? "") ?? -1))
    }
    if let hung {
      memoryLines.append(
        "flatMapLatest peak memory, \(library): HUNG at \(hung) outer (killed after \(childLimit))")
      continue
    }
    let growth = Double(peaks[1].1 - peaks[0].1) * 1024 / Double(peaks[1].0 - peaks[0].0)
    memoryLines.append(
      "flatMapLatest peak memory, \(library): \(peaks[0].1) KiB at \(peaks[0].0) outer, \(peaks[1].1) KiB at \(peaks[1].0) outer"
        + String(format: " (%.0f bytes per extra superseded inner)", growth))
  }
}

// The catalog: one search for "the matrix", and 1,000 random title prefixes.
var catalogLines: [String] = []
if filter.map({ "catalog search".contains($0) }) ?? true {
  func percentiles(_ queries: [String]) -> (p50: Double, p99: Double, results: Int) {
    var times: [Double] = []
    var found = 0
    for query in queries {
      var count = 0
      times.append(nanoseconds(clock.measure { count = StreamsCases.search(query) }) / 1000)
      found += count
    }
    let sorted = times.sorted()
    return (sorted[sorted.count / 2], sorted[min(sorted.count - 1, sorted.count * 99 / 100)], found)
  }
  _ = percentiles(["warm up", "the matrix"])
  let matrix = percentiles(Array(repeating: "the matrix", count: 1000))
  var generator = SplitMix(seed: 7)
  let prefixes = StreamsCases.titles(1000).map { title in
    String(title.prefix(Int(generator.next() % 8) + 1))
  }
  let random = percentiles(prefixes)
  catalogLines.append(
    String(
      format: "catalog search \"the matrix\": p50 %.1f µs, p99 %.1f µs", matrix.p50, matrix.p99))
  catalogLines.append(
    String(
      format:
        "catalog search, 1,000 random title prefixes (1-8 characters): p50 %.1f µs, p99 %.1f µs",
      random.p50, random.p99))
  checksum &+= matrix.results + random.results
}

// The whole process: `movie-search --offline the matrix` against `movie-search --version`.
var processLines: [String] = []
let binary =
  option("--binary")
  ?? URL(fileURLWithPath: #filePath).deletingLastPathComponent()
  .appendingPathComponent("../../../.build/release/movie-search").standardized.path
if filter.map({ "process".contains($0) }) ?? true {
  if FileManager.default.isExecutableFile(atPath: binary) {
    let version = try medianRunTime(of: binary, ["--version"])
    let search = try medianRunTime(of: binary, ["--offline", "the", "matrix"])
    processLines.append(
      String(
        format:
          "process: movie-search --offline the matrix %.2f ms, --version %.2f ms (ratio %.2f), medians of 20 runs",
        search, version, search / version))
  } else {
    processLines.append("process: skipped, no release binary at \(binary) (swift build -c release)")
  }
}

// The table, then one JSON line per measurement.
print(
  pad("case", 21) + pad("library", 18) + pad("elements", 10, right: true)
    + pad("ns/elem", 10, right: true)
    + pad("emitted", 10, right: true) + pad("ours/peer", 11, right: true) + "  note")
for result in results {
  print(
    pad(result.name, 21) + pad(result.library, 18) + pad(String(result.elements), 10, right: true)
      + pad(String(format: "%.1f", result.nanosecondsPerElement), 10, right: true)
      + pad(String(result.emitted), 10, right: true)
      + pad(result.ratio.map { String(format: "%.2f", $0) } ?? "-", 11, right: true) + "  "
      + result.note)
}
for line in memoryLines + catalogLines + processLines { print(line) }
for result in results {
  let ratio = result.ratio.map { String(format: "%.4f", $0) } ?? "null"
  print(
    "{\"case\":\"\(result.name)\",\"library\":\"\(result.library)\",\"elements\":\(result.elements),"
      + "\"ns_per_element\":\(String(format: "%.2f", result.nanosecondsPerElement)),\"emitted\":\(result.emitted),"
      + "\"ours_over_peer\":\(ratio)}")
}
print("checksum \(checksum)")
