import Foundation
import Streams
import Synchronization

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Fetches images (posters) and keeps the most recently used ones in memory.
///
/// The cache is bounded by `capacity` bytes: the least recently used images go first, and an
/// image larger than the whole cache is returned but not kept. An answer with an error
/// status is a ``MovieServiceError``, never image data.
public final class ImageLoader: Sendable {
  private let transport: any HTTPTransport
  private let timeout: TimeInterval
  private let cache: Lock<ImageCache>

  /// Creates a loader with a cache of `capacity` bytes.
  public init(
    transport: any HTTPTransport = HTTPTransports.standard, capacity: Int = 32 << 20,
    timeout: TimeInterval = 15
  ) {
    self.transport = transport
    self.timeout = timeout
    cache = Lock(ImageCache(capacity: capacity))
  }

  /// The bytes of the image at `url`, from the cache when it holds them.
  public func image(at url: URL) async throws(MovieServiceError) -> Data {
    if let cached = cache.withLock({ $0.get(url) }) { return cached }
    let response: (Data, HTTPURLResponse)
    do {
      response = try await transport.send(URLRequest(url: url, timeoutInterval: timeout))
    } catch {
      if Task.isCancelled || error is CancellationError { throw .cancelled }
      throw MovieServiceError(transport: error, host: url.host ?? url.absoluteString)
    }
    let (data, http) = response
    guard (200..<300).contains(http.statusCode) else {
      throw MovieServiceError(status: http.statusCode, body: data)
    }
    guard !data.isEmpty else { throw .badResponse("the image at \(url.path) is empty") }
    cache.withLock { $0.put(url, data) }
    return data
  }

  /// The bytes the cache holds now.
  public var cachedBytes: Int { cache.withLock { $0.size } }
}

/// Least-recently-used images, bounded in bytes.
struct ImageCache {
  private var entries: [URL: (data: Data, lastUse: UInt64)] = [:]
  private var clock: UInt64 = 0
  private(set) var size = 0
  let capacity: Int

  init(capacity: Int) {
    self.capacity = capacity
  }

  mutating func get(_ url: URL) -> Data? {
    guard let entry = entries[url] else { return nil }
    clock += 1
    entries[url] = (entry.data, clock)
    return entry.data
  }

  mutating func put(_ url: URL, _ data: Data) {
    guard data.count <= capacity else { return }
    if let old = entries.removeValue(forKey: url) { size -= old.data.count }
    while size + data.count > capacity,
      let oldest = entries.min(by: { $0.value.lastUse < $1.value.lastUse })
    {
      size -= oldest.value.data.count
      entries[oldest.key] = nil
    }
    clock += 1
    entries[url] = (data, clock)
    size += data.count
  }
}
