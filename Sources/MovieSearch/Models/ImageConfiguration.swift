import Foundation

/// Where TMDb serves images, from `/configuration`'s `images` object.
public struct ImageConfiguration: Codable, Sendable, Hashable {
  /// The HTTPS base URL, e.g. `https://image.tmdb.org/t/p/`.
  public var secureBaseURL: String
  /// The poster sizes, e.g. `["w92", "w154", …, "original"]`.
  public var posterSizes: [String]

  /// Creates a configuration.
  public init(secureBaseURL: String, posterSizes: [String]) {
    self.secureBaseURL = secureBaseURL
    self.posterSizes = posterSizes
  }

  enum CodingKeys: String, CodingKey {
    case secureBaseURL = "secure_base_url"
    case posterSizes = "poster_sizes"
  }

  /// The URL of a poster: base + size + path. Uses `size` when TMDb offers it, otherwise
  /// the smallest offered size at least as wide, otherwise `original`.
  public func posterURL(path: String, width: Int = 342) -> URL? {
    let widths = posterSizes.compactMap { size -> (String, Int)? in
      guard size.hasPrefix("w"), let value = Int(size.dropFirst()) else { return nil }
      return (size, value)
    }
    let size = widths.filter { $0.1 >= width }.min { $0.1 < $1.1 }?.0 ?? "original"
    var base = secureBaseURL
    if !base.hasSuffix("/") { base += "/" }
    let file = path.hasPrefix("/") ? String(path.dropFirst()) : path
    return URL(string: base + size + "/" + file)
  }
}

/// The `/configuration` document; only its `images` part is used.
public struct APIConfiguration: Codable, Sendable, Hashable {
  /// Where images are served.
  public var images: ImageConfiguration

  /// Creates a configuration.
  public init(images: ImageConfiguration) {
    self.images = images
  }
}
