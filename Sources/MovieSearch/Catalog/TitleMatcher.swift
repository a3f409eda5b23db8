#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// How well a search key matches a query, for ranking. Works on bytes: this is the inner
/// loop of a search.
struct TitleMatcher {
  /// Match qualities, best first.
  enum Quality: Int, Comparable {
    /// The whole title, e.g. "the matrix" for "Matrix, The".
    case exact
    /// The beginning of the title, e.g. "star wars" for "Star Wars: Episode I".
    case titlePrefix
    /// Each word starts a word of the title, in order, e.g. "matr rel" for
    /// "Matrix Reloaded, The".
    case wordsInOrder
    /// Each word starts a word of the title, in any order.
    case wordsAnyOrder

    static func < (lhs: Quality, rhs: Quality) -> Bool { lhs.rawValue < rhs.rawValue }
  }

  /// One normalized form of the query: its words and the words joined by spaces.
  struct Form {
    var joined: [UInt8]
    var words: [[UInt8]]

    /// The letter, when the form is one letter: its index bucket holds exactly its matches.
    var letter: UInt8? { joined.count == 1 ? joined[0] : nil }

    /// The index buckets of the words: every match has a word in each of them.
    var buckets: [Int] {
      words.map { CatalogFile.bucket($0[...]) }
    }

    /// How well `key` matches this form, or `nil`. For a one-letter form, `key` must come
    /// from that letter's index bucket.
    func quality(of key: UnsafeRawBufferPointer) -> Quality? {
      guard let base = key.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return nil }
      let count = key.count
      if joined.count == 1 {
        // Every record of a one-letter bucket has a word starting with that letter: the
        // first byte decides between the qualities.
        guard base[0] == joined[0] else { return .wordsInOrder }
        return count == 1 ? .exact : .titlePrefix
      }
      return TitleMatcher.match(base, count: count, self)
    }
  }

  let forms: [Form]

  /// Prepares `text`; `nil` when it has nothing to search for (empty, only punctuation).
  init?(_ text: String) {
    let full = TitleText.searchKey(text, dropArticle: false)
    guard !full.isEmpty else { return nil }
    let stripped = TitleText.searchKey(text, dropArticle: true)
    let unmoved = TitleText.searchKey(TitleText.displayTitle(text).base, dropArticle: false)
    // "the matrix" must find "Matrix, The", whose key has no article; "die hard" must find
    // "Die Hard", whose key keeps it; "matrix, the" is the catalog's own spelling. So every
    // form is tried.
    forms = Set([full, stripped, unmoved]).filter { !$0.isEmpty }.sorted().map { form in
      Form(joined: Array(form.utf8), words: form.split(separator: " ").map { Array($0.utf8) })
    }
  }

  /// The best quality with which `key` matches any form, or `nil`.
  func quality(of key: UnsafeRawBufferPointer) -> Quality? {
    forms.compactMap { $0.quality(of: key) }.min()
  }

  /// How well `key` matches `form`: the whole title, its beginning, or each word as the
  /// beginning of a title word (in order, or not).
  fileprivate static func match(
    _ key: UnsafePointer<UInt8>, count: Int, _ form: Form
  ) -> Quality? {
    let joined = form.joined
    if count >= joined.count, startsWith(key, count: count, at: 0, joined) {
      return count == joined.count ? .exact : .titlePrefix
    }
    var position = 0
    var inOrder = true
    for word in form.words {
      if inOrder, let start = wordStart(in: key, count: count, from: position, matching: word) {
        position = start + 1
        continue
      }
      inOrder = false
      guard wordStart(in: key, count: count, from: 0, matching: word) != nil else { return nil }
    }
    return inOrder ? .wordsInOrder : .wordsAnyOrder
  }

  /// The first position at or after `from` where a word of `key` begins with `word`.
  @inline(__always)
  private static func wordStart(
    in key: UnsafePointer<UInt8>, count: Int, from: Int, matching word: [UInt8]
  ) -> Int? {
    let first = word[0]
    var index = from
    let last = count - word.count
    while index <= last {
      if key[index] == first, index == 0 || key[index - 1] == UInt8(ascii: " "),
        startsWith(key, count: count, at: index, word)
      {
        return index
      }
      index += 1
    }
    return nil
  }

  @inline(__always)
  private static func startsWith(
    _ key: UnsafePointer<UInt8>, count: Int, at offset: Int, _ prefix: [UInt8]
  ) -> Bool {
    guard count - offset >= prefix.count else { return false }
    // Words are short: a plain loop beats a call to memcmp.
    return prefix.withUnsafeBufferPointer { prefix in
      for index in 0..<prefix.count where key[offset + index] != prefix[index] { return false }
      return true
    }
  }
}
