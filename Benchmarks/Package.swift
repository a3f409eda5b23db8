// swift-tools-version: 6.2
import Foundation
import PackageDescription

// Side-by-side benchmarks of Streams against swift-async-algorithms and OpenCombine. This is a
// package of its own so that the root package keeps depending on nothing.
//
// A path dependency's identity is its directory's name, which depends on where the project
// was cloned: work it out from this file's location.
let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
let rootIdentity = root.lastPathComponent.lowercased()

let package = Package(
  name: "Benchmarks",
  platforms: [.macOS(.v15)],
  dependencies: [
    .package(path: ".."),
    .package(url: "https://github.com/apple/swift-async-algorithms", exact: "1.1.4"),
    .package(url: "https://github.com/OpenCombine/OpenCombine", exact: "0.14.0"),
  ],
  targets: [
    // Each library's cases live in their own module: Streams and swift-async-algorithms use
    // the same operator names, which would be ambiguous in one file.
    .target(
      name: "StreamsCases",
      dependencies: [
        .product(name: "Streams", package: rootIdentity),
        .product(name: "MovieSearch", package: rootIdentity),
        .product(name: "MovieSearchBuiltInCatalog", package: rootIdentity),
      ]),
    .target(
      name: "PeerCases",
      dependencies: [
        .product(name: "AsyncAlgorithms", package: "swift-async-algorithms"),
        .product(name: "OpenCombine", package: "OpenCombine"),
        .product(name: "OpenCombineDispatch", package: "OpenCombine"),
      ]),
    .executableTarget(name: "streams-benchmarks", dependencies: ["StreamsCases", "PeerCases"]),
    // The offline search's quality and speed, against fzf (a yardstick run as a process).
    .executableTarget(
      name: "search-eval",
      dependencies: [
        .product(name: "MovieSearch", package: rootIdentity),
        .product(name: "MovieSearchBuiltInCatalog", package: rootIdentity),
      ]),
  ],
  swiftLanguageModes: [.v6]
)
