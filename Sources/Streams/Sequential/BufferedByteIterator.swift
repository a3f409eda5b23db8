/// An iterator over bytes read in blocks: `readFunction` fills a buffer of `capacity` bytes
/// and returns how many it wrote (0 at the end); the bytes are then given one at a time
/// without a call per byte.
///
/// Cancellation is checked before each read (`CancellationError`). A count that is negative
/// or larger than the buffer is refused (``InvalidCount``) rather than read past the buffer.
/// A failed read ends the iterator: `next()` gives `nil` after it.
public struct AsyncBufferedByteIterator: AsyncIteratorProtocol {
  /// A byte.
  public typealias Element = UInt8

  /// The error of a read function that said it wrote more bytes than the buffer holds, or
  /// a negative count.
  public struct InvalidCount: Error, Equatable {
    /// What the read function returned.
    public let count: Int
    /// The buffer's size.
    public let capacity: Int
  }

  @usableFromInline final class Storage {
    @usableFromInline let buffer: UnsafeMutableRawBufferPointer

    @inlinable init(capacity: Int) {
      buffer = .allocate(byteCount: capacity, alignment: MemoryLayout<UInt64>.alignment)
    }

    deinit { buffer.deallocate() }
  }

  @usableFromInline let storage: Storage
  @usableFromInline let readFunction: @Sendable (UnsafeMutableRawBufferPointer) async throws -> Int
  @usableFromInline var next = 0
  @usableFromInline var end = 0
  @usableFromInline var finished = false

  /// An iterator reading blocks of at most `capacity` bytes (at least 1) with `readFunction`.
  public init(
    capacity: Int,
    readFunction: @Sendable @escaping (UnsafeMutableRawBufferPointer) async throws -> Int
  ) {
    precondition(capacity > 0, "AsyncBufferedByteIterator needs a capacity of at least 1")
    storage = Storage(capacity: capacity)
    self.readFunction = readFunction
  }

  /// The next byte: from the buffer, or from a new block read when it is used up.
  @inlinable @inline(__always) public mutating func next() async throws -> UInt8? {
    if _fastPath(next < end) {
      defer { next += 1 }
      return storage.buffer[next]
    }
    return try await reload()
  }

  @inline(never) @usableFromInline mutating func reload() async throws -> UInt8? {
    guard !finished else { return nil }
    do {
      try Task.checkCancellation()
      let count = try await readFunction(storage.buffer)
      guard (0...storage.buffer.count).contains(count) else {
        throw InvalidCount(count: count, capacity: storage.buffer.count)
      }
      guard count > 0 else {
        finished = true
        return nil
      }
      (next, end) = (1, count)
      return storage.buffer[0]
    } catch {
      finished = true
      (next, end) = (0, 0)
      throw error
    }
  }
}

@available(*, unavailable)
extension AsyncBufferedByteIterator: Sendable {}
