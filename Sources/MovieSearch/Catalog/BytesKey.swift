/// Bytes as a dictionary key hashed in one pass over them: an array of bytes is hashed a
/// byte at a time, which made looking up a million terms' words a tenth of a build.
struct BytesKey: Hashable {
  let bytes: [UInt8]

  init(_ bytes: [UInt8]) { self.bytes = bytes }

  func hash(into hasher: inout Hasher) {
    bytes.withUnsafeBytes { hasher.combine(bytes: $0) }
  }
}
