import Foundation

/// A new, empty folder in the system's temporary folder, for one test (which removes it).
func temporaryDirectory() throws -> URL {
  let directory = URL(fileURLWithPath: NSTemporaryDirectory())
    .appendingPathComponent("movie-search-\(UUID().uuidString)")
  try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
  return directory
}

/// A folder for one test's files, removed with its last reference: a suite holds one, and
/// Swift Testing makes a suite's instance per test and releases it when the test ends —
/// however it ends. For the helpers of a suite, whose files outlive the helper's call.
final class TestFolder: Sendable {
  let url: URL

  init() throws { url = try temporaryDirectory() }

  deinit { try? FileManager.default.removeItem(at: url) }

  /// A new, empty folder inside this one.
  func subfolder() throws -> URL {
    let folder = url.appendingPathComponent(UUID().uuidString)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
    return folder
  }
}

/// Watches a folder for files made in it (inotify): `waitForFile` returns the first whose
/// name starts with a prefix, woken by the kernel's event rather than by polling. Made before
/// the process that makes the file starts, so that no event is missed.
final class FolderWatch: Sendable {
  private let descriptor: Int32
  let path: String

  init(_ path: String) throws {
    self.path = path
    descriptor = inotify_init1(Int32(IN_CLOEXEC | IN_NONBLOCK))
    guard descriptor >= 0, inotify_add_watch(descriptor, path, UInt32(IN_CREATE)) >= 0 else {
      throw CocoaError(.fileReadUnknown)
    }
  }

  deinit { close(descriptor) }

  /// The name of a file in the folder starting with `prefix` — one there already, or the
  /// first made — or `nil` when none is made within `limit`.
  func waitForFile(prefix: String, limit: Duration = .seconds(10)) -> String? {
    let deadline = ContinuousClock.now + limit
    while true {
      let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
      if let name = names.first(where: { $0.hasPrefix(prefix) }) { return name }
      let left = deadline - ContinuousClock.now
      guard left > .zero else { return nil }
      // Sleeps until something is made in the folder (or the time left is over), then
      // drains the events and looks again.
      var waiting = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
      let milliseconds =
        left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000
      _ = poll(&waiting, 1, Int32(clamping: max(1, milliseconds)))
      var buffer = [UInt8](repeating: 0, count: 4096)
      while read(descriptor, &buffer, buffer.count) > 0 {}
    }
  }
}
