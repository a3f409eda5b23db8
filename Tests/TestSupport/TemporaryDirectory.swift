import Foundation

/// A new, empty folder in the system's temporary folder, for one test (which removes it).
func temporaryDirectory() throws -> URL {
  let directory = URL(fileURLWithPath: NSTemporaryDirectory())
    .appendingPathComponent("movie-search-\(UUID().uuidString)")
  try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
  return directory
}
