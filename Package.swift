// swift-tools-version: 6.2
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
    // The built-in catalog (58,788 films; ggplot2movies' data, GPL): an app opts into it.
    .library(name: "MovieSearchBuiltInCatalog", targets: ["MovieSearchBuiltInCatalog"]),
    .executable(name: "movie-search", targets: ["movie-search"]),
    // movie-search with virtual time, for `stream --virtual-time` (it links StreamsTesting).
    .executable(name: "movie-search-replay", targets: ["movie-search-replay"]),
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
    // The tool's own start: descriptors 0–2 opened before anything else runs (a constructor).
    .target(name: "ExitGuardStartup", dependencies: ["ExitGuard"]),
    // Prefetch hints, for the search's loops over titles read at random (see
    // Sources/CacheHints/include/CacheHints.h).
    .target(name: "CacheHints"),
    .target(
      name: "MovieSearch",
      dependencies: ["Streams", "CacheHints", "CurlShim", "ExitGuard", "ZlibShim"]),
    .target(name: "MovieSearchBuiltInCatalog", dependencies: ["MovieSearch", "CatalogData"]),
    // Everything the binary does, as a library: its tests run commands and the finder in
    // process (the finder on a fake terminal), without spawning the binary.
    .target(
      name: "MovieSearchCLI",
      dependencies: ["MovieSearch", "MovieSearchBuiltInCatalog", "Streams", "ExitGuard"]),
    .executableTarget(name: "movie-search", dependencies: ["MovieSearchCLI", "ExitGuardStartup"]),
    // `stream --virtual-time`: movie-search hands over to this program, which has virtual time.
    .target(name: "MovieSearchReplay", dependencies: ["MovieSearchCLI", "StreamsTesting"]),
    .executableTarget(
      name: "movie-search-replay",
      dependencies: ["MovieSearchCLI", "MovieSearchReplay", "ExitGuardStartup"]),
    // One copy of each test helper: a seeded random generator, a process runner, a
    // pseudo-terminal, a loopback TMDb server and its answers, a fake movie service.
    .target(
      name: "TestSupport",
      dependencies: ["MovieSearch", "MovieSearchBuiltInCatalog", "Streams", "StreamsTesting"],
      path: "Tests/TestSupport"),
    // Every reader of outside bytes as a fuzz harness, and the libFuzzer target made of them
    // (scripts/fuzz.sh builds it with -sanitize=fuzzer); the tests replay the committed inputs
    // (Tests/Fuzz/Corpus) through the harnesses.
    .target(
      name: "FuzzHarnesses", dependencies: ["MovieSearch", "MovieSearchCLI"],
      path: "Tests/Fuzz/Harnesses"),
    .executableTarget(
      name: "movie-search-fuzz", dependencies: ["FuzzHarnesses"], path: "Tests/Fuzz/Runner"),
    // A program that links only Streams and MovieSearch, as an app would: the tests read its
    // symbols for what must not come with the libraries.
    .executableTarget(
      name: "link-probe", dependencies: ["MovieSearch", "Streams"], path: "Tests/LinkProbe"),
    .testTarget(name: "StreamsTests", dependencies: ["Streams", "StreamsTesting", "TestSupport"]),
    // The CLI tests run the built `movie-search` binary, so the test target depends on it;
    // the finder's run in process on a fake terminal, through MovieSearchCLI.
    .testTarget(
      name: "MovieSearchTests",
      dependencies: [
        "MovieSearch", "MovieSearchBuiltInCatalog", "MovieSearchCLI", "Streams", "StreamsTesting",
        "TestSupport", "movie-search", "movie-search-replay", "link-probe", "FuzzHarnesses",
      ],
      exclude: ["Fixtures"]
    ),
  ],
  swiftLanguageModes: [.v6]
)
