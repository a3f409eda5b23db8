import Foundation
import MovieSearch

#if canImport(Glibc)
  import Glibc
#endif

/// IMDb's files from one input: its parts, split at ``separator``, are `title.basics`,
/// `title.ratings`, `title.akas`, `title.crew`, `title.principals` and `name.basics` in that
/// order (a part that starts as gzip does is written `.tsv.gz`, else `.tsv`; an empty part
/// is a file left out).
enum IMDbFiles {
  static let separator: [UInt8] = Array("\n\u{1E}\n".utf8)
  static let names = [
    "title.basics", "title.ratings", "title.akas", "title.crew", "title.principals",
    "name.basics",
  ]

  /// The folder the files are written to, one per process, made on first use and removed
  /// when the process exits.
  static let folder: String = {
    var template = Array((NSTemporaryDirectory() + "/movie-search-fuzz-XXXXXX").utf8CString)
    let made = template.withUnsafeMutableBufferPointer { buffer in
      String(cString: mkdtemp(buffer.baseAddress!))
    }
    atexit { try? FileManager.default.removeItem(atPath: IMDbFiles.folder) }
    return made
  }()

  static func parts(_ bytes: [UInt8]) -> [ArraySlice<UInt8>] {
    var parts: [ArraySlice<UInt8>] = []
    var start = 0
    var at = 0
    while at + separator.count <= bytes.count, parts.count < names.count - 1 {
      if bytes[at..<at + separator.count].elementsEqual(separator) {
        parts.append(bytes[start..<at])
        at += separator.count
        start = at
      } else {
        at += 1
      }
    }
    parts.append(bytes[start...])
    return parts
  }

  static func run(_ bytes: [UInt8]) {
    let manager = FileManager.default
    for name in names {
      try? manager.removeItem(atPath: folder + "/" + name + ".tsv")
      try? manager.removeItem(atPath: folder + "/" + name + ".tsv.gz")
    }
    for (name, part) in zip(names, parts(bytes)) where !part.isEmpty {
      let zipped = part.starts(with: [0x1F, 0x8B])
      let path = folder + "/" + name + (zipped ? ".tsv.gz" : ".tsv")
      _ = manager.createFile(atPath: path, contents: Data(part))
    }
    guard let built = try? OfflineCatalog.catalogFile(fromIMDb: folder),
      let catalog = try? OfflineCatalog(catalogFile: built.bytes)
    else { return }
    CatalogHarness.use(catalog)
  }
}
