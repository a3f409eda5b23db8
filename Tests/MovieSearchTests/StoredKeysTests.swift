import Testing

@testable import MovieSearch

/// The keys a catalog file stores — each long word's phonetic key, each title's initials —
/// are the format's: a change to either function changes what every file holds, so it must
/// come with a new format version. The keys of a fixed list of words and titles are
/// fingerprinted; the fingerprint recorded beside the version must be theirs.
@Suite struct StoredKeysTests {
  /// Words of every length up to 14 from a fixed generator (a linear congruential one,
  /// written here so that nothing outside this test can change the list), with the letter
  /// groups the phonetic rules read (`tion`, `ssi`, `ph`, `kn`, `gh`, a final `e`…).
  static let words: [[UInt8]] = {
    var state: UInt64 = 2026
    func next() -> UInt64 {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return state >> 33
    }
    let pieces = [
      "tion", "sion", "ssio", "cia", "sh", "ch", "th", "ph", "gh", "kn", "gn", "wr", "ps", "ck",
      "qu", "kw", "x", "ce", "ci", "cy", "ge", "gi", "z", "w", "h", "e", "ll", "tt", "y", "7",
    ].map { Array($0.utf8) }
    let letters = Array("abcdefghijklmnopqrstuvwxyz0123456789".utf8)
    return (0..<20_000).map { _ in
      var word: [UInt8] = []
      let length = 1 + Int(next() % 14)
      while word.count < length {
        if next() % 4 == 0 {
          word += pieces[Int(next() % UInt64(pieces.count))]
        } else {
          word.append(letters[Int(next() % UInt64(letters.count))])
        }
      }
      return word
    }
  }()

  /// FNV-1a over every key, in order, each ended by a separator.
  static func fingerprint() -> UInt64 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    func add(_ bytes: some Sequence<UInt8>) {
      for byte in bytes {
        hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
      }
      hash = (hash ^ 0xFF) &* 0x0000_0100_0000_01b3
    }
    for word in words { add(Phonetic.key(word)) }
    // Titles of two to ten of the words, with and without a leading article.
    for start in stride(from: 0, to: words.count - 10, by: 7) {
      let title = Array(words[start..<start + 2 + start % 9])
      let initials = title.compactMap(\.first)
      for entry in InitialsKey.entries(title: start, initials: initials, article: start % 2 == 0) {
        withUnsafeBytes(of: entry.key.littleEndian) { add($0) }
        withUnsafeBytes(of: entry.entry.littleEndian) { add($0) }
      }
    }
    return hash
  }

  @Test func theStoredKeysAreThoseOfTheFormatsVersion() {
    let recorded = CatalogFile.storedKeysFingerprint
    #expect(
      recorded.version == CatalogFile.version,
      "the format's version changed: record the keys' fingerprint for it")
    #expect(
      recorded.value == Self.fingerprint(),
      "the keys files store changed (fingerprint \(String(Self.fingerprint(), radix: 16))): bump CatalogFile.version and record the new fingerprint beside it"
    )
  }
}
