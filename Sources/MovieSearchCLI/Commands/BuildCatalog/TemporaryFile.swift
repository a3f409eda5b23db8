import ExitGuard
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A file written beside its destination and renamed over it once complete, so that the
/// destination is whole or untouched.
///
/// It is created exclusively (`mkostemp`: `O_CREAT | O_EXCL`, so never through a link
/// someone planted) under an unpredictable name in the destination's folder, readable only
/// by its owner until it is renamed; and it is removed on every way out: a failure, the
/// object's end, or a signal that ends the process (ExitGuard's handlers).
final class TemporaryFile {
  /// Why the file could not be made, written or renamed: one line.
  struct Failure: Error, CustomStringConvertible {
    let description: String
  }

  let path: String
  private let destination: String
  /// Open until ``commit()`` closes it (then -1).
  private var descriptor: Int32
  private let guardSlot: Int32
  private var isRenamed = false

  /// Creates the file in `destination`'s folder; fails at once when the folder does not exist
  /// or cannot be written, before any work is spent on the content.
  init(beside destination: String) throws(Failure) {
    let url = URL(fileURLWithPath: destination)
    let folder = url.deletingLastPathComponent().path
    var template = Array((folder + "/." + url.lastPathComponent + ".XXXXXX").utf8CString)
    var slot: Int32 = -1
    let descriptor = template.withUnsafeMutableBufferPointer {
      ms_guard_create_file($0.baseAddress!, &slot)
    }
    guard descriptor >= 0 else {
      let reason =
        errno == ENOENT || errno == ENOTDIR
        ? "the folder \(folder) does not exist" : String(cString: strerror(errno))
      throw Failure(description: reason)
    }
    self.descriptor = descriptor
    self.destination = destination
    path = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
    guardSlot = slot
  }

  deinit {
    if descriptor >= 0 { close(descriptor) }
    ms_guard_forget_file(guardSlot)
    if !isRenamed { unlink(path) }
  }

  /// Writes all of `bytes`.
  func write(_ bytes: [UInt8]) throws(Failure) {
    let descriptor = descriptor
    let failed = bytes.withUnsafeBytes { buffer -> Bool in
      var done = 0
      while done < buffer.count {
        let count = systemWrite(descriptor, buffer.baseAddress! + done, buffer.count - done)
        if count < 0, errno == EINTR { continue }
        guard count > 0 else { return true }
        done += count
      }
      return false
    }
    if failed { throw Failure(description: String(cString: strerror(errno))) }
  }

  /// Gives the file the destination's permissions (or a new file's: 0666 less the umask),
  /// flushes it to disk and renames it over the destination.
  func commit() throws(Failure) {
    var status = stat()
    let mode: mode_t
    if stat(destination, &status) == 0 {
      mode = status.st_mode & 0o7777
    } else {
      let mask = umask(0)
      umask(mask)
      mode = 0o666 & ~mask
    }
    guard fchmod(descriptor, mode) == 0, fsync(descriptor) == 0, close(descriptor) == 0 else {
      throw Failure(description: String(cString: strerror(errno)))
    }
    descriptor = -1
    guard rename(path, destination) == 0 else {
      throw Failure(description: String(cString: strerror(errno)))
    }
    isRenamed = true
  }
}

/// `write(2)`, by a name a method of the same name cannot hide.
private func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
  write(descriptor, bytes, count)
}
