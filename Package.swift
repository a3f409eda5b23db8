// swift-tools-version: 6.0
import Foundation
import PackageDescription

// The offline catalog is embedded into the binary from this file (see Sources/CatalogData).
let catalogFile = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
  .appendingPathComponent("Sources/CatalogData/catalog.bin").path

// The root package depends on no other package: only the Swift toolchain.
// Side-by-side comparisons with other libraries live in Benchmarks/ (its own package).
let package = Package(
  name: "MovieSearch",
  platforms: [.macOS(.v15)],
  products: [
    .library(name: "Streams", targets: ["Streams"]),
    // What tests need and an app does not ship: virtual time, marble diagrams, task counters.
    .library(name: "StreamsTesting", targets: ["StreamsTesting"]),
    .library(name: "MovieSearch", targets: ["MovieSearch"]),
    .executable(name: "movie-search", targets: ["movie-search"]),
  ],
  targets: [
    .target(name: "Streams"),
    .target(name: "StreamsTesting", dependencies: ["Streams"]),
    .target(
      name: "CatalogData",
      exclude: ["catalog.bin"],
      cSettings: [.define("CATALOG_FILE", to: "\"\(catalogFile)\"")]
    ),
    // libcurl's calls, loaded at run time from the libcurl FoundationNetworking links (see
    // Sources/MovieSearch/TMDb/CurlTransport.swift): nothing is needed to build it.
    .target(name: "CurlShim", linkerSettings: [.linkedLibrary("dl", .when(platforms: [.linux]))]),
    // zlib's gzip reading, loaded at run time from the system's libz.so.1 (IMDb's .tsv.gz files).
    .target(name: "ZlibShim", linkerSettings: [.linkedLibrary("dl", .when(platforms: [.linux]))]),
    // What must happen on every way out of the process, fatal signals included (the
    // terminal restored, temporary files removed, a catalog shrunk under its mapping
    // reported): signal handlers, so in C (see Sources/ExitGuard/include/ExitGuard.h).
    .target(name: "ExitGuard"),
    // Prefetch hints, for the search's loops over titles read at random (see
    // Sources/CacheHints/include/CacheHints.h).
    .target(name: "CacheHints"),
    .target(
      name: "MovieSearch",
      dependencies: ["Streams", "CacheHints", "CatalogData", "CurlShim", "ExitGuard", "ZlibShim"]),
    // Everything the binary does, as a library: its tests run commands and the finder in
    // process (the finder on a fake terminal), without spawning the binary.
    // StreamsTesting for `stream --virtual-time`, which replays a session on virtual time.
    .target(
      name: "MovieSearchCLI",
      dependencies: ["MovieSearch", "Streams", "StreamsTesting", "ExitGuard"]),
    .executableTarget(name: "movie-search", dependencies: ["MovieSearchCLI"]),
    // One copy of each test helper: a seeded random generator, a process runner, a
    // pseudo-terminal, a loopback TMDb server and its answers, a fake movie service.
    .target(
      name: "TestSupport", dependencies: ["MovieSearch", "Streams", "StreamsTesting"],
      path: "Tests/TestSupport"),
    // Every reader of outside bytes as a fuzz harness, and the libFuzzer target made of them
    // (scripts/fuzz.sh builds it with -sanitize=fuzzer); the tests replay the committed inputs
    // (Tests/Fuzz/Corpus) through the harnesses.
    .target(
      name: "FuzzHarnesses", dependencies: ["MovieSearch", "MovieSearchCLI"],
      path: "Tests/Fuzz/Harnesses"),
    .executableTarget(
      name: "movie-search-fuzz", dependencies: ["FuzzHarnesses"], path: "Tests/Fuzz/Runner"),
    .testTarget(name: "StreamsTests", dependencies: ["Streams", "StreamsTesting", "TestSupport"]),
    // The CLI tests run the built `movie-search` binary, so the test target depends on it;
    // the finder's run in process on a fake terminal, through MovieSearchCLI.
    .testTarget(
      name: "MovieSearchTests",
      dependencies: [
        "MovieSearch", "MovieSearchCLI", "Streams", "StreamsTesting", "TestSupport", "movie-search",
        "FuzzHarnesses",
      ],
      exclude: ["Fixtures"]
    ),
  ],
  swiftLanguageModes: [.v6]
)
